#include "pid_hopper.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <ctime>

namespace arb::engines {

namespace {

double monotonic_seconds() {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

[[noreturn]] void hop_until(double end) {
    // The engine's pipes stay with the engine: the hopper is about processes,
    // not about a pipe held open.
    int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        for (int fd = 0; fd < 3; ++fd) ::dup2(null, fd);
        if (null > 2) ::close(null);
    }
    while (monotonic_seconds() < end) {
        pid_t pid = ::fork();
        if (pid > 0) ::_exit(0);  // the next generation goes on
        if (pid == 0) {
            ::setsid();
            continue;
        }
        // Out of processes for a moment: try again, but do not spin.
        timespec pause{0, 1'000'000};
        ::nanosleep(&pause, nullptr);
    }
    ::_exit(0);
}

}  // namespace

void start_pid_hopper(const std::string &lock_file, std::chrono::seconds lifetime) {
    const double end = monotonic_seconds() + static_cast<double>(lifetime.count());
    // Locked before the fork, so that the lock is held before the engine
    // answers anything: a test that sees the game start sees the lock taken.
    // Not close-on-exec and never closed: every generation keeps it.
    int lock = -1;
    if (!lock_file.empty()) {
        lock = ::open(lock_file.c_str(), O_RDWR | O_CREAT, 0644);
        if (lock >= 0) ::flock(lock, LOCK_SH);  // shared: several hoppers (one per engine start) may hold it
    }
    for (int i = 0; i < kHoppers; ++i)
        if (::fork() == 0) hop_until(end);
    if (lock >= 0) ::close(lock);  // the engine's copy; the hopper's holds the lock
}

}  // namespace arb::engines
