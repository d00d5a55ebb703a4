#include "process/proc_table.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace arb::process {

bool read_proc_entry(pid_t pid, ProcEntry &entry) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char text[1024];
    ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return false;
    text[n] = '\0';
    // "pid (comm) state ppid pgrp session ...": comm may hold spaces and ')'.
    const char *close = std::strrchr(text, ')');
    if (close == nullptr || close[1] == '\0') return false;
    char state = 0;
    int ppid = 0, pgrp = 0, session = 0;
    if (std::sscanf(close + 2, "%c %d %d %d", &state, &ppid, &pgrp, &session) != 4) return false;
    entry = {pid, ppid, pgrp, session, state};
    return true;
}

std::vector<pid_t> list_pids() {
    std::vector<pid_t> pids;
    DIR *dir = ::opendir("/proc");
    if (dir == nullptr) return pids;
    while (dirent *e = ::readdir(dir)) {
        auto pid = protocol::parse_integer<long>(e->d_name);
        if (pid && *pid > 0) pids.push_back(static_cast<pid_t>(*pid));
    }
    ::closedir(dir);
    return pids;
}

namespace {

// A number from a one-line /proc file, or 0.
long read_number(const char *path) {
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[32];
    ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return 0;
    text[n] = '\0';
    return std::strtol(text, nullptr, 10);
}

}  // namespace

void sort_newest_first(std::vector<pid_t> &pids) {
    static const long pid_max = read_number("/proc/sys/kernel/pid_max");  // fixed while we run
    sort_newest_first(pids, read_number("/proc/sys/kernel/ns_last_pid"), pid_max);
}

void sort_newest_first(std::vector<pid_t> &pids, long last, long pid_max) {
    if (pid_max <= 0 || last <= 0 || last > pid_max) {
        std::sort(pids.rbegin(), pids.rend());
        return;
    }
    // 0 for the last pid given, 1 for the one before it, ...; a pid handed out
    // since `last` was read comes at the end, the oldest end.
    auto age = [&](pid_t pid) { return (last - static_cast<long>(pid) + pid_max) % pid_max; };
    std::sort(pids.begin(), pids.end(), [&](pid_t a, pid_t b) { return age(a) < age(b); });
}

std::vector<ProcEntry> read_proc_table() {
    std::vector<ProcEntry> table;
    for (pid_t pid : list_pids()) {
        ProcEntry entry;
        if (read_proc_entry(pid, entry)) table.push_back(entry);
    }
    return table;
}

}  // namespace arb::process
