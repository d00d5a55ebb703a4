// A lying plugin in real games and under `arbiter plugin-check`: the Drop
// plugins with planted defects (broken_plugins/drop_defects.cpp), each alone
// in its folder, played by real engine processes.
//
// The cheating engine is arbiter-mock-engine --misbehave unlisted: it sends
// a move the plugin's parse_move accepts although legal_moves does not list
// it (a full column). It must lose by an illegal move; the honest engine
// (arbiter-engine, random legal moves) must never be blamed.
#include "game/game_state.hpp"
#include "game/plugin_host.hpp"
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

#include <string>

using namespace arb;

namespace {

using arb::test::count_of;

using arb::test::kBin;
const std::string kDropDir = ARBITER_DROP_PLUGIN_DIR;

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
        {"diagram_past_cap", "FAIL arbiter.diagram/3 write_cells writes past the capacity with a buffer of 9 bytes"},
        {"diagram_unsteady", "FAIL arbiter.diagram/3 write_cells gives another text when asked again"},
        {"diagram_bad_cells", "FAIL arbiter.diagram/3 diagram cells '"},
        {"pgn_reads_other_move", "FAIL arbiter.pgn-notation/2 read_move of 'D' (written for 'd') reads back another "
                                 "move, 'a'"},
        {"pgn_tags_unquoted", "FAIL arbiter.pgn-notation/2 write_start_tags gives the line '[FEN "},
        {"pgn_buffer_ignored", "FAIL arbiter.pgn-notation/2 write_move of 'a' with no buffer (a size query) gives no "
                               "ARB_ERR_BUFFER and the size needed (status 0, *needed 2)"},
        {"pgn_move_number_from_zero", "FAIL arbiter.pgn-notation/2 move_number is 0 at the start, 1 expected"},
        {"protocol_converts_ugi", "FAIL arbiter.protocol-notation/2 converts UGI, whose texts are the plugin's own"},
        {"protocol_position_lossy", "FAIL arbiter.protocol-notation/2 USI: position_out gives '----/---- x', which "
                                    "position_in reads as '----/---- x', not the position"},
        {"protocol_move_lossy", "FAIL arbiter.protocol-notation/2 USI: move_out gives '4' for 'd', which move_in reads as 'c'"},
        {"engine_options_unknown_rule", "FAIL arbiter.engine-options/1 gives 'DropRows' = '2' for 'columns', which is "
                                        "no rule option of the game"},
        {"engine_options_bad_name", "FAIL arbiter.engine-options/1 gives 'Drop\nRows' = '2': a control character in the name"},
        // arbiter.rule-edges/1: 6 pointers and an int32 padded to 8 bytes is 56 bytes on LP64.
        {"edge_size_small", "FAIL rule edges: edge_size is 8, less than the 56 bytes of arbiter.rule-edges/1's arb_rule_edge"},
        {"edge_null_rule", "FAIL rule edges: edge 1: 'rule' is NULL"},
        {"edge_bad_position", "FAIL rule edge 1 (full-column): does not load: position 'zzz' refused"},
        {"edge_bad_history", "FAIL rule edge 1 (full-column): does not load: move 1 'a' refused: column 'a' is full"},
        {"edge_must_play_not_only", "FAIL rule edge 1 (full-column): must play 'b', but the legal moves are a b c d"},
        {"edge_must_not_play_legal", "FAIL rule edge 1 (full-column): must not play 'b', but parse_move accepts it "
                                     "as code 1, the legal move 'b'"},
        {"edge_game_over", "FAIL rule edge 1 (full-column): the game is over there: board full"},
        {"edge_unknown_option", "FAIL rule edge 1 (full-column): options 'colour=red' name 'colour', which the plugin "
                                "does not have"},
        {"edge_no_failure", "FAIL rule edge 1 (full-column): empty failure text"},
        {"edge_too_many", "FAIL rule edges: count is 5000; only the first 4096 edges are read"},
        {"edge_too_many", "FAIL rule edges: edge 2: expect is 7, not ARB_EDGE_ANY_LEGAL"},
    };
    for (const auto &c : cases) {
        auto run = plugin_check(c.defect);
        INFO(c.defect << ":\n" << run.output);
        CHECK(run.exit_code == 1);
        CHECK(run.output.rfind("plugin-check " + kDropDir + "/" + c.defect + "/drop.so\n", 0) == 0);  // header first
        CHECK(run.output.find(c.expected) != std::string::npos);
        // A rule-edge defect is the plugin's only fault (the honest Drop otherwise).
        if (std::string(c.defect).rfind("edge_", 0) == 0) CHECK(count_of(run.output, "\nFAIL ") <= 2);
    }
    auto run = plugin_check("honest");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find(" 0 failed;") != std::string::npos);
    CHECK(run.output.find(" positions drawn (arbiter.diagram/3)") != std::string::npos);
    CHECK(run.output.find(" record moves read back (arbiter.pgn-notation/2)") != std::string::npos);
    CHECK(run.output.find(" texts converted both ways (arbiter.protocol-notation/2)") != std::string::npos);
    CHECK(run.output.find(" engine options (arbiter.engine-options/1)") != std::string::npos);
    CHECK(run.output.find("; 3 rule edges (arbiter.rule-edges/1)") != std::string::npos);  // kHonestEdges
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

