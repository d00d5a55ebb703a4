// "arbiter.record-format/1" of the Othello plugin: GGF records through the C
// ABI, checked against text written out by hand from the GGF description
// (https://www.skatgame.net/mburo/ggsa/ggf): BO holds the start in GGF's
// letters (* black, O white), RE is black's disc result (empties to the
// winner) with :t/:r/:s flags, moves are B[square/eval/seconds].
// The game lines were found and scored with an independent Python model.
#include "match/finished_game.hpp"
#include "output/native_record.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

using namespace arb;

namespace {

// Black to move; g8, then white has no placement (PA), then b8 fills the
// board: 34 black, 30 white.
const std::string kPassStart = "XOOOOOOOXOOXOXXOXOXOXOXOXOXOOXXOXOXOOXXOXOXXOOXOXOOOOOOOX-OOOO-O X";
const std::string kPassBoard = "*OOOOOOO*OO*O**O*O*O*O*O*O*OO**O*O*OO**O*O**OO*O*OOOOOOO*-OOOO-O";
const std::string kStandardBoard = "---------------------------O*------*O---------------------------";

struct Call {
    arb_status status;
    std::string text;
    uint32_t needed;  // the text rule's: with the NUL
};

Call write(const game::GameState &start, const arb_record_game &g, size_t cap) {
    const game::RecordFormatCalls *format = start.plugin()->record_format();
    REQUIRE(format != nullptr);
    std::vector<char> buf(cap + 1, 'Z');
    uint32_t needed = 999;
    arb_status status =
        format->write_record(start.raw(), &g, cap ? buf.data() : nullptr, static_cast<uint32_t>(cap), &needed);
    return {status, cap ? std::string(buf.data()) : std::string(), needed};
}

arb_record_game game_of(const std::vector<arb_record_move> &moves, arb_result result, arb_record_ending ending) {
    arb_record_game g{};
    g.struct_size = sizeof g;
    g.move_struct_size = sizeof(arb_record_move);
    g.moves = moves.empty() ? nullptr : moves.data();
    g.move_count = static_cast<int32_t>(moves.size());
    g.result = result;
    g.ending = ending;
    g.player_names[0] = "edax";
    g.player_names[1] = "ntest";
    g.event = "e";
    g.site = "s";
    g.date = "2026-11-22T10:05:00Z";
    g.time_control = "";
    return g;
}

arb_record_move at(const game::GameState &state, const char *text, int64_t ms, std::optional<int> cp = {}) {
    arb_move code = ARB_MOVE_NONE;
    std::string error;
    REQUIRE(state.parse_move(text, code, error) == ARB_OK);
    return {code, cp ? 1 : 0, cp.value_or(0), 0, ms};
}

}  // namespace

TEST_CASE("othello names its record format GGF, games.ggf", "[othello][record]") {
    auto plugin = test::load_plugin("othello");
    const game::RecordFormatCalls *format = plugin->record_format();
    REQUIRE(format != nullptr);
    CHECK(std::string(format->name()) == "GGF");
    CHECK(std::string(format->file_extension()) == "ggf");
    CHECK(format->revision() == 2);
    CHECK(plugin->api().get_extension(ARB_EXT_RECORD_FORMAT_2) != nullptr);
}

TEST_CASE("a GGF record from a non-standard start with a pass, scores and times", "[othello][record]") {
    auto start = test::new_game("othello");
    REQUIRE(start.set_position(kPassStart).has_value());
    game::GameState s = start;
    std::vector<arb_record_move> moves;
    moves.push_back(at(s, "g8", 510, -130));
    test::play_text(s, "g8");
    moves.push_back(at(s, "pass", 0));
    test::play_text(s, "pass");
    moves.push_back(at(s, "b8", 1000));
    arb_record_game g = game_of(moves, ARB_RESULT_WIN_SIDE_0, ARB_ENDING_RULE);
    g.clock_base_ms = 300000;
    g.clock_increment_ms = 2000;
    const std::string expected = "(;GM[Othello]PC[arbiter]DT[2026.11.22_10:05:00.UTC]PB[edax]PW[ntest]RE[+4.00]"
                                 "TI[5:00/0:02/0:00]TY[8]BO[8 " + kPassBoard + " *]"
                                 "B[G8/-1.30/0.51]W[PA//0.00]B[B8//1.00];)\n";
    Call ok = write(start, g, 4096);
    CHECK(ok.status == ARB_OK);
    CHECK(ok.text == expected);
    CHECK(ok.needed == expected.size() + 1);
    CHECK(start.position() == kPassStart);  // the start is not changed

    SECTION("a buffer one byte short: ARB_ERR_BUFFER, an empty text and the size needed") {
        Call short_call = write(start, g, expected.size());
        CHECK(short_call.status == ARB_ERR_BUFFER);
        CHECK(short_call.text.empty());
        CHECK(short_call.needed == expected.size() + 1);
        Call exact = write(start, g, expected.size() + 1);
        CHECK(exact.status == ARB_OK);
        CHECK(exact.text == expected);
    }
    SECTION("no buffer at all asks for the size too") {
        Call none = write(start, g, 0);
        CHECK(none.status == ARB_ERR_BUFFER);
        CHECK(none.needed == expected.size() + 1);
    }
    SECTION("a move not legal where played is ARB_ERR_ILLEGAL") {
        std::vector<arb_record_move> bad = moves;
        std::swap(bad[1], bad[2]);  // b8 while white must pass
        arb_record_game g2 = game_of(bad, ARB_RESULT_WIN_SIDE_0, ARB_ENDING_RULE);
        CHECK(write(start, g2, 4096).status == ARB_ERR_ILLEGAL);
    }
}

