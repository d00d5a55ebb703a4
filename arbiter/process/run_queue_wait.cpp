#include "process/run_queue_wait.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <cstdint>

namespace arb::process {

namespace {

// The descriptor of this thread's schedstat: /proc/thread-self names the
// opening thread, so each thread needs its own.
class ThreadSchedstat {
public:
    ThreadSchedstat() : fd_(::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
    ~ThreadSchedstat() {
        if (fd_ >= 0) ::close(fd_);
    }
    ThreadSchedstat(const ThreadSchedstat &) = delete;
    ThreadSchedstat &operator=(const ThreadSchedstat &) = delete;
    [[nodiscard]] int fd() const noexcept { return fd_; }

private:
    int fd_;
};

}  // namespace

std::optional<std::chrono::nanoseconds> run_queue_wait() noexcept {
    static thread_local ThreadSchedstat file;
    if (file.fd() < 0) return std::nullopt;
    // "<time on the CPU> <time waiting for one> <timeslices>", in nanoseconds.
    char text[96];
    const ssize_t n = ::pread(file.fd(), text, sizeof text, 0);
    if (n <= 0) return std::nullopt;
    const char *end = text + n;
    const char *p = text;
    while (p < end && *p != ' ') ++p;
    if (p == end) return std::nullopt;
    uint64_t waited = 0;
    if (std::from_chars(p + 1, end, waited).ec != std::errc()) return std::nullopt;
    return std::chrono::nanoseconds(static_cast<std::chrono::nanoseconds::rep>(waited));
}

}  // namespace arb::process
