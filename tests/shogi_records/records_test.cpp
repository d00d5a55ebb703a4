// Shogi's own records (issue 31 §3): games.kif and games.csa as the host
// writes them through the plugin's "arbiter.record-formats/1". Two records
// are written out by hand here, line by line, from the KIF (Kakinoki) and
// CSA 2.2 formats; every ending is then read back by tsshogi, an independent
// record library (npm), which must find the same moves and the same ending.
#include "output/native_record.hpp"
#include "support/child_process.hpp"
#include "support/plugins.hpp"
#include "support/skip.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using namespace arb;
using std::chrono::milliseconds;

// 2026-12-01T10:00:00Z: 1795341900 is 2026-11-22T10:05:00Z, plus 9 days less 5 minutes.
constexpr int64_t kStarted = 1795341900 + 9 * 86400 - 300;

struct Writers {
    std::vector<output::NativeRecordWriter> all;
    const output::NativeRecordWriter &kif() const { return all.at(0); }
    const output::NativeRecordWriter &csa() const { return all.at(1); }
};

Writers writers(const game::OptionList &options = {}) {
    auto plugin = test::load_plugin("shogi");
    auto made = output::NativeRecordWriter::create_all(plugin, options, {"ev", "site", *core::TimeControl::parse("60")});
    REQUIRE(made.has_value());
    REQUIRE(made->size() == 2);
    CHECK((*made)[0].file_name() == "games.kif");
    CHECK((*made)[1].file_name() == "games.csa");
    return {std::move(*made)};
}

match::FinishedGame finished_game(std::vector<std::pair<std::string, int>> moves, arb_result result, match::Termination termination,
                         std::string start = {}) {
    match::FinishedGame g;
    g.record.engine_names[0] = "sente-engine";
    g.record.engine_names[1] = "gote-engine";
    g.record.opening_position = std::move(start);
    for (const auto &[text, ms] : moves) {
        match::MoveRecord m;
        m.text = text;
        m.elapsed = milliseconds(ms);
        g.record.moves.push_back(m);
    }
    g.record.result = result;
    g.record.termination = termination;
    g.record.started = std::chrono::system_clock::time_point(std::chrono::seconds(kStarted));
    return g;
}

std::string written(const output::NativeRecordWriter &w, const match::FinishedGame &g) {
    auto text = w.write(g);
    INFO((text ? std::string() : text.error().message));
    REQUIRE(text.has_value());
    return *text;
}

}  // namespace

TEST_CASE("a resigned game in CSA written out by hand, and its KIF moves", "[shogi][record]") {
    const Writers w = writers();
    // 7g7f 3c3d 8h2b+ 3a2b B*4e, then gote (to move) resigns: sente wins.
    auto g = finished_game({{"7g7f", 1500}, {"3c3d", 2000}, {"8h2b+", 500}, {"3a2b", 3000}, {"B*4e", 1000}}, ARB_RESULT_WIN_SIDE_0,
                  match::Termination::Resigned);
    g.record.played_under.time_control[0] = g.record.played_under.time_control[1] = *core::TimeControl::parse("600,byoyomi=10");
    // Times: each move's minutes:seconds, then the side's total (sente 1.5, 2.0, 3.0 s; gote 2, 5 s).
    // KIF (kif.cpp, checked line by line in tests/shogi): the moves with their times and the ending.
    CHECK_THAT(written(w.kif(), g), Catch::Contains("   1 ７六歩(77)   ( 0:01/00:00:01)\n"
                                                    "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
                                                    "   3 ２二角成(88)   ( 0:00/00:00:02)\n"
                                                    "   4 同　銀(31)   ( 0:03/00:00:05)\n"
                                                    "   5 ４五角打   ( 0:01/00:00:03)\n"
                                                    "   6 投了\n"
                                                    "まで5手で先手の勝ち\n"));
    CHECK(written(w.csa(), g) == "'CSA record written by arbiter\n"
                                 "V2.2\n"
                                 "N+sente-engine\n"
                                 "N-gote-engine\n"
                                 "$EVENT:ev\n"
                                 "$SITE:site\n"
                                 "$START_TIME:2026/12/01 10:00:00\n"
                                 "$TIME_LIMIT:00:10+10\n"
                                 "'time control +: 600,byoyomi=10\n"
                                 "'time control -: 600,byoyomi=10\n"
                                 "PI\n"
                                 "+\n"
                                 "+7776FU\nT1\n"
                                 "-3334FU\nT2\n"
                                 "+8822UM\nT0\n"  // the bishop promotes: the piece after the move, a horse
                                 "-3122GI\nT3\n"
                                 "+0045KA\nT1\n"
                                 "%TORYO\n"
                                 "'result: sente wins\n"
                                 "/\n");
}

