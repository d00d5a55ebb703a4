// Running code that may crash the process -- a call into a plugin that may be
// broken -- in a forked child, so that the caller reports how it ended
// instead of dying with it.
#pragma once

#include "core/expected.hpp"

#include <functional>
#include <string>

namespace arb::process {

struct ChildRun {
    int exit_code = 0;
    std::string output;  // what the body wrote to its `out`
};

// Why a run failed: the child died (its signal), or none could be made.
struct ChildRunError {
    std::string message;
    bool started = true;  // false: the fork or its pipe was refused (the message names the limit); nothing ran
};

// Forks (no exec), runs `body` in the child and waits for it. The child's
// exit code is body's return value (125 if it threw); `out` travels back
// through a pipe. The error says how the child died, e.g. "was killed by
// signal 11 (SIGSEGV)", or why it could not be started.
// WARNING: call only while this process has a single thread (at start-up):
// the child of a multi-threaded process may deadlock in malloc or dlopen.
Expected<ChildRun, ChildRunError> run_in_child(const std::function<int(std::string &out)> &body);

}  // namespace arb::process
