// Hand-computed cases of the joint fit and its bound policy.
#include "rating/ratings.hpp"

#include <catch2/catch.hpp>

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <random>

using namespace arb::rating;

namespace {

constexpr double kZ = 1.959963984540054;
const double kEloPerNatural = 400.0 / std::log(10.0);

double expected_score(double diff) { return 1.0 / (1.0 + std::pow(10.0, -diff / 400.0)); }

const EngineRating &by_name(const RatingTable &t, const std::string &name) {
    for (const EngineRating &e : t.ranked)
        if (e.name == name) return e;
    throw std::runtime_error("no engine " + name);
}

void add(std::vector<GameScore> &games, int a, int b, double score, int times) {
    for (int k = 0; k < times; ++k) games.push_back({a, b, score});
}

void check_expected_equals_actual(const RatingTable &t) {
    for (const EngineRating &e : t.ranked) {
        double expected = 0;
        for (const EngineRating &o : t.ranked)
            if (o.index != e.index) expected += t.games[e.index][o.index] * expected_score(e.elo - o.elo);
        INFO(e.name);
        CHECK(expected == Approx(e.points).margin(1e-8));
    }
}

bool connected_by_games(const RatingTable &t) {
    const std::size_t n = t.games.size();
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> stack{0};
    seen[0] = true;
    while (!stack.empty()) {
        const std::size_t v = stack.back();
        stack.pop_back();
        for (std::size_t w = 0; w < n; ++w)
            if (!seen[w] && t.games[v][w] > 0) {
                seen[w] = true;
                stack.push_back(w);
            }
    }
    return std::all_of(seen.begin(), seen.end(), [](bool b) { return b; });
}

}  // namespace

TEST_CASE("two engines 3-1: the fit is the head-to-head Elo", "[rating][fit]") {
    std::vector<GameScore> games;
    add(games, 0, 1, 1.0, 2);
    add(games, 1, 0, 0.0, 1);  // a win of engine 0 with the other colour
    add(games, 0, 1, 0.0, 1);
    const RatingTable t = fit_ratings({"A", "B"}, games);
    const EngineRating &a = by_name(t, "A"), &b = by_name(t, "B");
    const double h2h = -400.0 * std::log10(1.0 / 0.75 - 1.0);  // 190.85
    CHECK(a.elo - b.elo == Approx(h2h).margin(1e-9));
    CHECK(a.elo == Approx(h2h / 2).margin(1e-9));
    CHECK(a.points == 3.0);
    CHECK(a.wins == 3);
    CHECK(a.losses == 1);
    CHECK(b.points == 1.0);
    CHECK(a.games == 4);
    // Fisher information of the difference: N p (1 - p) = 4 * 3/16; each
    // rating is half the difference from the pool average.
    const double sd_diff = 1.0 / std::sqrt(4 * 0.75 * 0.25);
    REQUIRE(a.error95);
    REQUIRE(b.error95);
    CHECK(*a.error95 == Approx(kZ * sd_diff / 2 * kEloPerNatural).epsilon(1e-10));
    CHECK(*b.error95 == Approx(*a.error95).epsilon(1e-10));
    const double los = boost::math::cdf(boost::math::normal(), (h2h / kEloPerNatural) / sd_diff);
    CHECK(*t.los[0][1] == Approx(los).epsilon(1e-10));
    CHECK(*t.los[1][0] == Approx(1 - los).epsilon(1e-10));
    REQUIRE(t.ranked[0].los_next);
    CHECK(*t.ranked[0].los_next == Approx(los).epsilon(1e-10));
    CHECK_FALSE(t.ranked[1].los_next);
    CHECK(t.score[0][1] == 3.0);
    CHECK(t.games[1][0] == 4);
}

TEST_CASE("symmetric results give 0 for everybody", "[rating][fit]") {
    std::vector<GameScore> games;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            if (i != j) {
                add(games, i, j, 1.0, 2);
                add(games, i, j, 0.5, 1);
                add(games, i, j, 0.0, 2);
            }
    const RatingTable t = fit_ratings({"A", "B", "C", "D"}, games);
    for (const EngineRating &e : t.ranked) {
        CHECK(e.elo == Approx(0).margin(1e-9));
        CHECK(e.points == Approx(0.5 * e.games));
        CHECK(e.error95.value() > 0);
    }
    CHECK(t.los[0][3].value() == Approx(0.5).margin(1e-9));
    // Equal ratings are ranked in input order.
    CHECK(t.ranked[0].name == "A");
    CHECK(t.ranked[3].name == "D");
}

