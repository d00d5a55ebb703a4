// A snapshot of the process table from /proc (Linux): enough of each
// process to follow parents and groups when killing a process tree.
#pragma once

#include <sys/types.h>

#include <vector>

namespace arb::process {

struct ProcEntry {
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t pgrp = 0;
    pid_t session = 0;
    char state = 0;  // 'R', 'S', 'Z' (zombie), ...
};

// The pids in /proc now, in the order the kernel lists them (ascending).
std::vector<pid_t> list_pids();

// Every process visible in /proc now. Processes that end while it is read
// are left out.
std::vector<ProcEntry> read_proc_table();

// One process, if it exists.
bool read_proc_entry(pid_t pid, ProcEntry &entry);

// The children of this process (of all its threads), from
// /proc/self/task/*/children: a few lines where read_proc_table reads every
// process on the machine. False where the kernel has no such file
// (CONFIG_PROC_CHILDREN off); `out` is then empty.
bool own_children(std::vector<pid_t> &out);

// Orders `pids` newest first. The kernel hands pids out upwards from the last
// one given and wraps at pid_max, so after a wrap the newest pids are the
// lowest: the order is by distance below the last pid given
// (/proc/sys/kernel/ns_last_pid), or plain descending where that cannot be read.
void sort_newest_first(std::vector<pid_t> &pids);
// The same with the last pid given and pid_max known (0: unknown).
void sort_newest_first(std::vector<pid_t> &pids, long last_pid, long pid_max);

// The last pid the kernel handed out in this pid namespace
// (/proc/sys/kernel/ns_last_pid), and pid_max; 0 where not readable.
long last_pid_given();
long pid_max();

// The pids handed out after `since` up to `last` (as last_pid_given() read
// them twice), newest first, at most `cap` of them (the newest): the kernel
// gives pids upwards from the last one given and wraps at pid_max, so every
// process created between the two reads has one of these. Empty where either
// read is unknown (0).
std::vector<pid_t> pids_given_since(long since, long last, long pid_max, size_t cap);

}  // namespace arb::process
