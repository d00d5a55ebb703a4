#include "tournament/schedule.hpp"

#include "config/schedule_size.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <stdexcept>

using arb::config::OpeningOrder;
using arb::config::TournamentType;
using arb::tournament::make_schedule;
using arb::tournament::ScheduleParams;

TEST_CASE("round-robin pairs every engine with every other, colours swapped on one opening", "[schedule]") {
    ScheduleParams p;
    p.engine_count = 4;
    p.rounds = 2;
    p.games_per_pairing = 2;
    p.opening_count = 5;
    auto games = make_schedule(p);
    REQUIRE(games.size() == 2u * 6 * 2);
    std::map<std::pair<int, int>, int> side0_count;
    for (size_t i = 0; i < games.size(); ++i) {
        CHECK(games[i].index == static_cast<int>(i));
        CHECK(games[i].engine[0] != games[i].engine[1]);
        ++side0_count[{games[i].engine[0], games[i].engine[1]}];
    }
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (a != b) CHECK(side0_count[{a, b}] == 2);  // each engine has side 0 equally often
    for (size_t i = 0; i < games.size(); i += 2) {
        CHECK(games[i].pair_id == games[i + 1].pair_id);
        CHECK(games[i].opening == games[i + 1].opening);
        CHECK(games[i].engine[0] == games[i + 1].engine[1]);
        CHECK(games[i].engine[1] == games[i + 1].engine[0]);
    }
    // Sequential order deals openings 0,1,2,3,4,0,... to successive game pairs.
    for (size_t i = 0; i < games.size(); i += 2) CHECK(games[i].opening == static_cast<int>((i / 2) % 5));
}

TEST_CASE("gauntlet plays the first engine against each of the others", "[schedule]") {
    ScheduleParams p;
    p.type = TournamentType::Gauntlet;
    p.engine_count = 4;
    p.rounds = 3;
    p.games_per_pairing = 2;
    auto games = make_schedule(p);
    REQUIRE(games.size() == 3u * 3 * 2);
    std::set<int> opponents;
    for (const auto &g : games) {
        CHECK((g.engine[0] == 0 || g.engine[1] == 0));
        opponents.insert(g.engine[0] == 0 ? g.engine[1] : g.engine[0]);
        CHECK(g.opening == -1);
    }
    CHECK(opponents == std::set<int>{1, 2, 3});
}

TEST_CASE("an odd number of games per pairing alternates the extra game's colours by round", "[schedule]") {
    ScheduleParams p;
    p.engine_count = 2;
    p.rounds = 2;
    p.games_per_pairing = 1;
    auto games = make_schedule(p);
    REQUIRE(games.size() == 2);
    CHECK(games[0].engine[0] == 0);
    CHECK(games[1].engine[0] == 1);
    CHECK(games[0].pair_id != games[1].pair_id);
}

TEST_CASE("the same seed gives the same schedule, another seed another opening order", "[schedule]") {
    ScheduleParams p;
    p.engine_count = 3;
    p.rounds = 4;
    p.opening_count = 50;
    p.order = OpeningOrder::Random;
    p.seed = 1234;
    auto a = make_schedule(p);
    auto b = make_schedule(p);
    REQUIRE(a.size() == b.size());
    std::vector<int> openings_a, openings_b;
    for (size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].opening == b[i].opening);
        CHECK(a[i].engine[0] == b[i].engine[0]);
        openings_a.push_back(a[i].opening);
    }
    p.seed = 1235;
    for (const auto &g : make_schedule(p)) openings_b.push_back(g.opening);
    CHECK(openings_a != openings_b);
    // A pass over the shuffled list uses every opening once before any repeats.
    std::set<int> first_pass;
    for (size_t i = 0; i < 2 * 12; i += 2) first_pass.insert(a[i].opening);
    CHECK(first_pass.size() == 12);
    // Fixed by our own shuffle over mt19937_64, not the standard library's: the same on every
    // platform. Changing it would make old output folders resume with other openings.
    std::vector<int> first_four = {a[0].opening, a[2].opening, a[4].opening, a[6].opening};
    CHECK(first_four == std::vector<int>{10, 48, 1, 29});
}

TEST_CASE("the game count known from the config is the schedule's length, and a schedule past the limit is refused",
          "[schedule]") {
    using arb::config::scheduled_game_count;
    struct Case {
        TournamentType type;
        int engines, rounds, per_pairing;
        uint64_t games;  // by hand: pairings x rounds x games per pairing
    };
    const Case cases[] = {
        {TournamentType::RoundRobin, 2, 3, 2, 1 * 3 * 2},   {TournamentType::RoundRobin, 5, 2, 3, 10 * 2 * 3},
        {TournamentType::RoundRobin, 6, 1, 1, 15 * 1 * 1},  {TournamentType::Gauntlet, 5, 3, 2, 4 * 3 * 2},
        {TournamentType::Gauntlet, 2, 1, 1, 1},             {TournamentType::RoundRobin, 1, 5, 2, 0},
    };
    for (const auto &c : cases) {
        INFO(c.engines << " engines, " << c.rounds << " rounds, " << c.per_pairing << " per pairing");
        ScheduleParams p;
        p.type = c.type;
        p.engine_count = c.engines;
        p.rounds = c.rounds;
        p.games_per_pairing = c.per_pairing;
        CHECK(scheduled_game_count({c.type, c.rounds, c.per_pairing, 1}, static_cast<uint64_t>(c.engines)) == c.games);
        CHECK(make_schedule(p).size() == c.games);
    }
    // 4 engines: 6 pairings x (2^31 - 1)^2 does not fit in 64 bits: the count stops at the top.
    CHECK(scheduled_game_count({TournamentType::RoundRobin, 2147483647, 2147483647, 1}, 4) == UINT64_MAX);
    ScheduleParams huge;
    huge.rounds = 1000000;
    huge.games_per_pairing = 1000000;
    CHECK_THROWS_AS(make_schedule(huge), std::length_error);
}
