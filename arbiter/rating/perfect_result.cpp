#include "rating/perfect_result.hpp"

#include <cmath>

namespace arb::rating::detail {
namespace {

double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

}  // namespace

double perfect_result_shift(const std::vector<FixedOpponent> &games, Bound bound) {
    const double sign = bound == Bound::Lower ? 1.0 : -1.0;
    // log P(perfect result) - log(1/2): increases with s for a lower bound,
    // decreases for an upper one.
    auto excess = [&](double s) {
        double log_p = 0;
        for (const FixedOpponent &g : games) log_p += 2.0 * g.games * log_sigmoid(sign * (g.own + s - g.opponent));
        return sign * (log_p + std::log(2.0));
    };
    double lo = -1.0, hi = 1.0;
    while (excess(lo) > 0) lo *= 2;
    while (excess(hi) < 0) hi *= 2;
    // Bisection: a handful of groups per fit, and it cannot fail.
    for (int k = 0; k < 200 && hi - lo > 1e-13 * (1.0 + std::abs(lo)); ++k) {
        const double mid = 0.5 * (lo + hi);
        (excess(mid) < 0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

double perfect_result_score(double games) { return std::pow(2.0, -1.0 / (2.0 * games)); }

}  // namespace arb::rating::detail
