// How a child process ended, or that it has not: a value to test, with the
// words for messages beside it (never compare the words).
#pragma once

#include <string>

namespace arb::process {

struct ExitStatus {
    enum class State { Running, Exited, Killed };
    State state = State::Running;
    int code = 0;  // Exited: the exit code; Killed: the signal number

    // From a raw wait status (waitpid).
    static ExitStatus from_wait_status(int status) noexcept;

    [[nodiscard]] bool running() const noexcept { return state == State::Running; }
    // "exited with code 3", "was killed by signal 6 (SIGABRT)", "is still running".
    [[nodiscard]] std::string describe() const;

    friend bool operator==(const ExitStatus &, const ExitStatus &) = default;
};

}  // namespace arb::process
