// Shogi's byoyomi (issue 31 §2): the time control text, the clock kept by
// the arbiter, the 'go' line of each dialect, and a game whose engine
// overruns its byoyomi. Every figure below is counted by hand in the
// comments beside it; the game is played by an in-process fake whose times
// are given, not measured, so no test waits on a clock.
#include "core/time_control.hpp"
#include "engine/dialect/dialect_codec.hpp"
#include "match/clock.hpp"
#include "match/game_runner.hpp"
#include "support/plugins.hpp"

#include <arbiter/protocol/command.hpp>

#include <catch2/catch.hpp>

#include <deque>
#include <string>
#include <vector>

namespace {

using arb::core::TimeControl;
using arb::match::Clock;
using arb::protocol::Dialect;
using std::chrono::milliseconds;

TimeControl tc(const char *text) {
    auto parsed = TimeControl::parse(text);
    INFO(text << ": " << (parsed ? std::string() : parsed.error().message));
    REQUIRE(parsed);
    return *parsed;
}

std::string go_line(const arb::protocol::Go &go, Dialect dialect) {
    std::string out;
    arb::engine::make_dialect_codec(dialect, nullptr)->append_go(out, go);
    return out;
}

}  // namespace

TEST_CASE("byoyomi time controls: main time plus byoyomi, or byoyomi alone", "[time_control][byoyomi]") {
    TimeControl main_and_byoyomi = tc("600,byoyomi=10");
    CHECK(main_and_byoyomi.kind == TimeControl::Kind::Clock);
    CHECK(main_and_byoyomi.base == milliseconds(600000));
    CHECK(main_and_byoyomi.increment == milliseconds(0));
    CHECK(main_and_byoyomi.byoyomi == milliseconds(10000));
    CHECK(main_and_byoyomi.to_string() == "600,byoyomi=10");
    CHECK(main_and_byoyomi.time_text() == "600,byoyomi=10");

    TimeControl alone = tc("byoyomi=0.5");  // no main time: each move has its 0.5 s
    CHECK(alone.kind == TimeControl::Kind::Clock);
    CHECK(alone.base == milliseconds(0));
    CHECK(alone.byoyomi == milliseconds(500));
    CHECK(alone.to_string() == "byoyomi=0.5");

    TimeControl capped = tc("byoyomi=30,60,nodes=1000");  // any order, caps beside it
    CHECK(capped.base == milliseconds(60000));
    CHECK(capped.byoyomi == milliseconds(30000));
    CHECK(capped.nodes == 1000);
    CHECK(capped.to_string() == "60,byoyomi=30,nodes=1000");

    for (const char *text : {"600,byoyomi=10", "byoyomi=0.5", "60,byoyomi=30,nodes=1000", "1.5,byoyomi=0.25,depth=3"})
        CHECK(tc(tc(text).to_string().c_str()) == tc(text));
    CHECK(TimeControl{} == tc("10+0.1"));  // the default has no byoyomi
}

TEST_CASE("byoyomi with an increment, moves/, movetime or twice is refused, naming the part", "[time_control][byoyomi]") {
    auto refused = [](const char *text, const char *why) {
        auto parsed = TimeControl::parse(text);
        INFO(text);
        REQUIRE_FALSE(parsed);
        CHECK_THAT(parsed.error().message, Catch::Contains(why));
        CHECK_THAT(parsed.error().message, Catch::Contains(std::string("'") + text + "'"));
    };
    refused("600+5,byoyomi=10", "with an increment");
    refused("40/600,byoyomi=10", "with moves/");
    refused("movetime=1,byoyomi=10", "already fixes each move's time");
    refused("600,byoyomi=10,byoyomi=5", "byoyomi given twice");
    refused("600,byoyomi=0", "is not a positive number of seconds");
    refused("600,byoyomi=-1", "is not a positive number of seconds");
    refused("600,byoyomi=x", "'x'");
}

TEST_CASE("a byoyomi clock spends the main time first, then allows the byoyomi each move, never banked", "[clock][byoyomi]") {
    Clock clock(tc("1,byoyomi=0.5"), milliseconds(100));
    CHECK(clock.remaining() == milliseconds(1000));
    CHECK(clock.allowance() == milliseconds(1600));  // 1000 main + 500 byoyomi + 100 margin
    REQUIRE(clock.charge(milliseconds(700)));        // inside the main time: 1000 - 700
    CHECK(clock.remaining() == milliseconds(300));
    CHECK(clock.allowance() == milliseconds(900));   // 300 + 500 + 100
    REQUIRE(clock.charge(milliseconds(650)));        // 300 main spent, 350 of the byoyomi
    CHECK(clock.remaining() == milliseconds(0));     // the unused 150 ms of byoyomi are lost
    CHECK(clock.allowance() == milliseconds(600));   // from now on: 500 + 100 each move
    REQUIRE(clock.charge(milliseconds(600)));        // the whole byoyomi and the margin
    CHECK(clock.remaining() == milliseconds(0));
    REQUIRE(clock.charge(milliseconds(100)));        // a quick move banks nothing
    CHECK(clock.allowance() == milliseconds(600));
    CHECK_FALSE(clock.charge(milliseconds(601)));    // over the byoyomi and the margin: lost on time
    CHECK(clock.moves_made() == 4);

    Clock alone(tc("byoyomi=0.2"), milliseconds(0));
    CHECK(alone.remaining() == milliseconds(0));
    CHECK(alone.allowance() == milliseconds(200));
    CHECK(alone.charge(milliseconds(200)));
    CHECK_FALSE(alone.charge(milliseconds(201)));
}

