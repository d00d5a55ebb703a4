// Ratings from game results: a joint maximum-likelihood Bradley-Terry fit
// over all games (like Ordo), head-to-head statistics, and SPRT.
// Pure functions of the counts: no I/O.
//
// INTERFACE AGREED BETWEEN THE RATING AND TOURNAMENT LAYERS: extend freely,
// keep these signatures.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arb::rating {

// One game for the fit: engine indices and the first engine's score.
struct GameScore {
    int first = 0;       // index of the side-0 engine
    int second = 0;      // index of the side-1 engine
    double score = 0.5;  // of `first`: 1, 0.5 or 0
};

struct EngineRating {
    std::string name;
    int index = 0;               // position in the input name list
    double elo = 0;              // pool average 0, 400*log10 scale
    double error95 = 0;          // half-width of the 95% interval
    bool lower_bound = false;    // all wins: elo is a lower bound (printed ">elo")
    bool upper_bound = false;    // all losses: elo is an upper bound ("<elo")
    double points = 0;
    int games = 0, wins = 0, draws = 0, losses = 0;
    std::optional<double> los_next;  // LOS over the next engine in rank order (none for the last)
};

struct RatingTable {
    std::vector<EngineRating> ranked;           // best first
    std::vector<std::vector<double>> los;       // los[i][j]: P(engine i stronger than j), input indices
    std::vector<std::vector<double>> score;     // crosstable: points of i against j, input indices
    std::vector<std::vector<int>> games;        // crosstable: games between i and j
};

RatingTable fit_ratings(const std::vector<std::string> &names, const std::vector<GameScore> &games);

// Head to head, from the first engine's point of view.
struct Trinomial {
    int64_t wins = 0, draws = 0, losses = 0;
};
// Game pairs (same opening, colours swapped), by pair score 0, 1/4, 1/2 (WL or DD), 3/4, 1.
struct Pentanomial {
    int64_t ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;
};
struct HeadToHead {
    double elo = 0, elo_error = 0;    // 95%
    double los = 0;                   // 0..1
    double nelo = 0, nelo_error = 0;  // 95%
    double draw_ratio = 0;            // trinomial: draws/games; pentanomial: draws over games
};
HeadToHead head_to_head(const Trinomial &t);
HeadToHead head_to_head(const Pentanomial &p);

struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    enum class Model { Logistic, Normalized } model = Model::Normalized;
};
struct SprtState {
    double llr = 0, lower = 0, upper = 0;
    enum class Decision { Continue, AcceptH0, AcceptH1 } decision = Decision::Continue;
};
SprtState sprt(const SprtConfig &config, const Trinomial &t);
SprtState sprt(const SprtConfig &config, const Pentanomial &p);

}  // namespace arb::rating
