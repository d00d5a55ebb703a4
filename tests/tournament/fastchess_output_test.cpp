// The fastchess layout's lines, each kind against what fastchess prints.
// Expected lines are fastchess's formats as its source at commit 74deac23
// (alpha 1.8.2) writes them, filled in by hand: output_fastchess.hpp
// ("Started game {} of {} ({} vs {})", "Finished game {} ({} vs {}): {}
// {{{}}}", the results block), match.hpp's reasons ("{} mates", "Draw by
// 3-fold repetition", "Draw by fifty moves rule", "Draw by insufficient
// mating material", "Draw by stalemate", "Draw by adjudication", "{} wins by
// adjudication", "{} loses on time ({}ms overrun)", "{} disconnects", "{}'s
// connection stalls", "{} makes an illegal move"), its warnings ("Warning;
// Illegal move {} played by {}", "Warning; Engine {} is not responsive",
// "Warning; {} doesn't have option {}"), tournament.cpp's closing lines
// ("Player: {}", "  Timeouts: {}", "  Crashed: {}") and main.cpp's
// "Finished match"; the block's figures (stats.hpp: DrawRatio of the even
// pairs, PairsRatio) worked out by hand in each case. Where a comment says
// "observed", the line is also what that fastchess binary printed on this
// machine, driven with fishtest's command line and arbiter-mock-engine over
// proto=uci (well behaved, too slow, crashing, playing an illegal move).
// fishtest's and OpenBench's workers read these lines (docs/fastchess.md).
#include "output/fastchess_text.hpp"
#include "output/game_endings.hpp"
#include "tournament/fastchess_console.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace arb;

namespace {

// Game `index` (0-based) of two engines "New" (0) and "Base" (1) playing pairs (2k, 2k+1) with colours
// swapped, New on side 0 in the first game of each pair.
match::FinishedGame played(int index, arb_result result, match::Termination how = match::Termination::GameRule,
                         std::string reason = "white mates", int loser_side = -1) {
    match::FinishedGame g;
    g.slot.index = index;
    g.slot.pair_id = index / 2;
    g.slot.engine[0] = index % 2;
    g.slot.engine[1] = 1 - index % 2;
    g.record.engine_names[0] = index % 2 ? "Base" : "New";
    g.record.engine_names[1] = index % 2 ? "New" : "Base";
    g.record.result = result;
    g.record.termination = how;
    g.record.reason = std::move(reason);
    g.record.loser_side = loser_side;
    return g;
}

using arb::test::lines_of;

tournament::FastchessConsole console(int interval = 1, bool pairs = true, int64_t total = 4) {
    tournament::FastchessConsole::Setup setup;
    setup.names = {"New", "Base"};
    setup.total_games = total;
    setup.rating_interval = interval;
    setup.context.time_control = "10+0.1";
    setup.context.threads = "1";
    setup.context.hash = "16";
    setup.context.book = "UHO_Lichess_4852_v1.epd";
    setup.context.pentanomial = pairs;
    setup.margin = std::chrono::milliseconds(100);
    return tournament::FastchessConsole(std::move(setup));
}

}  // namespace

TEST_CASE("fastchess lines: Started game N of M (White vs Black)", "[fastchess]") {
    // fastchess: "Started game {game number} of {games} ({white} vs {black})".
    auto c = console();
    match::ScheduledGame slot;
    slot.index = 1;
    slot.engine[0] = 1;
    slot.engine[1] = 0;
    CHECK(c.started(slot) == "Started game 2 of 4 (Base vs New)\n");
}

