#include "rating/margin_stats.hpp"

#include <cmath>

namespace arb::rating {

MarginSummary summarize_margins(const std::vector<double> &margins) {
    MarginSummary s;
    s.games = static_cast<int>(margins.size());
    if (margins.empty()) return s;
    double sum = 0;
    for (double m : margins) sum += m;
    s.mean = sum / s.games;
    if (s.games < 2) return s;
    // Two passes: margins are small integers, but a mean far from 0 would
    // cancel digits in the one-pass sum of squares.
    double squares = 0;
    for (double m : margins) squares += (m - s.mean) * (m - s.mean);
    s.standard_error = std::sqrt(squares / (s.games - 1) / s.games);
    return s;
}

}  // namespace arb::rating
