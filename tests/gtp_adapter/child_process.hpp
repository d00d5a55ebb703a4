// A child process for end-to-end tests, driven line by line over pipes
// (POSIX). Reads block; a hung child is caught by the ctest timeout.
#pragma once

#include <catch2/catch.hpp>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <optional>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace arb::test {

class ChildProcess {
public:
    explicit ChildProcess(const std::vector<std::string> &argv) {
        std::signal(SIGPIPE, SIG_IGN);
        int in[2], out[2];
        REQUIRE(pipe2(in, O_CLOEXEC) == 0);
        REQUIRE(pipe2(out, O_CLOEXEC) == 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        std::vector<char *> args;
        for (const auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
        args.push_back(nullptr);
        int rc = posix_spawn(&pid_, argv[0].c_str(), &actions, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        to_ = in[1];
        from_ = out[0];
        INFO("spawning " << argv[0]);
        REQUIRE(rc == 0);
    }
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;
    ~ChildProcess() {
        close_input();
        if (from_ >= 0) close(from_);
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }

    void send(const std::string &line) {
        std::string data = line + "\n";
        REQUIRE(write(to_, data.data(), data.size()) == static_cast<ssize_t>(data.size()));
    }

    // The next line, or nullopt at end of output.
    std::optional<std::string> read_line() {
        for (;;) {
            size_t nl = buffer_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            char chunk[4096];
            ssize_t n = read(from_, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<size_t>(n));
        }
    }

    // Reads until a line starting with `prefix`; fails the test at end of output.
    std::string read_until(const std::string &prefix) {
        for (;;) {
            auto line = read_line();
            INFO("waiting for '" << prefix << "'");
            REQUIRE(line.has_value());
            if (line->rfind(prefix, 0) == 0) return *line;
        }
    }

    void close_input() {
        if (to_ >= 0) close(to_);
        to_ = -1;
    }

    // Waits for the exit; returns the exit status (or 128 + signal).
    int wait() {
        close_input();
        int status = 0;
        REQUIRE(waitpid(pid_, &status, 0) == pid_);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

private:
    pid_t pid_ = -1;
    int to_ = -1;
    int from_ = -1;
    std::string buffer_;
};

}  // namespace arb::test
