// One output folder, one writer: an exclusive flock on a lock file in the
// folder, held for the whole run. The kernel drops it when the process ends
// in any way (kill -9 too), so a stale lock file never blocks a later run.
#pragma once

#include "core/expected.hpp"

#include <filesystem>

namespace arb::output {

inline constexpr const char *kLockFile = ".arbiter.lock";

class FolderLock {
public:
    // Locks the folder open as `dir_fd` (named `dir` in messages) or fails at
    // once, without waiting: "DIR is in use by arbiter (pid N)" when another
    // run holds it. The lock file is opened relative to the folder and never
    // through a symbolic link (one there is an error naming it): the pid
    // written into it must not land in a file the link points to.
    static Expected<FolderLock> acquire(int dir_fd, const std::filesystem::path &dir);

    FolderLock(FolderLock &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    FolderLock &operator=(FolderLock &&) = delete;
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;
    ~FolderLock();  // releases the lock (the file stays)

private:
    explicit FolderLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace arb::output
