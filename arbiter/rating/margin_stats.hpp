// Each engine's mean margin (the game's own unit, "arbiter.margin/1": discs
// in Othello) with its error, from the margins of its games, each from that
// engine's point of view. Pure: no I/O.
#pragma once

#include <optional>
#include <vector>

namespace arb::rating {

struct MarginSummary {
    int games = 0;
    double mean = 0;                        // 0 without games
    std::optional<double> standard_error;   // of the mean: s / sqrt(n), s the sample standard
                                            // deviation (n - 1); none below two games
};

// Running totals (Welford), one margin at a time: a tournament keeps one per
// engine and never re-reads its games.
class MarginTotals {
public:
    void add(double margin);
    [[nodiscard]] int games() const noexcept { return games_; }
    [[nodiscard]] MarginSummary summary() const;

private:
    int games_ = 0;
    double mean_ = 0, squares_ = 0;  // squares_: sum of squared deviations from the mean
};

MarginSummary summarize_margins(const std::vector<double> &margins);

}  // namespace arb::rating
