#include "rating/margin_stats.hpp"

#include <cmath>

namespace arb::rating {

void MarginTotals::add(double margin) {
    // Welford's update: no cancellation of a large sum of squares.
    ++games_;
    const double delta = margin - mean_;
    mean_ += delta / games_;
    squares_ += delta * (margin - mean_);
}

MarginSummary MarginTotals::summary() const {
    MarginSummary s;
    s.games = games_;
    s.mean = games_ > 0 ? mean_ : 0.0;
    if (games_ >= 2) s.standard_error = std::sqrt(squares_ / (games_ - 1) / games_);
    return s;
}

MarginSummary summarize_margins(const std::vector<double> &margins) {
    MarginTotals totals;
    for (double m : margins) totals.add(m);
    return totals.summary();
}

}  // namespace arb::rating
