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

// One line per engine over a shared x axis (e.g. its score after each of
// its games, its time per move by move number), with a legend of the
// engines' colours. `percent`: the y axis runs 0..100 and reads as %.
struct ChartSeries {
    std::string name;
    std::vector<std::pair<double, double>> points;  // (x, y), x increasing
};
struct LineChart {
    std::string id, label;     // the svg's id and accessible label
    std::string x_axis, y_axis;  // axis titles: "games", "ms"
    bool percent = false;
};
std::string line_chart_svg(const LineChart &chart, const std::vector<ChartSeries> &series);

// Per engine, the mean length of its games in plies with the shortest and
// longest as a whisker; `lengths` in engine order, empty for an engine without games.
std::string length_chart_svg(const std::vector<std::string> &names, const std::vector<std::vector<int64_t>> &lengths);

// The colour of engine `index` in the per-engine charts.
const char *engine_colour(size_t index);

}  // namespace arb::output