TEST_CASE("a handicap start in full in CSA, gote to move, and sennichite is each format's draw", "[shogi][record]") {
    const Writers w = writers();
    // Lance handicap (gote, the giver, moves first); the kings step out and back
    // three times: the start occurs a fourth time after 12 plies, a draw.
    const std::string start = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    std::vector<std::pair<std::string, int>> moves;
    for (int i = 0; i < 3; ++i)
        for (const char *m : {"5a5b", "5i5h", "5b5a", "5h5i"}) moves.emplace_back(m, 100);
    auto g = finished_game(moves, ARB_RESULT_DRAW, match::Termination::GameRule, start);
    const std::string kif = written(w.kif(), g);
    CHECK_THAT(kif, Catch::Contains("手合割：香落ち\n"));  // a named handicap start
    CHECK_THAT(kif, Catch::EndsWith("  13 千日手\nまで12手で千日手\n"));
    const std::string csa = written(w.csa(), g);
    CHECK_THAT(csa, Catch::Contains("P1-KY-KE-GI-KI-OU-KI-GI-KE * \n"
                                    "P2 * -HI *  *  *  *  * -KA * \n"
                                    "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
                                    "P4 *  *  *  *  *  *  *  *  * \n"
                                    "P5 *  *  *  *  *  *  *  *  * \n"
                                    "P6 *  *  *  *  *  *  *  *  * \n"
                                    "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
                                    "P8 * +KA *  *  *  *  * +HI * \n"
                                    "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
                                    "-\n"
                                    "-5152OU\nT0\n"));
    CHECK_THAT(csa, Catch::EndsWith("+5859OU\nT0\n%SENNICHITE\n'result: draw\n/\n"));

    // A byoyomi of half a second: CSA's $TIME_LIMIT (whole seconds) is left out, the comment says it.
    g.record.played_under.time_control[0] = g.record.played_under.time_control[1] = *core::TimeControl::parse("10,byoyomi=0.5");
    const std::string half = written(w.csa(), g);
    CHECK(half.find("$TIME_LIMIT") == std::string::npos);
    CHECK_THAT(half, Catch::Contains("'time control +: 10,byoyomi=0.5\n"));
}

namespace {

// tsshogi under the build folder, installed there with npm on first use;
// empty when node or npm (or the registry) is not to be had.
std::string tsshogi_folder() {
    const std::string folder = std::string(ARBITER_BUILD_DIR) + "/npm-tools";
    if (std::filesystem::exists(folder + "/node_modules/tsshogi/package.json")) return folder;
    if (test::run_command("node --version").exit_code != 0) return {};
    auto installed = test::run_command("npm install --prefix '" + folder +
                                       "' --no-audit --no-fund --no-save --loglevel=error tsshogi@2.2.0");
    if (installed.exit_code != 0 || !std::filesystem::exists(folder + "/node_modules/tsshogi/package.json")) return {};
    return folder;
}

struct ReadBack {
    std::string moves;  // USI, space-separated
    std::string end;    // tsshogi's SpecialMoveType
};

// Each record of `file` as tsshogi reads it (tests/shogi_records/read_records.mjs).
std::vector<ReadBack> read_back(const std::string &folder, const std::string &format, const std::string &file) {
    auto run = test::run_command("node '" + std::string(ARBITER_SOURCE_DIR) + "/tests/shogi_records/read_records.mjs' '" +
                                 folder + "' " + format + " '" + file + "'");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    std::vector<ReadBack> out;
    std::istringstream lines(run.output);
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        REQUIRE(line.find("\"error\"") == std::string::npos);
        ReadBack r;
        const size_t moves = line.find("\"moves\":[") + 9, moves_end = line.find(']', moves);
        for (size_t i = moves; i < moves_end; ++i)
            if (line[i] != '"') r.moves += line[i] == ',' ? ' ' : line[i];
        const size_t end = line.find("\"end\":\"") + 7;
        r.end = line.substr(end, line.find('"', end) - end);
        out.push_back(r);
    }
    return out;
}

}  // namespace

