#include "process/line_channel.hpp"

#include "process/run_queue_wait.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>

namespace arb::process {

namespace {

// What one read() of stdout may take; the buffer keeps twice that free.
constexpr size_t kChunk = 64 * 1024;
// How often an exit is looked for without a pidfd.
constexpr auto kExitPoll = std::chrono::milliseconds(20);
// How long stdout may stay silent after the child exited before it counts as
// closed (what the child wrote is in the pipe already; a descendant that
// still holds the pipe open must not keep a read waiting).
constexpr auto kExitDrain = std::chrono::milliseconds(20);
// How much of an over-long line a TooLong result shows.
constexpr size_t kTooLongShown = 200;

// poll()'s timeout until `until`: -1 for no deadline; rounded up, so that a
// wake-up is never early.
int timeout_ms(SteadyClock::time_point until) {
    if (until == SteadyClock::time_point::max()) return -1;
    auto left = std::chrono::ceil<std::chrono::milliseconds>(until - SteadyClock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, INT_MAX));
}

}  // namespace

LineChannel::LineChannel(Child &child, size_t max_line)
    : in_(std::move(child.stdin_pipe())),
      out_(std::move(child.stdout_pipe())),
      err_(std::move(child.stderr_pipe())),
      pid_(child.pid()),
      pidfd_(child.pidfd()),
      max_line_(max_line) {
    // Our writes never block: a full pipe is waited for with a deadline.
    if (in_.valid()) ::fcntl(in_.get(), F_SETFL, ::fcntl(in_.get(), F_GETFL) | O_NONBLOCK);
    stderr_tail_.reserve(2 * kStderrTail);
}

int LineChannel::descriptors() const noexcept {
    return int{in_.valid()} + int{out_.valid()} + int{err_.valid()} + int{pidfd_ >= 0};
}

void LineChannel::close() noexcept {
    in_.reset();
    out_.reset();
    err_.reset();
}

bool LineChannel::exited() {
    if (exited_ || pid_ <= 0) return exited_ = true;
    if (pidfd_ >= 0) {
        pollfd pfd{pidfd_, POLLIN, 0};
        if (::poll(&pfd, 1, 0) > 0) exited_ = true;
        return exited_;
    }
    siginfo_t info{};
    int rc = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if ((rc == 0 && info.si_pid != 0) || (rc < 0 && errno == ECHILD)) exited_ = true;
    return exited_;
}

std::string LineChannel::stderr_tail() const {
    if (stderr_tail_.size() <= kStderrTail) return stderr_tail_;
    return stderr_tail_.substr(stderr_tail_.size() - kStderrTail);
}

LineChannel::Wait LineChannel::wait_once(Want want, SteadyClock::time_point deadline) {
    if (stop_ != nullptr && stop_->load()) return Wait::Interrupted;
    auto now = SteadyClock::now();
    // Short waits see a stall of the arbiter's own, and the stop flag in time.
    auto until = std::min(deadline, now + StallMeter::kLongestWait);
    const bool watch_pid = !exited_ && pidfd_ >= 0;
    if (!exited_ && pidfd_ < 0) until = std::min(until, now + kExitPoll);

    pollfd fds[4];
    nfds_t n = 0;
    int main_at = -1, err_at = -1, pid_at = -1;
    if (want == Want::Read && out_.valid()) {
        main_at = static_cast<int>(n);
        fds[n++] = {out_.get(), POLLIN, 0};
    } else if (want == Want::Write && in_.valid()) {
        main_at = static_cast<int>(n);
        fds[n++] = {in_.get(), POLLOUT, 0};
    }
    if (err_.valid()) {
        err_at = static_cast<int>(n);
        fds[n++] = {err_.get(), POLLIN, 0};
    }
    if (watch_pid) {
        pid_at = static_cast<int>(n);
        fds[n++] = {pidfd_, POLLIN, 0};
    }
    const int asked = timeout_ms(until);
    const auto queued_before = want == Want::Read ? run_queue_wait() : std::nullopt;
    int ready = ::poll(fds, n, asked);
    stalls_.note(now, std::chrono::milliseconds(asked), SteadyClock::now());
    if (ready > 0) {
        if (err_at >= 0 && fds[err_at].revents != 0) read_stderr();
        if (pid_at >= 0 && fds[pid_at].revents != 0) exited_ = true;
        if (want == Want::Read && main_at >= 0 && fds[main_at].revents != 0) {
            // The poll slept until a wake-up; the run-queue wait across it is
            // the time from that wake-up until this thread ran. A wait under
            // a millisecond holds none worth a look (charges are whole ms).
            const bool long_wait = SteadyClock::now() - now >= std::chrono::milliseconds(1);
            const auto queued_after = queued_before && long_wait ? run_queue_wait() : std::nullopt;
            read_stdout(queued_after && *queued_after > *queued_before ? *queued_after - *queued_before
                                                                         : SteadyClock::duration::zero());
        }
    }
    if (!exited_ && pidfd_ < 0) (void)exited();
    if (stop_ != nullptr && stop_->load()) return Wait::Interrupted;
    return ready > 0 ? Wait::Ready : Wait::Timeout;
}

