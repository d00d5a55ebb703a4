// `arbiter check` against engines whose faults we know: the reference engine
// passes every check; each scripted fault fails (or warns) on the check that
// names it, with the evidence in the detail line.
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

using arb::test::kBin;

arb::test::Run check(const std::string &game, const std::string &engine, const std::string &extra = "") {
    return arb::test::run_command(kBin + "/arbiter check --game " + game + " --engine '" + engine +
                                  "' --startup-timeout 2000 --movetime 50 --untimed-limit 500 " + extra);
}

std::string mock(const std::string &game, const std::string &mode) {
    return kBin + "/arbiter-mock-engine --game " + game + " --seed 5 --misbehave " + mode;
}

}  // namespace

TEST_CASE("the reference engine passes every check", "[e2e][check]") {
    for (const char *game : {"othello", "baghchal"}) {
        auto run = check(game, kBin + "/arbiter-engine --game " + std::string(game) + " --mode mcts --playouts 30");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("FAIL") == std::string::npos);
        CHECK(run.output.find("PASS  plays 2 full games") != std::string::npos);
        // 13 checks, and one per rule edge of the game (arbiter.rule-edges/1), those of other
        // rule options listed as N/A.
        size_t edges = 0;
        for (size_t at = run.output.find("  rule edge "); at != std::string::npos; at = run.output.find("  rule edge ", at + 1))
            ++edges;
        if (std::string(game) == "othello") CHECK(edges == 8);    // plugins/othello/rule_edges.cpp
        if (std::string(game) == "baghchal") CHECK(edges == 12);  // plugins/baghchal/rule_edges.cpp
        CHECK(run.output.find(std::to_string(13 + edges) + " checks: 0 failed, 0 warnings") != std::string::npos);
    }
}

TEST_CASE("an illegal move fails the check that found it, with the position", "[e2e][check]") {
    // Goes 1-8 are Othello's rule edges (plugins/othello/rule_edges.cpp), 9 the
    // start position, 10 the first random position.
    auto run = check("othello", mock("othello", "illegal --at-move 10"));
    INFO(run.output);
    CHECK(run.exit_code == 1);
    auto fail = run.output.find("FAIL  legal moves from 12 random positions as 'startpos moves ...'");
    REQUIRE(fail != std::string::npos);
    CHECK(run.output.find("illegal move '", fail) != std::string::npos);
    CHECK(run.output.find("after 'position startpos moves", fail) != std::string::npos);
    CHECK(run.output.find("1 failed, 0 warnings") != std::string::npos);
}

TEST_CASE("garbage instead of a move is reported as unreadable", "[e2e][check]") {
    auto run = check("othello", mock("othello", "garbage --at-move 9"));  // after the 8 rule edges
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("FAIL  legal move from the start position (go movetime)") != std::string::npos);
    CHECK(run.output.find("unreadable move '@@garbage@@'") != std::string::npos);
}

TEST_CASE("an engine that never finishes the handshake fails at once", "[e2e][check]") {
    auto run = check("othello", mock("othello", "no-ugiok"));
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("FAIL  start and handshake") != std::string::npos);
    CHECK(run.output.find("no 'ugiok'") != std::string::npos);
    // The start, and the 12 checks it cut short (NOT RUN; check_guidance_test.cpp counts them).
    CHECK(run.output.find("13 checks: 1 failed") != std::string::npos);
}

TEST_CASE("an engine that ignores quit is a warning, not a failure", "[e2e][check]") {
    auto run = check("othello", mock("othello", "ignore-quit"), "--games 0");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("WARN  exits after 'quit'") != std::string::npos);
    CHECK(run.output.find("no full games (--games 0)") != std::string::npos);
    CHECK(run.output.find("SKIP") == std::string::npos);  // not asked for is not a skip
}

TEST_CASE("an engine without the option 'game' is warned that it does not declare it", "[e2e][check]") {
    // The mock plays Othello from --game alone and lists no 'option name game'.
    auto run = check("othello", mock("othello", "no-game-option"), "--games 0");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("WARN  does not declare the option 'game'") != std::string::npos);
    CHECK(run.output.find("must already play 'othello'") != std::string::npos);
    CHECK(run.output.find("PASS  declares the option 'game'") == std::string::npos);
    CHECK(run.output.find("0 failed, 1 warnings") != std::string::npos);
    // An engine that declares it passes the same item under the positive name.
    auto with_game = check("othello", mock("othello", "none"), "--games 0");
    INFO(with_game.output);
    CHECK(with_game.output.find("PASS  declares the option 'game'") != std::string::npos);
}

TEST_CASE("check --engine and --reference starting with {arbiter_bin} run the programs beside the arbiter",
          "[e2e][check]") {
    // Before: "cannot run '<cwd>/{arbiter_bin}/arbiter-engine'", though configs and `match` took it.
    auto run = check("tictactoe", "{arbiter_bin}/arbiter-engine --game tictactoe --mode random",
                     "--positions 4 --games 1 --reference '{arbiter_bin}/arbiter-engine --game tictactoe --mode random'");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("(" + kBin + "/arbiter-engine) on tictactoe") != std::string::npos);
    CHECK(run.output.find("PASS  plays 1 full games") != std::string::npos);
}

TEST_CASE("check explains itself and rejects bad arguments", "[e2e][check]") {
    auto help = arb::test::run_command(kBin + "/arbiter check --help");
    CHECK(help.exit_code == 0);
    CHECK(help.output.find("--engine") != std::string::npos);
    CHECK(help.output.find("Checks, in order") != std::string::npos);
    // Where plugins are found, as the README says (it said "beside the arbiter binary"); the
    // help is wrapped at spaces, so only words without one are looked for.
    CHECK(help.output.find("(<libdir>/arbiter/plugins") != std::string::npos);
    CHECK(help.output.find("binary.") == std::string::npos);
    auto engine_help = arb::test::run_command(kBin + "/arbiter-engine --help");
    CHECK(engine_help.output.find("(<libdir>/arbiter/plugins") != std::string::npos);
    auto missing = arb::test::run_command(kBin + "/arbiter check --game othello");
    CHECK(missing.exit_code == 2);
    auto bad_game = arb::test::run_command(kBin + "/arbiter check --game nosuchgame --engine /bin/true");
    CHECK(bad_game.exit_code == 1);
    CHECK(bad_game.output.find("unknown game 'nosuchgame'") != std::string::npos);
    // ...and how to reach a plugin built out of tree.
    CHECK(bad_game.output.find("--plugin-dir DIR, with ARBITER_PLUGIN_PATH=DIR, or by its file's path "
                               "(e.g. ./build/nosuchgame.so)") != std::string::npos);
}

TEST_CASE("check refuses counts past 100000 before drawing a position", "[e2e][check]") {
    // Before: --positions 600000000 overflowed the attempt count (x 4) and drew
    // positions until memory ran out. The engine is never started.
    for (const std::string option : {"--positions", "--games"}) {
        auto r = check("tictactoe", "/bin/true", option + " 600000000");
        INFO(r.output);
        CHECK(r.exit_code == 2);
        CHECK(r.output == "arbiter check: " + option + " must be in 0..100000, got 600000000\n");
    }
}
