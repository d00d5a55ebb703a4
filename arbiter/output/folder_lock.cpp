#include "output/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace arb::output {

Expected<FolderLock> FolderLock::acquire(int dir_fd, const std::filesystem::path &dir) {
    const auto file = dir / kLockFile;
    // Close-on-exec: an engine started later must not inherit (and so keep) the lock.
    // Non-blocking: a FIFO planted under the name must not hang the open.
    int fd = ::openat(dir_fd, kLockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0 && errno == ELOOP)
        return fail(file.string() + " is a symbolic link: arbiter writes nothing through a link in its output "
                                    "folder; remove the link");
    if (fd < 0) return fail(file.string() + ": cannot open the lock file: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(file.string() + " is not a regular file; remove it");
    }
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
        return fail(ErrorKind::FolderInUse, dir.string() + " is in use by arbiter (pid " + (holder.empty() ? "?" : holder) + ")");
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
