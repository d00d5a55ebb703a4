// The thread that plays a game asks the scheduler for a short slice, so that
// an engine's answer wakes it at once on a busy machine (the wait is charged
// to the engine's clock); its engines keep the default slice
// (process/short_slice.hpp, issue 30 §5). Seen from outside, as the kernel
// reports each thread's slice (sched_getattr on its id), while a game waits
// for an engine that does not answer.
#include "process/short_slice.hpp"

#include "../tournament/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <random>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;

namespace {

const std::string kBin = ARBITER_BIN_DIR;

struct SchedAttr {
    uint32_t size, sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime, sched_deadline, sched_period;
    uint32_t sched_util_min, sched_util_max;
};

// The slice of thread `tid` in nanoseconds (0 when it is gone).
uint64_t slice_of(pid_t tid) {
    SchedAttr attr{};
    attr.size = sizeof attr;
    if (::syscall(SYS_sched_getattr, tid, &attr, sizeof attr, 0) != 0) return 0;
    return attr.sched_runtime;
}

std::vector<pid_t> threads_of(pid_t pid) {
    std::vector<pid_t> tids;
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec))
        tids.push_back(static_cast<pid_t>(std::stol(entry.path().filename().string())));
    return tids;
}

// Whether this kernel has custom slices at all: asked from a thread of our own.
bool kernel_has_custom_slices() {
    bool granted = false;
    std::thread([&] { granted = process::ask_for_short_slice(); }).join();
    return granted;
}

}  // namespace

TEST_CASE("the thread that plays a game asks for a short slice and its engines keep the default", "[e2e][process]") {
    if (!kernel_has_custom_slices()) ARB_SKIP("this kernel has no custom scheduler slices (Linux 6.12 on)");
    const uint64_t short_ns = static_cast<uint64_t>(std::chrono::nanoseconds(process::kShortSlice).count());
    const uint64_t default_ns = slice_of(0);
    REQUIRE(default_ns != short_ns);  // this thread never asked: the default

    std::random_device rd;
    const std::string seed = std::to_string(100000000ULL + rd() % 800000000ULL);
    test::TempDir dir;
    const std::string engine = "{command: " + kBin + "/arbiter-mock-engine, args: [--game, tictactoe, --plugin-dir, " +
                               ARBITER_PLUGIN_DIR + ", --misbehave, hang, --seed, \"" + seed + "\"]}";
    const auto config = dir.write("c.yaml", "game: tictactoe\nengines:\n  - {name: a, " + engine.substr(1) +
                                                "\n  - {name: b, " + engine.substr(1) + "\ntime_control: 60+1\n"
                                                "output: {dir: " + (dir.path() / "out").string() + "}\n");
    test::ChildProcess arbiter({kBin + "/arbiter", "run", config.string(), "--quiet", "--plugin-dir", ARBITER_PLUGIN_DIR},
                               dir.path() / "log");

    // The game waits for the first engine's move (it never comes) until the
    // test ends: both engines are up once the worker has asked for its slice.
    std::optional<pid_t> worker;
    std::vector<pid_t> engines;
    for (int i = 0; i < 1000 && (!worker || engines.size() < 2); ++i) {
        for (pid_t tid : threads_of(arbiter.pid()))
            if (slice_of(tid) == short_ns) worker = tid;
        engines = test::processes_with(seed);
        std::this_thread::sleep_for(10ms);
    }
    INFO(test::read_file((dir.path() / "log").string()));
    REQUIRE(worker);
    REQUIRE(engines.size() == 2);
    // The main thread (it draws progress and writes reports) and the engines: the default.
    CHECK(slice_of(arbiter.pid()) == default_ns);
    for (pid_t pid : engines) {
        CHECK(slice_of(pid) == default_ns);
        for (pid_t tid : threads_of(pid)) CHECK(slice_of(tid) == default_ns);
    }
}
