#include "process/proc_table.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

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

std::vector<ProcEntry> read_proc_table() {
    std::vector<ProcEntry> table;
    for (pid_t pid : list_pids()) {
        ProcEntry entry;
        if (read_proc_entry(pid, entry)) table.push_back(entry);
    }
    return table;
}

}  // namespace arb::process
