#include "process/proc_table.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

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

bool own_children(std::vector<pid_t> &out) {
    out.clear();
    DIR *tasks = ::opendir("/proc/self/task");
    if (tasks == nullptr) return false;
    bool readable = false;
    while (dirent *e = ::readdir(tasks)) {
        if (!protocol::parse_integer<long>(e->d_name)) continue;
        const std::string path = std::string("/proc/self/task/") + e->d_name + "/children";
        int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;  // a thread that just ended, or no such file
        readable = true;
        std::string text;
        char buf[4096];
        for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
        ::close(fd);
        size_t at = 0;
        while (at < text.size()) {
            const size_t end = std::min(text.find_first_of(" \n", at), text.size());
            if (auto pid = protocol::parse_integer<long>(std::string_view(text).substr(at, end - at)); pid && *pid > 0)
                out.push_back(static_cast<pid_t>(*pid));
            at = end + 1;
        }
    }
    ::closedir(tasks);
    return readable;
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

long last_pid_given() { return read_number("/proc/sys/kernel/ns_last_pid"); }

long pid_max() {
    static const long max = read_number("/proc/sys/kernel/pid_max");  // fixed while we run
    return max;
}

void sort_newest_first(std::vector<pid_t> &pids) { sort_newest_first(pids, last_pid_given(), pid_max()); }

std::vector<pid_t> pids_given_since(long since, long last, long max, size_t cap) {
    std::vector<pid_t> pids;
    if (max <= 0 || since <= 0 || last <= 0 || since > max || last > max) return pids;
    const auto count = static_cast<size_t>((last - since + max) % max);
    for (size_t age = 0; age < std::min(count, cap); ++age) {
        long pid = last - static_cast<long>(age);
        if (pid <= 0) pid += max;
        if (pid < max) pids.push_back(static_cast<pid_t>(pid));  // pid_max itself is never given
    }
    return pids;
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
