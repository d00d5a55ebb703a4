#include "move_budget.hpp"

#include <algorithm>

namespace arb::nboard {

using std::chrono::milliseconds;

namespace {

// GGF counts whole seconds; a clock below one would read as "no clock".
std::chrono::seconds at_least_a_second(milliseconds time) {
    return std::max(std::chrono::seconds(1), std::chrono::duration_cast<std::chrono::seconds>(time));
}

}  // namespace

MoveBudget move_budget(const adapter::GoLimits &limits, int side, int empty_squares, milliseconds overhead) {
    MoveBudget budget;
    const int moves_left = std::max(1, (empty_squares + 1) / 2);
    if (limits.movetime_ms) {
        budget.allowance = std::max(milliseconds(1), milliseconds(*limits.movetime_ms) - overhead);
        budget.clock = at_least_a_second(milliseconds(*limits.movetime_ms) * moves_left);
        return budget;
    }
    if (!limits.time_ms[side]) return budget;
    const milliseconds remaining(*limits.time_ms[side]);
    const milliseconds increment(limits.inc_ms[side].value_or(0));
    const int64_t moves = limits.movestogo && *limits.movestogo > 0 ? *limits.movestogo : moves_left;
    const milliseconds usable = std::max(milliseconds(0), remaining - overhead);
    budget.allowance = std::clamp(usable / moves + increment, milliseconds(1), std::max(milliseconds(1), usable / 2));
    budget.clock = at_least_a_second(remaining);
    return budget;
}

milliseconds stop_ping_after(milliseconds allowance, milliseconds stop_margin) {
    return std::max(milliseconds(0), allowance - stop_margin);
}

}  // namespace arb::nboard