TEST_CASE("GGF's TI keeps a sub-second increment: 10+0.1 is TI[0:10/0:00.1/0:00]", "[othello][record]") {
    auto start = test::new_game("othello");
    std::vector<arb_record_move> moves;
    arb_record_game g = game_of(moves, ARB_RESULT_ONGOING, ARB_ENDING_UNFINISHED);
    g.clock_base_ms = 10000;
    g.clock_increment_ms = 100;  // was written TI[0:10]: the increment lost
    CHECK_THAT(write(start, g, 4096).text, Catch::Contains("RE[?]TI[0:10/0:00.1/0:00]TY[8]"));
    g.clock_base_ms = 3723250;  // 1 h 2 min 3.25 s
    g.clock_increment_ms = 0;
    CHECK_THAT(write(start, g, 4096).text, Catch::Contains("RE[?]TI[1:02:03.25//0:00]TY[8]"));
    // A host of the second layout names each side's clock.
    g.clock_base_ms = 0;
    g.side_clock_base_ms[0] = 300000;
    g.side_clock_increment_ms[0] = 2000;
    g.side_clock_base_ms[1] = 60000;
    g.side_time_control[0] = "300+2";
    g.side_time_control[1] = "60";
    CHECK_THAT(write(start, g, 4096).text, Catch::Contains("RE[?]TB[5:00/0:02/0:00]TW[1:00//0:00]TY[8]"));
}

TEST_CASE("a GGF wipeout from the standard start gives the empties to the winner", "[othello][record]") {
    auto start = test::new_game("othello");
    game::GameState s = start;
    std::vector<arb_record_move> moves;
    // Black leaves white no disc after 9 moves: 13 black discs, 51 empty, so black's result is +64.
    for (const char *m : {"d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"}) {
        moves.push_back(at(s, m, -1));
        test::play_text(s, m);
    }
    REQUIRE(s.side_to_move() == ARB_SIDE_NONE);
    Call ok = write(start, game_of(moves, ARB_RESULT_WIN_SIDE_0, ARB_ENDING_RULE), 4096);
    CHECK(ok.status == ARB_OK);
    CHECK(ok.text == "(;GM[Othello]PC[arbiter]DT[2026.11.22_10:05:00.UTC]PB[edax]PW[ntest]RE[+64.00]TY[8]BO[8 " +
                         kStandardBoard + " *]B[D3]W[C3]B[B3]W[D2]B[E1]W[D6]B[D7]W[E3]B[F4];)\n");
}

TEST_CASE("GGF results of games the rules did not end carry GGF's flags", "[othello][record]") {
    auto start = test::new_game("othello");
    std::vector<arb_record_move> moves{at(start, "f5", 2000)};
    auto re = [&](arb_result result, arb_record_ending ending) {
        std::string text = write(start, game_of(moves, result, ending), 4096).text;
        auto from = text.find("RE[");
        return text.substr(from, text.find(']', from) - from + 1);
    };
    CHECK(re(ARB_RESULT_WIN_SIDE_1, ARB_ENDING_TIME) == "RE[-64.00:t]");
    CHECK(re(ARB_RESULT_WIN_SIDE_0, ARB_ENDING_RESIGN) == "RE[+64.00:r]");
    CHECK(re(ARB_RESULT_WIN_SIDE_1, ARB_ENDING_FORFEIT) == "RE[-64.00:r]");
    CHECK(re(ARB_RESULT_DRAW, ARB_ENDING_AGREED) == "RE[0.00:s]");
    CHECK(re(ARB_RESULT_ONGOING, ARB_ENDING_UNFINISHED) == "RE[?]");
}

