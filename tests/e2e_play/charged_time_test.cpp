// What a move is charged when the arbiter itself is slow to run (issue 30
// §5): an engine that answers after 30 ms while the thread that reads its
// answer cannot get a CPU (a busy loop holds the CPU it is pinned to, and it
// runs as SCHED_IDLE from just after 'go', so it waits until the loop ends,
// ~100 ms later). The
// engine is charged its 30 ms and the little around them, not the arbiter's
// wait for a CPU after 'bestmove' woke it (process/run_queue_wait.hpp).
#include "support/programs.hpp"
#include "engine/protocol_engine.hpp"
#include "process/run_queue_wait.hpp"
#include "support/process_scan.hpp"
#include "support/skip.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>

namespace {

using namespace std::chrono_literals;
using arb::engine::EngineConfig;
using arb::engine::EngineTimeouts;
using arb::engine::ProtocolEngine;
using Clock = std::chrono::steady_clock;

void pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    REQUIRE(::sched_setaffinity(0, sizeof set, &set) == 0);
}

// The run-queue wait so far of thread `tid` of this process, from the kernel.
std::chrono::nanoseconds queued_of(pid_t tid) {
    const std::string text = arb::test::read_file("/proc/self/task/" + std::to_string(tid) + "/schedstat");
    const size_t space = text.find(' ');
    return std::chrono::nanoseconds(space == std::string::npos ? 0 : std::stoll(text.substr(space + 1)));
}

}  // namespace

TEST_CASE("a move is not charged the arbiter's wait for a CPU after the engine's answer woke it", "[e2e][engine]") {
    if (!arb::process::run_queue_wait())
        ARB_SKIP("this kernel does not report a thread's run-queue wait (/proc/thread-self/schedstat)");
    EngineConfig config;
    config.name = "slow";
    config.command = arb::test::kMock;
    arb::test::TempDir dir;
    const std::string received = (dir.path() / "received").string();  // every line the engine read
    config.args = {"--game",     "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR, "--misbehave", "slow",
                   "--delay-ms", "30",        "--log",        received};
    EngineTimeouts timeouts;
    timeouts.startup = 5000ms;
    auto started = ProtocolEngine::start(config, timeouts);
    INFO((started ? std::string() : started.error().message));
    REQUIRE(started.has_value());
    ProtocolEngine &engine = **started;
    REQUIRE(engine.new_game().has_value());

    std::atomic<bool> go_written{false};
    std::atomic<pid_t> reader_tid{0};
    std::optional<arb::engine::BestMove> answer;
    Clock::duration wall{};
    // The reader's wait for a CPU from when the engine had 'go' until the call returned.
    std::atomic<int64_t> queued_at_go_ns{0};
    std::chrono::nanoseconds queued{};
    const int cpu = std::max(0, ::sched_getcpu());
    // Its own thread: a thread cannot leave SCHED_IDLE again without privilege.
    std::thread reader([&] {
        pin_to(cpu);
        reader_tid = static_cast<pid_t>(::syscall(SYS_gettid));
        go_written = true;
        arb::protocol::Position position;
        arb::protocol::Go go;
        go.movetime = 1000;
        const auto began = Clock::now();
        auto reply = engine.go(position, go, 5000ms);
        wall = Clock::now() - began;
        queued = queued_of(reader_tid) - std::chrono::nanoseconds(queued_at_go_ns.load());
        if (reply) answer = std::move(*reply);
    });
    std::thread hog([&] {
        pin_to(cpu);
        while (!go_written) std::this_thread::yield();
        // Once the engine has read 'go' the reader waits for the answer (due
        // 30 ms later): from then on it runs only when this loop lets it.
        for (int i = 0; i < 2000 && arb::test::read_file(received).find("\ngo") == std::string::npos; ++i)
            std::this_thread::sleep_for(1ms);
        queued_at_go_ns = queued_of(reader_tid).count();
        sched_param idle{};
        (void)::sched_setscheduler(reader_tid, SCHED_IDLE, &idle);
        const auto until = Clock::now() + 100ms;  // well under a stall (process/stall_meter.hpp)
        while (Clock::now() < until) {
        }
    });
    hog.join();
    reader.join();
    REQUIRE(answer);
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(queued);
    const auto not_charged = std::chrono::duration_cast<std::chrono::milliseconds>(wall) - answer->elapsed;
    INFO("charged " << answer->elapsed.count() << " ms; the go call took " << (answer->elapsed + not_charged).count()
                    << " ms; after the engine had 'go' the reader waited " << waited.count() << " ms for a CPU");
    if (waited < 40ms) ARB_SKIP("the busy loop did not keep the reader off its CPU (it waited " << waited.count() << " ms)");
    // A machine this loaded shows a stall, which is not charged either (another test's subject).
    if (answer->stalled.count() > 0) ARB_SKIP("the wait was long enough to count as a stall of the arbiter's");
    // The engine's own 30 ms are charged (less 1 for whole milliseconds); of
    // the reader's wait, which came after the answer (it slept until then), at
    // least half is not (all of it is taken off; the rest is rounding and the
    // reads around the wait). Charging it all, not_charged is 0.
    CHECK(answer->elapsed >= 29ms);
    CHECK(not_charged >= waited / 2);
    engine.quit();
}
