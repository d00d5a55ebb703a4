// What stopping an engine's process tree costs, both ways Child::kill_and_reap
// does it: a cgroup per child (cgroup.kill; where this machine lets us make
// one) and the freezing scan over /proc (own_cgroup = false). For each: the
// median and the worst time of spawn alone and of kill_and_reap, for a quiet
// child (`sleep`) and for the mock engine's pid-hop (four descendants that
// fork, exit and setsid as fast as they can), and whether any hopper was left
// (asked of the hoppers' lock file). The scan's cost grows with the number of
// processes on the machine, printed with the figures.
// Usage: bench_tree_kill [runs]   (default 20)
#include "process/spawn.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

using namespace arb;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

bool lock_free(const std::filesystem::path &file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool free = false;
    for (int i = 0; i < 200 && !free; ++i) {
        free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (!free) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::close(fd);
    return free;
}

void report(const char *what, std::vector<double> times) {
    std::sort(times.begin(), times.end());
    std::printf("  %-34s median %7.2f ms   worst %7.2f ms\n", what, times[times.size() / 2], times.back());
}

void measure(bool own_cgroup, bool hop, int runs) {
    std::vector<double> spawn_ms, kill_ms;
    int left = 0;
    bool had_cgroup = false;
    for (int i = 0; i < runs; ++i) {
        const auto lock = std::filesystem::temp_directory_path() /
                          ("bench-tree-kill-" + std::to_string(::getpid()) + "-" + std::to_string(i) + ".lock");
        process::SpawnOptions options;
        if (hop) {
            options.program = std::string(ARBITER_BIN_DIR) + "/arbiter-mock-engine";
            options.args = {"--game", "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR, "--misbehave", "pid-hop",
                            "--hop-lock", lock.string()};
        } else {
            options.program = "sleep";
            options.args = {"1000"};
        }
        options.in = options.out = options.err = process::Stdio::null();
        options.own_cgroup = own_cgroup;
        auto start = Clock::now();
        auto child = process::spawn(options);
        if (!child) {
            std::fprintf(stderr, "cannot start: %s\n", child.error().message.c_str());
            std::exit(1);
        }
        spawn_ms.push_back(ms(Clock::now() - start));
        had_cgroup = !child->cgroup().empty();
        if (hop) {  // until the hoppers run, then a while
            while (!std::filesystem::exists(lock)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        start = Clock::now();
        child->kill_and_reap();
        kill_ms.push_back(ms(Clock::now() - start));
        if (hop && !lock_free(lock)) ++left;
        std::filesystem::remove(lock);
    }
    std::printf("%s, %s:\n", own_cgroup ? (had_cgroup ? "cgroup" : "cgroup asked, none could be made: scan")
                                        : "freezing scan",
                hop ? "pid-hop engine" : "sleep");
    report("spawn", spawn_ms);
    report("kill_and_reap", kill_ms);
    if (hop) std::printf("  hoppers left after the kill: %d of %d runs\n", left, runs);
}

}  // namespace

int main(int argc, char **argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
    process::become_subreaper();
    size_t processes = 0;
    for (const auto &entry : std::filesystem::directory_iterator("/proc"))
        if (std::isdigit(static_cast<unsigned char>(entry.path().filename().string()[0]))) ++processes;
    std::printf("%d runs each; %zu processes on this machine\n", runs, processes);
    for (bool hop : {false, true})
        for (bool own_cgroup : {true, false}) measure(own_cgroup, hop, runs);
}
