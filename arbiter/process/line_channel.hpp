// The one line channel to a started child (spawn.hpp): writes to its stdin,
// reads its stdout line by line and keeps a tail of its stderr, with one
// poll() over at most four descriptors (the three pipes and the child's
// pidfd) and no thread, event loop or descriptor of its own. Used by the
// host's engine processes, the protocol adapters and the test helpers.
//
// Every wait has a deadline (SteadyClock::time_point::max(): none); while a
// read or write waits, stderr is drained (so a chatty child never blocks on
// it) and the child's exit is noticed (its pidfd; without one, a look at its
// pid every 20 ms). Lines longer than the cap are reported, not stored.
// No poll() waits longer than StallMeter::kLongestWait, so that a wait sees
// when the arbiter itself was not running (stall_meter.hpp): a read's
// deadline moves on by such a stall, and stalled() tells its owner.
//
// Not thread-safe: one thread drives one channel.
#pragma once

#include "process/spawn.hpp"
#include "process/stall_meter.hpp"

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::process {

enum class ReadStatus {
    Line,         // `line` holds one line without its '\n' (and without a trailing '\r')
    Timeout,      // the deadline passed first
    Closed,       // the child closed its stdout, or exited and its stdout stayed silent
    TooLong,      // more than the cap without '\n'; `line` holds its first 200 bytes, the rest is skipped
    Interrupted,  // the stop flag was set
};

enum class WriteStatus {
    Written,      // all of it
    Timeout,      // the pipe stayed full until the deadline
    Closed,       // the child closed its stdin or exited
    Interrupted,  // the stop flag was set
};

class LineChannel {
public:
    static constexpr size_t kDefaultMaxLine = 64 * 1024;
    static constexpr size_t kStderrTail = 4096;
    // Called with every line written (to_child true; one call per '\n'-ended
    // line of a write) and every line read (Line and TooLong results).
    using Tap = std::function<void(bool to_child, std::string_view line)>;
    // Called with every line read from stderr (as it is drained, so in
    // arrival order but not in step with stdout); a line longer than
    // kStderrTail comes in pieces of that size, a last line without '\n'
    // when stderr closes.
    using StderrTap = std::function<void(std::string_view line)>;

    LineChannel() = default;
    // Takes the pipes `child` still holds (Stdio::Pipe streams; the others
    // stay closed here) and watches the child's exit through its pidfd,
    // borrowed: the Child must outlive the channel's use (a moved Child keeps
    // the same pidfd and pid). Sets our end of stdin non-blocking.
    explicit LineChannel(Child &child, size_t max_line = kDefaultMaxLine);
    LineChannel(LineChannel &&) noexcept = default;
    LineChannel &operator=(LineChannel &&) noexcept = default;
    LineChannel(const LineChannel &) = delete;
    LineChannel &operator=(const LineChannel &) = delete;

    // Writes all of `data` before `deadline`.
    WriteStatus write(std::string_view data, SteadyClock::time_point deadline);
    // Reads the next line. `line` stays valid until the next call. A stall of
    // the arbiter's own seen while waiting moves `deadline` on by as much.
    ReadStatus read_line(SteadyClock::time_point deadline, std::string_view &line);
    // Everything left on stdout, unread lines first, until it closes or the
    // deadline passes: true when it closed.
    bool read_rest(SteadyClock::time_point deadline, std::string &out);
    // Waits until the child exited (not reaped) or the deadline passed.
    bool wait_exit(SteadyClock::time_point deadline);
    // Reads stderr until it closes or the deadline passes.
    void drain_stderr(SteadyClock::time_point deadline);

    // True once the child is known to have exited.
    [[nodiscard]] bool exited();
    // The last kStderrTail bytes read from the child's stderr.
    [[nodiscard]] std::string stderr_tail() const;
    [[nodiscard]] bool stdout_closed() const noexcept { return !out_.valid() && begin_ == end_; }
    // The descriptors the channel holds (pipes still open, and the pidfd).
    [[nodiscard]] int descriptors() const noexcept;
    // How long, in all, this channel's waits saw the arbiter not running
    // (StallMeter); the difference across a wait is that wait's stall.
    [[nodiscard]] SteadyClock::duration stalled() const noexcept { return stalls_.total(); }
    // How long the reading thread waited for a CPU after the wake-up that
    // led to the read() in which the line read_line() returned last came
    // whole (run_queue_wait.hpp): time the arbiter was not running. The
    // wake-up was for the first bytes of that read; lines before this one
    // in it may have come earlier than this one, so the child may have been
    // busy for part of that time, at most all of it. Zero when the line
    // began in an earlier read or the kernel does not say.
    [[nodiscard]] SteadyClock::duration line_wake_delay() const noexcept { return line_wake_delay_; }

    void close_stdin() noexcept { in_.reset(); }
    // Closes every pipe (the child sees EOF on stdin and EPIPE on output).
    void close() noexcept;
    // Tells the channel the child is gone (e.g. reaped by its owner).
    void note_exited() noexcept { exited_ = true; }

    // While set, waits wake at least every 100 ms and give up with
    // Interrupted once *flag is true. May be null.
    void set_stop_flag(const std::atomic<bool> *flag) noexcept { stop_ = flag; }
    void set_tap(Tap tap) { tap_ = std::move(tap); }
    void set_stderr_tap(StderrTap tap) { stderr_tap_ = std::move(tap); }

private:
    enum class Want { Read, Write, Exit, Stderr };
    enum class Wait { Ready, Timeout, Interrupted };
    // One poll() round for `want` until `deadline`, draining stderr and
    // noting the exit on the way; reads stdout into the buffer for Want::Read.
    Wait wait_once(Want want, SteadyClock::time_point deadline);
    // `wake_delay`: the run-queue wait of the wake-up that led to this read.
    void read_stdout(SteadyClock::duration wake_delay);
    void read_stderr();
    void make_room();
    void tap_written(std::string_view data);
    void tap_stderr(std::string_view data, bool closed);

    Fd in_, out_, err_;
    pid_t pid_ = -1;
    int pidfd_ = -1;  // borrowed from the Child
    bool exited_ = false;
    size_t max_line_ = kDefaultMaxLine;
    const std::atomic<bool> *stop_ = nullptr;
    StallMeter stalls_;
    Tap tap_;
    StderrTap stderr_tap_;
    std::string stderr_line_;  // the stderr line being read, for stderr_tap_

    // stdout: bytes [begin_, end_) of buffer_ are unread; scan_ is where the
    // search for '\n' resumes; skipping_: the rest of an over-long line is dropped.
    std::vector<char> buffer_;
    size_t begin_ = 0, end_ = 0, scan_ = 0;
    bool skipping_ = false;
    // Where the bytes of the latest read() began in buffer_, and how long the
    // thread waited for a CPU after the wake-up that led to it.
    size_t chunk_at_ = 0;
    SteadyClock::duration chunk_wake_delay_{};
    SteadyClock::duration line_wake_delay_{};
    std::string stderr_tail_;
};

}  // namespace arb::process
