#include "match/clock.hpp"

#include <algorithm>

namespace arb::match {

using std::chrono::milliseconds;

Clock::Clock(const core::TimeControl &tc, milliseconds margin)
    : tc_(tc), margin_(margin), remaining_(tc.kind == core::TimeControl::Kind::Clock ? tc.base : milliseconds(0)) {}

std::optional<int> Clock::moves_to_go() const noexcept {
    if (tc_.kind != core::TimeControl::Kind::Clock || tc_.moves <= 0) return std::nullopt;
    return tc_.moves - moves_made_ % tc_.moves;
}

milliseconds Clock::allowance() const noexcept {
    switch (tc_.kind) {
    case core::TimeControl::Kind::Clock:
        return remaining_ + tc_.byoyomi + margin_;
    case core::TimeControl::Kind::MoveTime:
        return tc_.move_time + margin_;
    case core::TimeControl::Kind::Untimed:
        break;
    }
    return tc_.untimed_limit;
}

bool Clock::charge(milliseconds elapsed) noexcept {
    if (elapsed > allowance()) return false;
    ++moves_made_;
    if (tc_.kind != core::TimeControl::Kind::Clock) return true;
    remaining_ = std::max(milliseconds(0), remaining_ - elapsed) + tc_.increment;
    if (tc_.moves > 0 && moves_made_ % tc_.moves == 0) remaining_ += tc_.base;
    return true;
}

}  // namespace arb::match
