#include "gtp_process.hpp"

#include "gtp_reply.hpp"

#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <csignal>
#include <cstring>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

namespace arb::gtp {

Expected<std::unique_ptr<Process>> Process::start(const std::vector<std::string> &argv) {
    if (argv.empty()) return fail("no GTP engine command given (put it after '--')");
    // A write to an engine that died must be an error we report, not a signal that kills us.
    std::signal(SIGPIPE, SIG_IGN);
    process::SpawnOptions options;
    options.program = argv[0];
    options.args.assign(argv.begin() + 1, argv.end());
    options.err = process::Stdio::inherit();
    options.new_group = false;
    auto child = process::spawn(options);
    if (!child) return fail("cannot start GTP engine '" + argv[0] + "': " + child.error().message);
    return std::unique_ptr<Process>(new Process(std::move(*child), argv[0]));
}

Process::Process(process::Child child, std::string program) : child_(std::move(child)), program_(std::move(program)) {
    to_child_ = child_.stdin_pipe().release();
    from_child_ = child_.stdout_pipe().release();
}

Process::~Process() {
    close_pipes();
    // Closing its stdin ends a well-behaved GTP engine; don't leave it behind.
    child_.signal(SIGTERM);
    if (!child_.wait_until(process::SteadyClock::now() + std::chrono::seconds(2))) child_.kill_and_reap();
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
    if (child_.status()) return "already reaped";
    auto status = child_.wait_until(process::SteadyClock::now() + std::chrono::seconds(5));
    if (!status) {
        child_.kill_and_reap();
        return "did not exit within 5 s after 'quit'; killed";
    }
    if (WIFEXITED(*status)) return "exit status " + std::to_string(WEXITSTATUS(*status));
    if (WIFSIGNALED(*status)) return "killed by signal " + std::to_string(WTERMSIG(*status));
    return "ended";
}

}  // namespace arb::gtp
