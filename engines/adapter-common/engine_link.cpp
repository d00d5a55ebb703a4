#include "engine_link.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <poll.h>
#include <unistd.h>

namespace arb::adapter {

namespace {

using process::SteadyClock;

// poll()'s timeout for a deadline: -1 waits for ever; rounded up so that a
// wake-up is never early.
int poll_timeout_ms(std::optional<SteadyClock::time_point> deadline) {
    if (!deadline) return -1;
    auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - SteadyClock::now()).count();
    if (left <= 0) return 0;
    return left > 1'000'000'000 ? 1'000'000'000 : static_cast<int>(left);
}

}  // namespace

Expected<EngineLink> EngineLink::start(const EngineCommand &command, std::string role) {
    if (command.argv.empty()) return fail("no " + role + " command given (put it after '--')");
    // A write to an engine that died must be an error we report, not a signal that kills us.
    std::signal(SIGPIPE, SIG_IGN);
    // What the engine orphans comes here, where stopping the engine finds it
    // (without a cgroup, the only way; see process::Child::kill_and_reap).
    process::become_subreaper();
    process::SpawnOptions options;
    options.program = command.argv[0];
    options.args.assign(command.argv.begin() + 1, command.argv.end());
    options.working_dir = command.working_dir;
    options.err = process::Stdio::inherit();
    options.new_group = false;
    auto child = process::spawn(options);
    if (!child) return fail("cannot start the " + role + " '" + command.argv[0] + "': " + child.error().message);
    return EngineLink(std::move(*child), command.argv[0], std::move(role));
}

EngineLink::EngineLink(process::Child child, std::string program, std::string role)
    : child_(std::move(child)), program_(std::move(program)), role_(std::move(role)) {
    to_engine_ = std::move(child_.stdin_pipe());
    from_engine_ = std::move(child_.stdout_pipe());
}

EngineLink::~EngineLink() {
    if (child_.pid() < 0) return;  // moved from
    close_pipes();
    // Closing its stdin ends a well-behaved engine; don't leave it behind,
    // nor anything it started.
    if (!child_.status()) {
        child_.signal(SIGTERM);
        (void)child_.wait_exit(SteadyClock::now() + std::chrono::seconds(2));
    }
    child_.kill_and_reap();
}

std::string EngineLink::description() const { return "the " + role_ + " '" + program_ + "'"; }

bool EngineLink::send(std::string_view line) {
    if (!to_engine_.valid()) return false;
    std::string data(line);
    data += '\n';
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(to_engine_.get(), data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

ReadResult EngineLink::read_line(std::optional<SteadyClock::time_point> deadline) {
    for (;;) {
        size_t nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            ReadResult r{ReadResult::Kind::Line, buffer_.substr(0, nl)};
            buffer_.erase(0, nl + 1);
            if (!r.line.empty() && r.line.back() == '\r') r.line.pop_back();
            return r;
        }
        if (!from_engine_.valid()) break;
        pollfd pfd{from_engine_.get(), POLLIN, 0};
        int ready = poll(&pfd, 1, poll_timeout_ms(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return {ReadResult::Kind::Timeout, {}};
        char chunk[4096];
        ssize_t n = read(from_engine_.get(), chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            from_engine_.reset();
            break;
        }
        buffer_.append(chunk, static_cast<size_t>(n));
    }
    if (buffer_.empty()) return {ReadResult::Kind::Closed, {}};
    ReadResult last{ReadResult::Kind::Line, {}};  // a last line without '\n' still counts
    last.line.swap(buffer_);
    return last;
}

std::string EngineLink::ended() {
    close_pipes();
    if (!child_.status() && !child_.wait_exit(SteadyClock::now() + std::chrono::seconds(2)))
        return description() + " closed its output but is still running";
    child_.kill_and_reap();  // reaped only now, with what it started: its pid stayed ours until then
    return description() + " " + child_.exit_status().describe();
}

std::string EngineLink::quit(std::string_view quit_line) {
    if (!quit_line.empty()) (void)send(quit_line);
    close_pipes();
    const bool exited = child_.status() || child_.wait_exit(SteadyClock::now() + std::chrono::seconds(5));
    // Not reaped before: its pid and group stay ours until what it started is killed too.
    child_.kill_and_reap();
    if (!exited) return "did not exit within 5 s after '" + std::string(quit_line) + "'; killed";
    return child_.exit_status().describe();
}

void EngineLink::close_pipes() {
    to_engine_.reset();
    from_engine_.reset();
}

}  // namespace arb::adapter
