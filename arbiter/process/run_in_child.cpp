#include "process/run_in_child.hpp"

#include "process/exit_status.hpp"
#include "process/resource_limits.hpp"
#include "process/spawn.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace arb::process {

namespace {

Unexpected<ChildRunError> died(std::string message) { return {ChildRunError{std::move(message), true}}; }

// The machine refused the child: the message names the limit when it is one.
Unexpected<ChildRunError> not_started(const char *what, int error) {
    std::string message = std::string(what) + ": " + std::strerror(error);
    if (is_resource_error(error)) message += " (" + resource_limit_named(error) + ")";
    return {ChildRunError{std::move(message), false}};
}

}  // namespace

Expected<ChildRun, ChildRunError> run_in_child(const std::function<int(std::string &out)> &body) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return not_started("cannot create a pipe", errno);
    // What is buffered now would otherwise be written twice, by both processes.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        int error = errno;
        ::close(fds[0]);
        ::close(fds[1]);
        return not_started("cannot fork", error);
    }
    if (pid == 0) {
        ::close(fds[0]);
        // A crash must end the child with its signal, whatever handler the
        // parent installed (a test framework's, a crash reporter's).
        for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) std::signal(sig, SIG_DFL);
        std::string out;
        int code = 125;
        try {
            code = body(out);
        } catch (...) {
            code = 125;
        }
        for (size_t done = 0; done < out.size();) {
            ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
            if (n <= 0) break;
            done += static_cast<size_t>(n);
        }
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        ::_exit(code);  // no atexit handlers or static destructors of the parent's
    }
    ::close(fds[1]);
    // Ours, not an orphan: an engine's tree kill on another thread must not take it.
    note_own_child(pid);
    ChildRun run;
    char buf[4096];
    for (;;) {
        ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n > 0) {
            run.output.append(buf, static_cast<size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            break;
        }
    }
    ::close(fds[0]);
    int status = 0;
    pid_t waited;
    do {
        waited = ::waitpid(pid, &status, 0);
    } while (waited < 0 && errno == EINTR);
    const int wait_error = errno;
    forget_own_child(pid);
    if (waited < 0) return died(std::string("cannot wait for the child: ") + std::strerror(wait_error));
    if (!WIFEXITED(status)) return died(ExitStatus::from_wait_status(status).describe());
    run.exit_code = WEXITSTATUS(status);
    return run;
}

}  // namespace arb::process
