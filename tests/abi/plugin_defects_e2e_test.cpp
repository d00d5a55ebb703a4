// A lying plugin in real games and under `arbiter plugin-check`: the Drop
// plugins with planted defects (broken_plugins/drop_defects.cpp), each alone
// in its folder, played by real engine processes.
//
// The cheating engine is arbiter-mock-engine --misbehave unlisted: it sends
// a move the plugin's parse_move accepts although legal_moves does not list
// it (a full column). It must lose by an illegal move; the honest engine
// (arbiter-engine, random legal moves) must never be blamed.
#include "output/record_log.hpp"

#include "../tournament/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include <string>

using namespace arb;

namespace {

const std::string kBin = ARBITER_BIN_DIR;
const std::string kDropDir = ARBITER_DROP_PLUGIN_DIR;

int count_of(const std::string &text, const std::string &part) {
    int n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

std::string cheater(const std::string &dir) {
    return kBin + "/arbiter-mock-engine --game drop --misbehave unlisted --plugin-dir " + dir;
}
std::string honest(const std::string &dir, int seed) {
    return kBin + "/arbiter-engine --game drop --mode random --seed " + std::to_string(seed) + " --plugin-dir " + dir;
}

// An engine entry: the program, then its arguments as a YAML list.
std::string engine_yaml(const std::string &name, const std::string &command_line) {
    std::string yaml = "  - name: " + name + "\n    command: ";
    std::string args;
    size_t start = 0;
    for (bool first = true; start <= command_line.size(); first = false) {
        size_t space = command_line.find(' ', start);
        std::string word = command_line.substr(start, space - start);
        if (first) yaml += word + "\n";
        else args += (args.empty() ? "" : ", ") + ("\"" + word + "\"");
        if (space == std::string::npos) break;
        start = space + 1;
    }
    return yaml + "    args: [" + args + "]\n";
}

std::string tournament_yaml(const std::string &dir, bool with_cheater) {
    std::string yaml = "event: defects\ngame: drop\nengines:\n";
    yaml += with_cheater ? engine_yaml("cheater", cheater(dir)) : engine_yaml("random-a", honest(dir, 1));
    yaml += engine_yaml("honest", honest(dir, 2));
    yaml += "tournament: {rounds: 2, games_per_pairing: 2, seed: 3}\nconcurrency: 1\ntime_control: 10+0.1\n";
    return yaml;
}

test::Run plugin_check(const std::string &defect) {
    return test::run_command(kBin + "/arbiter plugin-check " + kDropDir + "/" + defect + "/drop.so --games 6 --fuzz 200");
}

}  // namespace

TEST_CASE("arbiter play: the engine playing into a full column loses as illegal, the plugin defect named",
          "[e2e][abi][distrust]") {
    const std::string dir = kDropDir + "/full_column";
    auto run = test::run_command(kBin + "/arbiter play --plugin-dir " + dir + " --game drop --engine '" + cheater(dir) +
                                 "' --engine '" + honest(dir, 1) + "'");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(test::field(run.output, "termination") == "illegal-move");
    CHECK(test::field(run.output, "result").rfind("0-1 (arbiter-engine wins", 0) == 0);
    CHECK(test::field(run.output, "reason").find("by arbiter-mock-engine") != std::string::npos);
    CHECK(test::field(run.output, "reason").find("the plugin's parse_move accepted it") != std::string::npos);
    CHECK(count_of(run.output, "plugin defect found by the host") == 1);
}

TEST_CASE("arbiter run: the cheater loses every game as illegal, the honest engine is never blamed, the defect "
          "is named once",
          "[e2e][abi][distrust]") {
    test::TempDir tmp;
    const std::string dir = kDropDir + "/full_column";
    auto config = tmp.write("t.yaml", tournament_yaml(dir, true));
    auto run = test::run_command(kBin + "/arbiter run " + config.string() + " --out " + (tmp.path() / "out").string() +
                                 " --plugin-dir " + dir);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(count_of(run.output, "plugin defect found by the host") == 1);
    auto log = output::read_record_log(tmp.path() / "out" / "games.jsonl");
    REQUIRE(log.has_value());
    REQUIRE(log->games.size() == 4);
    for (const auto &g : log->games) {
        const int cheater_side = g.slot.engine[0] == 0 ? 0 : 1;
        CHECK(g.record.termination == match::Termination::IllegalMove);
        CHECK(g.record.loser_side == cheater_side);
        CHECK(g.record.result == (cheater_side == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_WIN_SIDE_0));
        CHECK(g.record.reason.find("parse_move accepted it") != std::string::npos);
    }
}

TEST_CASE("arbiter run: a plugin whose play() fails ends its games as plugin errors, unrated, reported at the end",
          "[e2e][abi][distrust]") {
    test::TempDir tmp;
    const std::string dir = kDropDir + "/play_fails";
    auto config = tmp.write("t.yaml", tournament_yaml(dir, false));
    auto run = test::run_command(kBin + "/arbiter run " + config.string() + " --out " + (tmp.path() / "out").string() +
                                 " --plugin-dir " + dir);
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("arbiter run: 4 games ended by a plugin error") != std::string::npos);
    CHECK(run.output.find("no engine was blamed") != std::string::npos);
    auto log = output::read_record_log(tmp.path() / "out" / "games.jsonl");
    REQUIRE(log.has_value());
    REQUIRE(log->games.size() == 4);
    for (const auto &g : log->games) {
        CHECK(g.record.termination == match::Termination::PluginError);
        CHECK(g.record.result == ARB_RESULT_ONGOING);
        CHECK(g.record.loser_side == -1);
        CHECK(g.record.reason.rfind("plugin error: play(", 0) == 0);
        CHECK(g.record.reason.find("failed with ARB_ERR_INTERNAL") != std::string::npos);
    }
    auto pgn = test::run_command("grep -c 'Termination \"plugin-error\"' " + (tmp.path() / "out" / "games.pgn").string());
    CHECK(pgn.output == "4\n");
    std::ifstream standings(tmp.path() / "out" / "standings.json");
    CHECK(nlohmann::json::parse(standings).at("games") == 0);  // none of them rated
}

