#include "stop_lag.hpp"

#include <algorithm>

namespace arb::nboard {

using std::chrono::milliseconds;

StopLag::StopLag(std::optional<milliseconds> fixed) : fixed_(fixed) {}

void StopLag::observe(milliseconds lag) {
    recent_.push_back(std::clamp(lag, milliseconds(0), kMax));
    if (recent_.size() > kWindow) recent_.pop_front();
}

milliseconds StopLag::margin() const {
    if (fixed_) return *fixed_;
    if (recent_.empty()) return kInitial;
    return *std::max_element(recent_.begin(), recent_.end());
}

}  // namespace arb::nboard
