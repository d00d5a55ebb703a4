#include "gtp_process.hpp"

#include "gtp_reply.hpp"

#include <cerrno>
#include <fcntl.h>
#include <csignal>
#include <cstring>
#include <memory>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace arb::gtp {

namespace {

std::string errno_text(const char *what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

Expected<std::unique_ptr<Process>> Process::start(const std::vector<std::string> &argv) {
    if (argv.empty()) return fail("no GTP engine command given (put it after '--')");
    // A write to an engine that died must be an error we report, not a signal that kills us.
    std::signal(SIGPIPE, SIG_IGN);
    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0) return fail(errno_text("pipe"));
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        return fail(errno_text("pipe"));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    std::vector<char *> args;
    for (const auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in_pipe[0]);
    close(out_pipe[1]);
    if (rc != 0) {
        close(in_pipe[1]);
        close(out_pipe[0]);
        return fail("cannot start GTP engine '" + argv[0] + "': " + std::strerror(rc));
    }
    return std::unique_ptr<Process>(new Process(pid, in_pipe[1], out_pipe[0], argv[0]));
}

Process::~Process() {
    close_pipes();
    if (pid_ > 0) {
        // Closing its stdin ends a well-behaved GTP engine; don't leave it behind.
        kill(pid_, SIGTERM);
        reap();
    }
}

Expected<Reply> Process::command(const std::string &line) {
    if (!write_all(line + "\n")) return fail("cannot send '" + line + "' to the GTP engine '" + program_ + "': it has exited");
    auto reply = read_reply([this] { return read_line(); });
    if (!reply) return fail("GTP engine '" + program_ + "' gave no reply to '" + line + "': " + reply.error().message);
    return reply;
}

std::string Process::quit() {
    if (write_all("quit\n")) (void)read_reply([this] { return read_line(); });
    close_pipes();
    return reap();
}

std::optional<std::string> Process::read_line() {
    for (;;) {
        size_t nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        if (from_child_ < 0) return std::nullopt;
        char chunk[4096];
        ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (buffer_.empty()) return std::nullopt;
            std::string last;
            last.swap(buffer_);
            return last;
        }
        buffer_.append(chunk, static_cast<size_t>(n));
    }
}

bool Process::write_all(const std::string &data) {
    if (to_child_ < 0) return false;
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(to_child_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

void Process::close_pipes() {
    if (to_child_ >= 0) close(to_child_);
    if (from_child_ >= 0) close(from_child_);
    to_child_ = from_child_ = -1;
}

std::string Process::reap() {
    if (pid_ <= 0) return "already reaped";
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid_, &status, 0);
    } while (r < 0 && errno == EINTR);
    pid_ = -1;
    if (r < 0) return errno_text("waitpid");
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "ended";
}

}  // namespace arb::gtp
