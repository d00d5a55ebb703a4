// Where the rating scale sits: the default average 0, an anchored engine
// (Ordo's -A with -a) and a set average (Ordo's -a). Expected figures come
// from a hand calculation and from ratings.md / the Ordo vectors.
#include "rating/pgn_results.hpp"
#include "rating/ratings.hpp"
#include "vectors_file.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

using namespace arb::rating;

namespace {

const EngineRating &by_name(const RatingTable &t, const std::string &name) {
    for (const EngineRating &e : t.ranked)
        if (e.name == name) return e;
    throw std::runtime_error("no engine " + name);
}

PairResults results_of(int engines, const std::vector<GameScore> &games) {
    PairResults r(engines);
    for (const auto &g : games) r.add(g);
    return r;
}

PgnResults tiny() {
    std::ifstream in(test::data_path("ratings-tiny.pgn"));
    auto pgn = read_pgn_results(in);
    REQUIRE(pgn.has_value());
    return *pgn;
}

}  // namespace

TEST_CASE("anchor of two engines: the figures of the difference, by hand", "[rating][anchor]") {
    // A scores 7 of 10 against B (no draws). By hand: the difference is
    // 400 log10(7/3) = 147.1907; its variance is 1 / (N s (1 - s)) on the
    // natural scale (the observed information of one pairing, s = 0.7), so its
    // 95% error is 1.959964 * (400 / ln 10) / sqrt(10 * 0.21) = 234.9539. Around
    // the average each engine is half of that away: error 117.4770.
    std::vector<GameScore> games(7, GameScore{0, 1, 1.0});
    games.insert(games.end(), 3, GameScore{0, 1, 0.0});
    const PairResults results = results_of(2, games);

    const RatingTable plain = fit_ratings({"A", "B"}, results);
    REQUIRE(by_name(plain, "A").error95);
    CHECK(by_name(plain, "A").elo == Approx(147.1907 / 2).margin(1e-4));
    CHECK(*by_name(plain, "A").error95 == Approx(117.4770).margin(1e-4));

    const RatingTable anchored = fit_ratings({"A", "B"}, results, ScaleAnchor{1, 1000.0});
    const EngineRating &a = by_name(anchored, "A"), &b = by_name(anchored, "B");
    CHECK(b.elo == 1000.0);
    CHECK(a.elo == Approx(1147.1907).margin(1e-4));
    REQUIRE(a.error95);
    REQUIRE(b.error95);
    CHECK(*a.error95 == Approx(234.9539).margin(1e-4));
    CHECK(*b.error95 == 0.0);
    CHECK(anchored.los[0][1] == plain.los[0][1]);
}

TEST_CASE("anchor in ratings-tiny.pgn: every rating moves by the same amount", "[rating][anchor]") {
    // ratings.md: Alpha 149.6955, Beta 59.5975, Gamma -85.5314, Delta -123.7616 (average 0).
    const PgnResults pgn = tiny();
    PairResults results = results_of(static_cast<int>(pgn.names.size()), pgn.games);
    const int delta = static_cast<int>(std::find(pgn.names.begin(), pgn.names.end(), "Delta") - pgn.names.begin());
    const RatingTable plain = fit_ratings(pgn.names, results);
    const RatingTable anchored = fit_ratings(pgn.names, results, ScaleAnchor{delta, 2000.0});
    const RatingTable average = fit_ratings(pgn.names, results, ScaleAnchor{std::nullopt, 1500.0});
    const std::map<std::string, double> md = {
        {"Alpha", 149.6955}, {"Beta", 59.5975}, {"Gamma", -85.5314}, {"Delta", -123.7616}};
    for (const auto &[name, elo] : md) {
        INFO(name);
        CHECK(by_name(anchored, name).elo == Approx(elo + 123.7616 + 2000.0).margin(1e-4));
        CHECK(by_name(average, name).elo == Approx(elo + 1500.0).margin(1e-4));
        CHECK(by_name(average, name).error95 == by_name(plain, name).error95);
        REQUIRE(by_name(anchored, name).error95);
        if (name != "Delta") {
            // The error of a difference is larger than that of a rating around the average of four.
            CHECK(*by_name(anchored, name).error95 > *by_name(plain, name).error95);
        }
    }
    CHECK(*by_name(anchored, "Delta").error95 == 0.0);
    CHECK(anchored.los == plain.los);
    for (std::size_t k = 0; k < plain.ranked.size(); ++k) CHECK(anchored.ranked[k].name == plain.ranked[k].name);
}

TEST_CASE("anchor on a bound or an engine without rating is refused, naming it", "[rating][anchor]") {
    // demo.pgn: random lost all 18 games (Ordo: < -781.3409).
    std::ifstream in(test::data_path("sweeps/demo.pgn"));
    auto pgn = read_pgn_results(in);
    REQUIRE(pgn.has_value());
    const int random = static_cast<int>(std::find(pgn->names.begin(), pgn->names.end(), "random") - pgn->names.begin());
    REQUIRE(random < static_cast<int>(pgn->names.size()));
    const PairResults results = results_of(static_cast<int>(pgn->names.size()), pgn->games);
    CHECK_THROWS_WITH(fit_ratings(pgn->names, results, ScaleAnchor{random, 0.0}),
                      "cannot anchor the ratings on 'random': its rating is an upper bound: it lost every game "
                      "against the engines that place it");
    // The bound moves with the others.
    const int mcts300 = static_cast<int>(std::find(pgn->names.begin(), pgn->names.end(), "mcts-300") - pgn->names.begin());
    const RatingTable anchored = fit_ratings(pgn->names, results, ScaleAnchor{mcts300, 0.0});
    CHECK(by_name(anchored, "random").elo == Approx(-781.3409 + 63.4264).margin(0.01));
    CHECK(by_name(anchored, "random").bound == Bound::Upper);

    const PairResults idle = results_of(3, {{0, 1, 0.5}});
    CHECK_THROWS_WITH(fit_ratings({"A", "B", "Idle"}, idle, ScaleAnchor{2, 0.0}),
                      "cannot anchor the ratings on 'Idle': its rating is not known: it has no games, or met only bounds");
}

TEST_CASE("anchor: parts of the pool that never met it keep their average at the anchor's rating", "[rating][anchor]") {
    // A-B and C-D never met. A 3-1 B: difference 400 log10(3) = 190.8485.
    const std::vector<GameScore> games = {{0, 1, 1.0}, {0, 1, 1.0}, {0, 1, 1.0}, {0, 1, 0.0},
                                          {2, 3, 1.0}, {2, 3, 0.0}, {2, 3, 0.5}};
    const RatingTable t = fit_ratings({"A", "B", "C", "D"}, results_of(4, games), ScaleAnchor{1, 100.0});
    CHECK(by_name(t, "B").elo == 100.0);
    CHECK(by_name(t, "A").elo == Approx(290.8485).margin(1e-4));
    CHECK(by_name(t, "C").elo == Approx(100.0).margin(1e-6));
    CHECK(by_name(t, "D").elo == Approx(100.0).margin(1e-6));
}