TEST_CASE("the go line of a byoyomi clock: USI's byoyomi, the same as Fischer for the other dialects", "[protocol][byoyomi]") {
    arb::protocol::Go go;
    go.p1time = 30000;
    go.p2time = 0;
    go.byoyomi = 10000;
    CHECK(go_line(go, Dialect::Usi) == "go btime 30000 wtime 0 byoyomi 10000");
    // A Fischer engine may use its clock and gets the increment back after
    // the move: clock + 10000 now, 10000 as the increment.
    CHECK(go_line(go, Dialect::Uci) == "go wtime 40000 btime 10000 winc 10000 binc 10000");
    CHECK(go_line(go, Dialect::Uai) == "go btime 40000 wtime 10000 binc 10000 winc 10000");
    CHECK(go_line(go, Dialect::Ugi) == "go p1time 40000 p2time 10000 p1inc 10000 p2inc 10000");

    // A USI clock without increment says "byoyomi 0" (engines of USI's first
    // form, gpsusi, abort at binc/winc), and reads back as the clock alone.
    arb::protocol::Go plain;
    plain.p1time = 60000;
    plain.p2time = 59000;
    plain.p1inc = plain.p2inc = 0;
    CHECK(go_line(plain, Dialect::Usi) == "go btime 60000 wtime 59000 byoyomi 0");
    CHECK(go_line(plain, Dialect::Uci) == "go wtime 60000 btime 59000 winc 0 binc 0");
    auto plain_back = arb::protocol::parse_command("go btime 60000 wtime 59000 byoyomi 0", Dialect::Usi);
    REQUIRE(std::holds_alternative<arb::protocol::Go>(plain_back));
    CHECK(std::get<arb::protocol::Go>(plain_back).p1time == 60000);
    CHECK_FALSE(std::get<arb::protocol::Go>(plain_back).byoyomi);
    CHECK_FALSE(std::get<arb::protocol::Go>(plain_back).movetime);

    // What an SDK engine reads back: USI's byoyomi beside a clock stays a
    // byoyomi (not a fixed time per move); with both clocks at 0 it is one.
    auto read = arb::protocol::parse_command("go btime 30000 wtime 0 byoyomi 10000", Dialect::Usi);
    REQUIRE(std::holds_alternative<arb::protocol::Go>(read));
    const auto &back = std::get<arb::protocol::Go>(read);
    CHECK(back.p1time == 30000);
    CHECK(back.p2time == 0);
    CHECK(back.byoyomi == 10000);
    CHECK_FALSE(back.movetime);
    auto fixed = arb::protocol::parse_command("go btime 0 wtime 0 byoyomi 500", Dialect::Usi);
    REQUIRE(std::holds_alternative<arb::protocol::Go>(fixed));
    CHECK(std::get<arb::protocol::Go>(fixed).movetime == 500);
    CHECK_FALSE(std::get<arb::protocol::Go>(fixed).byoyomi);
}

namespace {

// An engine in this process: it plays the given moves in turn, says it took
// the given times, and keeps every 'go' and the result it was told.
class ScriptedEngine final : public arb::engine::ProtocolEngine {
public:
    ScriptedEngine(std::string name, std::vector<std::string> moves, std::vector<int> times_ms)
        : name_(std::move(name)), moves_(moves.begin(), moves.end()), times_(times_ms.begin(), times_ms.end()) {}

    arb::Expected<void, arb::engine::EngineError> new_game() override { return {}; }
    arb::Expected<arb::engine::BestMove, arb::engine::EngineError> go(const arb::protocol::Position &,
                                                                        const arb::protocol::Go &go,
                                                                        milliseconds) override {
        REQUIRE_FALSE(moves_.empty());
        gos.push_back(go);
        arb::engine::BestMove move;
        move.move = moves_.front();
        move.elapsed = milliseconds(times_.front());
        move.resigned = move.move == "resign";  // as the USI module reads 'bestmove resign'
        moves_.pop_front();
        times_.pop_front();
        return move;
    }
    void game_over(arb::protocol::GameOver::Result result) override { told.push_back(result); }
    void quit() override {}
    [[nodiscard]] bool alive() const override { return true; }
    [[nodiscard]] const std::string &name() const override { return name_; }
    [[nodiscard]] std::string stderr_tail() const override { return {}; }

