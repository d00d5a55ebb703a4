// Ratings when engines sweep each other: exactly Ordo's where the maximum-
// likelihood fit is finite, Ordo's super-player rule for the bounds.
// Expected figures: Ordo 1.2.6 (tests/data/rating/sweeps/README.md) and
// tests/data/rating/sweeps/reference.py, an independent script (Zermelo's
// iteration and bisection), whose printed output is copied below.
#include "rating/pgn_results.hpp"
#include "rating/ratings.hpp"
#include "rating/standings_format.hpp"
#include "vectors_file.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

using namespace arb::rating;

namespace {

struct Expected {
    double elo;
    Bound bound;
};

const EngineRating &by_name(const RatingTable &t, const std::string &name) {
    for (const EngineRating &e : t.ranked)
        if (e.name == name) return e;
    throw std::runtime_error("no engine " + name);
}

std::vector<GameScore> games_of(const std::vector<std::string> &names,
                                const std::vector<std::tuple<std::string, std::string, int, int, int>> &spec) {
    auto index = [&](const std::string &n) { return int(std::find(names.begin(), names.end(), n) - names.begin()); };
    std::vector<GameScore> games;
    for (const auto &[a, b, wins, draws, losses] : spec) {
        for (int k = 0; k < wins; ++k) games.push_back({index(a), index(b), 1.0});
        for (int k = 0; k < draws; ++k) games.push_back({index(b), index(a), 0.5});
        for (int k = 0; k < losses; ++k) games.push_back({index(b), index(a), 1.0});
    }
    return games;
}

// Figures, marks, and that nothing about a bound looks exact.
void check_table(const RatingTable &t, const std::map<std::string, Expected> &expected, double margin) {
    REQUIRE(t.ranked.size() == expected.size());
    for (const auto &[name, x] : expected) {
        const EngineRating &e = by_name(t, name);
        INFO(name << ": " << e.elo);
        CHECK(e.rated);
        CHECK(e.elo == Approx(x.elo).margin(margin));
        CHECK(e.bound == x.bound);
        if (x.bound != Bound::None) {
            CHECK_FALSE(e.error95);
            // No LOS against an engine placed differently (only inside a swept group).
            for (const auto &[other, y] : expected)
                if (y.bound != x.bound) CHECK_FALSE(t.los[e.index][by_name(t, other).index]);
        }
    }
    for (std::size_t k = 0; k + 1 < t.ranked.size(); ++k) {
        CHECK(t.ranked[k].elo >= t.ranked[k + 1].elo - 1e-9);
        if (t.ranked[k].bound != t.ranked[k + 1].bound) CHECK_FALSE(t.ranked[k].los_next);
    }
}

}  // namespace

TEST_CASE("three real tournaments with a swept engine match Ordo 1.2.6", "[rating][sweeps]") {
    const auto rows = test::table_after(test::read_text("sweeps/README.md"), "Reference: Ordo 1.2.6");
    std::map<std::string, std::map<std::string, Expected>> files;
    for (const auto &row : rows) {
        REQUIRE(row.size() >= 3);
        const Bound bound = row.size() > 3 && row[3] == "<" ? Bound::Upper
                            : row.size() > 3 && row[3] == ">" ? Bound::Lower
                                                               : Bound::None;
        files[row[0]][row[1]] = {std::stod(row[2]), bound};
    }
    REQUIRE(files.size() == 3);
    for (const auto &[file, expected] : files) {
        INFO(file);
        std::ifstream in(test::data_path("sweeps/" + file));
        auto pgn = read_pgn_results(in);
        REQUIRE(pgn.has_value());
        const RatingTable t = fit_ratings(pgn->names, pgn->games);
        check_table(t, expected, 0.01);
        // The finite engines: error bars, LOS among themselves.
        for (const EngineRating &e : t.ranked)
            if (e.bound == Bound::None) CHECK((e.error95 && *e.error95 > 0));
        CHECK(t.ranked.front().los_next);
        CHECK(t.any_bound());
    }
}

TEST_CASE("one engine swept: the others get the plain fit of their own games", "[rating][sweeps]") {
    // reference.py "one engine swept"; Ordo gives the same (A 172.9608,
    // C -35.2647, B -137.6961, D < -653.6030).
    const std::vector<std::string> names = {"A", "B", "C", "D"};
    const auto games = games_of(names, {{"A", "B", 3, 1, 0},
                                        {"A", "C", 3, 0, 1},
                                        {"B", "C", 1, 1, 2},
                                        {"A", "D", 4, 0, 0},
                                        {"B", "D", 4, 0, 0},
                                        {"C", "D", 4, 0, 0}});
    const RatingTable t = fit_ratings(names, games);
    check_table(t,
                {{"A", {172.960785, Bound::None}},
                 {"C", {-35.264685, Bound::None}},
                 {"B", {-137.696100, Bound::None}},
                 {"D", {-653.602761, Bound::Upper}}},
                1e-5);
    CHECK(by_name(t, "D").points == 0);
    CHECK(by_name(t, "D").games == 12);
    CHECK(by_name(t, "A").points == 10.5);  // the swept engine's games count in the points
}