// --- a plugin bug is never scored against an engine, and need not kill the run (issue 17, item 5) ---
// The Drop builds crash_in_play, abort_in_play and overflow_moves break at the
// third ply, parse_anything at the first move, and only in the judge (a
// process named "arbiter"), so the two honest engines, which load the same
// plugin, play on.

namespace {

test::Run play_drop(const std::string &defect, const std::string &flags) {
    const std::string dir = kDropDir + "/" + defect;
    // The shell reports the exit status, also when the arbiter died of a signal.
    return test::run_command(kBin + "/arbiter play --quiet " + flags + " --plugin-dir " + dir + " --game drop --engine '" +
                             honest(dir, 1) + "' --engine '" + honest(dir, 2) + "'; echo \"exit status $?\"");
}

}  // namespace

TEST_CASE("arbiter play in-process: a crash in plugin code prints one line naming the plugin and the function, then "
          "the arbiter dies of the signal",
          "[e2e][abi][isolation]") {
    struct Case {
        const char *defect;
        const char *line;
        const char *status;
    };
    for (const Case c : {Case{"crash_in_play", "arbiter: the game plugin 'drop' crashed with SIGSEGV in play()", "139"},
                         Case{"abort_in_play", "arbiter: the game plugin 'drop' crashed with SIGABRT in play()", "134"},
                         // 200 moves into room for 4: the guard page past the
                         // buffer stops it in legal_moves, before the heap is hit.
                         Case{"overflow_moves", "arbiter: the game plugin 'drop' crashed with SIGSEGV in legal_moves()",
                              "139"}}) {
        auto run = play_drop(c.defect, "");
        INFO(c.defect << ":\n" << run.output);
        CHECK(count_of(run.output, c.line) == 1);
        CHECK(run.output.find(std::string("exit status ") + c.status + "\n") != std::string::npos);
    }
}

TEST_CASE("arbiter play --isolate-plugins: a plugin that crashes, aborts or overflows legal_moves ends the game as a "
          "plugin error with the signal, no engine blamed",
          "[e2e][abi][isolation]") {
    struct Case {
        const char *defect;
        const char *reason;
    };
    for (const Case c :
         {Case{"crash_in_play", "plugin error: the plugin 'drop' failed in its plugin-host child: it was killed by "
                                "signal 11 (SIGSEGV) in play()"},
          Case{"abort_in_play", "plugin error: the plugin 'drop' failed in its plugin-host child: it was killed by "
                                "signal 6 (SIGABRT) in play()"},
          Case{"overflow_moves", "plugin error: the plugin 'drop' failed in its plugin-host child: it was killed by "
                                 "signal 11 (SIGSEGV) in legal_moves()"}}) {
        auto run = play_drop(c.defect, "--isolate-plugins");
        INFO(c.defect << ":\n" << run.output);
        CHECK(test::field(run.output, "termination") == "plugin-error");
        CHECK(test::field(run.output, "result") == "*");
        CHECK(test::field(run.output, "reason") == c.reason);
        CHECK(run.output.find("exit status 1\n") != std::string::npos);
    }
    auto honest_game = play_drop("honest", "--isolate-plugins");
    INFO(honest_game.output);
    CHECK(test::field(honest_game.output, "termination") == "game-rule");
    CHECK(test::field(honest_game.output, "reason") == "board full");
    CHECK(honest_game.output.find("exit status 0\n") != std::string::npos);
}

TEST_CASE("arbiter play: a legal move in the plugin's own notation that its parse_move misreads is a plugin error, "
          "not an illegal move, with and without isolation",
          "[e2e][abi][isolation]") {
    for (const char *flags : {"", "--isolate-plugins"}) {
        auto run = play_drop("parse_anything", flags);
        INFO(flags << ":\n" << run.output);
        CHECK(test::field(run.output, "termination") == "plugin-error");
        CHECK(test::field(run.output, "result") == "*");
        // The first engine's first move; its text is what format_move gives a listed move.
        const std::string reason = test::field(run.output, "reason");
        CHECK(reason.rfind("plugin error: on the move '", 0) == 0);
        CHECK(reason.find("the plugin contradicts itself") != std::string::npos);
        CHECK(reason.find("but parse_move read it as the unlisted move 1000") != std::string::npos);
        CHECK(run.output.find("exit status 1\n") != std::string::npos);
    }
}

