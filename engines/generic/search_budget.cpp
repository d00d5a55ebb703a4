#include "search_budget.hpp"

#include <algorithm>

namespace arb::engines {

namespace {

using std::chrono::milliseconds;

milliseconds clock_share(int64_t remaining, int64_t increment, std::optional<int64_t> movestogo, double fraction) {
    if (remaining <= 0) return milliseconds(1);
    double share = movestogo ? static_cast<double>(remaining) / static_cast<double>(*movestogo + 1)
                             : static_cast<double>(remaining) * fraction;
    share += 0.75 * static_cast<double>(std::max<int64_t>(increment, 0));
    double cap = std::min(static_cast<double>(remaining) / 2.0, static_cast<double>(remaining - 50));
    share = std::min(share, cap);
    return milliseconds(std::max<int64_t>(1, static_cast<int64_t>(share)));
}

}  // namespace

SearchBudget plan_search(const ugi::Go &go, int side_to_move, const BudgetSettings &settings) {
    SearchBudget budget;
    if (go.movetime) {
        int64_t m = *go.movetime;
        budget.time = milliseconds(std::max<int64_t>(1, m - std::max<int64_t>(10, m / 10)));
    }
    if (go.has_clock()) {
        const auto &mine = side_to_move == 1 ? go.p2time : go.p1time;
        const auto &inc = side_to_move == 1 ? go.p2inc : go.p1inc;
        if (mine) {
            milliseconds share = clock_share(*mine, inc.value_or(0), go.movestogo, settings.time_fraction);
            budget.time = budget.time ? std::min(*budget.time, share) : share;
        }
    }
    if (go.nodes) budget.playouts = *go.nodes;
    if (go.depth) {
        budget.depth = *go.depth;
        if (!budget.playouts) budget.playouts = 10000;
    }
    if (settings.playouts > 0) budget.playouts = budget.playouts ? std::min(*budget.playouts, settings.playouts) : settings.playouts;
    return budget;
}

}  // namespace arb::engines
