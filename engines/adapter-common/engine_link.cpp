#include "engine_link.hpp"

#include <chrono>
#include <csignal>

namespace arb::adapter {

using process::SteadyClock;

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
    : child_(std::move(child)), channel_(child_, kMaxLine), program_(std::move(program)), role_(std::move(role)) {}

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
    std::string data(line);
    data += '\n';
    return channel_.write(data, SteadyClock::time_point::max()) == process::WriteStatus::Written;
}

ReadResult EngineLink::read_line(std::optional<SteadyClock::time_point> deadline) {
    std::string_view line;
    switch (channel_.read_line(deadline.value_or(SteadyClock::time_point::max()), line)) {
    case process::ReadStatus::Line:
    case process::ReadStatus::TooLong:
        return {ReadResult::Kind::Line, std::string(line)};
    case process::ReadStatus::Timeout:
    case process::ReadStatus::Interrupted:  // no stop flag is set here
        return {ReadResult::Kind::Timeout, {}};
    case process::ReadStatus::Closed:
        break;
    }
    return {ReadResult::Kind::Closed, {}};
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

void EngineLink::close_pipes() { channel_.close(); }

}  // namespace arb::adapter