TEST_CASE("a random pool: expected points equal actual points, strengths recovered", "[rating][fit]") {
    const std::vector<double> truth = {300, 150, 40, 0, -60, -180, -250};
    std::vector<std::string> names;
    for (std::size_t i = 0; i < truth.size(); ++i) names.push_back("E" + std::to_string(i));
    std::mt19937_64 rng(12345);
    std::uniform_int_distribution<int> pick(0, int(truth.size()) - 1);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<GameScore> games;
    for (int g = 0; g < 40000; ++g) {
        int a = pick(rng), b = pick(rng);
        if (a == b) continue;
        const double p = expected_score(truth[a] - truth[b]);
        // A third of the games are drawn; the rest keep the expected score.
        const double x = u(rng);
        const double draw = std::min(p, 1 - p) * 0.6;
        games.push_back({a, b, x < draw ? 0.5 : x < draw + (p - draw / 2) ? 1.0 : 0.0});
    }
    const RatingTable t = fit_ratings(names, games);
    check_expected_equals_actual(t);
    double mean_truth = 0;
    for (double x : truth) mean_truth += x / truth.size();
    for (const EngineRating &e : t.ranked) {
        INFO(e.name << " " << e.elo << " +- " << e.error95.value());
        CHECK(std::abs(e.elo - (truth[e.index] - mean_truth)) < *e.error95);
        CHECK(e.bound == Bound::None);
    }
    for (std::size_t k = 0; k < truth.size(); ++k) CHECK(t.ranked[k].index == int(k));
}

TEST_CASE("an all-wins engine is a lower bound, an all-losses engine an upper bound, the rest their own fit",
          "[rating][fit][bounds]") {
    // A beats everybody; D loses to everybody; B and C split their games.
    std::vector<GameScore> games;
    add(games, 0, 1, 1.0, 3);
    add(games, 2, 0, 0.0, 3);
    add(games, 1, 2, 1.0, 2);
    add(games, 1, 2, 0.5, 2);
    add(games, 2, 1, 1.0, 1);
    add(games, 3, 1, 0.0, 2);
    add(games, 2, 3, 1.0, 2);
    const RatingTable t = fit_ratings({"A", "B", "C", "D"}, games);
    const EngineRating &a = by_name(t, "A"), &b = by_name(t, "B"), &c = by_name(t, "C"), &d = by_name(t, "D");
    CHECK(a.bound == Bound::Lower);
    CHECK(d.bound == Bound::Upper);
    CHECK(b.bound == Bound::None);
    CHECK(c.bound == Bound::None);
    // B scored 3/5 against C: B - C = 400 log10(3/2) = 70.4365, average 0.
    CHECK(b.elo == Approx(200 * std::log10(1.5)).margin(1e-9));
    CHECK(c.elo == Approx(-200 * std::log10(1.5)).margin(1e-9));
    // Bounds from tests/data/rating/sweeps/reference.py's bound() with these
    // games: where A's 6 wins, and D's 4 losses, have probability 1/2.
    CHECK(a.elo == Approx(493.651428).margin(1e-5));
    CHECK(d.elo == Approx(-420.582421).margin(1e-5));
    CHECK_FALSE(a.error95);
    CHECK_FALSE(d.error95);
    REQUIRE(b.error95);
    CHECK_FALSE(t.los[a.index][b.index]);
    CHECK(t.los[b.index][c.index]);
    CHECK(t.ranked.front().name == "A");
    CHECK(t.ranked.back().name == "D");
    CHECK(a.points == 6);
    CHECK(a.wins == 6);
    CHECK(d.losses == 4);
}

