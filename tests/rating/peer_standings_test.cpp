// Standings in fastchess's and cutechess-cli's layouts, checked against lines
// those programs printed for the same results, and the labels that keep the
// table's centred Elo and the head-to-head difference apart.
#include "output/peer_standings.hpp"
#include "output/standings.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace arb;

namespace {

// A game of pair `pair` with `first` (engine 0 or 1) on side 0; `points` for engine 0.
match::FinishedGame played(int index, int pair, int first, double points_of_engine0) {
    match::FinishedGame g;
    g.slot.index = index;
    g.slot.pair_id = pair;
    g.slot.engine[0] = first;
    g.slot.engine[1] = 1 - first;
    const double side0_points = first == 0 ? points_of_engine0 : 1 - points_of_engine0;
    g.record.result = side0_points == 1 ? ARB_RESULT_WIN_SIDE_0 : side0_points == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_DRAW;
    return g;
}

using arb::test::lines_of;

}  // namespace

TEST_CASE("fastchess layout: the lines fastchess printed for the same four games", "[rating][peer-standings]") {
    // fastchess 1.x, `-engine cmd=stockfish name=sfA -engine cmd=stockfish name=sfB -each tc=0.5+0.01
    // option.Hash=8 -rounds 2 -repeat`, run on this machine: game 1 a draw, sfA won games 2 and 3, game 4 a
    // draw (two pairs, each a win and a draw for sfA). It printed:
    //   Results of sfA vs sfB (0.5+0.01, 1t, 8MB):
    //   Elo: 190.85 +/- 0.00, nElo: inf +/- -nan
    //   LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf
    //   Games: 4, Wins: 2, Losses: 0, Draws: 2, Points: 3.0 (75.00 %)
    //   Ptnml(0-2): [0, 0, 0, 2, 0], WL/DD Ratio: -nan
    const std::vector<match::FinishedGame> games = {played(0, 0, 0, 0.5), played(1, 0, 1, 1), played(2, 1, 0, 1),
                                                     played(3, 1, 1, 0.5)};
    const auto s = output::compute_standings({"sfA", "sfB"}, games, std::nullopt);
    output::PeerContext context;
    context.time_control = "0.5+0.01";
    context.hash = "8";
    const auto lines = lines_of(output::peer_standings_text(output::PeerLayout::Fastchess, s, context));
    INFO(output::peer_standings_text(output::PeerLayout::Fastchess, s, context));
    REQUIRE(lines.size() == 7);
    CHECK(lines[0] == "--------------------------------------------------");
    CHECK(lines[1] == "Results of sfA vs sfB (0.5+0.01, 1t, 8MB):");
    // Score 3/4: 400 log10(0.75 / 0.25) = 190.85; the pairs do not vary, so no error.
    CHECK_THAT(lines[2], Catch::StartsWith("Elo: 190.85 +/- 0.00, nElo: "));
    CHECK(lines[3] == "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf");
    CHECK(lines[4] == "Games: 4, Wins: 2, Losses: 0, Draws: 2, Points: 3.0 (75.00 %)");
    CHECK_THAT(lines[5], Catch::StartsWith("Ptnml(0-2): [0, 0, 0, 2, 0], WL/DD Ratio: "));
    CHECK(lines[6] == lines[0]);
}

TEST_CASE("cutechess layout: the score line cutechess-cli printed for the same counts", "[rating][peer-standings]") {
    // cutechess-cli output quoted in a public engine's source (searched; E53_SE vs E47_TTinQS):
    //   Score of E53_SE vs E47_TTinQS: 263 - 159 - 444  [0.560] 866
    std::vector<match::FinishedGame> games;
    int index = 0;
    auto add = [&](int count, double points) {
        for (int i = 0; i < count; ++i, ++index) games.push_back(played(index, index / 2, index % 2, points));
    };
    add(263, 1);
    add(159, 0);
    add(444, 0.5);
    const auto s = output::compute_standings({"E53_SE", "E47_TTinQS"}, games, std::nullopt);
    const auto lines = lines_of(output::peer_standings_text(output::PeerLayout::Cutechess, s, {}));
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "Score of E53_SE vs E47_TTinQS: 263 - 159 - 444  [0.560] 866");
    // By hand: score 485/866 = 0.56005, Elo -400 log10(1/0.56005 - 1) = 41.9; draws 444/866 = 51.3%.
    CHECK_THAT(lines[1], Catch::StartsWith("Elo difference: 41.9 +/- "));
    CHECK_THAT(lines[1], Catch::EndsWith(", DrawRatio: 51.3 %"));
}

