// The SVG charts of the HTML report, as text to put inline: no script, so
// they print and show without JavaScript.
#pragma once

#include "rating/ratings.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace arb::output {

// Elo of each rated engine in rank order, a dot with its 95 % interval; a
// bound (an engine that won or lost every game) is an open-ended bar from
// its figure to the edge, without a dot.
std::string elo_chart_svg(const rating::RatingTable &table);

// The SPRT log-likelihood ratio with its two bounds: llr[i] is the ratio
// after game (i + 1) * games_per_point.
std::string llr_chart_svg(const std::vector<double> &llr, double lower, double upper, int64_t games_per_point = 1);

}  // namespace arb::output
