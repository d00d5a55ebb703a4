#include "output/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace arb::output {

Expected<FolderLock> FolderLock::acquire(const std::filesystem::path &dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail(dir.string() + ": cannot create the output folder: " + ec.message());
    const auto file = dir / kLockFile;
    // Close-on-exec: an engine started later must not inherit (and so keep) the lock.
    int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return fail(file.string() + ": cannot open the lock file: " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int error = errno;
        std::string holder;
        // The holder writes its pid right after locking: give it a moment.
        for (int attempt = 0; error == EWOULDBLOCK && holder.empty() && attempt < 20; ++attempt) {
            if (attempt > 0) ::usleep(5000);
            char text[32] = {};
            ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
            if (n > 0) holder = std::string(text, static_cast<size_t>(n));
            while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
        }
        ::close(fd);
        if (error != EWOULDBLOCK) return fail(file.string() + ": cannot lock: " + std::strerror(error));
        return fail(dir.string() + " is in use by arbiter (pid " + (holder.empty() ? "?" : holder) + ")");
    }
    // Ours now: record who holds it, for the message another run prints.
    std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        // Only the message suffers; the lock holds.
    }
    return FolderLock(fd);
}

FolderLock::~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace arb::output
