// The pure parts of the NBoard adapter: replies and thinking lines as NTest
// and Edax write them, the GGF game text, the time budget and the stop
// margin. Expected values are written by hand from the NBoard protocol page
// and the engines' observed output.
#include "move_budget.hpp"
#include "nboard_text.hpp"
#include "othello_ggf.hpp"
#include "stop_lag.hpp"

#include <catch2/catch.hpp>

using namespace arb;
using namespace std::chrono_literals;

TEST_CASE("nboard move replies: NTest's and Edax's forms, passes", "[nboard_adapter]") {
    CHECK(nboard::move_of_reply("=== D3/-1.30/0.00") == std::optional<std::string>("d3"));
    CHECK(nboard::move_of_reply("=== d3 0.00 0.0") == std::optional<std::string>("d3"));
    CHECK(nboard::move_of_reply("=== F5") == std::optional<std::string>("f5"));
    CHECK(nboard::move_of_reply("=== PA") == std::optional<std::string>("pass"));
    CHECK(nboard::move_of_reply("=== pa/0.00/0.0") == std::optional<std::string>("pass"));
    CHECK_FALSE(nboard::move_of_reply("===").has_value());
    CHECK_FALSE(nboard::move_of_reply("status === D3").has_value());
    CHECK(nboard::is_move_reply("==="));
    CHECK_FALSE(nboard::is_move_reply("pong 3"));
}

TEST_CASE("nboard thinking lines become UGI info", "[nboard_adapter]") {
    // NTest: "search <pv> <eval in discs> 0 <depth>", eval padded and signed.
    CHECK(nboard::info_of_thinking("search D3       -1.30 0 22") ==
          std::optional<std::string>("info depth 22 score cp -130"));
    CHECK(nboard::info_of_thinking("search PA-F5 +0.50 0 12@73%") ==
          std::optional<std::string>("info depth 12 score cp 50"));
    // "100%W" is a solve, not a depth; a draw-value pair keeps its first value.
    CHECK(nboard::info_of_thinking("search F5d6 +2.00,1.00 0 100%W") ==
          std::optional<std::string>("info score cp 200"));
    CHECK(nboard::info_of_thinking("book F5 0.00 1234 20") == std::optional<std::string>("info depth 20 score cp 0"));
    CHECK(nboard::info_of_thinking("nodestats 35805 0.00") == std::optional<std::string>("info nodes 35805"));
    CHECK_FALSE(nboard::info_of_thinking("status Edax is thinking").has_value());
    CHECK_FALSE(nboard::info_of_thinking("search D3 notanumber 0 3").has_value());
    CHECK(nboard::is_pong("pong 7", 7));
    CHECK_FALSE(nboard::is_pong("pong 7", 8));
    CHECK_FALSE(nboard::is_pong("ping 7", 7));
}

TEST_CASE("GGF game from the standard start with passes", "[nboard_adapter]") {
    adapter::UgiPosition position{"", {"f5", "d6", "pass", "c3"}};
    adapter::GgfHeader header;
    header.time = 125s;
    auto ggf = adapter::othello_ggf(position, header);
    REQUIRE(ggf.has_value());
    // The NBoard protocol page's example board: white d4 e5, black e4 d5; black to move.
    CHECK(*ggf == "(;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[2:05]TY[8]"
                  "BO[8 ---------------------------O*------*O--------------------------- *]"
                  "B[F5]W[D6]B[PA]W[C3];)");
}

TEST_CASE("GGF game from a position string with white to move", "[nboard_adapter]") {
    const std::string fen = "X-------------------------oOX------XXX-------------------------- o";
    auto ggf = adapter::othello_ggf({fen, {"d6"}}, {});
    REQUIRE(ggf.has_value());
    CHECK(*ggf == "(;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[1:00:00]TY[8]"
                  "BO[8 *-------------------------OO*------***-------------------------- O]W[D6];)");
    auto empty = adapter::othello_empty_squares({fen, {}});
    REQUIRE(empty.has_value());
    CHECK(*empty == 64 - 7);
    CHECK_FALSE(adapter::othello_ggf({"XO-- X", {}}, {}).has_value());
    CHECK(adapter::ggf_time(3725s) == "1:02:05");
}

