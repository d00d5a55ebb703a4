// Text renderings of a RatingTable, each written to a caller's stream.
// Rows are in rank order; engines are numbered by rank in the matrices.
#pragma once

#include "rating/margin_stats.hpp"
#include "rating/ratings.hpp"

#include <nlohmann/json_fwd.hpp>

#include <ostream>
#include <string>

namespace arb::rating {

// Rank, engine, Elo +- error (bounds as ">123.4" / "<-123.4"), points,
// games, score %, then, when `margins` is not empty (one per engine, input
// order: the game has "arbiter.margin/1"), the mean margin and its standard
// error beside the score, then W/D/L, draw %, LOS over the next engine, and
// when an engine is not rated a last column with each such engine's
// unrated_reason. Figures that are not known (error and LOS of bounds,
// unrated engines, the margin of an engine none of whose games has one) are
// "?"; when any bound is shown, kBoundFootnote follows the table, and
// kMarginFootnote when margins are.
void write_standings(std::ostream &out, const RatingTable &table, const std::vector<MarginSummary> &margins = {});

// One decimal, never "-0.0" (a centred scale puts equal engines at -0.0).
std::string fixed1(double x);

// The line under a table that shows a bound or an unrated engine.
inline constexpr const char *kBoundFootnote =
    "> / <: a bound, not a rating: the engine won / lost every game against the engines that place it, so it has "
    "no finite rating; shown is where that perfect result has probability 1/2 (Ordo's rule). ?: not known.";

// The line under a table that shows margins.
inline constexpr const char *kMarginFootnote =
    "Margin: the engine's mean margin per game from its own side, in the game's unit (docs/config.md), over its "
    "games that ended by the rules; +/-: the standard error of that mean.";

// ">" for Bound::Lower, "<" for Bound::Upper, "" for None.
std::string bound_mark(Bound bound);
// "lower", "upper" or null: the "bound" field of the JSON forms.
nlohmann::json bound_name(Bound bound);

// Points of the row engine against each column engine ("2.5/4"; "-" on the
// diagonal, "." when they never met), then the row total.
void write_crosstable(std::ostream &out, const RatingTable &table);

// LOS of the row engine over each column engine, in percent.
void write_los_matrix(std::ostream &out, const RatingTable &table);

// {"engines": [{rank, name, index, elo, error95, bound, points, games, wins,
// draws, losses, los_next, unrated_reason}...], "los": [[...]], "score": ...,
// "games": ...}, matrices in input order like RatingTable. elo is null for an
// unrated engine (unrated_reason says why; null for a rated one), error95/los_next/los cells null when not known, bound "lower",
// "upper" or null. With `margins` (as write_standings takes them) each engine
// also has "margin": {games, mean, standard_error} (mean null without games,
// standard_error null below two).
nlohmann::json to_json(const RatingTable &table, const std::vector<MarginSummary> &margins = {});

}  // namespace arb::rating
