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

MarginSummary summarize_margins(const std::vector<double> &margins);

}  // namespace arb::rating
