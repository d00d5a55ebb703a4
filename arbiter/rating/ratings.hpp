// Ratings from game results: a joint maximum-likelihood Bradley-Terry fit
// over all games (exactly Ordo's, bounds where an engine swept or was swept),
// head-to-head statistics, and SPRT.
// Pure functions of the counts: no I/O.
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

// What a rating figure is.
enum class Bound {
    None,   // an estimate: the maximum-likelihood rating, printed as is
    Lower,  // won every game that places it: the true rating is higher (printed ">elo")
    Upper,  // lost every game that places it: the true rating is lower ("<elo")
};

struct EngineRating {
    std::string name;
    int index = 0;                   // position in the input name list
    double elo = 0;                  // 400*log10 scale; 0 and meaningless when !rated
    Bound bound = Bound::None;
    bool rated = true;               // false: no games, or results that bound it in no direction
    std::string unrated_reason;      // why it is not rated, for its row ("no games"); empty when rated
    std::optional<double> error95;   // half-width of the 95% interval; none when not known (bounds,
                                     // unrated engines, a reference group of one engine)
    double points = 0;
    int games = 0, wins = 0, draws = 0, losses = 0;
    std::optional<double> los_next;  // LOS over the next engine in rank order; none for the last
                                     // engine and when not known (see los)
};

struct RatingTable {
    std::vector<EngineRating> ranked;  // best first
    // los[i][j]: P(engine i stronger than j), input indices; known only when i
    // and j are in the same group (see fit_ratings); los[i][i] = 0.5.
    std::vector<std::vector<std::optional<double>>> los;
    std::vector<std::vector<double>> score;  // crosstable: points of i against j, input indices
    std::vector<std::vector<int>> games;     // crosstable: games between i and j
    [[nodiscard]] bool any_bound() const;    // some engine is printed with > or <
};

// The joint fit, exactly Ordo's (`ordo -a 0 -z 200.24094 -G`) where the
// maximum-likelihood ratings are finite, bounds where they are not.
//
// Groups. Draw the graph "i scored at least half a point against j". Its
// strongly connected components are the groups: inside a group the plain
// maximum-likelihood (Bradley-Terry) fit of the group's own games is finite
// (a draw counts as half a win and half a loss; no colour advantage; at the
// optimum every engine's expected points equal its actual points). Between
// two groups every game went the same way, so their distance is infinite in
// the maximum-likelihood sense (Rationale: the old way of adding a virtual
// draw to one-sided pairings moved the finite engines too, by 17-26% against
// Ordo).
//
// Reference group: in every part of the pool connected by games, the group
// with the most engines (then the most games played by its engines, then the
// middle one in sweep order, the upper when two are in the middle) gets the
// ratings of its fit, shifted so that its average is 0 (the pool average when
// there are no bounds, like Ordo's average of non-super players). These are
// the only exact ratings: bound = None. Parts that never met each other are
// each anchored at 0 separately. Except a star: when that group is one engine
// that won (lost) every game of its part against engines that met no one else
// (a gauntlet won 8/8), those engines are each a reference group at 0 and the
// one engine is the bound above (below) all of them, so a sweeping winner is
// printed ">541.5", not "0.0". With two groups (two engines, one swept
// the other) the lower one is the reference, so that the perfect score is the
// bound: the winner of 4-0 is ">417.3" above the loser's 0.0.
//
// Bounds. A group that swept the reference group, directly or through a
// chain of sweeps, is rated after the groups between them (closest first) as
// Ordo rates a "super player": its internal differences are kept and the
// whole group is shifted to where its perfect result against the engines
// already rated on its side (the reference group and the groups between)
// has probability 1/2; bound = Lower. Swept groups likewise, bound = Upper.
// The probability of a win is E^2, E the expected score: the fit is also the
// exact maximum-likelihood fit of the model with P(draw) = 2 sqrt(P(win)
// P(loss)) (50% draws between equals, Ordo's default), and this is Ordo's
// figure. A group neither above nor below the reference group (it only met
// groups that are bounds in the other direction) and an engine without games
// are not rated (rated = false, listed last).
//
// Errors: error95 = z * sd for the reference group's engines, the covariance
// being the pseudo-inverse of the observed Fisher information of its fit
// (restricted to the average-zero constraint), so errors are relative to its
// average. los[i][j] = Phi((r_i - r_j) / sd(r_i - r_j)) from the covariance
// of the group that holds both; engines of different groups have no LOS.
// Points, games and W/D/L count all real games. Ranking: rated engines by elo
// (bounds by their figure), then points, then input order; unrated last.
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

// Where the scale sits. By default (no engine, elo 0) the reference group's
// average is 0, as above.
struct ScaleAnchor {
    // This engine gets rating `elo` (Ordo's -A): every rating of its part of
    // the pool moves by the same amount, and the errors of its group become
    // those of the difference to it (its own: 0). LOS does not change. It must
    // have an exact rating (rated, bound None) in the fit without anchor;
    // otherwise fit_ratings throws std::invalid_argument saying why.
    std::optional<int> engine;
    // The anchor's rating; without an engine, the reference group's average
    // (Ordo's -a), in every part of the pool that does not hold the engine.
    double elo = 0;
};

// The same fit from aggregated results (names.size() must equal engines()).
RatingTable fit_ratings(const std::vector<std::string> &names, const PairResults &results,
                        const ScaleAnchor &anchor = {});

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
// A perfect or zero score (every game won or lost) has no finite Elo: elo is
// then the bound fit_ratings uses, the difference at which the perfect result
// has probability 1/2 with P(win) = E^2 (E = 2^(-1/(2 games))), bound is set,
// nelo is the same E's (E - 1/2)/sqrt(E(1 - E)/2) * 800/ln 10 (that model's
// per-game variance), and elo_error, nelo_error and los are not known.
// No games: elo and nelo 0, LOS 1/2, no errors. All draws: LOS 1/2.
// Counting helpers; scores are the first engine's (1, 0.5 or 0; other values
// count by which side of 1/2 they fall).
void add_game(Trinomial &t, double score);
// The two games of one opening pair, both scored for the same engine.
void add_pair(Pentanomial &p, double first_game, double second_game);

struct HeadToHead {
    double elo = 0;
    std::optional<double> elo_error;   // 95%; none for a bound
    std::optional<double> los;         // 0..1; none for a bound
    double nelo = 0;
    std::optional<double> nelo_error;  // 95%; none for a bound
    double draw_ratio = 0;             // trinomial: draws/games; pentanomial: draws over games
    Bound bound = Bound::None;         // score was 1 (Lower) or 0 (Upper): elo and nelo are bounds
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
    // Not a setting: whether the schedule plays colour-swapped game pairs
    // (games_per_pairing >= 2). Then the decision counts only completed pairs
    // (pentanomial, LLR 0 until the first pair is complete), never single
    // games; otherwise games (trinomial). Fixed for the run, so the LLR never
    // switches model half way (the config loader sets it from the schedule).
    bool paired_schedule = true;
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
