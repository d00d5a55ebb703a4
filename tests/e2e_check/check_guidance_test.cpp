// `arbiter check` says what to do: a time loss names the options that give
// more time, every rule option setting of a game can be checked without
// --allow-skip (also with an engine that learns the game by 'setoption'),
// the engine is named by its 'id name', and a check cut short is listed.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <string>

namespace {

using arb::test::count_of;

using arb::test::kBin;

arb::test::Run arbiter_check(const std::string &arguments) {
    return arb::test::run_command(kBin + "/arbiter check --plugin-dir " + ARBITER_PLUGIN_DIR + " " + arguments);
}

}  // namespace

// Gess under ring_rule=lose stop_on_pushoff=false gave no random position, so
// every engine got a SKIP; and arbiter-engine started without --game was never
// told the rule options (a WARN for each non-default one).
TEST_CASE("arbiter-engine without --game passes check under every Gess rule option setting", "[e2e][check]") {
    for (const char *centers : {"grid20", "board18"})
        for (const char *ring : {"illegal", "lose"})
            for (const char *pushoff : {"true", "false"}) {
                auto run = arbiter_check(std::string("--game gess -o centers=") + centers + " -o ring_rule=" + ring +
                                         " -o stop_on_pushoff=" + pushoff + " --games 0 --engine '" + kBin +
                                         "/arbiter-engine --mode random'");
                INFO(run.output);
                CHECK(run.exit_code == 0);
                CHECK_THAT(run.output, Catch::Contains("PASS  legal moves from 12 random positions as 'startpos moves ...'"));
                CHECK_THAT(run.output, Catch::Contains("0 failed, 0 warnings, 0 skipped"));
                CHECK_THAT(run.output, !Catch::Contains("does not declare the rule option"));
            }
}

TEST_CASE("an engine too slow for check's movetime is judged on its moves and told about --movetime", "[e2e][check]") {
    // 500 ms past every 'go movetime 100' (check's default): every move is still judged, and
    // the timing check fails naming the option that gives it more.
    auto run = arbiter_check("--game othello --games 0 --positions 2 --engine '" + kBin +
                             "/arbiter-mock-engine --game othello --late-ms 500'");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("PASS  legal move from the start position (go movetime)"));
    CHECK_THAT(run.output, Catch::Contains("FAIL  keeps to its time limits (go movetime 100,"));
    CHECK_THAT(run.output, Catch::Contains("likely cause: "));
    CHECK_THAT(run.output, Catch::Contains("--movetime MS") || Catch::Contains("--margin MS"));
    // Allowed 1000 ms past each limit, the same engine (answers at 600 ms) passes the timing check too.
    auto given = arbiter_check("--game othello --games 0 --positions 2 --margin 1000 --engine '" + kBin +
                               "/arbiter-mock-engine --game othello --late-ms 500'");
    INFO(given.output);
    CHECK(given.exit_code == 0);
    CHECK_THAT(given.output, Catch::Contains("PASS  keeps to its time limits (go movetime 100,"));
}

TEST_CASE("check names the engine by its id name, not by its program", "[e2e][check]") {
    // A program called 'node' (as a JavaScript engine is started) that runs arbiter-engine.
    arb::test::TempDir dir;
    auto node = dir.write("node", "#!/bin/sh\nexec '" + kBin + "/arbiter-engine' --mode random \"$@\"\n");
    REQUIRE(::chmod(node.c_str(), 0755) == 0);
    auto run = arbiter_check("--game othello --games 0 --engine '" + node.string() + "'");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.rfind("checking 'arbiter-engine random' (" + node.string() + ") on othello\n", 0) == 0);
    // 12 checks without games, and Othello's 8 rule edges (plugins/othello/rule_edges.cpp).
    CHECK_THAT(run.output, Catch::Contains("'arbiter-engine random': 20 checks: 0 failed"));
    CHECK_THAT(run.output, !Catch::Contains("'node'"));
    // --name still wins.
    auto named = arbiter_check("--game othello --games 0 --name mine --engine '" + node.string() + "'");
    INFO(named.output);
    CHECK(named.output.rfind("checking 'mine' (", 0) == 0);
}

TEST_CASE("an engine that does not start lists every check it cut short", "[e2e][check]") {
    auto run = arbiter_check("--game othello --engine '" + kBin + "/no-such-engine'");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.rfind("checking 'no-such-engine'", 0) == 0);
    CHECK_THAT(run.output, Catch::Contains("FAIL  start and handshake"));
    CHECK_THAT(run.output, Catch::Contains("engine 'no-such-engine': cannot run"));
    // The twelve checks after the start, by hand from `arbiter check --help`: new game, the rule
    // edges (Othello lists 8, one item here), the start position, three forms of random positions,
    // clock, depth, nodes, timing, the games, quit.
    CHECK(count_of(run.output, "NOT RUN  ") == 12);
    CHECK_THAT(run.output, Catch::Contains("NOT RUN  the game's 8 rule edges"));
    CHECK_THAT(run.output, Catch::Contains("NOT RUN  plays 2 full games (5+0.05) without a fault"));
    CHECK_THAT(run.output, Catch::Contains("NOT RUN  exits after 'quit'\n      the engine did not start"));
    CHECK_THAT(run.output, Catch::Contains("13 checks: 1 failed, 0 warnings, 0 skipped, 12 not run"));
}
