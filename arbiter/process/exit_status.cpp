#include "process/exit_status.hpp"

#include <sys/wait.h>

#include <cstring>

namespace arb::process {

ExitStatus ExitStatus::from_wait_status(int status) noexcept {
    if (WIFSIGNALED(status)) return {State::Killed, WTERMSIG(status)};
    return {State::Exited, WIFEXITED(status) ? WEXITSTATUS(status) : status};
}

std::string ExitStatus::describe() const {
    switch (state) {
    case State::Running: return "is still running";
    case State::Exited: return "exited with code " + std::to_string(code);
    case State::Killed: break;
    }
    const char *abbrev = ::sigabbrev_np(code);
    return "was killed by signal " + std::to_string(code) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
}

}  // namespace arb::process