TEST_CASE("a two-level sweep chain: a swept group keeps its own fit, each level bounded by the one above",
          "[rating][sweeps]") {
    // reference.py "two-level chain": {A, B, C} swept {X1, X2}, who split
    // their games; X1, X2 and C swept Y.
    // Cross-check of Y's bound: Ordo 1.2.6 with A, B, C, X1, X2 anchored at
    // these figures (-m) rates Y < -962.7501.
    const std::vector<std::string> names = {"Y", "X2", "X1", "C", "B", "A"};
    const auto games = games_of(names, {{"A", "B", 2, 1, 1},
                                        {"A", "C", 3, 0, 1},
                                        {"B", "C", 2, 1, 1},
                                        {"X1", "X2", 2, 1, 1},
                                        {"A", "X1", 2, 0, 0},
                                        {"B", "X1", 2, 0, 0},
                                        {"C", "X2", 2, 0, 0},
                                        {"A", "X2", 2, 0, 0},
                                        {"X1", "Y", 2, 0, 0},
                                        {"X2", "Y", 2, 0, 0},
                                        {"C", "Y", 2, 0, 0}});
    const RatingTable t = fit_ratings(names, games);
    check_table(t,
                {{"A", {92.869505, Bound::None}},
                 {"B", {0.0, Bound::None}},
                 {"C", {-92.869505, Bound::None}},
                 {"X1", {-488.775988, Bound::Upper}},
                 {"X2", {-577.515488, Bound::Upper}},
                 {"Y", {-962.749557, Bound::Upper}}},
                1e-5);
    // Inside the swept group the plain fit of its own games (2.5/4 each way
    // gives 400 log10(2.5/1.5) = 88.74 between them) and its LOS are known.
    CHECK(by_name(t, "X1").elo - by_name(t, "X2").elo == Approx(400 * std::log10(2.5 / 1.5)).margin(1e-6));
    const auto los = t.los[by_name(t, "X1").index][by_name(t, "X2").index];
    REQUIRE(los);
    CHECK(*los > 0.5);
    REQUIRE(by_name(t, "X1").los_next);  // X1 is ranked just above X2
    CHECK(*by_name(t, "X1").los_next == *los);
    CHECK_FALSE(by_name(t, "X2").los_next);  // Y is another group
    CHECK_FALSE(t.los[by_name(t, "X1").index][by_name(t, "Y").index]);
}

TEST_CASE("a fully transitive sweep: the middle engine is the reference, the rest are bounds", "[rating][sweeps]") {
    // P beat Q, R, S; Q beat R, S; R beat S; 2 games each. reference.py
    // "fully transitive". By hand: P is where winning 2 games against Q has
    // probability 1/2, E^4 = 1/2, E = 0.840896, 400 log10(E / (1 - E)) = 289.2250.
    // Cross-check of S: Ordo 1.2.6 with Q and R anchored at these figures
    // rates S < -612.7967 (its own stopping rule is looser than 1e-5).
    const std::vector<std::string> names = {"S", "R", "Q", "P"};
    std::vector<std::tuple<std::string, std::string, int, int, int>> spec;
    const char *order[] = {"P", "Q", "R", "S"};
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) spec.emplace_back(order[i], order[j], 2, 0, 0);
    const RatingTable t = fit_ratings(names, games_of(names, spec));
    check_table(t,
                {{"P", {289.225015, Bound::Lower}},
                 {"Q", {0.0, Bound::None}},
                 {"R", {-289.225015, Bound::Upper}},
                 {"S", {-612.792347, Bound::Upper}}},
                1e-5);
    CHECK_FALSE(by_name(t, "Q").error95);  // a reference group of one engine: no error relative to itself
    for (const EngineRating &e : t.ranked) CHECK_FALSE(e.los_next);
}

TEST_CASE("two engines 4-0: the winner is a lower bound above the loser, the head-to-head a bound without errors",
          "[rating][sweeps]") {
    const std::vector<std::string> names = {"A", "B"};
    const RatingTable t = fit_ratings(names, games_of(names, {{"A", "B", 4, 0, 0}}));
    // By hand: E^8 = 1/2, E = 2^(-1/8) = 0.917004, 400 log10(E / (1 - E)) = 417.325726. The perfect
    // score is the bound (">417.3"), the loser the reference at 0.
    check_table(t, {{"A", {417.325726, Bound::Lower}}, {"B", {0.0, Bound::None}}}, 1e-5);
    const HeadToHead h = head_to_head(Trinomial{4, 0, 0});
    CHECK(h.bound == Bound::Lower);
    CHECK(h.elo == Approx(417.325726).margin(1e-5));
    // nElo of that E with the model's per-game variance E(1 - E)/2:
    // (E - 1/2) / sqrt(E(1 - E)/2) * 800 / ln 10 = 742.703497.
    CHECK(h.nelo == Approx(742.703497).margin(1e-5));
    CHECK_FALSE(h.elo_error);
    CHECK_FALSE(h.nelo_error);
    CHECK_FALSE(h.los);
    const HeadToHead l = head_to_head(Trinomial{0, 0, 4});
    CHECK(l.bound == Bound::Upper);
    CHECK(l.elo == Approx(-417.325726).margin(1e-5));
    CHECK(l.nelo == Approx(-742.703497).margin(1e-5));
    // Game pairs: 3 WW pairs are 6 won games, E^12 = 1/2: 490.300998 Elo, 947.570189 nElo.
    const HeadToHead p = head_to_head(Pentanomial{0, 0, 0, 0, 0, 3});
    CHECK(p.bound == Bound::Lower);
    CHECK(p.elo == Approx(490.300998).margin(1e-5));
    CHECK(p.nelo == Approx(947.570189).margin(1e-5));
    CHECK_FALSE(p.elo_error);
}

