// One engine process and its three pipes, below the protocol: start without
// a shell in its own process group (process/spawn.hpp: dies with the
// arbiter), write lines, read lines with deadlines, keep a tail of stderr,
// and end with its whole process tree killed and the child reaped. The I/O
// is a process::LineChannel: one poll() over the three pipes and the pidfd,
// four descriptors per engine; nothing blocks without a deadline.
//
// Not thread-safe: one thread drives one EngineProcess (distinct objects may
// be driven from distinct threads).
#pragma once

#include "core/expected.hpp"
#include "engine/engine_config.hpp"
#include "process/line_channel.hpp"
#include "process/spawn.hpp"

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arb::engine {

using SteadyClock = std::chrono::steady_clock;

using ReadStatus = process::ReadStatus;
using WriteStatus = process::WriteStatus;

class EngineProcess {
public:
    static constexpr size_t kMaxLine = process::LineChannel::kDefaultMaxLine;
    static constexpr size_t kStderrTail = process::LineChannel::kStderrTail;

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
    WriteStatus write(std::string_view data, SteadyClock::time_point deadline) { return channel_.write(data, deadline); }

    // Reads the next line. `line` stays valid until the next call.
    ReadStatus read_line(SteadyClock::time_point deadline, std::string_view &line) {
        return channel_.read_line(deadline, line);
    }
    // How long, in all, the waits on this process saw the arbiter itself not
    // running (process/stall_meter.hpp).
    [[nodiscard]] SteadyClock::duration stalled() const noexcept { return channel_.stalled(); }
    // How long the arbiter, woken by the line read last, waited for a CPU
    // before reading it (LineChannel::line_wake_delay).
    [[nodiscard]] SteadyClock::duration line_wake_delay() const noexcept { return channel_.line_wake_delay(); }

    // Waits until the process has exited (without reaping it) or the
    // deadline passed; true if it exited.
    bool wait_exit(SteadyClock::time_point deadline);

    // Reads what is left on stderr until it closes or the deadline passes.
    void drain_stderr(SteadyClock::time_point deadline) { channel_.drain_stderr(deadline); }

    // SIGKILL to the whole process tree (process::Child::kill_and_reap), then
    // reaps the child. Idempotent.
    void kill_and_reap();

    [[nodiscard]] process::ExitStatus exit_status() const { return child_.exit_status(); }
    [[nodiscard]] bool reaped() const noexcept { return child_.status().has_value(); }
    [[nodiscard]] pid_t pid() const noexcept { return child_.pid(); }
    // The folder of the cgroup its whole process tree runs in, or empty.
    [[nodiscard]] std::filesystem::path cgroup() const { return child_.cgroup(); }
    // The last kStderrTail bytes the engine wrote to stderr.
    [[nodiscard]] std::string stderr_tail() const { return channel_.stderr_tail(); }

    // While set, waits wake at least every 100 ms and give up with
    // ReadStatus::Interrupted once *flag is true. May be null.
    void set_stop_flag(const std::atomic<bool> *flag) noexcept { channel_.set_stop_flag(flag); }
    // Called with every line written and read (LineChannel::Tap); empty: none.
    void set_tap(process::LineChannel::Tap tap) { channel_.set_tap(std::move(tap)); }
    void set_stderr_tap(process::LineChannel::StderrTap tap) { channel_.set_stderr_tap(std::move(tap)); }

private:
    explicit EngineProcess(process::Child child);

    process::Child child_;
    process::LineChannel channel_;  // after child_: it borrows the child's pidfd
};

}  // namespace arb::engine
