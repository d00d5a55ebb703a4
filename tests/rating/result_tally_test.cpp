// ResultTally against a recount from scratch written here (not through the
// arbiter's counting helpers): per-pairing points and games, the trinomial
// and the pentanomial of engines 0 and 1, with games arriving out of order.
#include "rating/result_tally.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

using namespace arb::rating;

namespace {

std::vector<GameOutcome> random_games(int engines, int pairs, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> engine(0, engines - 1), result(0, 2);
    std::vector<GameOutcome> games;
    for (int id = 0; id < pairs; ++id) {
        int a = engine(rng), b = engine(rng);
        while (b == a) b = engine(rng);
        games.push_back({a, b, result(rng) / 2.0, id});
        games.push_back({b, a, result(rng) / 2.0, id});  // colours swapped
    }
    games.push_back({0, 1, 1.0, -1});  // a game outside any pair
    games.push_back({1, 0, 0.5, pairs});  // a pair with one game played
    return games;
}

}  // namespace

TEST_CASE("running totals equal a recount from scratch, whatever the order games finish in", "[rating][tally]") {
    for (int engines : {2, 5}) {
        auto games = random_games(engines, 400, 7u + static_cast<uint32_t>(engines));
        std::shuffle(games.begin(), games.end(), std::mt19937(99));  // workers finish in any order
        ResultTally tally(engines);
        for (const auto &g : games) tally.add(g);
        const ResultCounts &c = tally.counts();

        // Recount: per-pairing sums, and engine 0's scores against 1 grouped by pair id.
        std::vector<std::vector<double>> points(engines, std::vector<double>(engines, 0));
        std::vector<std::vector<int>> played(engines, std::vector<int>(engines, 0));
        int64_t w = 0, d = 0, l = 0;
        std::map<int, std::vector<double>> pair_scores;
        for (const auto &g : games) {
            points[g.first][g.second] += g.score;
            points[g.second][g.first] += 1 - g.score;
            ++played[g.first][g.second];
            ++played[g.second][g.first];
            if (std::min(g.first, g.second) != 0 || std::max(g.first, g.second) != 1) continue;
            double mine = g.first == 0 ? g.score : 1 - g.score;
            (mine == 1 ? w : mine == 0 ? l : d)++;
            if (g.pair_id >= 0) pair_scores[g.pair_id].push_back(mine);
        }
        int64_t kinds[6] = {0, 0, 0, 0, 0, 0};  // LL LD WL DD WD WW
        for (const auto &[id, s] : pair_scores) {
            if (s.size() != 2) continue;
            double sum = s[0] + s[1];
            ++kinds[sum == 0 ? 0 : sum == 0.5 ? 1 : sum == 1 ? (s[0] == 0.5 ? 3 : 2) : sum == 1.5 ? 4 : 5];
        }

        INFO("engines " << engines);
        CHECK(c.games == static_cast<int64_t>(games.size()));
        for (int i = 0; i < engines; ++i)
            for (int j = 0; j < engines; ++j) {
                CHECK(c.pairs.points(i, j) == points[i][j]);
                CHECK(c.pairs.games(i, j) == played[i][j]);
            }
        CHECK(c.trinomial.wins == w);
        CHECK(c.trinomial.draws == d);
        CHECK(c.trinomial.losses == l);
        const Pentanomial &p = c.pentanomial;
        CHECK(std::vector<int64_t>{p.ll, p.ld, p.wl, p.dd, p.wd, p.ww} ==
              std::vector<int64_t>(std::begin(kinds), std::end(kinds)));
        CHECK(p.ll + p.ld + p.wl + p.dd + p.wd + p.ww > 20);  // 400 pairs over 1 or 10 pairings: the test saw pairs
        CHECK(p.ll > 0);
        CHECK(p.ww > 0);
        CHECK(p.dd > 0);
    }
}

TEST_CASE("running totals stay the same size however many games are added", "[rating][tally]") {
    // Pairs finish one after the other (as scheduled): only the pair being
    // played is open, so memory does not grow with the match.
    ResultTally tally(2);
    for (int id = 0; id < 100000; ++id) {
        tally.add({0, 1, 1.0, id});
        CHECK(tally.open_pairs() == 1);
        tally.add({1, 0, 1.0, id});
    }
    CHECK(tally.open_pairs() == 0);
    CHECK(tally.counts().pentanomial.wl == 100000);  // each engine won with the first side
    CHECK(tally.counts().games == 200000);
}

TEST_CASE("a bad game is refused before anything is counted", "[rating][tally]") {
    ResultTally tally(2);
    CHECK_THROWS_AS(tally.add({0, 0, 1.0, 3}), std::invalid_argument);
    CHECK_THROWS_AS(tally.add({0, 2, 1.0, 3}), std::invalid_argument);
    CHECK(tally.counts().games == 0);
    CHECK(tally.counts().trinomial.wins == 0);
    CHECK(tally.open_pairs() == 0);
}
