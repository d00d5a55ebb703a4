#include "process/cpu_affinity.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <system_error>

namespace arb::process {

namespace {

bool pin(pid_t tid, int cpu) noexcept {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return false;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::sched_setaffinity(tid, sizeof set, &set) == 0;
}

std::optional<int> cpu_number(std::string_view text) { return protocol::parse_integer<int>(text, 0, CPU_SETSIZE - 1); }

// Pins the thread whose id `text` spells (a line of cgroup.threads, a name
// in /proc/PID/task); false for a text that is none.
bool pin_named(std::string_view text, int cpu) noexcept {
    auto tid = protocol::parse_integer<pid_t>(text, 1, std::numeric_limits<pid_t>::max());
    return tid && pin(*tid, cpu);
}

}  // namespace

std::vector<int> usable_cpus() {
    std::vector<int> cpus;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return cpus;
}

bool pin_thread_to(int cpu) noexcept { return pin(static_cast<pid_t>(::syscall(SYS_gettid)), cpu); }

bool pin_process_to(long pid, int cpu, const std::filesystem::path &cgroup) {
    if (pid <= 0) return false;
    // cgroup.threads lists every thread of every process in the cgroup (v2).
    if (!cgroup.empty()) {
        std::ifstream threads(cgroup / "cgroup.threads");
        bool any = false, all = true;
        for (std::string line; std::getline(threads, line);) {
            all = pin_named(line, cpu) && all;
            any = true;
        }
        if (any) return all;
    }
    std::error_code ec;
    bool all = true;
    for (const auto &task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec))
        all = pin_named(task.path().filename().string(), cpu) && all;
    return !ec && all;
}

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
    std::vector<int> cpus;
    while (!text.empty()) {
        const size_t comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const size_t dash = part.find('-');
        auto first = cpu_number(part.substr(0, dash));
        auto last = dash == std::string_view::npos ? first : cpu_number(part.substr(dash + 1));
        if (!first || !last || *last < *first) return std::nullopt;
        for (int cpu = *first; cpu <= *last; ++cpu) cpus.push_back(cpu);
        if (comma != std::string_view::npos && text.empty()) return std::nullopt;  // "0,"
    }
    if (cpus.empty()) return std::nullopt;
    return cpus;
}

}  // namespace arb::process