TEST_CASE("arbiter play: a plugin that lists too many moves or never ends is a plugin error", "[e2e][abi][distrust]") {
    struct Case {
        const char *defect;
        const char *reason;
    };
    for (const Case c : {Case{"max_moves", "plugin error: legal_moves wrote 4 moves, max_legal_moves says 3"},
                         Case{"never_ends", "plugin error: legal_moves lists no move but outcome() says the game goes on"}}) {
        const std::string dir = kDropDir + "/" + c.defect;
        auto run = test::run_command(kBin + "/arbiter play --quiet --plugin-dir " + dir + " --game drop --engine '" +
                                     honest(dir, 1) + "' --engine '" + honest(dir, 2) + "'");
        INFO(c.defect << ":\n" << run.output);
        CHECK(run.exit_code == 1);
        CHECK(test::field(run.output, "termination") == "plugin-error");
        CHECK(test::field(run.output, "result") == "*");
        CHECK(test::field(run.output, "reason") == c.reason);
    }
}

TEST_CASE("arbiter check: an engine sending a move the plugin wrongly accepts fails the probes", "[e2e][abi][distrust]") {
    const std::string dir = kDropDir + "/full_column";
    auto run = test::run_command(kBin + "/arbiter check --plugin-dir " + dir + " --game drop --games 0 --engine '" +
                                 cheater(dir) + "'");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK(run.output.find("the plugin's parse_move accepted it") != std::string::npos);
}

TEST_CASE("arbiter plugin-check reports each lying plugin with its wording and never crashes", "[e2e][abi][checker]") {
    struct Case {
        const char *defect;
        const char *expected;
    };
    const Case cases[] = {
        {"full_column", "FAIL parse_move accepts '"},
        {"max_moves", "FAIL legal_moves wrote 4 moves, max_legal_moves says 3"},
        {"position_nul", "FAIL write_position wrote past max_position_size (11 bytes); does it count the NUL?"},
        {"play_fails", "failed with ARB_ERR_INTERNAL"},
        {"reset_throws", "plugin log (error): reset failed: the board was lost"},
        {"reset_drops_options", "FAIL reset forgets the option rows=4"},
        {"reset_drops_win", "FAIL reset forgets the option win=three in play"},
        {"entry_segfault", "FAIL the plugin crashed the checker: it was killed by signal 11 (SIGSEGV)"},
        {"diagram_past_cap", "FAIL arbiter.diagram/1 write_cells writes past the capacity with a buffer of 9 bytes"},
        {"diagram_unsteady", "FAIL arbiter.diagram/1 write_cells gives another text when asked again"},
        {"diagram_bad_cells", "FAIL arbiter.diagram/1 diagram cells '"},
    };
    for (const auto &c : cases) {
        auto run = plugin_check(c.defect);
        INFO(c.defect << ":\n" << run.output);
        CHECK(run.exit_code == 1);
        CHECK(run.output.rfind("plugin-check " + kDropDir + "/" + c.defect + "/drop.so\n", 0) == 0);  // header first
        CHECK(run.output.find(c.expected) != std::string::npos);
    }
    auto run = plugin_check("honest");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find(" 0 failed;") != std::string::npos);
    CHECK(run.output.find(" positions drawn (arbiter.diagram/1)") != std::string::npos);
}

TEST_CASE("a broken .so in the plugin folder: arbiter games lists it as broken, other games work",
          "[e2e][abi][loader]") {
    test::TempDir tmp;
    std::filesystem::copy_file(std::string(ARBITER_PLUGIN_DIR) + "/tictactoe.so", tmp.path() / "tictactoe.so");
    std::filesystem::copy_file(kDropDir + "/entry_segfault/drop.so", tmp.path() / "drop.so");
    const std::string dirs = " --plugin-dir " + tmp.path().string();
    auto games = test::run_command(kBin + "/arbiter games" + dirs);
    INFO(games.output);
    CHECK(games.exit_code == 0);
    CHECK(games.output.find("tictactoe  Tic-tac-toe") != std::string::npos);
    CHECK(games.output.find("broken: " + (tmp.path() / "drop.so").string() + ": crashed while loading") !=
          std::string::npos);
    auto perft = test::run_command(kBin + "/arbiter perft --game tictactoe --depth 2" + dirs);
    INFO(perft.output);
    CHECK(perft.exit_code == 0);
    CHECK(perft.output.find("perft 2 72") != std::string::npos);  // 9 * 8
}