void LineChannel::make_room() {
    if (buffer_.empty()) buffer_.resize(max_line_ + 2 * kChunk);
    if (begin_ == end_) {
        begin_ = end_ = scan_ = 0;
    } else if (buffer_.size() - end_ < kChunk) {
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        chunk_at_ = chunk_at_ >= begin_ ? chunk_at_ - begin_ : 0;
        scan_ -= begin_;
        end_ -= begin_;
        begin_ = 0;
    }
}

void LineChannel::read_stdout(SteadyClock::duration wake_delay) {
    make_room();
    ssize_t n = ::read(out_.get(), buffer_.data() + end_, buffer_.size() - end_);
    if (n > 0) {
        chunk_at_ = end_;
        chunk_wake_delay_ = wake_delay;
        end_ += static_cast<size_t>(n);
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
        out_.reset();  // end of output (or an error, which ends it too)
    }
}

void LineChannel::read_stderr() {
    char chunk[4096];
    ssize_t n = ::read(err_.get(), chunk, sizeof chunk);
    if (n > 0) {
        stderr_tail_.append(chunk, static_cast<size_t>(n));
        if (stderr_tail_.size() > 2 * kStderrTail) stderr_tail_.erase(0, stderr_tail_.size() - kStderrTail);
        if (stderr_tap_) tap_stderr(std::string_view(chunk, static_cast<size_t>(n)), false);
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
        err_.reset();
        if (stderr_tap_) tap_stderr({}, true);
    }
}

void LineChannel::tap_stderr(std::string_view data, bool closed) {
    for (char ch : data) {
        if (ch == '\n' || stderr_line_.size() == kStderrTail) {
            if (!stderr_line_.empty() && stderr_line_.back() == '\r') stderr_line_.pop_back();
            stderr_tap_(stderr_line_);
            stderr_line_.clear();
            if (ch == '\n') continue;
        }
        stderr_line_ += ch;
    }
    if (closed && !stderr_line_.empty()) {
        stderr_tap_(stderr_line_);
        stderr_line_.clear();
    }
}

void LineChannel::tap_written(std::string_view data) {
    for (size_t start = 0, nl; start < data.size(); start = nl + 1) {
        nl = data.find('\n', start);
        if (nl == std::string_view::npos) nl = data.size();
        tap_(true, data.substr(start, nl - start));
    }
}

