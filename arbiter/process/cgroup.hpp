// A cgroup v2 per child process: the kernel's own grouping of a process tree,
// so that killing the tree (cgroup.kill) cannot miss a descendant that forks,
// changes its pid, its session or its process group while it is killed.
//
// A child joins its cgroup itself, before exec (see spawn.cpp), so every
// process it ever starts is born inside. Where the arbiter may not create a
// cgroup (no cgroup v2, a folder it may not write, a kernel before 5.14
// without cgroup.kill: often so in containers), CgroupParent::find() says why
// and the caller falls back to freezing what the child subreaper sees
// (tree_freeze.hpp).
#pragma once

#include "core/expected.hpp"

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace arb::process {

// One child's cgroup: an empty folder when made, removed (with any cgroups
// made below it) on destruction when nothing runs in it any more.
class Cgroup {
public:
    Cgroup() = default;
    explicit Cgroup(std::filesystem::path path) : path_(std::move(path)) {}
    Cgroup(Cgroup &&other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
    Cgroup &operator=(Cgroup &&other) noexcept;
    Cgroup(const Cgroup &) = delete;
    Cgroup &operator=(const Cgroup &) = delete;
    ~Cgroup() { remove(); }

    [[nodiscard]] bool valid() const noexcept { return !path_.empty(); }
    [[nodiscard]] const std::filesystem::path &path() const noexcept { return path_; }
    // The file a process writes "0" to in order to move itself in.
    [[nodiscard]] std::filesystem::path procs_file() const { return path_ / "cgroup.procs"; }

    // SIGKILL to every process in it and in the cgroups below it, as one step
    // of the kernel: a process forking meanwhile cannot get a child out.
    // False if the kernel refused (then nothing was killed).
    bool kill() const;
    // True while a process (not a zombie) is in it or below it; false also
    // when it cannot be read.
    [[nodiscard]] bool populated() const;
    // Removes the folder and the cgroups below it, deepest first, if nothing
    // runs in them; forgets it when that worked. True when it is gone.
    bool remove() noexcept;
    // Forgets the folder without removing it.
    void release() noexcept { path_.clear(); }

private:
    std::filesystem::path path_;
};

// The cgroup folder this process runs in, where it makes its children's
// cgroups ("arbiter-<pid>-<n>").
class CgroupParent {
public:
    // Our cgroup v2 folder, from /proc/self/cgroup and /proc/self/mountinfo,
    // if we may create a cgroup in it that has cgroup.kill. The error says why
    // not (e.g. "no cgroup v2 file system is mounted"). Also removes the empty
    // cgroups that arbiter processes no longer running left there (a kill -9).
    static Expected<CgroupParent> find();

    [[nodiscard]] const std::filesystem::path &path() const noexcept { return path_; }
    // A new, empty cgroup for one child; the error names the folder and why.
    [[nodiscard]] Expected<Cgroup> create(unsigned long serial) const;

private:
    explicit CgroupParent(std::filesystem::path path) : path_(std::move(path)) {}
    void remove_stale() const;

    std::filesystem::path path_;
};

}  // namespace arb::process
