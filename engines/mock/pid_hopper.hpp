// The pid-hop misbehaviour: a descendant that changes its pid as fast as it
// can, to test that stopping an engine ends every descendant however it moves.
#pragma once

#include <chrono>
#include <string>

namespace arb::engines {

// How long a hopper lives at most: a test that fails to kill it leaves it
// behind for this long, not for ever.
inline constexpr std::chrono::seconds kHopperLifetime{20};

// How many hoppers an engine starts: each is one more chance per kill that a
// hop falls between a /proc scan and the kill that follows it.
inline constexpr int kHoppers = 4;

// Forks kHoppers hoppers and returns at once. Each hopper (stdin, stdout and stderr
// on /dev/null, the engine's command line, so that tests find it by its
// arguments) repeats: fork; the parent exits; the child calls setsid().
// Each generation thus has a new pid, a new process group and a new session,
// and is orphaned the moment it exists. It ends by itself after `lifetime`.
// With a `lock_file`, the hopper holds a shared flock on it that every generation
// inherits: the lock is free exactly when no hopper is left, which a test can
// ask without chasing pids through /proc (a hopper outruns such a scan).
void start_pid_hopper(const std::string &lock_file, std::chrono::seconds lifetime = kHopperLifetime);

}  // namespace arb::engines