TEST_CASE("fastchess lines: Finished game N (A vs B): R {reason} for every way a game ends", "[fastchess]") {
    using T = match::Termination;
    const std::chrono::milliseconds margin(100);
    auto line = [&](const match::FinishedGame &g) { return output::fastchess_finished_line(g, margin); };
    // The chess plugin's rule endings in fastchess's texts: mates, repetitions, the fifty-move rule, bare kings.
    CHECK(line(played(0, ARB_RESULT_WIN_SIDE_0, T::GameRule, "white mates")) ==
          "Finished game 1 (New vs Base): 1-0 {White mates}\n");
    CHECK(line(played(1, ARB_RESULT_WIN_SIDE_1, T::GameRule, "black mates")) ==
          "Finished game 2 (Base vs New): 0-1 {Black mates}\n");
    CHECK(line(played(2, ARB_RESULT_DRAW, T::GameRule, "threefold repetition")) ==
          "Finished game 3 (New vs Base): 1/2-1/2 {Draw by 3-fold repetition}\n");
    CHECK(line(played(2, ARB_RESULT_DRAW, T::GameRule, "the same position occurred for the fifth time")) ==
          "Finished game 3 (New vs Base): 1/2-1/2 {Draw by 3-fold repetition}\n");
    CHECK(line(played(2, ARB_RESULT_DRAW, T::GameRule, "50 moves by each side without a capture or a pawn move")) ==
          "Finished game 3 (New vs Base): 1/2-1/2 {Draw by fifty moves rule}\n");
    CHECK(line(played(2, ARB_RESULT_DRAW, T::GameRule, "insufficient material: neither side can mate")) ==
          "Finished game 3 (New vs Base): 1/2-1/2 {Draw by insufficient mating material}\n");
    CHECK(line(played(2, ARB_RESULT_DRAW, T::GameRule, "stalemate")) ==
          "Finished game 3 (New vs Base): 1/2-1/2 {Draw by stalemate}\n");
    // Adjudications (-draw, -maxmoves: "Draw by adjudication"; -resign: the winner "wins by adjudication").
    CHECK(line(played(0, ARB_RESULT_DRAW, T::DrawAdjudication, "draw adjudication")) ==
          "Finished game 1 (New vs Base): 1/2-1/2 {Draw by adjudication}\n");
    CHECK(line(played(0, ARB_RESULT_DRAW, T::MaxPlies, "move limit")) ==
          "Finished game 1 (New vs Base): 1/2-1/2 {Draw by adjudication}\n");
    CHECK(line(played(0, ARB_RESULT_WIN_SIDE_1, T::ResignAdjudication, "resign")) ==
          "Finished game 1 (New vs Base): 0-1 {Black wins by adjudication}\n");
    // fastchess's texts for engine failures (its match.hpp), the side at fault named. Observed:
    //   Finished game 1 (Slow vs Crash): 0-1 {White loses on time (109ms overrun)}
    //   Finished game 2 (Crash vs Slow): 0-1 {White disconnects}
    //   Finished game 1 (Illegal vs Plain): 0-1 {White makes an illegal move}
    CHECK(line(played(0, ARB_RESULT_WIN_SIDE_1, T::TimeForfeit,
                    "New lost on time: used 1112 ms of 1100 ms allowed", 0)) ==
          "Finished game 1 (New vs Base): 0-1 {White loses on time (112ms overrun)}\n");
    CHECK(line(played(1, ARB_RESULT_WIN_SIDE_0, T::Crash, "New crashed", 1)) ==
          "Finished game 2 (Base vs New): 1-0 {Black disconnects}\n");
    CHECK(line(played(0, ARB_RESULT_WIN_SIDE_1, T::Stall, "New stalled", 0)) ==
          "Finished game 1 (New vs Base): 0-1 {White's connection stalls}\n");
    CHECK(line(played(0, ARB_RESULT_WIN_SIDE_1, T::IllegalMove, "illegal", 0)) ==
          "Finished game 1 (New vs Base): 0-1 {White makes an illegal move}\n");
}

TEST_CASE("fastchess lines: the warning lines fishtest reads", "[fastchess]") {
    using T = match::Termination;
    auto illegal = played(0, ARB_RESULT_WIN_SIDE_1, T::IllegalMove, "illegal", 0);
    // Observed: "Warning; Illegal move g7g5 played by Illegal".
    illegal.record.offending_text = "bestmove e2e5";
    CHECK(output::fastchess_warnings(illegal.record) == "Warning; Illegal move e2e5 played by New\n");
    illegal.record.offending_text = "";
    CHECK(output::fastchess_warnings(illegal.record) == "Warning; Illegal move <none> played by New\n");
    CHECK(output::fastchess_warnings(played(1, ARB_RESULT_WIN_SIDE_1, T::Stall, "", 0).record) ==
          "Warning; Engine Base is not responsive\n");
    // A time loss and a crash print no warning line of their own (fastchess logs them to its log file only):
    // fishtest counts "on time" and "disconnect" in every line, so a second line would count twice.
    CHECK(output::fastchess_warnings(played(0, ARB_RESULT_WIN_SIDE_1, T::TimeForfeit, "", 0).record).empty());
    CHECK(output::fastchess_warnings(played(0, ARB_RESULT_WIN_SIDE_1, T::Crash, "", 0).record).empty());
}

