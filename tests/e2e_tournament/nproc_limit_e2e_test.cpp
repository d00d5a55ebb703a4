// `arbiter run` as an unprivileged user under a small process limit
// (RLIMIT_NPROC, 'ulimit -u'): a thread or process the machine refuses ends
// the run cleanly (exit 1, the limit named, --resume named), blames no
// engine, loses no finished game; --resume then completes the run. Root
// ignores RLIMIT_NPROC, so the arbiter is run as a uid of the test's own
// (setpriv), which nothing else on the machine uses; without root (or
// setpriv) the test says it is skipped (ctest: Skipped).
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/skip.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <set>
#include <string>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;
using arb::test::count_of;

const std::string kSetpriv = "/usr/bin/setpriv";
const std::string kPrlimit = "/usr/bin/prlimit";

// Why the test cannot run here; empty when it can.
std::string cannot_limit_processes() {
    if (::geteuid() != 0) return "not root: no other user to run the arbiter as (a user's own process count is unknown)";
    if (::access(kSetpriv.c_str(), X_OK) != 0 || ::access(kPrlimit.c_str(), X_OK) != 0) return "no setpriv or prlimit";
    return {};
}

// RLIMIT_NPROC counts every task of the real user: a uid no one else has.
std::string test_uid() { return std::to_string(60000 + ::getpid() % 5000); }

// `command` (a program and its words, for a shell line) as the test's uid
// with at most `limit` tasks. In an ASan build no leak check at exit: it
// needs a thread of its own, which the limit may refuse.
std::string as_limited_user(int limit, const std::string &command) {
    const std::string uid = test_uid();
    return kPrlimit + " --nproc=" + std::to_string(limit) + ":" + std::to_string(limit) + " -- " + kSetpriv +
           " --reuid=" + uid + " --regid=" + uid + " --clear-groups -- env ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" " +
           command;
}

// Two engines started anew for every game (restart), so that processes are
// forked all through the run.
std::filesystem::path write_config(const test::TempDir &dir, int rounds) {
    std::string yaml = "game: tictactoe\nengines:\n";
    for (const char *name : {"a", "b"})
        yaml += std::string("  - {name: ") + name + ", command: " + kEngine +
                ", args: [--game, tictactoe, --mode, random, --plugin-dir, " + ARBITER_PLUGIN_DIR + "], restart: true}\n";
    yaml += "tournament: {rounds: " + std::to_string(rounds) + "}\nconcurrency: 2\n";
    auto config = dir.write("t.yaml", yaml);
    ::chmod(dir.path().c_str(), 0777);  // the limited user writes its output folder here
    return config;
}

std::string run_line(const std::filesystem::path &config, const std::filesystem::path &out) {
    return kArbiter + " run -q " + config.string() + " --out " + out.string() + " --plugin-dir " + ARBITER_PLUGIN_DIR;
}

// What every stop for want of processes must show.
void check_clean_stop(const test::Run &run, const std::filesystem::path &out) {
    CHECK_THAT(run.output, !Catch::Contains("terminate called"));
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("RLIMIT_NPROC, 'ulimit -u'"));
    if (std::filesystem::exists(out / "games.jsonl")) CHECK_THAT(run.output, Catch::Contains("--resume " + out.string()));
}

// No game of the records blames an engine for what the machine refused.
void check_no_engine_blamed(const std::filesystem::path &out) {
    if (!std::filesystem::exists(out / "games.jsonl")) return;
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    for (const auto &g : log->games) {
        INFO(g.record.reason);
        CHECK(g.record.termination != match::Termination::Crash);
        CHECK(g.record.termination != match::Termination::Stall);
        CHECK(g.record.termination != match::Termination::Abandoned);
    }
}

void resume_completes(const std::filesystem::path &out, int total) {
    auto resumed = test::run_command(kArbiter + " run -q --resume " + out.string() + " --plugin-dir " + ARBITER_PLUGIN_DIR);
    INFO(resumed.output);
    CHECK(resumed.exit_code == 0);
    CHECK_THAT(resumed.output, Catch::Contains(std::to_string(total) + " of " + std::to_string(total) + " games played"));
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    std::set<int> indices;
    for (const auto &g : log->games) indices.insert(g.slot.index);
    CHECK(static_cast<int>(log->games.size()) == total);
    CHECK(static_cast<int>(indices.size()) == total);
}

}  // namespace

TEST_CASE("under ulimit -u 1 to 14 a run ends cleanly naming the limit, and --resume completes it", "[e2e][limits]") {
    if (const std::string why = cannot_limit_processes(); !why.empty()) ARB_SKIP(why);
    test::TempDir dir;
    const auto config = write_config(dir, 5);
    int stopped = 0, resumable = 0;
    for (int limit = 1; limit <= 14; ++limit) {
        const auto out = dir.path() / ("out-" + std::to_string(limit));
        auto run = test::run_command(as_limited_user(limit, run_line(config, out)));
        INFO("ulimit -u " << limit << ": " << run.output);
        CHECK_THAT(run.output, !Catch::Contains("terminate called"));
        check_no_engine_blamed(out);
        if (run.exit_code == 0) continue;  // enough for the whole run
        ++stopped;
        check_clean_stop(run, out);
        if (!std::filesystem::exists(out / "games.jsonl")) continue;
        ++resumable;
        resume_completes(out, 10);
    }
    CHECK(stopped >= 3);    // the small limits do stop it
    CHECK(resumable >= 1);  // and some of them once the output folder exists
}

TEST_CASE("processes running out mid-run stop it cleanly: finished games kept, no engine blamed, resume completes",
          "[e2e][limits]") {
    if (const std::string why = cannot_limit_processes(); !why.empty()) ARB_SKIP(why);
    test::TempDir dir;
    const auto config = write_config(dir, 50);
    const auto out = dir.path() / "out";
    const std::string uid = test_uid();
    // 40 tasks: room for the arbiter and its engines, until the fillers below take it.
    test::ChildProcess run({"/bin/sh", "-c", as_limited_user(40, run_line(config, out))}, dir.path() / "log.txt");
    auto deadline = std::chrono::steady_clock::now() + 60s;
    while (count_of(test::read_file(out / "games.jsonl"), "\n") < 4 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(5ms);
    REQUIRE(count_of(test::read_file(out / "games.jsonl"), "\n") >= 4);
    // The same user's other processes use the rest of its limit.
    test::ChildProcess fillers({kSetpriv, "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--", "/bin/sh", "-c",
                                "i=0; while [ $i -lt 40 ]; do sleep 60 & i=$((i+1)); done; echo filled; wait"});
    fillers.read_until("filled");
    auto code = run.exit_code(60s);
    fillers.signal_group(SIGKILL);
    test::Run stopped{code.value_or(-1), test::read_file(dir.path() / "log.txt")};
    INFO(stopped.output);
    check_clean_stop(stopped, out);
    check_no_engine_blamed(out);
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    CHECK(log->games.size() >= 4);   // what was finished before is all there
    CHECK(log->games.size() < 100);  // and the run did stop
    resume_completes(out, 100);
}