    std::vector<arb::protocol::Go> gos;
    std::vector<arb::protocol::GameOver::Result> told;

private:
    std::string name_;
    std::deque<std::string> moves_;
    std::deque<int> times_;
};

}  // namespace

TEST_CASE("a move over its byoyomi loses on time, and the engines were shown main time and byoyomi", "[match][byoyomi]") {
    arb::match::GameSetup setup;
    setup.plugin = arb::test::load_plugin("tictactoe");
    setup.time_control[0] = setup.time_control[1] = tc("1,byoyomi=0.5");
    setup.time_margin = milliseconds(0);
    // Side 0 spends 800 ms (200 main left), then 650 ms (200 main + 450
    // byoyomi: 0 left), then 501 ms: 1 ms over its 500 ms byoyomi.
    ScriptedEngine first("first", {"a1", "a2", "a3"}, {800, 650, 501});
    ScriptedEngine second("second", {"b1", "b2"}, {100, 100});
    auto record = arb::match::play_game(setup, first, second);
    CHECK(record.termination == arb::match::Termination::TimeForfeit);
    CHECK(record.loser_side == 0);
    CHECK(record.result == ARB_RESULT_WIN_SIDE_1);
    CHECK_THAT(record.reason, Catch::Contains("used 501 ms of 500 ms allowed"));
    CHECK(record.moves.size() == 4);  // a1 b1 a2 b2; a3 came too late

    REQUIRE(first.gos.size() == 3);
    CHECK(first.gos[0].p1time == 1000);
    CHECK(first.gos[0].p2time == 1000);
    CHECK(first.gos[0].byoyomi == 500);
    CHECK_FALSE(first.gos[0].p1inc);  // a byoyomi, never an increment beside it
    CHECK(first.gos[1].p1time == 200);
    CHECK(first.gos[1].p2time == 900);  // second: 1000 - 100
    CHECK(first.gos[2].p1time == 0);
    CHECK(first.gos[2].p2time == 800);
    CHECK(go_line(first.gos[2], Dialect::Usi) == "go btime 0 wtime 800 byoyomi 500");

    // Both engines were told the result, each its own.
    REQUIRE(first.told.size() == 1);
    CHECK(first.told[0] == arb::protocol::GameOver::Result::Lose);
    REQUIRE(second.told.size() == 1);
    CHECK(second.told[0] == arb::protocol::GameOver::Result::Win);
}

TEST_CASE("a game that ends by its rules tells both engines their result, a draw as a draw", "[match][gameover]") {
    arb::match::GameSetup setup;
    setup.plugin = arb::test::load_plugin("tictactoe");
    setup.time_control[0] = setup.time_control[1] = tc("10+0.1");
    // A drawn game, move by move: x b2, o a1, x c1, o a3, x a2, o c2, x b3, o b1, x c3;
    //   row 1: o(a1) o(b1) x(c1); row 2: x(a2) x(b2) o(c2); row 3: o(a3) x(b3) x(c3): no line of three.
    ScriptedEngine first("first", {"b2", "c1", "a2", "b3", "c3"}, {1, 1, 1, 1, 1});
    ScriptedEngine second("second", {"a1", "a3", "c2", "b1"}, {1, 1, 1, 1});
    auto record = arb::match::play_game(setup, first, second);
    INFO(record.reason);
    REQUIRE(record.result == ARB_RESULT_DRAW);
    CHECK(first.told == std::vector{arb::protocol::GameOver::Result::Draw});
    CHECK(second.told == std::vector{arb::protocol::GameOver::Result::Draw});
}

TEST_CASE("a resignation ends the game at once, lost by the engine that resigned", "[match][resign]") {
    arb::match::GameSetup setup;
    setup.plugin = arb::test::load_plugin("tictactoe");
    setup.time_control[0] = setup.time_control[1] = tc("10+0.1");
    ScriptedEngine first("first", {"b2", "c1"}, {1, 1});
    ScriptedEngine second("second", {"a1", "resign"}, {1, 1});
    auto record = arb::match::play_game(setup, first, second);
    CHECK(record.termination == arb::match::Termination::Resigned);
    CHECK(std::string(arb::match::termination_name(record.termination)) == "resignation");
    CHECK(record.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(record.loser_side == 1);
    CHECK(record.reason == "second resigned");
    CHECK(record.moves.size() == 3);  // b2 a1 c1: the resignation is no move
    CHECK(first.told == std::vector{arb::protocol::GameOver::Result::Win});
    CHECK(second.told == std::vector{arb::protocol::GameOver::Result::Lose});
}
