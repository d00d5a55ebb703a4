// `arbiter run` stopped by SIGSTOP in the middle of its games (Ctrl-Z, a
// paused VM): the engines on move are not charged for the time the arbiter
// itself was not running, and their records say how much was left out.
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;

}  // namespace

TEST_CASE("an 8 s SIGSTOP of the arbiter at a 6 s clock costs no engine the game, and the records note the stall",
          "[e2e][stall]") {
    test::TempDir dir;
    const std::string marker = (dir.path() / "marker").string();
    // MCTS on the clock: each move thinks 4% of what is left (240 ms at first), so
    // that both games are waiting for a 'bestmove' nearly all the time.
    std::string yaml = "event: stall\ngame: othello\nengines:\n";
    for (const char *name : {"a", "b"})
        yaml += std::string("  - name: ") + name + "\n    command: " + kEngine +
                "\n    args: [--game, othello, --mode, mcts, --playouts, \"0\", --time-fraction, \"0.04\", --plugin-dir, " +
                ARBITER_PLUGIN_DIR + ", --plugin-dir, " + marker + "]\n";
    yaml += "tournament: {rounds: 1, games_per_pairing: 2, seed: 3}\nconcurrency: 2\ntime_control: 6+0\n";
    auto config = dir.write("stall.yaml", yaml);
    const auto out = dir.path() / "out";
    test::ChildProcess run({kArbiter, "run", config.string(), "--out", out.string(), "--plugin-dir", ARBITER_PLUGIN_DIR},
                           dir.path() / "log.txt");
    // Both games under way: the engines are up, and a few moves played.
    for (int i = 0; i < 500 && test::processes_with(marker).size() < 2; ++i) std::this_thread::sleep_for(10ms);
    REQUIRE(test::processes_with(marker).size() >= 2);
    std::this_thread::sleep_for(1500ms);
    run.signal(SIGSTOP);  // the arbiter only: the engines have their own process groups and run on
    std::this_thread::sleep_for(8s);
    run.signal(SIGCONT);
    auto code = run.exit_code(60s);
    const std::string log = test::read_file(dir.path() / "log.txt");
    INFO(log);
    REQUIRE(code == 0);
    auto records = output::read_record_log(out / "games.jsonl");
    REQUIRE(records.has_value());
    REQUIRE(records->games.size() == 2);
    int stalled_moves = 0;
    for (const auto &g : records->games) {
        INFO(g.record.reason);
        CHECK(g.record.termination == match::Termination::GameRule);
        for (const auto &m : g.record.moves) {
            if (m.stalled.count() == 0) continue;
            ++stalled_moves;
            // 8 s stopped; a wait sees all of it but the 100 ms it began in.
            CHECK(m.stalled >= 7800ms);
            CHECK(m.stalled <= 8300ms);
            // What the engine was charged: its think, not the stop (at most 240 ms + the unseen 100 ms).
            CHECK(m.elapsed < 1000ms);
        }
    }
    CHECK(stalled_moves >= 1);
    CHECK_THAT(test::read_file(out / "games.jsonl"), Catch::Contains("\"stall_ms\":"));
}