TEST_CASE("every ending read back by tsshogi: the same moves, the same ending", "[shogi][record][tsshogi]") {
    const std::string folder = tsshogi_folder();
    if (folder.empty()) ARB_SKIP("node, npm or the npm package tsshogi is not available");
    using T = match::Termination;
    struct Case {
        const char *what;
        std::vector<std::pair<std::string, int>> moves;
        arb_result result;
        T termination;
        std::string start;
        const char *end;  // tsshogi's name of the ending, by hand from its SpecialMoveType
    };
    std::vector<std::pair<std::string, int>> repetition;
    for (int i = 0; i < 3; ++i)
        for (const char *m : {"5i5h", "5a5b", "5h5i", "5b5a"}) repetition.emplace_back(m, 10);
    // Sente's king in gote's camp with ten pieces beside it there and 18 + 10 = 28 points: the declaration holds.
    const std::string entering = "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 10P 1";
    // Gote's king on 1a; the gold dropped on 1b, covered by the knight on 2d, takes 2a and 2b: mate.
    const std::string mate_start = "8k/9/9/7N1/9/9/9/9/4K4 b G 1";
    const std::vector<Case> cases = {
        {"resign", {{"7g7f", 10}, {"3c3d", 10}}, ARB_RESULT_WIN_SIDE_1, T::Resigned, "", "resign"},
        {"sennichite", repetition, ARB_RESULT_DRAW, T::GameRule, "", "repetitionDraw"},
        {"declaration", {{"win", 10}}, ARB_RESULT_WIN_SIDE_0, T::GameRule, entering, "enteringOfKing"},
        {"mate", {{"G*1b", 10}}, ARB_RESULT_WIN_SIDE_0, T::GameRule, mate_start, "mate"},
        {"time up", {{"2g2f", 10}}, ARB_RESULT_WIN_SIDE_0, T::TimeForfeit, "", "timeout"},
        {"illegal move", {{"2g2f", 10}}, ARB_RESULT_WIN_SIDE_0, T::IllegalMove, "", "foulLose"},
        {"crash", {{"2g2f", 10}, {"8c8d", 10}}, ARB_RESULT_WIN_SIDE_1, T::Crash, "", "foulLose"},
        {"arbiter's ply limit", {{"2g2f", 10}}, ARB_RESULT_DRAW, T::MaxPlies, "", "draw"},
        {"abandoned", {{"2g2f", 10}}, ARB_RESULT_ONGOING, T::Abandoned, "", "interrupt"},
    };
    test::TempDir dir;
    const Writers w = writers();
    std::string kif, csa;
    for (const auto &c : cases) {
        INFO(c.what);
        const auto g = finished_game(c.moves, c.result, c.termination, c.start);
        kif += written(w.kif(), g);
        csa += written(w.csa(), g);
    }
    // The plugin's own move limit: max_moves=2, drawn after the second ply.
    const Writers limited = writers({{"max_moves", "2"}});
    const auto capped = finished_game({{"2g2f", 10}, {"8c8d", 10}}, ARB_RESULT_DRAW, T::GameRule);
    kif += written(limited.kif(), capped);
    csa += written(limited.csa(), capped);

    std::ofstream(dir.path() / "games.kif") << kif;
    std::ofstream(dir.path() / "games.csa") << csa;
    for (const char *format : {"kif", "csa"}) {
        INFO(format);
        const auto back = read_back(folder, format, (dir.path() / (std::string("games.") + format)).string());
        REQUIRE(back.size() == cases.size() + 1);
        for (size_t i = 0; i < cases.size(); ++i) {
            INFO(cases[i].what);
            std::string moves;
            for (const auto &[text, ms] : cases[i].moves)
                if (text != "win") moves += (moves.empty() ? "" : " ") + text;
            CHECK(back[i].moves == moves);
            // A drawn game adjudicated by the arbiter: KIF has no such word (持将棋, read as an impasse).
            const std::string end = std::string(cases[i].end) == "draw" && std::string(format) == "kif" ? "impass" : cases[i].end;
            CHECK(back[i].end == end);
        }
        CHECK(back.back().moves == "2g2f 8c8d");
        CHECK(back.back().end == (std::string(format) == "kif" ? "impass" : "maxMoves"));
    }
}
