#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char **environ;

namespace arb::test {

using clock = std::chrono::steady_clock;

ChildProcess::ChildProcess(const std::vector<std::string> &argv) {
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe failed");
    char path[] = "/tmp/arbiter-engine-test-XXXXXX";
    int err_fd = ::mkstemp(path);
    if (err_fd < 0) throw std::runtime_error("mkstemp failed");
    stderr_path_ = path;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    std::vector<char *> args;
    for (const auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    int rc = ::posix_spawn(&pid_, args[0], &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(to_child[0]);
    ::close(from_child[1]);
    ::close(err_fd);
    in_ = to_child[1];
    out_ = from_child[0];
    if (rc != 0) throw std::runtime_error("cannot start " + argv[0]);
    // A test keeps writing after the engine died (crash tests): no SIGPIPE.
    ::signal(SIGPIPE, SIG_IGN);
}

ChildProcess::~ChildProcess() {
    if (!status_) {
        ::kill(-pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    } else {
        ::kill(-pid_, SIGKILL);  // leftovers of the group, if any
    }
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
    ::unlink(stderr_path_.c_str());
}

void ChildProcess::send(const std::string &line) {
    if (in_ < 0) return;
    std::string data = line + "\n";
    if (std::getenv("CHILD_TRACE")) fprintf(stderr, ">> %.100s\n", line.c_str());
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(in_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

void ChildProcess::close_stdin() {
    if (in_ >= 0) ::close(in_);
    in_ = -1;
}

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = clock::now() + timeout;
    for (;;) {
        size_t nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (std::getenv("CHILD_TRACE")) fprintf(stderr, "<< %.100s\n", line.c_str());
            return line;
        }
        if (eof_) return std::nullopt;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        if (left <= 0) return std::nullopt;
        pollfd pfd{out_, POLLIN, 0};
        int rc = ::poll(&pfd, 1, static_cast<int>(left));
        if (rc < 0 && errno == EINTR) continue;
        if (rc <= 0) return std::nullopt;
        char chunk[65536];
        ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            eof_ = true;
            continue;
        }
        buffer_.append(chunk, static_cast<size_t>(n));
    }
}

std::optional<std::string> ChildProcess::wait_for(const std::string &prefix, std::chrono::milliseconds timeout,
                                                  std::vector<std::string> *seen) {
    const auto deadline = clock::now() + timeout;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
        if (left.count() <= 0) return std::nullopt;
        auto line = read_line(left);
        if (!line) return std::nullopt;
        if (line->rfind(prefix, 0) == 0) return line;
        if (seen) seen->push_back(*line);
    }
}

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
    if (status_) return status_;
    const auto deadline = clock::now() + timeout;
    for (;;) {
        int status = 0;
        pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            status_ = status;
            return status_;
        }
        if (clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

bool ChildProcess::running() { return !wait_exit(std::chrono::milliseconds(0)).has_value(); }

void ChildProcess::signal_group(int sig) { ::kill(-pid_, sig); }
void ChildProcess::signal(int sig) {
    if (!status_) ::kill(pid_, sig);
}

std::string ChildProcess::stderr_text() const {
    std::ifstream in(stderr_path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace arb::test
