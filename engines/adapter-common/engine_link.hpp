// The engine an adapter wraps, as a child process started with
// process::spawn: its stdin and stdout are pipes owned here, its stderr is
// ours (so arbiter's error reports show the engine's complaints). It runs in
// the adapter's process group (a kill of the group reaches it) and dies with
// the adapter. One line is one command or reply; the I/O is the host's
// process::LineChannel (one poll over the pipes and the pidfd).
#pragma once

#include "core/expected.hpp"
#include "process/line_channel.hpp"
#include "process/spawn.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::adapter {

struct EngineCommand {
    std::vector<std::string> argv;  // argv[0] is looked up on $PATH when it has no '/'
    std::string working_dir;        // empty: the adapter's; a relative argv[0] starts here
};

// What a read gave: a line, nothing before the deadline, or the end of the
// engine's output (it exited or closed stdout).
struct ReadResult {
    enum class Kind { Line, Timeout, Closed };
    Kind kind = Kind::Closed;
    std::string line;  // Kind::Line: without '\n' and a trailing '\r'; cut to 200 bytes past kMaxLine
};

class EngineLink {
public:
    // Longer lines come out cut to their first 200 bytes (the rest is dropped).
    static constexpr size_t kMaxLine = 1024 * 1024;

    // Starts the engine. `role` names it in messages ("GTP engine").
    static Expected<EngineLink> start(const EngineCommand &command, std::string role);

    EngineLink(EngineLink &&) noexcept = default;
    EngineLink &operator=(EngineLink &&) noexcept = delete;
    EngineLink(const EngineLink &) = delete;
    EngineLink &operator=(const EngineLink &) = delete;
    // Closes the pipes, gives the engine 2 s to exit, then kills it.
    ~EngineLink();

    // Writes one line (a '\n' is added). False when the engine is gone.
    [[nodiscard]] bool send(std::string_view line);
    // The next line, waiting until `deadline` (none: as long as it takes).
    ReadResult read_line(std::optional<process::SteadyClock::time_point> deadline = std::nullopt);

    // Why the engine's output ended: waits up to 2 s for it to exit, e.g.
    // "the NBoard engine 'ntest' was killed by signal 11 (SIGSEGV)".
    std::string ended();
    // Sends `quit_line` (if not empty), closes its stdin and waits up to 5 s
    // for it to exit before killing it. Returns how it ended.
    std::string quit(std::string_view quit_line);

    [[nodiscard]] const std::string &role() const noexcept { return role_; }
    [[nodiscard]] const std::string &program() const noexcept { return program_; }
    // "the NBoard engine 'ntest'": for messages.
    [[nodiscard]] std::string description() const;

private:
    EngineLink(process::Child child, std::string program, std::string role);
    void close_pipes();

    process::Child child_;
    process::LineChannel channel_;  // the engine's stdin and stdout (its stderr is ours)
    std::string program_, role_;
};

}  // namespace arb::adapter