TEST_CASE("a sweep's bound grows with the evidence", "[rating][fit][bounds]") {
    std::vector<GameScore> few, many;
    add(few, 0, 1, 1.0, 4);
    add(many, 0, 1, 1.0, 400);
    const RatingTable t_few = fit_ratings({"A", "B"}, few), t_many = fit_ratings({"A", "B"}, many);
    // B is the reference (0); A where N wins have probability 1/2: E^(2N) = 1/2.
    for (auto [t, n] : {std::pair{&t_few, 4.0}, {&t_many, 400.0}}) {
        const double e = std::pow(0.5, 1 / (2 * n));
        CHECK(t->ranked[0].elo == Approx(400 * std::log10(e / (1 - e))).margin(1e-6));
        CHECK(t->ranked[1].elo == 0);
        CHECK(t->ranked[0].bound == Bound::Lower);
        CHECK(t->ranked[1].bound == Bound::None);
    }
    CHECK(t_many.ranked[0].elo > t_few.ranked[0].elo + 500);
}

TEST_CASE("parts of the pool that never met are each anchored at 0, idle engines are not rated",
          "[rating][fit][bounds]") {
    // {A, B} and {C, D} never meet; E plays nobody.
    std::vector<GameScore> games;
    add(games, 0, 1, 1.0, 3);
    add(games, 0, 1, 0.0, 1);
    add(games, 2, 3, 0.5, 4);
    add(games, 3, 2, 1.0, 1);
    const RatingTable t = fit_ratings({"A", "B", "C", "D", "E"}, games);
    // A scored 3/4: 400 log10(3) apart; D scored 3/5 against C: 400 log10(3/2).
    CHECK(by_name(t, "A").elo == Approx(200 * std::log10(3.0)).margin(1e-9));
    CHECK(by_name(t, "B").elo == Approx(-200 * std::log10(3.0)).margin(1e-9));
    CHECK(by_name(t, "D").elo == Approx(200 * std::log10(1.5)).margin(1e-9));
    CHECK(by_name(t, "C").elo == Approx(-200 * std::log10(1.5)).margin(1e-9));
    for (const char *name : {"A", "B", "C", "D"}) {
        CHECK(by_name(t, name).bound == Bound::None);
        CHECK(by_name(t, name).rated);
    }
    const EngineRating &e = by_name(t, "E");
    CHECK(e.games == 0);
    CHECK_FALSE(e.rated);
    CHECK_FALSE(e.error95);
    CHECK(t.ranked.back().name == "E");
    CHECK_FALSE(t.los[by_name(t, "A").index][by_name(t, "C").index]);
}

TEST_CASE("a near sweep converges to the exact optimum", "[rating][fit]") {
    std::vector<GameScore> games;
    add(games, 0, 1, 1.0, 9999);
    add(games, 0, 1, 0.0, 1);
    const RatingTable t = fit_ratings({"A", "B"}, games);
    CHECK(t.ranked[0].elo * 2 == Approx(-400 * std::log10(1 / 0.9999 - 1)).margin(1e-6));
    CHECK(t.ranked[0].bound == Bound::None);
}

TEST_CASE("degenerate pools", "[rating][fit]") {
    CHECK(fit_ratings({}, std::vector<GameScore>{}).ranked.empty());
    const RatingTable one = fit_ratings({"A"}, std::vector<GameScore>{});
    REQUIRE(one.ranked.size() == 1);
    CHECK(one.ranked[0].elo == 0);
    CHECK_FALSE(one.ranked[0].rated);
    CHECK_FALSE(one.ranked[0].los_next);
    const RatingTable idle = fit_ratings({"A", "B"}, std::vector<GameScore>{});
    CHECK_FALSE(idle.ranked[0].rated);
    CHECK_FALSE(idle.ranked[0].error95);
    CHECK_FALSE(idle.any_bound());
}

TEST_CASE("invalid games are refused with the offending game named", "[rating][fit]") {
    CHECK_THROWS_WITH(fit_ratings({"A", "B"}, {{0, 2, 1.0}}), Catch::Contains("second 2"));
    CHECK_THROWS_AS(fit_ratings({"A", "B"}, {{1, 1, 1.0}}), std::invalid_argument);
    CHECK_THROWS_AS(fit_ratings({"A", "B"}, {{0, 1, 1.5}}), std::invalid_argument);
    CHECK_THROWS_AS(fit_ratings({"A"}, PairResults(2)), std::invalid_argument);
}