TEST_CASE("fastchess lines: an option the engine lacks, in fastchess's words", "[fastchess]") {
    // fastchess: "Warning; {} doesn't have option {}" (engine name, option); fishtest fails the run on it.
    // Observed: "Warning; Illegal doesn't have option Hash".
    CHECK(output::fastchess_setup_warning("engine 'New-abc' does not declare the option 'Threads'") ==
          std::optional<std::string>("Warning; New-abc doesn't have option Threads"));
    CHECK_FALSE(output::fastchess_setup_warning("engine 'New-abc' does not declare the rule option 'variant'"));
}

TEST_CASE("fastchess lines: the results block counts complete game pairs only", "[fastchess]") {
    auto c = console();
    // Game 1 done, its pair open: no block yet (fishtest asserts Games == 2 x the pentanomial's pairs).
    const auto first = lines_of(c.finished(played(0, ARB_RESULT_WIN_SIDE_0), false));
    REQUIRE(first.size() == 1);
    CHECK(first[0] == "Finished game 1 (New vs Base): 1-0 {White mates}");
    // Game 2 completes pair 1 (New won as white, drew as black: WD). fastchess's lines for such a pair,
    // figures by hand: 1 win, 1 draw, 1.5 points (75.00 %), Ptnml [0, 0, 0, 1, 0], pairs
    // ratio 1/0 = inf, DrawRatio (WL + DD) / pairs = 0, WL/DD 0/0 (fastchess: nan; here 0.00). Observed
    // for such a pair (a draw as white, a win as black):
    //   --------------------------------------------------
    //   Results of New-abc vs Base-abc (10+0.1, 1t, 16MB, book.epd):
    //   Elo: 190.85 +/- 0.00, nElo: inf +/- -nan
    //   LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf
    //   Games: 2, Wins: 1, Losses: 0, Draws: 1, Points: 1.5 (75.00 %)
    //   Ptnml(0-2): [0, 0, 0, 1, 0], WL/DD Ratio: -nan
    //   --------------------------------------------------
    const auto block = lines_of(c.finished(played(1, ARB_RESULT_DRAW, match::Termination::GameRule, "stalemate"), false));
    REQUIRE(block.size() == 8);
    CHECK(block[0] == "Finished game 2 (Base vs New): 1/2-1/2 {Draw by stalemate}");
    CHECK(block[1] == "--------------------------------------------------");
    CHECK(block[2] == "Results of New vs Base (10+0.1, 1t, 16MB, UHO_Lichess_4852_v1.epd):");
    CHECK_THAT(block[3], Catch::Matches(R"(Elo: -?[0-9]+\.[0-9]{2} \+/- ([0-9]+\.[0-9]{2}|inf), nElo: -?[0-9]+\.[0-9]{2} \+/- ([0-9]+\.[0-9]{2}|inf))"));
    CHECK_THAT(block[4], Catch::Matches(R"(LOS: [0-9]+\.[0-9]{2} %, DrawRatio: 0\.00 %, PairsRatio: inf)"));
    CHECK(block[5] == "Games: 2, Wins: 1, Losses: 0, Draws: 1, Points: 1.5 (75.00 %)");
    CHECK(block[6] == "Ptnml(0-2): [0, 0, 0, 1, 0], WL/DD Ratio: 0.00");
    CHECK(block[7] == block[1]);
}

TEST_CASE("fastchess lines: pairs are games (2k-1, 2k) however they finish, and a block every N pairs", "[fastchess]") {
    auto c = console(2, true, 8);
    std::string out;
    // Games 2 and 1 finish in that order (concurrency), then 4, 3: two pairs, one block at pair 2.
    out += c.finished(played(1, ARB_RESULT_WIN_SIDE_1), false);
    out += c.finished(played(0, ARB_RESULT_WIN_SIDE_0), false);
    CHECK(out.find("Results of") == std::string::npos);  // pair 1 complete, but 1 is not a multiple of 2
    out += c.finished(played(3, ARB_RESULT_DRAW, match::Termination::GameRule, "stalemate"), false);
    out += c.finished(played(2, ARB_RESULT_WIN_SIDE_1, match::Termination::GameRule, "black mates"), false);
    // New won pair 1 twice (WW), pair 2 lost as white and drew as black (LD).
    CHECK_THAT(out, Catch::Contains("Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)\n"
                                    "Ptnml(0-2): [0, 1, 0, 0, 1], WL/DD Ratio: 0.00\n"));
    CHECK_THAT(out, Catch::Contains("PairsRatio: 1.00\n"));
    CHECK(out.find("nan") == std::string::npos);
}