TEST_CASE("move budget: movetime, clocks shared over the moves left, no limit", "[nboard_adapter]") {
    adapter::GoLimits movetime;
    movetime.movetime_ms = 1000;
    auto b = nboard::move_budget(movetime, 0, 60, 50ms);
    REQUIRE(b.allowance.has_value());
    CHECK(*b.allowance == 950ms);
    CHECK(b.clock == 30s);  // 1 s for each of black's 30 moves

    adapter::GoLimits clock;
    clock.time_ms[0] = 10'000;
    clock.time_ms[1] = 3'050;
    clock.inc_ms[1] = 100;
    // White, 20 empty squares: 10 moves left; (3050 - 50) / 10 + 100 = 400 ms.
    b = nboard::move_budget(clock, 1, 20, 50ms);
    REQUIRE(b.allowance.has_value());
    CHECK(*b.allowance == 400ms);
    CHECK(b.clock == 3s);
    clock.movestogo = 4;  // (3050 - 50) / 4 + 100 = 850 ms
    CHECK(*nboard::move_budget(clock, 1, 20, 50ms).allowance == 850ms);
    clock.time_ms[1] = 40;  // less than the overhead: the smallest allowance
    CHECK(*nboard::move_budget(clock, 1, 20, 50ms).allowance == 1ms);

    adapter::GoLimits depth;
    depth.depth = 5;
    b = nboard::move_budget(depth, 0, 60, 50ms);
    CHECK_FALSE(b.allowance.has_value());
    CHECK(b.clock == 0s);
}

TEST_CASE("move budget: never more than half the clock left on one move", "[nboard_adapter]") {
    adapter::GoLimits clock;
    clock.time_ms[0] = 1'050;
    clock.inc_ms[0] = 100;
    // Black, 2 empty squares: its last move; (1050 - 50) / 1 + 100 = 1100 ms
    // would spend the whole clock, so it gets (1050 - 50) / 2 = 500 ms.
    CHECK(*nboard::move_budget(clock, 0, 2, 50ms).allowance == 500ms);
    // movestogo 2 (a moves/time control): 1000 / 2 + 100 = 600 ms, also capped.
    clock.movestogo = 2;
    CHECK(*nboard::move_budget(clock, 0, 40, 50ms).allowance == 500ms);
    // A big increment against a small clock: 2 s + 1 s, 30 moves left:
    // 1950 / 30 + 1000 = 1065 ms, capped at 1950 / 2 = 975 ms.
    clock.movestogo.reset();
    clock.time_ms[0] = 2'000;
    clock.inc_ms[0] = 1'000;
    CHECK(*nboard::move_budget(clock, 0, 60, 50ms).allowance == 975ms);
}

TEST_CASE("stop ping: the allowance less the stop margin, at once when the margin is longer", "[nboard_adapter]") {
    CHECK(nboard::stop_ping_after(400ms, 100ms) == 300ms);
    CHECK(nboard::stop_ping_after(400ms, 0ms) == 400ms);
    CHECK(nboard::stop_ping_after(80ms, 100ms) == 0ms);
}

TEST_CASE("stop lag: the longest of the last 16 stops, 100 ms before the first, at most 1 s", "[nboard_adapter]") {
    nboard::StopLag lag;
    CHECK(lag.margin() == 100ms);  // no stop seen yet
    lag.observe(40ms);
    CHECK(lag.margin() == 40ms);  // measured from the first stop on
    for (int i = 0; i < 15; ++i) lag.observe(5ms);
    CHECK(lag.margin() == 40ms);  // 16 stops seen, the 40 ms one among them
    lag.observe(5ms);
    CHECK(lag.margin() == 5ms);  // it is the 17th last now
    lag.observe(300ms);  // a busy spell
    CHECK(lag.margin() == 300ms);
    for (int i = 0; i < 15; ++i) lag.observe(5ms);
    CHECK(lag.margin() == 300ms);  // still among the last 16
    lag.observe(5ms);
    CHECK(lag.margin() == 5ms);  // forgotten
    lag.observe(60'000ms);  // a hang
    CHECK(lag.margin() == 1000ms);

    nboard::StopLag fixed(40ms);  // --stop-lag-ms 40
    CHECK(fixed.margin() == 40ms);
    fixed.observe(500ms);
    CHECK(fixed.margin() == 40ms);
    CHECK(nboard::StopLag(0ms).margin() == 0ms);  // --stop-lag-ms 0: ping at the end of the allowance
}

TEST_CASE("go arguments are read into limits", "[nboard_adapter]") {
    auto limits = adapter::parse_go("p1time 5000 p2time 7000 p1inc 10 p2inc 20 movestogo 3");
    REQUIRE(limits.has_value());
    CHECK(limits->time_ms[0] == 5000);
    CHECK(limits->time_ms[1] == 7000);
    CHECK(limits->inc_ms[1] == 20);
    CHECK(limits->movestogo == 3);
    CHECK_FALSE(limits->movetime_ms.has_value());
    CHECK_FALSE(adapter::parse_go("movetime x").has_value());
    CHECK_FALSE(adapter::parse_go("depth").has_value());
}