TEST_CASE("arbiter run with isolate_plugins: every game the plugin crashes in is a plugin error, the run goes on "
          "with a new plugin-host child and exits 1 naming the plugin",
          "[e2e][abi][isolation]") {
    for (const char *how : {"yaml", "flag"}) {
        test::TempDir tmp;
        const std::string dir = kDropDir + "/crash_in_play";
        std::string yaml = tournament_yaml(dir, false);
        std::string flag;
        if (std::string(how) == "yaml") yaml += "isolate_plugins: true\n";
        else flag = " --isolate-plugins";
        auto config = tmp.write("t.yaml", yaml);
        auto run = test::run_command(kBin + "/arbiter run " + config.string() + " --out " +
                                     (tmp.path() / "out").string() + " --plugin-dir " + dir + flag +
                                     "; echo \"exit status $?\"");
        INFO(how << ":\n" << run.output);
        CHECK(run.output.find("exit status 1\n") != std::string::npos);
        CHECK(run.output.find("arbiter run: 4 games ended by a plugin error: the game plugin " + dir + "/drop.so") !=
              std::string::npos);
        auto log = output::read_record_log(tmp.path() / "out" / "games.jsonl");
        REQUIRE(log.has_value());
        REQUIRE(log->games.size() == 4);  // all four played: each crash cost only its game
        for (const auto &g : log->games) {
            CHECK(g.record.termination == match::Termination::PluginError);
            CHECK(g.record.result == ARB_RESULT_ONGOING);
            CHECK(g.record.loser_side == -1);
            CHECK(g.record.reason == "plugin error: the plugin 'drop' failed in its plugin-host child: it was killed by "
                                     "signal 11 (SIGSEGV) in play()");
            CHECK(g.record.moves.size() == 2);  // the two plies before the crash
        }
    }
}

TEST_CASE("arbiter check --isolate-plugins: a plugin that crashes fails the checks it was in, the arbiter lives",
          "[e2e][abi][isolation]") {
    const std::string dir = kDropDir + "/crash_in_play";
    auto run = test::run_command(kBin + "/arbiter check --isolate-plugins --plugin-dir " + dir +
                                 " --game drop --positions 3 --games 2 --engine '" + honest(dir, 1) +
                                 "'; echo \"exit status $?\"");
    INFO(run.output);
    CHECK(run.output.find("exit status 1\n") != std::string::npos);
    CHECK(run.output.find("killed by signal 11 (SIGSEGV) in play()") != std::string::npos);
    CHECK(run.output.find(" checks: ") != std::string::npos);  // it got to the summary
}

TEST_CASE("a GameState in a plugin-host child answers as one in this process, and a crash there is an exception "
          "after which a new child serves",
          "[e2e][abi][isolation]") {
    const std::string arbiter = kBin + "/arbiter";
    // Random Othello games, every answer of the child compared with the plugin in this process.
    auto othello = game::find_plugin("othello", {ARBITER_PLUGIN_DIR});
    REQUIRE(othello.has_value());
    auto host = std::make_shared<game::PluginHost>(*othello, arbiter);
    std::mt19937 rng(7);
    int plies = 0;
    for (int g = 0; g < 5; ++g) {
        auto local = game::GameState::create(*othello);
        auto remote = game::GameState::create(*othello, {}, 0, host);
        REQUIRE(local.has_value());
        REQUIRE(remote.has_value());
        CHECK(remote->isolated());
        std::vector<arb_move> a, b;
        for (;;) {
            REQUIRE(local->checked_legal_moves(a).has_value());
            REQUIRE(remote->checked_legal_moves(b).has_value());
            CHECK(a == b);
            CHECK(local->position() == remote->position());
            CHECK(local->side_to_move() == remote->side_to_move());
            CHECK(std::string(local->outcome().reason) == remote->outcome().reason);
            if (a.empty()) break;
            arb_move m = a[std::uniform_int_distribution<size_t>(0, a.size() - 1)(rng)];
            const std::string text = local->format_move(m);
            CHECK(remote->format_move(m) == text);
            arb_move parsed = ARB_MOVE_NONE;
            std::string error;
            CHECK(remote->parse_move(text.c_str(), parsed, error) == ARB_OK);
            CHECK(parsed == m);
            CHECK(remote->move_flags(m) == local->move_flags(m));
            game::GameState copy = *remote;  // a clone in the child
            REQUIRE(local->checked_play(m).has_value());
            REQUIRE(remote->checked_play(m).has_value());
            CHECK(copy.position() != remote->position());
            ++plies;
        }
        CHECK(local->outcome().result == remote->outcome().result);
    }
    CHECK(plies > 5 * 50);  // an Othello game has about 60 plies
    CHECK(host->children_started() == 1);

    // Drop's crash_in_play dies at the third ply in a process named arbiter:
    // the child, never this test.
    auto drop = game::Plugin::load(kDropDir + "/crash_in_play/drop.so");
    REQUIRE(drop.has_value());
    auto drop_host = std::make_shared<game::PluginHost>(*drop, arbiter);
    for (int round = 1; round <= 2; ++round) {
        auto state = game::GameState::create(*drop, {}, 0, drop_host);
        REQUIRE(state.has_value());
        REQUIRE(state->checked_play(0).has_value());
        REQUIRE(state->checked_play(1).has_value());
        try {
            (void)state->checked_play(2);
            FAIL("the child should have died");
        } catch (const game::PluginHostDied &e) {
            CHECK(std::string(e.what()) == "the plugin 'drop' failed in its plugin-host child: it was killed by signal "
                                           "11 (SIGSEGV) in play()");
        }
        CHECK_THROWS_AS(state->position(), game::PluginHostDied);  // its state went with the child
        CHECK(drop_host->children_started() == round);
    }
}