TEST_CASE("aggregated results give the same fit as the game list", "[rating][fit]") {
    std::vector<GameScore> games = {{0, 1, 1.0}, {1, 2, 0.5}, {2, 0, 1.0}, {0, 2, 0.5}, {1, 0, 0.5}};
    PairResults results(3);
    for (const GameScore &g : games) results.add(g);
    CHECK(results.points(0, 1) == 1.5);
    CHECK(results.games(0, 1) == 2);
    CHECK(results.draws(1) == 2);
    const RatingTable a = fit_ratings({"A", "B", "C"}, games), b = fit_ratings({"A", "B", "C"}, results);
    for (int k = 0; k < 3; ++k) CHECK(a.ranked[k].elo == b.ranked[k].elo);
    check_expected_equals_actual(a);
}

TEST_CASE("random small pools: always finite, consistent, optimal when identified", "[rating][fit][fuzz]") {
    std::mt19937_64 rng(2024);
    for (int pool = 0; pool < 300; ++pool) {
        const int n = 2 + int(rng() % 7);
        const int count = int(rng() % 40);
        std::vector<std::string> names;
        for (int i = 0; i < n; ++i) names.push_back("E" + std::to_string(i));
        std::vector<GameScore> games;
        for (int g = 0; g < count; ++g) {
            const int a = int(rng() % n), b = int(rng() % n);
            if (a == b) continue;
            // Engine index as strength makes sweeps and one-sided pairings common.
            const double p = expected_score(250.0 * (b - a));
            const double x = double(rng() % 1000) / 1000.0;
            games.push_back({a, b, x < 0.1 ? 0.5 : x < p ? 1.0 : 0.0});
        }
        INFO("pool " << pool << ", " << n << " engines, " << games.size() << " games");
        const RatingTable t = fit_ratings(names, games);
        REQUIRE(t.ranked.size() == std::size_t(n));
        bool any_bound = false;
        for (const EngineRating &e : t.ranked) {
            REQUIRE(std::isfinite(e.elo));
            CHECK(std::abs(e.elo) < 5000);
            // A lower bound won games, an upper bound lost some; no error for either.
            if (e.bound == Bound::Lower) CHECK(e.points > 0);
            if (e.bound == Bound::Upper) CHECK(e.points < e.games);
            if (e.bound != Bound::None || !e.rated) CHECK_FALSE(e.error95);
            if (e.games == 0) CHECK_FALSE(e.rated);
            any_bound = any_bound || e.bound != Bound::None;
        }
        for (std::size_t k = 0; k + 1 < t.ranked.size(); ++k)
            if (t.ranked[k + 1].rated) CHECK(t.ranked[k].elo >= t.ranked[k + 1].elo - 1e-6);
        for (const auto &row : t.los)
            for (const auto &p : row)
                if (p) CHECK((*p >= 0 && *p <= 1));
        // Strongly connected "scored against" graph: the plain optimum exists,
        // no bound may be reported and expected points must equal actual ones.
        std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) reach[i][j] = i == j || (t.games[i][j] > 0 && t.score[i][j] > 0);
        for (int k = 0; k < n; ++k)
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
        bool strongly_connected = true;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) strongly_connected = strongly_connected && reach[i][j];
        if (strongly_connected) {
            CHECK_FALSE(any_bound);
            check_expected_equals_actual(t);
        } else if (connected_by_games(t)) {
            CHECK(any_bound);
            // The exact engines are one group: the plain fit of their own games,
            // expected points equal actual points counting only those games,
            // average 0.
            double sum = 0, exact = 0;
            for (const EngineRating &e : t.ranked) {
                if (e.bound != Bound::None || !e.rated) continue;
                double expected = 0, actual = 0;
                for (const EngineRating &o : t.ranked) {
                    if (o.index == e.index || o.bound != Bound::None || !o.rated) continue;
                    // Or the leaves of a star (one engine swept engines that met no
                    // one else, ratings.hpp): each its own reference at 0, never met.
                    const bool same_group = reach[e.index][o.index] && reach[o.index][e.index];
                    const bool star_leaves = t.games[e.index][o.index] == 0 && e.elo == 0 && o.elo == 0;
                    CHECK((same_group || star_leaves));
                    expected += t.games[e.index][o.index] * expected_score(e.elo - o.elo);
                    actual += t.score[e.index][o.index];
                }
                CHECK(expected == Approx(actual).margin(1e-8));
                sum += e.elo;
                ++exact;
            }
            CHECK(exact >= 1);
            CHECK(sum == Approx(0).margin(1e-6));
        }
    }
}
