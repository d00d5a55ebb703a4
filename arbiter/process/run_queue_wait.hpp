// How long the calling thread has waited for a CPU while it was ready to
// run: the kernel's own account (/proc/thread-self/schedstat, its second
// field, in nanoseconds; Linux with sched_info, as distributions build it).
// A thread woken by an engine's answer on a busy machine may wait here for
// milliseconds before it reads that answer; the difference across one wait
// is that wait's share, which is the arbiter's and not the engine's
// (line_channel.hpp, docs/protocol.md). Stopped time (SIGSTOP) is not in it:
// StallMeter sees that.
#pragma once

#include <chrono>
#include <optional>

namespace arb::process {

// The calling thread's total wait on the run queue so far, or nothing where
// the kernel does not report it. One pread(2) per call on a descriptor the
// thread opens at its first call and keeps until it ends.
std::optional<std::chrono::nanoseconds> run_queue_wait() noexcept;

}  // namespace arb::process
