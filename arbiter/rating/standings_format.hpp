// Text renderings of a RatingTable, each written to a caller's stream.
// Rows are in rank order; engines are numbered by rank in the matrices.
#pragma once

#include "rating/ratings.hpp"

#include <nlohmann/json_fwd.hpp>

#include <ostream>

namespace arb::rating {

// Rank, engine, Elo +- error (bounds as ">123.4" / "<-123.4"), points,
// games, score %, W/D/L, draw %, LOS over the next engine.
void write_standings(std::ostream &out, const RatingTable &table);

// Points of the row engine against each column engine ("2.5/4"; "-" on the
// diagonal, "." when they never met), then the row total.
void write_crosstable(std::ostream &out, const RatingTable &table);

// LOS of the row engine over each column engine, in percent.
void write_los_matrix(std::ostream &out, const RatingTable &table);

// {"engines": [{rank, name, elo, error95, lower_bound, upper_bound, points,
// games, wins, draws, losses, los_next}...], "los": [[...]], "score": ..., "games": ...},
// matrices in input order like RatingTable.
nlohmann::json to_json(const RatingTable &table);

}  // namespace arb::rating