TEST_CASE("an older host's shorter arb_record_game and a wider move stride are read", "[othello][record]") {
    auto start = test::new_game("othello");
    struct Wider {
        arb_record_move move;
        int64_t extra;
    };
    std::vector<Wider> wide{{at(start, "f5", 2000), -1}};
    std::vector<arb_record_move> plain{wide[0].move};
    arb_record_game g = game_of(plain, ARB_RESULT_WIN_SIDE_1, ARB_ENDING_TIME);
    const std::string expected = write(start, g, 4096).text;
    CHECK(expected.find("B[F5//2.00];)") != std::string::npos);
    arb_record_game w = g;
    w.move_struct_size = sizeof(Wider);
    w.moves = &wide[0].move;
    CHECK(write(start, w, 4096).text == expected);
    // A host whose struct ends before `date`: no DT, the rest unchanged.
    arb_record_game older = g;
    older.struct_size = offsetof(arb_record_game, date);
    older.date = "garbage the plugin must not read";
    CHECK(write(start, older, 4096).text ==
          "(;GM[Othello]PC[arbiter]PB[edax]PW[ntest]RE[-64.00:t]TY[8]BO[8 " + kStandardBoard + " *]B[F5//2.00];)\n");
}

TEST_CASE("the host's writer replays a finished game's texts into the plugin's record", "[othello][record]") {
    auto plugin = test::load_plugin("othello");
    core::TimeControl tc;
    tc.base = std::chrono::seconds(60);
    tc.increment = std::chrono::milliseconds(0);
    auto writer = output::NativeRecordWriter::create(plugin, {}, {"ev", "site", tc});
    REQUIRE(writer.has_value());
    REQUIRE(writer->has_value());
    CHECK((*writer)->file_name() == "games.ggf");
    match::FinishedGame g;
    g.slot.index = 0;
    g.record.engine_names[0] = "a[1]";
    g.record.engine_names[1] = "b";
    g.record.opening_position = kPassStart;
    g.record.opening_moves = {"g8"};
    match::MoveRecord pass;
    pass.text = "pass";
    pass.forced = true;
    match::MoveRecord last;
    last.text = "b8";
    last.elapsed = std::chrono::milliseconds(250);
    last.info.score_cp = 400;
    g.record.moves = {pass, last};
    g.record.result = ARB_RESULT_WIN_SIDE_0;
    g.record.termination = match::Termination::GameRule;
    g.record.started = std::chrono::system_clock::time_point(std::chrono::seconds(1795341900));  // 2026-11-22T10:05:00Z
    auto text = (*writer)->write(g);
    REQUIRE(text.has_value());
    // The record does not say what it was played under: the tournament's 60+0
    // (no increment: a blank field; no extension: 0:00, which GGS's 2:00 default would otherwise be).
    CHECK(*text == "(;GM[Othello]PC[arbiter]DT[2026.11.22_10:05:00.UTC]PB[a(1)]PW[b]RE[+4.00]TI[1:00//0:00]TY[8]BO[8 " +
                       kPassBoard + " *]B[G8]W[PA//0.00]B[B8/4.00/0.25];)\n");

    // What the record says wins over the tournament's: both sides alike give
    // TI, with a sub-second increment kept; different ones give TB and TW.
    g.record.played_under.time_control[0] = g.record.played_under.time_control[1] = *core::TimeControl::parse("10+0.1");
    auto same = (*writer)->write(g);
    REQUIRE(same.has_value());
    CHECK_THAT(*same, Catch::Contains("RE[+4.00]TI[0:10/0:00.1/0:00]TY[8]"));
    g.record.played_under.time_control[1] = *core::TimeControl::parse("3600+2.5");
    auto sides = (*writer)->write(g);
    REQUIRE(sides.has_value());
    CHECK_THAT(*sides, Catch::Contains("RE[+4.00]TB[0:10/0:00.1/0:00]TW[1:00:00/0:02.5/0:00]TY[8]"));
    g.record.played_under.time_control[1] = *core::TimeControl::parse("movetime=2");
    auto no_clock = (*writer)->write(g);
    REQUIRE(no_clock.has_value());
    CHECK_THAT(*no_clock, Catch::Contains("RE[+4.00]TB[0:10/0:00.1/0:00]TY[8]"));  // white had no clock

    g.record.moves[1].text = "a1";  // taken: the game cannot be replayed
    auto bad = (*writer)->write(g);
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message, Catch::Contains("game 1") && Catch::Contains("'a1'"));
}

TEST_CASE("a game without the extension gets no native record writer", "[othello][record]") {
    auto plugin = test::load_plugin("tictactoe");
    CHECK(plugin->record_format() == nullptr);
    auto writer = output::NativeRecordWriter::create(plugin, {}, {});
    REQUIRE(writer.has_value());
    CHECK_FALSE(writer->has_value());
}
