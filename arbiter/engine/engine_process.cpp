#include "engine/engine_process.hpp"

#include "core/quote.hpp"
#include <boost/asio/buffer.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <system_error>

namespace asio = boost::asio;

namespace arb::engine {
namespace {

// How often exits are looked for on kernels without pidfds.
constexpr auto kExitPoll = std::chrono::milliseconds(20);

}  // namespace

EngineProcess::EngineProcess(process::Child child)
    : io_(1),
      child_(std::move(child)),
      stdin_(io_, child_.stdin_pipe().release()),
      stdout_(io_, child_.stdout_pipe().release()),
      stderr_(io_, child_.stderr_pipe().release()),
      buffer_(kBufferSize) {
    stderr_tail_.reserve(2 * kStderrTail);
}

Expected<std::unique_ptr<EngineProcess>, process::SpawnError> EngineProcess::spawn(
    const EngineConfig &config, const std::vector<std::string> &plugin_dirs) {
    auto named = [&](process::SpawnError e) {
        e.message = "engine " + quote(config.name) + ": " + e.message;
        return Unexpected<process::SpawnError>{std::move(e)};
    };
    if (config.command.empty()) return named({"no command given", false});
    process::ignore_sigpipe();
    process::SpawnOptions options;
    options.program = config.command;
    options.args = config.args;
    options.working_dir = config.working_dir;
    options.env = config.env;
    if (!plugin_dirs.empty()) {
        std::string path;
        for (const auto &dir : plugin_dirs) path += (path.empty() ? "" : ":") + dir;
        options.env_prepend["ARBITER_PLUGIN_PATH"] = path;
    }
    auto child = process::spawn(options);
    if (!child) return named(std::move(child).error());
    try {
        std::unique_ptr<EngineProcess> self(new EngineProcess(std::move(*child)));
        // Our own writes are non-blocking so that a full pipe never blocks.
        int in_fd = self->stdin_.native_handle();
        ::fcntl(in_fd, F_SETFL, ::fcntl(in_fd, F_GETFL) | O_NONBLOCK);
        // A larger stderr pipe lets a chatty engine go on while it is not our turn to drain it.
        ::fcntl(self->stderr_.native_handle(), F_SETPIPE_SZ, 1 << 20);
        self->watch_exit();
        self->start_stderr_read();
        return self;
    } catch (const std::system_error &e) {  // the io_context's own descriptors
        bool resources = e.code().value() == EMFILE || e.code().value() == ENFILE || e.code().value() == ENOMEM;
        return named({std::string("cannot watch the process: ") + e.what(), resources});
    }
}

EngineProcess::~EngineProcess() { kill_and_reap(); }

void EngineProcess::watch_exit() {
    // A pidfd turns readable when the process exits, without reaping it, so
    // the group id stays ours until kill_and_reap(). Without one, run_until
    // polls the child (kExitPoll).
    if (child_.pidfd() < 0) return;
    int fd = ::fcntl(child_.pidfd(), F_DUPFD_CLOEXEC, 3);
    if (fd < 0) return;
    pidfd_.emplace(io_, fd);
    pidfd_->async_wait(asio::posix::stream_descriptor::wait_read, [this](const boost::system::error_code &ec) {
        if (!ec) exited_ = true;
    });
}

void EngineProcess::start_stderr_read() {
    stderr_.async_read_some(asio::buffer(stderr_chunk_), [this](const boost::system::error_code &ec, size_t n) {
        if (ec) {
            stderr_closed_ = true;
            return;
        }
        stderr_tail_.append(stderr_chunk_.data(), n);
        if (stderr_tail_.size() > 2 * kStderrTail) stderr_tail_.erase(0, stderr_tail_.size() - kStderrTail);
        start_stderr_read();
    });
}

void EngineProcess::start_stdout_read() {
    // Make room: unread bytes move to the front once the free tail is too
    // small for a whole line. Only done with no read in flight.
    if (kBufferSize - end_ <= kMaxLine) {
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        scan_ -= begin_;
        end_ -= begin_;
        begin_ = 0;
    }
    read_pending_ = true;
    stdout_.async_read_some(asio::buffer(buffer_.data() + end_, kBufferSize - end_),
                            [this](const boost::system::error_code &ec, size_t n) {
                                read_pending_ = false;
                                if (ec)
                                    stdout_closed_ = true;
                                else
                                    end_ += n;
                            });
}

template <class Done>
EngineProcess::Wait EngineProcess::run_until(SteadyClock::time_point deadline, Done done) {
    while (!done()) {
        auto until = deadline;
        if (stop_ != nullptr) {
            if (stop_->load()) return Wait::Interrupted;
            until = std::min(deadline, SteadyClock::now() + std::chrono::milliseconds(100));
        }
        if (!pidfd_) {
            if (!exited_ && child_.exited()) exited_ = true;
            if (done()) break;
            until = std::min(until, SteadyClock::now() + kExitPoll);
        }
        if (io_.stopped()) io_.restart();
        if (io_.run_one_until(until) == 0 && SteadyClock::now() >= deadline) return done() ? Wait::Done : Wait::Timeout;
    }
    return Wait::Done;
}

WriteStatus EngineProcess::write(std::string_view data, SteadyClock::time_point deadline) {
    int fd = stdin_.native_handle();
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n > 0) {
            data.remove_prefix(static_cast<size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return WriteStatus::Closed;  // EPIPE: the engine is gone
        // The pipe is full: let the reactor tell us when it drains.
        write_waiting_ = true;
        write_ready_ = false;
        stdin_.async_write_some(asio::buffer(data.data(), data.size()),
                                [this, &data](const boost::system::error_code &ec, size_t written) {
                                    write_waiting_ = false;
                                    write_ready_ = !ec;
                                    if (!ec) data.remove_prefix(written);
                                });
        Wait w = run_until(deadline, [this] { return !write_waiting_ || exited_; });
        if (write_waiting_) {
            // `data` is captured by reference: run the cancelled handler
            // before returning. The engine's input is unusable from here on.
            boost::system::error_code ignored;
            stdin_.close(ignored);
            while (write_waiting_ && io_.run_one() != 0) {
            }
            if (w == Wait::Interrupted) return WriteStatus::Interrupted;
            return exited_ ? WriteStatus::Closed : WriteStatus::Timeout;
        }
        if (!write_ready_) return WriteStatus::Closed;
    }
    return WriteStatus::Written;
}

ReadStatus EngineProcess::read_line(SteadyClock::time_point deadline, std::string_view &line) {
    for (;;) {
        char *base = buffer_.data();
        if (auto *nl = static_cast<char *>(std::memchr(base + scan_, '\n', end_ - scan_))) {
            size_t pos = static_cast<size_t>(nl - base);
            size_t len = pos - begin_;
            if (len > 0 && base[pos - 1] == '\r') --len;
            line = std::string_view(base + begin_, len);
            begin_ = scan_ = pos + 1;
            if (len > kMaxLine) {  // it may have come in pieces that each fitted
                line = line.substr(0, 200);
                return ReadStatus::TooLong;
            }
            if (begin_ == end_ && !read_pending_) begin_ = scan_ = end_ = 0;
            return ReadStatus::Line;
        }
        scan_ = end_;
        if (end_ - begin_ > kMaxLine) {
            line = std::string_view(base + begin_, std::min<size_t>(end_ - begin_, 200));
            begin_ = scan_ = end_;  // the engine is lost anyway; do not rescan
            return ReadStatus::TooLong;
        }
        if (stdout_closed_) {
            if (end_ > begin_) {  // a last line without '\n'
                line = std::string_view(base + begin_, end_ - begin_);
                begin_ = scan_ = end_;
                return ReadStatus::Line;
            }
            return ReadStatus::Closed;
        }
        if (!read_pending_) start_stdout_read();
        Wait w = run_until(deadline, [this] { return !read_pending_ || exited_; });
        if (w == Wait::Interrupted) return ReadStatus::Interrupted;
        if (read_pending_ && exited_) {
            // It exited: what it wrote is already in the pipe, and EOF follows
            // unless a child of it still holds the pipe open.
            auto drain = std::min(deadline, SteadyClock::now() + std::chrono::milliseconds(20));
            run_until(drain, [this] { return !read_pending_; });
            if (read_pending_) return ReadStatus::Closed;
            continue;
        }
        if (w == Wait::Timeout) return ReadStatus::Timeout;
    }
}

bool EngineProcess::wait_exit(SteadyClock::time_point deadline) {
    if (reaped() || exited_) return true;
    run_until(deadline, [this] { return exited_; });
    return exited_;
}

void EngineProcess::drain_stderr(SteadyClock::time_point deadline) {
    run_until(deadline, [this] { return stderr_closed_; });
}

void EngineProcess::kill_and_reap() {
    child_.kill_and_reap();
    exited_ = true;
}


std::string EngineProcess::stderr_tail() const {
    if (stderr_tail_.size() <= kStderrTail) return stderr_tail_;
    return stderr_tail_.substr(stderr_tail_.size() - kStderrTail);
}

}  // namespace arb::engine