WriteStatus LineChannel::write(std::string_view data, SteadyClock::time_point deadline) {
    if (tap_) tap_written(data);
    while (!data.empty()) {
        if (!in_.valid()) return WriteStatus::Closed;
        ssize_t n = ::write(in_.get(), data.data(), data.size());
        if (n > 0) {
            data.remove_prefix(static_cast<size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return WriteStatus::Closed;  // EPIPE: it is gone
        // The pipe is full: wait until it drains, the child exits or time is up.
        if (exited_) return WriteStatus::Closed;
        if (SteadyClock::now() >= deadline) return WriteStatus::Timeout;
        if (wait_once(Want::Write, deadline) == Wait::Interrupted) return WriteStatus::Interrupted;
    }
    return WriteStatus::Written;
}

ReadStatus LineChannel::read_line(SteadyClock::time_point deadline, std::string_view &line) {
    auto found = [&](const char *start, size_t len, ReadStatus status) {
        line = std::string_view(start, len);
        // The line came whole in the latest read: the wake-up that led to
        // that read was for it or for lines just before it.
        line_wake_delay_ = start >= buffer_.data() + chunk_at_ ? chunk_wake_delay_ : SteadyClock::duration::zero();
        if (tap_) tap_(false, line);
        return status;
    };
    std::optional<SteadyClock::time_point> silent_until;  // set once the child exited
    for (;;) {
        char *base = buffer_.data();
        if (end_ > scan_) {
            if (auto *nl = static_cast<char *>(std::memchr(base + scan_, '\n', end_ - scan_))) {
                size_t pos = static_cast<size_t>(nl - base);
                size_t start = begin_, len = pos - begin_;
                begin_ = scan_ = pos + 1;
                if (skipping_) {  // the end of an over-long line already reported
                    skipping_ = false;
                    continue;
                }
                if (len > 0 && base[start + len - 1] == '\r') --len;
                // It may have come in pieces that each fitted.
                if (len > max_line_) return found(base + start, std::min(len, kTooLongShown), ReadStatus::TooLong);
                return found(base + start, len, ReadStatus::Line);
            }
            scan_ = end_;
        }
        if (skipping_) {
            begin_ = scan_ = end_;
        } else if (end_ - begin_ > max_line_) {
            size_t start = begin_, len = std::min(end_ - begin_, kTooLongShown);
            begin_ = scan_ = end_;  // the bytes stay in place until the next call
            skipping_ = true;
            return found(base + start, len, ReadStatus::TooLong);
        }
        if (!out_.valid()) {
            if (end_ > begin_) {  // a last line without '\n'
                size_t start = begin_, len = end_ - begin_;
                begin_ = scan_ = end_;
                if (base[start + len - 1] == '\r') --len;
                return found(base + start, len, ReadStatus::Line);
            }
            return ReadStatus::Closed;
        }
        auto now = SteadyClock::now();
        if (exited_ && !silent_until) silent_until = now + kExitDrain;
        if (silent_until && now >= *silent_until) return ReadStatus::Closed;
        if (now >= deadline) {
            // A last look, so that what is already in the pipe is not a timeout.
            const size_t before = end_;
            pollfd pfd{out_.get(), POLLIN, 0};
            if (::poll(&pfd, 1, 0) > 0) read_stdout(SteadyClock::duration::zero());
            if (end_ != before || !out_.valid()) continue;
            return ReadStatus::Timeout;
        }
        const size_t before = end_;
        const auto stalled_before = stalls_.total();
        if (wait_once(Want::Read, silent_until ? std::min(deadline, *silent_until) : deadline) == Wait::Interrupted)
            return ReadStatus::Interrupted;
        // The time the arbiter was not running is not the child's to lose.
        if (const auto stall = stalls_.total() - stalled_before; stall.count() > 0) {
            if (deadline != SteadyClock::time_point::max()) deadline += stall;
            if (silent_until) *silent_until += stall;
        }
        if (end_ != before) silent_until.reset();  // it still talks: wait on for the rest
    }
}

bool LineChannel::read_rest(SteadyClock::time_point deadline, std::string &out) {
    for (;;) {
        if (!skipping_) out.append(buffer_.data() + begin_, end_ - begin_);
        skipping_ = false;
        begin_ = scan_ = end_;
        if (!out_.valid()) return true;
        if (SteadyClock::now() >= deadline) return false;
        if (wait_once(Want::Read, deadline) == Wait::Interrupted) return false;
    }
}

bool LineChannel::wait_exit(SteadyClock::time_point deadline) {
    while (!exited()) {
        if (SteadyClock::now() >= deadline) return false;
        if (wait_once(Want::Exit, deadline) == Wait::Interrupted) return exited_;
    }
    return true;
}

void LineChannel::drain_stderr(SteadyClock::time_point deadline) {
    while (err_.valid() && SteadyClock::now() < deadline)
        if (wait_once(Want::Stderr, deadline) == Wait::Interrupted) return;
}

}  // namespace arb::process
