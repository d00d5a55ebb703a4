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

}  // namespace arb::process
