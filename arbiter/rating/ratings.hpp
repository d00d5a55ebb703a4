// Ratings from game results: a joint maximum-likelihood Bradley-Terry fit
// over all games (like Ordo), head-to-head statistics, and SPRT.
// Pure functions of the counts: no I/O.
//
// INTERFACE AGREED BETWEEN THE RATING AND TOURNAMENT LAYERS: extend freely,
// keep these signatures.
//
// Scale: expected score = 1 / (1 + 10^(-diff/400)); 95% means z = 1.959963984540054.
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

// The joint fit. Maximises the Bradley-Terry likelihood of all games (a draw
// counts as half a win and half a loss; no colour advantage) by Newton's
// method on the log-likelihood, then shifts the ratings to average 0. At the
// optimum every engine's expected points equal its actual points.
//
// Errors: error95 = z * sd, the covariance being the pseudo-inverse of the
// observed Fisher information (the Hessian restricted to the pool-average
// constraint), so errors are relative to the pool average. los[i][j] =
// Phi((r_i - r_j) / sd(r_i - r_j)) from the same covariance. los[i][i] = 0.5.
//
// Bounds (Rationale: the maximum-likelihood rating is infinite when a group
// of engines took every point, or no point, from all others it played, and
// undefined between groups that never met). When the "took points from"
// graph is not strongly connected, the fit adds ONE VIRTUAL DRAWN GAME to
// every pairing between two such groups that actually played (nothing is
// changed inside a group), and groups with no games between them at all are
// joined by virtual draws of 1/(n-1) game between every two engines of
// different groups (at most one game per engine; their averages are taken as
// about equal). A group that won every game against outsiders gets
// lower_bound (its elo is where it would sit had it drawn one more game
// against each opponent it swept: a finite, conservative value that grows
// with the evidence); a group that lost every such game gets upper_bound. Points, games and W/D/L always count real games
// only. An engine without games gets about the pool average and no flag.
// Ranking: by elo, then points, then input order.
//
// Precondition: 0 <= first, second < names.size(), first != second, score in
// [0, 1]; otherwise std::invalid_argument naming the offending game.
RatingTable fit_ratings(const std::vector<std::string> &names, const std::vector<GameScore> &games);

// The games summed per pairing: what the fit needs. One pass over the games;
// keep one and add games to it to refit a running tournament cheaply.
class PairResults {
public:
    explicit PairResults(int engines = 0);
    // Same precondition (and exception) as fit_ratings.
    void add(const GameScore &game);
    void add(int first, int second, double score);

    [[nodiscard]] int engines() const noexcept { return n_; }
    [[nodiscard]] double points(int i, int j) const { return points_[at(i, j)]; }  // of i against j
    [[nodiscard]] int games(int i, int j) const { return games_[at(i, j)]; }
    [[nodiscard]] int wins(int i) const { return wins_[i]; }
    [[nodiscard]] int draws(int i) const { return draws_[i]; }
    [[nodiscard]] int losses(int i) const { return losses_[i]; }

private:
    [[nodiscard]] std::size_t at(int i, int j) const { return static_cast<std::size_t>(i) * n_ + j; }
    int n_ = 0;
    std::vector<double> points_;
    std::vector<int> games_;
    std::vector<int> wins_, draws_, losses_;
};

// The same fit from aggregated results (names.size() must equal engines()).
RatingTable fit_ratings(const std::vector<std::string> &names, const PairResults &results);

// Head to head, from the first engine's point of view.
struct Trinomial {
    int64_t wins = 0, draws = 0, losses = 0;
};
// Game pairs (same opening, colours swapped), by pair score 0, 1/4, 1/2 (WL or DD), 3/4, 1.
struct Pentanomial {
    int64_t ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;
};
// Formulas exactly as tests/data/rating/ratings.md: score s, per-unit variance
// var (unit = game, or pair for pentanomial), Elo(s) with the interval
// Elo(s +- z sqrt(var/N)), LOS = Phi((s - 1/2)/sqrt(var/N)), nElo = (s - 1/2) /
// sqrt(var) * 800/ln 10 (sqrt(2 var) for pairs), nElo error z * (800/ln 10) /
// sqrt(games).
// A perfect or zero score has no finite Elo: s and the interval ends are
// clamped to [e, 1 - e], e = 1/(2N + 2) (the score with one more drawn unit),
// and elo_is_bound is set. No games: everything 0, LOS 1/2. All draws: LOS 1/2.
// Counting helpers; scores are the first engine's (1, 0.5 or 0; other values
// count by which side of 1/2 they fall).
void add_game(Trinomial &t, double score);
// The two games of one opening pair, both scored for the same engine.
void add_pair(Pentanomial &p, double first_game, double second_game);

struct HeadToHead {
    double elo = 0, elo_error = 0;    // 95%
    double los = 0;                   // 0..1
    double nelo = 0, nelo_error = 0;  // 95%
    double draw_ratio = 0;            // trinomial: draws/games; pentanomial: draws over games
    bool elo_is_bound = false;        // score was 0 or 1: elo is a bound (see above)
};
HeadToHead head_to_head(const Trinomial &t);
HeadToHead head_to_head(const Pentanomial &p);

// Generalised SPRT (Van den Bergh), as fishtest computes it:
// - Logistic: elo0/elo1 are logistic Elo; the LLR is the exact one, N times
//   the log ratio of the maximum-likelihood outcome distributions with
//   expected score s0 and s1 (found by a 1-D root search).
// - Normalized: elo0/elo1 are normalized Elo; the LLR is the usual quadratic
//   approximation N (s1 - s0)(2s - s0 - s1) / (2 var), with s0/s1 the scores of
//   those nElo at the observed variance (as fastchess).
// Zero counts are regularised to 1e-3 (as fishtest), so the LLR is finite
// from the first game. Bounds: lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha).
struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    enum class Model { Logistic, Normalized } model = Model::Normalized;
};
struct SprtState {
    double llr = 0, lower = 0, upper = 0;
    enum class Decision { Continue, AcceptH0, AcceptH1 } decision = Decision::Continue;
};
// Empty if usable: 0 < alpha, beta < 1, alpha + beta < 1, elo0 < elo1 (and,
// logistic, |elo| < 2000). Otherwise the reason, naming the values. sprt()
// itself does not check: validate the config once when reading it.
std::optional<std::string> sprt_config_error(const SprtConfig &config);

SprtState sprt(const SprtConfig &config, const Trinomial &t);
SprtState sprt(const SprtConfig &config, const Pentanomial &p);

}  // namespace arb::rating
