// The time slice the kernel gives a thread when it competes for a CPU
// (Linux 6.12 and later: EEVDF's custom slice, sched_attr.sched_runtime for
// SCHED_OTHER; no privilege needed). A thread with a short slice gets an
// early virtual deadline when it wakes, so it preempts a busy neighbour at
// once instead of waiting out that neighbour's slice (about 1.4 ms on 2
// cores). Every ply wakes the engine on `go` and the arbiter on `bestmove`;
// on a loaded machine those two waits were most of a ply and all of the
// difference between a quiet and a busy run (bench/load/time_vs_fastchess.py,
// docs/config.md, "Scheduling"). The share of CPU is not changed: a short slice is
// scheduled sooner in smaller pieces, not more often in all.
//
// The arbiter's threads take the shortest slice (100 us); engines keep the
// kernel's default unless asked, since a short slice cuts a searching
// engine's run into more pieces. ARBITER_SLICE_US and
// ARBITER_ENGINE_SLICE_US in the environment set them (0: the kernel's
// default; the kernel clamps others to 100..100000 us). Older kernels accept
// and ignore the setting.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace arb::process {

struct LatencySlices {
    std::chrono::microseconds arbiter{100};
    std::optional<std::chrono::microseconds> engines;  // nothing: the kernel's default (0 is that too)
};

// The slices the environment asks for, or an error naming the variable and
// its text.
struct LatencySlicesOrError {
    LatencySlices slices;
    std::string error;
};
LatencySlicesOrError latency_slices_from_environment();

// Sets the calling thread's slice (0: the kernel's default). Threads it
// starts and processes it forks inherit it. Returns false where the kernel
// refuses (a real-time policy, a seccomp filter); nothing else changes then.
// Async-signal-safe: one system call, no allocation, so a forked child may
// call it before exec.
bool set_thread_slice(std::chrono::microseconds slice) noexcept;

// The calling thread's slice as the kernel reports it, or nothing where it
// does not (kernels before 6.12 report 0 for SCHED_OTHER).
std::optional<std::chrono::microseconds> thread_slice() noexcept;

}  // namespace arb::process
