#include "engine/engine_process.hpp"

#include <boost/asio/buffer.hpp>
#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/search_path.hpp>
#include <boost/process/start_dir.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>

namespace bp = boost::process;
namespace asio = boost::asio;

namespace arb::engine {
namespace {

// Writing to a pipe whose reader has gone raises SIGPIPE, which would end the
// whole arbiter; with it ignored the write fails with EPIPE instead, which is
// reported as a crash of that engine. Children get the default back.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction current {};
        if (::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
            ::signal(SIGPIPE, SIG_IGN);
    });
}

// Runs in the child between fork and exec: async-signal-safe calls only.
struct ChildSetup {
    template <class Executor>
    void operator()(Executor &) const {
        ::setpgid(0, 0);  // own group, so that kill(-pid) reaches everything it spawns
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // Descriptors of other engines (pipes opened by other threads) must
        // not leak into this one: mark every fd past stdio close-on-exec.
        ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    }
};

Expected<std::string> resolve_program(const EngineConfig &config) {
    const std::string &command = config.command;
    if (command.empty()) return fail("engine '" + config.name + "': no command given");
    std::filesystem::path path;
    if (command.find('/') == std::string::npos) {
        auto found = bp::search_path(command);
        if (found.empty()) return fail("engine '" + config.name + "': program '" + command + "' not found on PATH");
        path = found.string();
    } else {
        std::error_code ec;
        path = std::filesystem::absolute(command, ec);
        if (ec) path = command;
    }
    if (::access(path.c_str(), X_OK) != 0)
        return fail("engine '" + config.name + "': cannot run '" + path.string() + "': " + std::strerror(errno));
    if (std::filesystem::is_directory(path))
        return fail("engine '" + config.name + "': '" + path.string() + "' is a folder, not a program");
    return path.string();
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        const char *abbrev = ::sigabbrev_np(sig);
        return "was killed by signal " + std::to_string(sig) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
    }
    return "ended with status " + std::to_string(status);
}

}  // namespace

EngineProcess::EngineProcess() : io_(1), stdin_(io_), stdout_(io_), stderr_(io_), buffer_(kBufferSize) {
    stderr_tail_.reserve(2 * kStderrTail);
}

Expected<std::unique_ptr<EngineProcess>> EngineProcess::spawn(const EngineConfig &config) {
    auto program = resolve_program(config);
    if (!program) return fail(program.error().message);
    if (!config.working_dir.empty() && !std::filesystem::is_directory(config.working_dir))
        return fail("engine '" + config.name + "': working folder '" + config.working_dir + "' does not exist");
    ignore_sigpipe_once();

    std::unique_ptr<EngineProcess> self(new EngineProcess());
    bp::environment env = boost::this_process::environment();
    for (const auto &[key, value] : config.env) env[key] = value;

    std::error_code ec;
    auto launch = [&](auto &&...extra) {
        return bp::child(bp::exe = *program, bp::args = config.args, bp::std_in < self->stdin_,
                         bp::std_out > self->stdout_, bp::std_err > self->stderr_, env,
                         bp::extend::on_exec_setup = ChildSetup{}, ec, extra...);
    };
    bp::child child = config.working_dir.empty() ? launch() : launch(bp::start_dir = config.working_dir);
    if (ec || !child.valid())
        return fail("engine '" + config.name + "': could not start '" + *program + "': " + ec.message());
    self->pid_ = child.id();
    child.detach();  // reaping is ours: kill_and_reap() always waits for it

    // Our own writes are non-blocking so that a full pipe never blocks.
    int in_fd = self->stdin_.native_sink();
    ::fcntl(in_fd, F_SETFL, ::fcntl(in_fd, F_GETFL) | O_NONBLOCK);
    // A larger stderr pipe lets a chatty engine go on while it is not our turn to drain it.
    ::fcntl(self->stderr_.native_source(), F_SETPIPE_SZ, 1 << 20);

    self->watch_exit();
    self->start_stderr_read();
    return self;
}

EngineProcess::~EngineProcess() { kill_and_reap(); }

void EngineProcess::watch_exit() {
    // A pidfd turns readable when the process exits, without reaping it, so
    // the group id stays ours until kill_and_reap().
    int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
    if (fd < 0) return;  // old kernel: exits are seen as stdout closing
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
        if (io_.stopped()) io_.restart();
        if (io_.run_one_until(until) == 0 && SteadyClock::now() >= deadline) return done() ? Wait::Done : Wait::Timeout;
    }
    return Wait::Done;
}

ReadStatus EngineProcess::write(std::string_view data, SteadyClock::time_point deadline) {
    int fd = stdin_.native_sink();
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n > 0) {
            data.remove_prefix(static_cast<size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return ReadStatus::Closed;  // EPIPE: the engine is gone
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
            if (w == Wait::Interrupted) return ReadStatus::Interrupted;
            return exited_ ? ReadStatus::Closed : ReadStatus::Timeout;
        }
        if (!write_ready_) return ReadStatus::Closed;
    }
    return ReadStatus::Line;
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
    if (reaped_ || exited_) return true;
    if (pidfd_) {
        run_until(deadline, [this] { return exited_; });
        return exited_;
    }
    // Without a pidfd: the end of stdout is the best sign short of polling.
    std::string_view ignored;
    ReadStatus s;
    while ((s = read_line(deadline, ignored)) == ReadStatus::Line || s == ReadStatus::TooLong) {
    }
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

void EngineProcess::drain_stderr(SteadyClock::time_point deadline) {
    run_until(deadline, [this] { return stderr_closed_; });
}

void EngineProcess::kill_and_reap() {
    if (reaped_ || pid_ <= 0) return;
    // The leader is not reaped yet, so its pid (= the group id) cannot have
    // been reused: the kill reaches exactly this engine and what it spawned.
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it left its group
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0) {
        if (errno != EINTR) break;
    }
    wait_status_ = status;
    reaped_ = true;
    exited_ = true;
}

std::string EngineProcess::exit_description() const {
    if (reaped_) return describe_status(wait_status_);
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0)
        return "still running";
    if (info.si_code == CLD_EXITED) return "exited with code " + std::to_string(info.si_status);
    int status = info.si_status;
    const char *abbrev = ::sigabbrev_np(status);
    return "was killed by signal " + std::to_string(status) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
}

std::string EngineProcess::stderr_tail() const {
    if (stderr_tail_.size() <= kStderrTail) return stderr_tail_;
    return stderr_tail_.substr(stderr_tail_.size() - kStderrTail);
}

}  // namespace arb::engine
