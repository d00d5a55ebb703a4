// Ending a process tree without a cgroup: freeze what this process (a child
// subreaper) can see of the tree, until a pass over /proc finds nothing new,
// then kill it all.
//
// Rationale: a snapshot of /proc followed by kills loses to a process that
// forks and exits between the two (its new pid was not in the snapshot). A
// stopped process cannot fork, so stopping every member found, and scanning
// again until two scans in a row find no new member, every member stopped
// and none that died running, converges; only then is anything killed.
// After the kill the scans go on until one finds nothing new and nothing
// alive (a member found then, e.g. one another member woke with SIGCONT, is
// killed at once).
//
// Against a chain that forks, exits and forks again (fork, the parent exits,
// the child calls setsid; engines/mock's pid-hop) two things decide the race,
// both measured with four such chains (docs/protocol.md):
// - Zombies adopted here are reaped as they are found. They used to be kept
//   as traces of members that moved on, but each pass then read all of them:
//   a slow pass let the chains leave more zombies, which made the next pass
//   slower still (5000 entries and seconds per pass before the 5 s deadline,
//   and the machine out of pids). A member that died is seen all the same
//   (it dies running, or is new), and its children are found alive: adopted
//   here or under a member.
// - Before each full pass, a chase reads only the pids handed out since its
//   last look (/proc/sys/kernel/ns_last_pid), newest first: a chain's live
//   head is read microseconds after its fork, while it is still alive, and
//   a SIGSTOP then ends the chain (measured: one shot at a live head stopped
//   its chain 40 times in 40). A full pass reads the head only after listing
//   and sorting every pid, by when it has often moved on.
// Signalling a head's process group instead stopped fewer chains (31 in 40:
// a head before its setsid is still in its parent's group). Not tried, as
// the two above sufficed: lowering the members' scheduling priority (a
// SIGKILLed process at SCHED_IDLE or nice 19 may take long to die on a busy
// machine, and without privilege it cannot be raised back), and ptrace
// (PTRACE_O_TRACEFORK) to hold new children (a tracer thread of its own,
// Yama's ptrace_scope, and attaching races for the head as the chase does).
// Where ns_last_pid cannot be read the chase does nothing and the full passes
// work alone.
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
