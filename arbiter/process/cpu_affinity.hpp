// Keeping a game on one CPU: its worker thread and its engines' threads
// pinned together (config `affinity`, fastchess's -use-affinity). A ply is a
// chain of wake-ups (the arbiter writes `go`, the engine answers, the
// arbiter reads); on one CPU each wake-up is a local switch, across CPUs an
// interrupt to another one, often asleep. With as many games as cores,
// pinned games played a ply in half the wall time of unpinned ones on 2
// cores (docs/config.md, "Scheduling"). A multi-threaded engine must not be pinned: the
// tournament decides which engines are (tournament/pooled_run.cpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::process {

// The CPUs this process may run on (its affinity mask), in order.
std::vector<int> usable_cpus();

// Pins the calling thread to `cpu`; false if the kernel refuses (a CPU
// outside the cgroup's cpuset, one that went offline).
bool pin_thread_to(int cpu) noexcept;

// Pins every thread of process `pid` to `cpu`, so that the whole engine
// follows the game it plays; threads and processes it starts later inherit
// it from theirs. With `cgroup`, the folder of the cgroup its process tree
// runs in (spawn.hpp), every thread in it: a wrapper script's engine too.
// False if any thread could not be pinned (one may have ended).
bool pin_process_to(long pid, int cpu, const std::filesystem::path &cgroup = {});

// "0-3,8" -> {0, 1, 2, 3, 8}: a CPU list as taskset and fastchess write
// it; nothing for an empty or malformed list.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

}  // namespace arb::process
