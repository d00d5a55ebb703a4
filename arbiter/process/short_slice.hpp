// The scheduler's slice for a thread that waits on engines. A thread that
// judges a game runs for microseconds between waits; when an engine's answer
// wakes it, every microsecond until it runs is charged to that engine's
// clock. Linux's fair scheduler (EEVDF, 6.6 on) lets a thread ask for a
// shorter slice than the default (sched_attr.sched_runtime, no privilege
// needed, 6.12 on); a waking thread with a shorter slice preempts a CPU
// hog at once instead of after the rest of the hog's slice (a millisecond
// or more), which is what a loaded machine's time losses are made of. The
// share of CPU a thread gets is its weight's, unchanged.
//
// Only for the calling thread: the threads and processes it starts (engines
// among them, which want long slices to search) begin with the default.
#pragma once

#include <chrono>
#include <optional>

namespace arb::process {

// The slice asked for: the kernel's smallest (0.1 ms).
inline constexpr std::chrono::microseconds kShortSlice{100};

// Asks for kShortSlice for the calling thread. False when the kernel has no
// custom slices or refused; nothing else changes then.
bool ask_for_short_slice() noexcept;

// The calling thread's slice as the kernel reports it (sched_getattr), or
// nothing where it reports none.
std::optional<std::chrono::nanoseconds> current_slice() noexcept;

}  // namespace arb::process
