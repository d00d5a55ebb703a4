// One engine process and its three pipes, below the protocol: start without
// a shell in its own process group (process/spawn.hpp: dies with the
// arbiter), write lines, read lines with deadlines, keep a tail of stderr,
// and end with its whole process tree killed and the child reaped. Every wait runs the object's own io_context until the awaited
// completion or the deadline; nothing blocks without a deadline.
//
// Not thread-safe: one thread drives one EngineProcess (distinct objects may
// be driven from distinct threads).
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"
#include "process/spawn.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include <sys/types.h>

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::engine {

using SteadyClock = std::chrono::steady_clock;

enum class ReadStatus {
    Line,         // `line` holds one line without its '\n' (and without a trailing '\r')
    Timeout,      // the deadline passed first
    Closed,       // the engine closed its stdout or exited
    TooLong,      // more than kMaxLine bytes without '\n'; `line` holds the start of it
    Interrupted,  // the stop flag was set
};

enum class WriteStatus {
    Written,      // all of it
    Timeout,      // the pipe stayed full until the deadline
    Closed,       // the engine closed its stdin or exited
    Interrupted,  // the stop flag was set
};

class EngineProcess {
public:
    static constexpr size_t kMaxLine = 64 * 1024;
    static constexpr size_t kStderrTail = 4096;

    // Starts `config.command` with `config.args` (PATH is searched when the
    // command has no '/'; a relative path is taken from the current folder),
    // in `config.working_dir` with `config.env` added. The error names the
    // engine, the program and the cause, and says whether the system ran out
    // of descriptors or processes (not the engine's fault). `plugin_dirs` go
    // in front of the engine's $ARBITER_PLUGIN_PATH (GameSetupOptions::plugin_dirs).
    static Expected<std::unique_ptr<EngineProcess>, process::SpawnError> spawn(
        const EngineConfig &config, const std::vector<std::string> &plugin_dirs = {});

    EngineProcess(const EngineProcess &) = delete;
    EngineProcess &operator=(const EngineProcess &) = delete;
    // Kills the process group at once if still running, and reaps the child.
    ~EngineProcess();

    // Writes all of `data` before `deadline`.
    WriteStatus write(std::string_view data, SteadyClock::time_point deadline);

    // Reads the next line. `line` stays valid until the next call.
    ReadStatus read_line(SteadyClock::time_point deadline, std::string_view &line);

    // Waits until the process has exited (without reaping it) or the
    // deadline passed; true if it exited.
    bool wait_exit(SteadyClock::time_point deadline);

    // Reads what is left on stderr until it closes or the deadline passes.
    void drain_stderr(SteadyClock::time_point deadline);

    // SIGKILL to the whole process tree (process::Child::kill_and_reap), then
    // reaps the child. Idempotent.
    void kill_and_reap();

    [[nodiscard]] process::ExitStatus exit_status() const { return child_.exit_status(); }
    [[nodiscard]] bool reaped() const noexcept { return child_.status().has_value(); }
    [[nodiscard]] pid_t pid() const noexcept { return child_.pid(); }
    // The last kStderrTail bytes the engine wrote to stderr.
    [[nodiscard]] std::string stderr_tail() const;

    // While set, waits wake at least every 100 ms and give up with
    // ReadStatus::Interrupted once *flag is true. May be null.
    void set_stop_flag(const std::atomic<bool> *flag) noexcept { stop_ = flag; }

private:
    explicit EngineProcess(process::Child child);
    enum class Wait { Done, Timeout, Interrupted };
    template <class Done>
    Wait run_until(SteadyClock::time_point deadline, Done done);
    void start_stderr_read();
    void start_stdout_read();
    void watch_exit();

    static constexpr size_t kBufferSize = 2 * kMaxLine + 4096;

    // The io_context is declared first so that it outlives the I/O objects.
    boost::asio::io_context io_;
    process::Child child_;
    boost::asio::posix::stream_descriptor stdin_, stdout_, stderr_;
    std::optional<boost::asio::posix::stream_descriptor> pidfd_;
    bool exited_ = false;  // the child exited (not reaped yet)
    const std::atomic<bool> *stop_ = nullptr;

    // stdout: bytes [begin_, end_) of buffer_ are unread; scan_ is where the
    // search for '\n' resumes.
    std::vector<char> buffer_;
    size_t begin_ = 0, end_ = 0, scan_ = 0;
    bool read_pending_ = false, stdout_closed_ = false;
    bool write_waiting_ = false, write_ready_ = false;

    std::array<char, 4096> stderr_chunk_{};
    std::string stderr_tail_;
    bool stderr_closed_ = false;
};

}  // namespace arb::engine
