// Test helpers around processes: run a program and capture what it prints
// (support/child_process.hpp), and look in /proc for anything an engine left
// behind.
#pragma once

#include "support/child_process.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <thread>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arb::test {

// The text of a /proc file, or "" when the process is gone: it may exit
// between the directory listing and the read, which then fails with ESRCH
// (an exception through std::ifstream, hence plain read()).
inline std::string proc_text(const std::string &path) {
    std::string text;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char chunk[4096];
    for (;;) {
        ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(chunk, static_cast<size_t>(n));
    }
    ::close(fd);
    return text;
}

// Live (not zombie) processes whose process group is `pgid`. Zombies are
// left out: an orphan's reaping is the init process's job, not ours (and the
// engine itself, our child, is checked with process_state()).
inline std::vector<pid_t> processes_in_group(pid_t pgid) {
    std::vector<pid_t> found;
    DIR *dir = ::opendir("/proc");
    if (dir == nullptr) return found;
    while (dirent *entry = ::readdir(dir)) {
        char *end = nullptr;
        long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0) continue;
        std::string text = proc_text("/proc/" + std::string(entry->d_name) + "/stat");
        size_t close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(text.substr(close + 2));
        std::string state;
        long ppid = 0, pgrp = 0;
        fields >> state >> ppid >> pgrp;
        if ((pgrp == pgid || pid == pgid) && state != "Z") found.push_back(static_cast<pid_t>(pid));
    }
    ::closedir(dir);
    return found;
}

// processes_in_group(), after giving SIGKILLed members up to two seconds to
// die: the kill of a group is asynchronous for all but the one we waited for.
inline std::vector<pid_t> live_processes_in_group(pid_t pgid) {
    auto found = processes_in_group(pgid);
    for (int i = 0; i < 200 && !found.empty(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        found = processes_in_group(pgid);
    }
    return found;
}

// The state letter of a process ('Z' for a zombie), or 0 when it is gone.
inline char process_state(pid_t pid) {
    std::string text = proc_text("/proc/" + std::to_string(pid) + "/stat");
    size_t close = text.rfind(')');
    if (close == std::string::npos || close + 2 >= text.size()) return 0;
    return text[close + 2];
}

// Processes whose command line contains `marker` (other than this test).
inline std::vector<pid_t> processes_with(const std::string &marker) {
    std::vector<pid_t> found;
    DIR *dir = ::opendir("/proc");
    if (dir == nullptr) return found;
    while (dirent *entry = ::readdir(dir)) {
        char *end = nullptr;
        long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0 || pid == ::getpid()) continue;
        std::string cmdline = proc_text("/proc/" + std::string(entry->d_name) + "/cmdline");
        for (char &c : cmdline)
            if (c == '\0') c = ' ';
        if (cmdline.find(marker) != std::string::npos) found.push_back(static_cast<pid_t>(pid));
    }
    ::closedir(dir);
    return found;
}

// True when no process holds an flock on `file` any more, waiting up to two
// seconds for killed holders to be gone (a SIGKILL takes effect
// asynchronously). The mock engine's pid-hoppers hold a shared lock on their
// --hop-lock file that every generation inherits; a hopper outruns any /proc
// scan, this one included, but not the kernel's count of lock holders. False
// also when the file does not exist (then nothing was tested).
inline bool lock_free_within(const std::filesystem::path &file, std::chrono::milliseconds limit) {
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool free = false;
    for (auto i = limit.count() / 10; i >= 0 && !free; --i) {
        free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (!free) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::close(fd);
    return free;
}
inline bool lock_free_within_2s(const std::filesystem::path &file) {
    return lock_free_within(file, std::chrono::seconds(2));
}
// Held at this moment (a hopper lives), without waiting.
inline bool lock_held(const std::filesystem::path &file) {
    return std::filesystem::exists(file) && !lock_free_within(file, std::chrono::milliseconds(0));
}

// The value of `key` in /proc/<process>/<file>, its blanks after the colon
// dropped ("Cpus_allowed_list:\t1" -> "1", "se.slice  :  100000" -> "100000");
// "" when the key or the process is not there. `process`: a pid or "self".
inline std::string proc_field(const std::string &process, const std::string &file, const std::string &key) {
    std::istringstream lines(proc_text("/proc/" + process + "/" + file));
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(key, 0) != 0) continue;
        auto value = line.substr(line.find(':') + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        return value;
    }
    return {};
}

inline std::string read_file(const std::string &path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace arb::test