TEST_CASE("two engines: the head-to-head figures are labelled against the table's centred Elo", "[rating][standings]") {
    // a beats b 3-1: the table shows a and b either side of their average, the head to head their difference.
    const std::vector<match::FinishedGame> games = {played(0, 0, 0, 1), played(1, 0, 1, 1), played(2, 1, 0, 1),
                                                     played(3, 1, 1, 0)};
    const auto s = output::compute_standings({"a", "b"}, games, std::nullopt);
    std::ostringstream text;
    output::write_standings_text(text, s);
    INFO(text.str());
    CHECK_THAT(text.str(),
               Catch::Contains("Head to head (a minus b; the table's Elo is each engine's rating, 0 at the two "
                               "engines' average):\na vs b: +3 =0 -1"));
    // One line for --quiet: 3/4 is +190.8 Elo (400 log10 3) for a over b.
    CHECK_THAT(output::standings_line(s), Catch::StartsWith("a vs b +3 =0 -1, Elo +190.8"));
    CHECK_THAT(output::standings_line(s), Catch::Contains("(a minus b)"));
}

TEST_CASE("three engines on one line: rank, name and Elo", "[rating][standings]") {
    // a beats b and c, b and c draw: a first.
    std::vector<match::FinishedGame> games;
    auto add = [&](int white, int black, double white_points) {
        match::FinishedGame g;
        g.slot.index = static_cast<int>(games.size());
        g.slot.pair_id = g.slot.index;
        g.slot.engine[0] = white;
        g.slot.engine[1] = black;
        g.record.result = white_points == 1 ? ARB_RESULT_WIN_SIDE_0 : white_points == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_DRAW;
        games.push_back(g);
    };
    add(0, 1, 1);
    add(1, 0, 0.5);
    add(0, 2, 1);
    add(2, 0, 0.5);
    add(1, 2, 0.5);
    add(2, 1, 0.5);
    const auto s = output::compute_standings({"a", "b", "c"}, games, std::nullopt);
    const std::string line = output::standings_line(s);
    INFO(line);
    CHECK_THAT(line, Catch::StartsWith("1. a +"));
    CHECK_THAT(line, Catch::EndsWith("(Elo, 0 at the average)"));
    CHECK(line.find('\n') == std::string::npos);
}

TEST_CASE("more than two engines: a ranking table with the peers' column names", "[rating][peer-standings]") {
    // a beats b and c twice each, b and c draw twice.
    std::vector<match::FinishedGame> games;
    auto add = [&](int white, int black, double white_points) {
        match::FinishedGame g;
        g.slot.index = static_cast<int>(games.size());
        g.slot.pair_id = g.slot.index / 2;
        g.slot.engine[0] = white;
        g.slot.engine[1] = black;
        g.record.result = white_points == 1 ? ARB_RESULT_WIN_SIDE_0 : white_points == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_DRAW;
        games.push_back(g);
    };
    add(0, 1, 1);
    add(1, 0, 0);
    add(0, 2, 1);
    add(2, 0, 0);
    add(1, 2, 0.5);
    add(2, 1, 0.5);
    const auto s = output::compute_standings({"a", "b", "c"}, games, std::nullopt);
    // cutechess-cli's ranking header: Rank Name Elo +/- nGames Score Oppo. Draws.
    const auto cute = lines_of(output::peer_standings_text(output::PeerLayout::Cutechess, s, {}));
    REQUIRE(cute.size() == 4);
    CHECK_THAT(cute[0], Catch::Matches(R"(Rank Name +Elo +\+/- +nGames +Score +Oppo\. +Draws)"));
    // a: 4 games, 4 points (100.0%), no draws; b and c: 4 games, 1 point, 2 draws (50.0%).
    CHECK_THAT(cute[1], Catch::Matches(R"( +1 a .* 4 +100\.0% .* 0\.0%)"));
    CHECK_THAT(cute[2], Catch::Matches(R"( +2 [bc] .* 4 +25\.0% .* 50\.0%)"));
    // fastchess's: Rank Name Elo +/- ... Games Score Draw, between dashed lines.
    const auto fast = lines_of(output::peer_standings_text(output::PeerLayout::Fastchess, s, {}));
    REQUIRE(fast.size() == 6);
    CHECK_THAT(fast[1], Catch::Matches(R"(Rank Name +Elo +\+/- +Games +Score +Draw)"));
}
