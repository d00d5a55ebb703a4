// `arbiter check` judges the move apart from its time: an engine that
// answers every search correctly but late (arbiter-mock-engine --late-ms)
// passes the rule edges and the legal-move checks, and fails one timing
// check that names the answers' median and worst times, the load average
// and the likely cause (threads when it declares 'Threads'); one late answer
// among many is a warning.
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

namespace {

using arb::test::count_of;

using arb::test::kBin;

arb::test::Run check(const std::string &engine_args, const std::string &extra = "") {
    return arb::test::run_command(kBin + "/arbiter check --plugin-dir " + ARBITER_PLUGIN_DIR +
                                  " --game othello --games 0 --positions 2 --movetime 100 --engine '" + kBin +
                                  "/arbiter-mock-engine --game othello --seed 5 " + engine_args + "' " + extra);
}

// The number after `key` in the output ("median 612 ms" -> 612), or -1.
long number_after(const std::string &output, const std::string &key) {
    std::smatch m;
    if (!std::regex_search(output, m, std::regex(key + " ([0-9]+) ms"))) return -1;
    return std::stol(m[1].str());
}

const std::string kTimingItem =
    "keeps to its time limits (go movetime 100, go p1time 2000 p2time 2000, go depth 1, go nodes 1000)";

}  // namespace

TEST_CASE("check: an engine 500 ms late on every move passes the rules and fails the timing check",
          "[e2e][check][timing]") {
    // Every 'go movetime 100' answered after 100 + 500 ms: past the 300 ms allowed (--margin 200).
    auto run = check("--late-ms 500");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    // Othello's 8 rule edges (plugins/othello/rule_edges.cpp), each judged on its move.
    CHECK(count_of(run.output, "PASS  rule edge ") == 8);
    CHECK_THAT(run.output, Catch::Contains("PASS  legal move from the start position (go movetime)"));
    CHECK_THAT(run.output, Catch::Contains("PASS  legal moves from 2 random positions as 'startpos moves ...'"));
    CHECK_THAT(run.output, Catch::Contains("PASS  legal move under a clock (go p1time 2000 p2time 2000)"));
    // The one failure is the timing check.
    CHECK(count_of(run.output, "FAIL  ") == 1);
    CHECK_THAT(run.output, Catch::Contains("FAIL  " + kTimingItem));
    // 8 edges + the start + 2 positions in 3 forms: 15 movetime searches, all late.
    CHECK_THAT(run.output, Catch::Contains("'go movetime 100' (allowed 300 ms): 15 searches, median "));
    CHECK_THAT(run.output, Catch::Contains("15 late (first: rule edge 1 ("));
    const long median = number_after(run.output, "median"), worst = number_after(run.output, "worst");
    CHECK(median >= 600);  // the mock sleeps 100 + 500 ms before each answer
    CHECK(worst >= median);
    CHECK(std::regex_search(run.output, std::regex("load average [0-9]+\\.[0-9]{2} on [0-9]+ CPUs? \\(the highest")));
    // It declares no 'Threads': the cause is the load or the engine, never threads.
    CHECK_THAT(run.output, Catch::Contains("likely cause: "));
    CHECK_THAT(run.output, !Catch::Contains("likely cause: its threads"));
    CHECK_THAT(run.output, Catch::Contains("1 failed, 0 warnings"));
}

TEST_CASE("check: late answers of an engine that declares Threads name its threads as the likely cause",
          "[e2e][check][timing]") {
    // One argument with spaces: --engine-arg.
    const std::string threads = "--engine-arg '--declare-option=Threads type spin default 2 min 1 max 64'";
    auto run = check("--late-ms 500", threads);
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("likely cause: its threads: it declares 'Threads' and searches with its "
                                           "default number of threads"));
    CHECK_THAT(run.output, Catch::Contains("--engine-option Threads=1 (more --movetime does not help)"));
    // Told one thread, the cause is no longer its threads.
    auto one = check("--late-ms 500", threads + " --engine-option Threads=1");
    INFO(one.output);
    CHECK_THAT(one.output, Catch::Contains("likely cause: "));
    CHECK_THAT(one.output, !Catch::Contains("likely cause: its threads"));
}

TEST_CASE("check: one late answer among many is a timing warning, and every move check passes",
          "[e2e][check][timing]") {
    // Slow at its first 'go' only (a rule edge): 600 ms once, in time otherwise.
    auto run = check("--misbehave slow --delay-ms 600 --at-move 1");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(count_of(run.output, "PASS  rule edge ") == 8);
    CHECK_THAT(run.output, Catch::Contains("WARN  " + kTimingItem));
    CHECK_THAT(run.output, Catch::Contains("1 late (first: rule edge 1 ("));
    CHECK(number_after(run.output, "worst") >= 600);
    CHECK(number_after(run.output, "median") <= 300);
    CHECK_THAT(run.output, Catch::Contains("0 failed, 1 warnings"));
}

TEST_CASE("check: a move that never comes is no verdict on the rule: it says how long check waited",
          "[e2e][check][timing]") {
    auto run = check("--misbehave hang --at-move 1", "--grace 400");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("no move to judge: no 'bestmove' after 'go' within "));
    CHECK_THAT(run.output, Catch::Contains("(allowed 300 ms, waited --grace 400 ms more"));
    // Restarted, it hangs at its first 'go' again: every search is unanswered, and counted late;
    // after the first, check waits no grace.
    CHECK_THAT(run.output, Catch::Contains("(allowed 300 ms, no grace after an earlier search went unanswered"));
    CHECK_THAT(run.output, Catch::Contains(" late (15 unanswered; first: rule edge 1 ("));
    CHECK_THAT(run.output, Catch::Contains("worst unanswered"));
}