TEST_CASE("fastchess lines: -games 1 has no pairs, so no Ptnml and no PairsRatio", "[fastchess]") {
    // fastchess turns the pentanomial off unless -games 2; its block then counts every game.
    auto c = console(1, false, 2);
    const auto out = c.finished(played(0, ARB_RESULT_WIN_SIDE_0), false);
    CHECK_THAT(out, Catch::Contains("Games: 1, Wins: 1, Losses: 0, Draws: 0, Points: 1.0 (100.00 %)\n"));
    CHECK(out.find("Ptnml") == std::string::npos);
    CHECK(out.find("PairsRatio") == std::string::npos);
    CHECK(out.find("nan") == std::string::npos);
}

TEST_CASE("fastchess lines: the closing lines, players that lost on time or crashed, Finished match", "[fastchess]") {
    using T = match::Termination;
    auto c = console(1, true, 2);
    (void)c.finished(played(0, ARB_RESULT_WIN_SIDE_0, T::TimeForfeit, "used 5 ms of 4 ms allowed", 1), false);
    (void)c.finished(played(1, ARB_RESULT_WIN_SIDE_1, T::Crash, "", 0), true);
    // fastchess, observed (a mock engine too slow at its third move, another crashing at its fourth):
    //   (empty line)
    //   Player: Crash
    //     Timeouts: 0
    //     Crashed: 1
    //   Player: Slow
    //     Timeouts: 1
    //     Crashed: 0
    //   (empty line)
    //   Finished match
    //   Total Time: 00:00:13 (hours:minutes:seconds)
    //   (empty line)
    CHECK(c.closing(std::chrono::seconds(3725)) ==
          "\nPlayer: Base\n  Timeouts: 1\n  Crashed: 1\n\nFinished match\nTotal Time: 01:02:05 (hours:minutes:seconds)\n\n");
    auto clean = console(1, true, 2);
    (void)clean.finished(played(0, ARB_RESULT_WIN_SIDE_0), false);
    (void)clean.finished(played(1, ARB_RESULT_WIN_SIDE_1), true);
    CHECK(clean.closing(std::chrono::seconds(4)) == "Finished match\nTotal Time: 00:00:04 (hours:minutes:seconds)\n\n");
}

TEST_CASE("fastchess lines: -epdout's final position", "[fastchess]") {
    // fastchess writes the FEN's first four fields and the counters as EPD operations.
    CHECK(output::fastchess_epd_line("8/8/8/4k3/8/8/4K3/8 w - - 12 57") == "8/8/8/4k3/8/8/4K3/8 w - - hmvc 12; fmvn 57;\n");
}

TEST_CASE("how games ended per engine: counted by the engine at fault, no fishtest trigger word", "[fastchess][endings]") {
    using T = match::Termination;
    output::GameEndings endings({"New", "Base"});
    endings.add(played(0, ARB_RESULT_WIN_SIDE_1, T::TimeForfeit, "", 0));  // New loses on time
    endings.add(played(1, ARB_RESULT_WIN_SIDE_0, T::Stall, "", 1));        // New (side 1) stalls
    endings.add(played(2, ARB_RESULT_DRAW, T::DrawAdjudication, ""));
    endings.add(played(3, ARB_RESULT_WIN_SIDE_1, T::GameRule, "black mates"));
    const auto &e = endings.engines();
    CHECK(e[0].games == 4);
    CHECK(e[0].time == 1);
    CHECK(e[0].stall == 1);
    CHECK(e[1].time == 0);
    CHECK(e[1].stall == 0);
    CHECK(e[0].draw_adjudication == 1);
    CHECK(e[1].rules == 1);
    const std::string text = endings.text();
    INFO(text);
    for (const char *word : {"stall", "disconnect", "timeout", "on time"}) CHECK(text.find(word) == std::string::npos);
    CHECK(endings.json()["New"]["stall"] == 1);
}
