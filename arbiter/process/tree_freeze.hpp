// Ending a process tree without a cgroup: freeze what this process (a child
// subreaper) can see of the tree, until a pass over /proc finds nothing new,
// then kill it all.
//
// Rationale: a snapshot of /proc followed by kills loses to a process that
// forks and exits between the two (its new pid was not in the snapshot). A
// stopped process cannot fork, so stopping every member found, and scanning
// again until a scan finds no new member and every member stopped, converges;
// only then is anything killed. Nothing is reaped before the kill: an orphan
// that dies is reparented here and stays a zombie, so a member that moved on
// leaves a trace the next scan sees. After the kill the scans go on until one
// finds nothing new and nothing alive (a member found then, e.g. one another
// member woke with SIGCONT, is killed at once).
//
// Needs PR_SET_CHILD_SUBREAPER (become_subreaper()): otherwise an orphan goes
// to init, where no scan can tell it from any other process.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>

namespace arb::process {

struct TreeScope {
    // The child whose tree it is, or 0 for only the orphans adopted here.
    pid_t leader = 0;
    // The leader leads a process group of its own (its pid).
    bool own_group = true;
    // True for a child this process started and still owns (never taken for
    // an orphan); asked at the moment a process is seen.
    std::function<bool(pid_t pid)> is_own_child;
    // True for the process group of another live child: orphans in it belong
    // to that child's tree.
    std::function<bool(pid_t pgrp)> is_other_group;
};

// Stops every process of the tree, then kills them all and reaps the orphans
// among them adopted here (not the leader: its owner reaps it). At
// `deadline`, whatever was found is killed, stopped or not.
void freeze_and_kill(const TreeScope &scope, std::chrono::steady_clock::time_point deadline);

}  // namespace arb::process