TEST_CASE("engines without games and groups no sweep places are not rated", "[rating][sweeps]") {
    // {A, B} split their games and swept C; D beat C but met nobody else: D
    // is above an upper bound, so nothing bounds it. E played nobody.
    const std::vector<std::string> names = {"A", "B", "C", "D", "E"};
    const RatingTable t = fit_ratings(
        names, games_of(names, {{"A", "B", 2, 0, 1}, {"A", "C", 2, 0, 0}, {"B", "C", 2, 0, 0}, {"D", "C", 1, 0, 0}}));
    CHECK(by_name(t, "A").bound == Bound::None);
    CHECK(by_name(t, "C").bound == Bound::Upper);
    CHECK_FALSE(by_name(t, "D").rated);
    CHECK_FALSE(by_name(t, "E").rated);
    // Each says why, for its row.
    CHECK(by_name(t, "D").unrated_reason ==
          "left out of the fit: it met only bounds on its other side, which place it nowhere");
    CHECK(by_name(t, "E").unrated_reason == "no games");
    CHECK(by_name(t, "A").unrated_reason.empty());
    CHECK(by_name(t, "A").rated);
    CHECK(t.ranked[3].rated == false);
    CHECK(t.ranked[4].rated == false);
    CHECK(t.ranked[3].name == "D");  // unrated ones last, by points
    std::ostringstream out;
    write_standings(out, t);
    CHECK_THAT(out.str(), Catch::Contains("  ?  ") && Catch::Contains(kBoundFootnote));
    const nlohmann::json j = to_json(t);
    CHECK(j["engines"][4]["elo"].is_null());
    CHECK(j["engines"][2]["bound"] == "upper");
    CHECK(j["engines"][0]["bound"].is_null());
}

TEST_CASE("a gauntlet won 8/8 shows its winner as a lower bound over the field at 0", "[rating][sweeps]") {
    // G (first, the gauntlet's engine) beat A, B, C and D 2-0 each and they never
    // met each other. Nothing places the four apart: each is a reference at 0,
    // and G is where winning its 8 games has probability 1/2. By hand (Python):
    // E^16 = 1/2, E = 2^(-1/16) = 0.957603, 400 log10(E / (1 - E)) = 541.541349.
    const std::vector<std::string> names = {"G", "A", "B", "C", "D"};
    const RatingTable won = fit_ratings(
        names, games_of(names, {{"G", "A", 2, 0, 0}, {"G", "B", 2, 0, 0}, {"G", "C", 2, 0, 0}, {"G", "D", 2, 0, 0}}));
    check_table(won,
                {{"G", {541.541349, Bound::Lower}},
                 {"A", {0.0, Bound::None}},
                 {"B", {0.0, Bound::None}},
                 {"C", {0.0, Bound::None}},
                 {"D", {0.0, Bound::None}}},
                1e-5);
    CHECK(won.ranked[0].name == "G");
    std::ostringstream out;
    write_standings(out, won);
    INFO(out.str());
    CHECK_THAT(out.str(), Catch::Contains(">541.5") && Catch::Contains(kBoundFootnote));

    // Lost 0/8: the mirror image, an upper bound.
    const RatingTable lost = fit_ratings(
        names, games_of(names, {{"A", "G", 2, 0, 0}, {"B", "G", 2, 0, 0}, {"C", "G", 2, 0, 0}, {"D", "G", 2, 0, 0}}));
    CHECK(by_name(lost, "G").bound == Bound::Upper);
    CHECK(by_name(lost, "G").elo == Approx(-541.541349).margin(1e-5));
    CHECK(by_name(lost, "A").bound == Bound::None);
    CHECK(by_name(lost, "A").elo == 0.0);

    // G split with D: {G, D} is a group with a finite fit, the reference as
    // before, and the engines G swept are upper bounds under it.
    const RatingTable mixed = fit_ratings(
        names, games_of(names, {{"G", "A", 2, 0, 0}, {"G", "B", 2, 0, 0}, {"G", "C", 2, 0, 0}, {"G", "D", 1, 0, 1}}));
    CHECK(by_name(mixed, "G").bound == Bound::None);
    CHECK(by_name(mixed, "D").bound == Bound::None);
    CHECK(by_name(mixed, "A").bound == Bound::Upper);
}
