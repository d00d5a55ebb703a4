#include "process/spawn.hpp"

#include "process/cgroup.hpp"
#include "process/latency_slice.hpp"
#include "process/proc_table.hpp"
#include "process/resource_limits.hpp"
#include "process/tree_freeze.hpp"
#include "core/quote.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <thread>

extern char **environ;

namespace arb::process {

namespace {

// What the child runs between fork and exec: everything prepared in the
// parent, so that the child only makes system calls.
struct ChildPlan {
    const char *path = nullptr;
    char *const *argv = nullptr;
    char *const *envp = nullptr;
    const char *working_dir = nullptr;  // null: inherit
    const char *cgroup_procs = nullptr;  // null: stay in our cgroup; else its cgroup.procs, joined first
    int stdio[3] = {-1, -1, -1};        // -1: inherit
    int error_fd = -1;                  // close-on-exec; the child writes {stage, errno} on failure
    bool stderr_to_stdout = false;
    bool new_group = true;
    pid_t parent = -1;
    bool restore_nofile = false;
    rlimit nofile{};
    int close_fallback_max = 1024;  // for kernels without close_range
    std::chrono::microseconds slice{0};  // the program's time slice (latency_slice.hpp; 0: the kernel's default)
};

// kJoinCgroup is reported and the child goes on: it is then ended by the
// freezing scan instead, like a child without a cgroup.
enum Stage : int { kSetpgid = 1, kDeathSignal, kDup, kChdir, kExec, kJoinCgroup };

const char *stage_text(int stage) {
    switch (stage) {
        case kSetpgid: return "cannot create its process group";
        case kDeathSignal: return "cannot set its parent-death signal";
        case kDup: return "cannot connect its standard streams";
        default: return "cannot enter its working folder";
    }
}

// Runs in the child: async-signal-safe calls only (no allocation, no locks).
[[noreturn]] void child_main(const ChildPlan &p) {
    auto report = [&](int stage, int error) {
        int message[2] = {stage, error};
        ssize_t ignored = ::write(p.error_fd, message, sizeof message);
        (void)ignored;
    };
    auto fail = [&](int stage) {
        report(stage, errno);
        ::_exit(127);
    };
    // Before anything that may take a while (joining a cgroup can take
    // milliseconds): until they are closed, this child holds copies of every
    // descriptor of the arbiter, the output folder's lock among them, and a
    // --resume started right after a kill -9 of the arbiter would find the
    // folder still locked.
    for (int i = 0; i < 3; ++i)
        if (p.stdio[i] >= 0 && ::dup2(p.stdio[i], i) < 0) fail(kDup);
    if (p.stderr_to_stdout && ::dup2(1, 2) < 0) fail(kDup);
    // Only 0, 1, 2 (and the error pipe, close-on-exec) go into the program.
    bool closed = true;
    if (p.error_fd > 3) closed = ::syscall(SYS_close_range, 3U, static_cast<unsigned>(p.error_fd - 1), 0U) == 0;
    if (closed) closed = ::syscall(SYS_close_range, static_cast<unsigned>(p.error_fd + 1), ~0U, 0U) == 0;
    if (!closed)  // kernels before 5.9
        for (int fd = 3; fd < p.close_fallback_max; ++fd)
            if (fd != p.error_fd) ::close(fd);
    // Then, before the program can start anything, so that every process it
    // ever starts is born inside the cgroup ("0": the writing process).
    if (p.cgroup_procs != nullptr) {
        int fd = ::open(p.cgroup_procs, O_WRONLY | O_CLOEXEC);
        bool joined = fd >= 0 && ::write(fd, "0", 1) == 1;
        int error = errno;
        if (fd >= 0) ::close(fd);
        if (!joined) report(kJoinCgroup, error);
    }
    if (p.new_group && ::setpgid(0, 0) != 0) fail(kSetpgid);
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(kDeathSignal);
    // The parent may have died before the prctl: then no signal will come.
    if (::getppid() != p.parent) ::_exit(127);
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig)
        if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &default_action, nullptr);  // libc's own: EINVAL, ignored
    if (p.working_dir != nullptr && ::chdir(p.working_dir) != 0) fail(kChdir);
    if (p.restore_nofile) ::setrlimit(RLIMIT_NOFILE, &p.nofile);
    // The forking thread's slice is the arbiter's, which the program is not
    // to inherit unless asked; a refusal leaves it, as it does the arbiter.
    set_thread_slice(p.slice);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execve(p.path, p.argv, p.envp);
    fail(kExec);
    ::_exit(127);  // not reached
}

// The process-wide part: the one thread that forks (see the header's
// rationale), the children started and not yet reaped, and the descriptor
// limit to give children. A leaked singleton: the forking thread must live
// until the process ends, and nothing may destroy it during exit.
class Registry {
public:
    static Registry &get() {
        static Registry *registry = new Registry();
        return *registry;
    }

    // Forks on the spawning thread; the child runs `plan`. Returns the pid
    // and a pidfd (or -1), or the errno of fork.
    struct Forked {
        pid_t pid = -1;
        int pidfd = -1;
        int error = 0;
    };
    Forked fork_child(const ChildPlan &plan) {
        std::lock_guard one_at_a_time(spawn_mutex_);
        std::unique_lock lock(mutex_);
        job_ = &plan;
        forked_ = {};
        job_cv_.notify_one();
        done_cv_.wait(lock, [this] { return job_ == nullptr; });
        return forked_;
    }

    void forget(pid_t pid) {
        std::lock_guard lock(mutex_);
        live_.erase(pid);
    }
    void note(pid_t pid) {
        std::lock_guard lock(mutex_);
        live_[pid] = false;
    }
    bool is_other_group(pid_t pgrp, pid_t leader) {
        std::lock_guard lock(mutex_);
        auto it = live_.find(pgrp);
        return pgrp != leader && it != live_.end() && it->second;
    }

    // A new cgroup for a child, or an invalid one when cgroups are not to be
    // used here (found out once: ARBITER_CGROUP=off, or none can be made).
    Cgroup make_cgroup() {
        std::lock_guard lock(mutex_);
        if (!cgroup_probed_) {
            cgroup_probed_ = true;
            const char *setting = std::getenv("ARBITER_CGROUP");
            if (setting == nullptr || std::string_view(setting) != "off")
                if (auto parent = CgroupParent::find()) cgroup_parent_ = std::move(*parent);
        }
        if (!cgroup_parent_) return {};
        auto made = cgroup_parent_->create(++cgroup_serial_);
        if (!made) return {};
        return std::move(*made);
    }
    // A child could not join its cgroup: the next ones will not try.
    void stop_using_cgroups() {
        std::lock_guard lock(mutex_);
        cgroup_parent_.reset();
    }
    bool is_live_child(pid_t pid) {
        std::lock_guard lock(mutex_);
        return live_.count(pid) > 0;
    }

    void set_original_nofile(const rlimit &limit) {
        std::lock_guard lock(mutex_);
        if (!original_nofile_) original_nofile_ = limit;
    }
    void set_children_slice(std::chrono::microseconds slice) {
        std::lock_guard lock(mutex_);
        children_slice_ = slice;
    }
    std::chrono::microseconds children_slice() {
        std::lock_guard lock(mutex_);
        return children_slice_;
    }
    std::optional<rlimit> original_nofile() {
        std::lock_guard lock(mutex_);
        return original_nofile_;
    }

private:
    // Returns once the thread waits for work. Other code forks from other
    // threads (run_in_child); a fork while this thread is still starting up
    // could copy a lock it holds (ASan's allocator lock, for one) into a
    // child that then deadlocks on its first allocation.
    Registry() {
        thread_ = std::thread([this] { run(); });
        thread_.detach();
        std::unique_lock lock(mutex_);
        done_cv_.wait(lock, [this] { return waiting_; });
    }

    void run() {
        // Signals are for the other threads; a child starts with all blocked
        // until it has reset their dispositions.
        sigset_t all;
        sigfillset(&all);
        ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
        std::unique_lock lock(mutex_);
        waiting_ = true;
        done_cv_.notify_all();
        for (;;) {
            job_cv_.wait(lock, [this] { return job_ != nullptr; });
            Forked result;
            result.pid = ::fork();
            if (result.pid == 0) child_main(*job_);
            if (result.pid < 0) {
                result.error = errno;
            } else {
                live_[result.pid] = job_->new_group;
                result.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, result.pid, 0));
                if (result.pidfd >= 0) ::fcntl(result.pidfd, F_SETFD, FD_CLOEXEC);
            }
            forked_ = result;
            job_ = nullptr;
            done_cv_.notify_all();
        }
    }

    std::mutex spawn_mutex_;
    std::mutex mutex_;  // guards everything below
    std::condition_variable job_cv_, done_cv_;
    bool waiting_ = false;  // the thread has reached its loop
    const ChildPlan *job_ = nullptr;
    Forked forked_;
    std::map<pid_t, bool> live_;  // started and not reaped -> has its own group
    std::optional<rlimit> original_nofile_;
    std::chrono::microseconds children_slice_{0};
    bool cgroup_probed_ = false;
    std::optional<CgroupParent> cgroup_parent_;
    unsigned long cgroup_serial_ = 0;
    std::thread thread_;
};

SpawnError os_error(const std::string &what, int error) {
    if (!is_resource_error(error)) return {what + ": " + std::strerror(error), false};
    return {what + ": " + std::strerror(error) + " (" + resource_limit_named(error) + ")", true};
}

// Opens what the child gets for one stream; `ours` receives our pipe end.
Expected<Fd, SpawnError> child_end(const Stdio &stdio, int stream, Fd &ours) {
    switch (stdio.kind) {
        case Stdio::Kind::Inherit:
        case Stdio::Kind::SameAsStdout: return Fd();  // the latter is handled in spawn()
        case Stdio::Kind::Null: {
            int fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
            if (fd < 0) return Unexpected<SpawnError>{os_error("cannot open /dev/null", errno)};
            return Fd(fd);
        }
        case Stdio::Kind::File: {
            int flags = stream == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC;
            int fd = ::open(stdio.file.c_str(), flags | O_CLOEXEC, 0644);
            if (fd < 0) return Unexpected<SpawnError>{os_error("cannot open " + stdio.file.string(), errno)};
            return Fd(fd);
        }
        case Stdio::Kind::Pipe: break;
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return Unexpected<SpawnError>{os_error("cannot create a pipe", errno)};
    // stdin: the child reads fds[0]; stdout/stderr: the child writes fds[1].
    ours = Fd(stream == 0 ? fds[1] : fds[0]);
    return Fd(stream == 0 ? fds[0] : fds[1]);
}

// A descriptor below 3 would be overwritten by another stream's dup2.
Expected<void, SpawnError> lift_above_stdio(Fd &fd) {
    if (!fd.valid() || fd.get() > 2) return {};
    int lifted = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3);
    if (lifted < 0) return Unexpected<SpawnError>{os_error("cannot duplicate a descriptor", errno)};
    fd = Fd(lifted);
    return {};
}

std::vector<std::string> child_environment(const std::map<std::string, std::string> &overrides,
                                           const std::map<std::string, std::string> &prepends) {
    std::map<std::string, std::string> changed = overrides;
    for (const auto &[key, front] : prepends) {
        std::string rest;
        if (auto set = overrides.find(key); set != overrides.end()) rest = set->second;
        else if (const char *inherited = std::getenv(key.c_str()); inherited != nullptr) rest = inherited;
        changed[key] = rest.empty() ? front : front + ":" + rest;
    }
    std::vector<std::string> env;
    for (char **e = environ; e != nullptr && *e != nullptr; ++e) {
        std::string entry(*e);
        std::string key = entry.substr(0, entry.find('='));
        if (!changed.count(key)) env.push_back(std::move(entry));
    }
    for (const auto &[key, value] : changed) env.push_back(key + "=" + value);
    return env;
}

std::vector<char *> pointers(std::vector<std::string> &strings) {
    std::vector<char *> out;
    out.reserve(strings.size() + 1);
    for (auto &s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

bool executable_file(const std::filesystem::path &path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

Expected<std::filesystem::path, SpawnError> program_path(const SpawnOptions &options) {
    const std::string &command = options.program;
    if (command.empty()) return Unexpected<SpawnError>{SpawnError{"no program given", false}};
    std::error_code ec;
    std::filesystem::path dir = options.working_dir.empty() ? std::filesystem::current_path(ec)
                                                            : std::filesystem::absolute(options.working_dir, ec);
    if (auto found = find_program(command, dir)) return std::filesystem::absolute(*found, ec);
    if (command.find('/') == std::string::npos)
        return Unexpected<SpawnError>{SpawnError{"program " + quote(command) + " not found on PATH", false}};
    std::filesystem::path path = std::filesystem::path(command).is_relative() ? dir / command : std::filesystem::path(command);
    if (std::filesystem::is_directory(path, ec))
        return Unexpected<SpawnError>{SpawnError{quote(path.string()) + " is a folder, not a program", false}};
    int error = ::access(path.c_str(), X_OK) != 0 ? errno : EACCES;
    return Unexpected<SpawnError>{SpawnError{"cannot run " + quote(path.string()) + ": " + std::strerror(error), false}};
}

void sleep_briefly(std::chrono::milliseconds max, SteadyClock::time_point deadline) {
    auto now = SteadyClock::now();
    if (now >= deadline) return;
    std::this_thread::sleep_for(std::min<SteadyClock::duration>(max, deadline - now));
}

// Reaps `pid` if it is our child and has exited; true if it is gone.
bool reap_if_exited(pid_t pid) {
    int status = 0;
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    return r == pid || (r < 0 && errno == ECHILD);
}

TreeScope scope_of(pid_t leader, bool own_group) {
    Registry &registry = Registry::get();
    TreeScope scope;
    scope.leader = leader;
    scope.own_group = own_group;
    scope.is_own_child = [&registry](pid_t pid) { return registry.is_live_child(pid); };
    scope.is_other_group = [&registry, leader](pid_t pgrp) { return registry.is_other_group(pgrp, leader); };
    return scope;
}

// Reaps the zombies adopted here (orphans, not our own children). They are
// dead whoever's they were; after a cgroup kill, the tree's are among them.
void reap_adopted_zombies() {
    Registry &registry = Registry::get();
    // Our own children only: scanning every process on the machine after
    // each engine's end made shutting down 128 engines cost as much as
    // playing with them.
    std::vector<pid_t> children;
    if (own_children(children)) {
        ProcEntry p;
        for (pid_t pid : children)
            if (read_proc_entry(pid, p) && p.state == 'Z' && !registry.is_live_child(pid)) reap_if_exited(pid);
        return;
    }
    const pid_t self = ::getpid();
    for (const auto &p : read_proc_table())
        if (p.ppid == self && p.state == 'Z' && !registry.is_live_child(p.pid)) reap_if_exited(p.pid);
}

// Kills everything in `cgroup` and waits until nothing runs in it. False if
// the kernel refused the kill.
bool kill_cgroup(const Cgroup &cgroup, SteadyClock::time_point deadline) {
    if (!cgroup.kill()) return false;
    for (int round = 0; cgroup.populated() && SteadyClock::now() < deadline; ++round)
        sleep_briefly(std::chrono::milliseconds(round < 10 ? 1 : 10), deadline);
    return true;
}

}  // namespace

Fd &Fd::operator=(Fd &&other) noexcept {
    if (this != &other) {
        reset();
        fd_ = other.release();
    }
    return *this;
}

int Fd::release() noexcept {
    int fd = fd_;
    fd_ = -1;
    return fd;
}

void Fd::reset() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

Child::Child(Child &&other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      own_group_(other.own_group_),
      in_(std::move(other.in_)),
      out_(std::move(other.out_)),
      err_(std::move(other.err_)),
      pidfd_(std::move(other.pidfd_)),
      cgroup_(std::move(other.cgroup_)),
      status_(std::exchange(other.status_, std::nullopt)) {}

Child &Child::operator=(Child &&other) noexcept {
    if (this != &other) {
        kill_and_reap();
        pid_ = std::exchange(other.pid_, -1);
        own_group_ = other.own_group_;
        in_ = std::move(other.in_);
        out_ = std::move(other.out_);
        err_ = std::move(other.err_);
        pidfd_ = std::move(other.pidfd_);
        cgroup_ = std::move(other.cgroup_);
        status_ = std::exchange(other.status_, std::nullopt);
    }
    return *this;
}

Child::~Child() { kill_and_reap(); }

bool Child::exited() const {
    if (pid_ <= 0 || status_) return true;
    if (pidfd_.valid()) {
        pollfd pfd{pidfd_.get(), POLLIN, 0};
        return ::poll(&pfd, 1, 0) > 0;
    }
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

// One step of a wait for the child's end: on its pidfd when it has one (woken
// at once), else a short sleep that grows after the first rounds.
void Child::wait_briefly(int round, SteadyClock::time_point now, SteadyClock::time_point deadline) const {
    if (pidfd_.valid()) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        pollfd pfd{pidfd_.get(), POLLIN, 0};
        ::poll(&pfd, 1, static_cast<int>(std::clamp<long long>(left, 1, 1000)));
    } else {
        sleep_briefly(std::chrono::milliseconds(round < 20 ? 1 : 10), deadline);
    }
}

bool Child::wait_exit(SteadyClock::time_point deadline) const {
    for (int round = 0;; ++round) {
        if (exited()) return true;
        auto now = SteadyClock::now();
        if (now >= deadline) return false;
        wait_briefly(round, now, deadline);
    }
}

std::optional<int> Child::wait_until(SteadyClock::time_point deadline) {
    if (pid_ <= 0 || status_) return status_;
    for (int round = 0;; ++round) {
        int status = 0;
        pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_ || (r < 0 && errno == ECHILD)) {
            status_ = r == pid_ ? status : 0;
            Registry::get().forget(pid_);
            return status_;
        }
        auto now = SteadyClock::now();
        if (now >= deadline) return std::nullopt;
        wait_briefly(round, now, deadline);
    }
}

ExitStatus Child::exit_status() const {
    if (status_) return ExitStatus::from_wait_status(*status_);
    siginfo_t info{};
    if (pid_ <= 0 || ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid == 0)
        return {};
    if (info.si_code == CLD_EXITED) return {ExitStatus::State::Exited, info.si_status};
    return {ExitStatus::State::Killed, info.si_status};
}

void Child::signal_group(int sig) const {
    if (pid_ <= 0) return;
    if (own_group_) ::kill(-pid_, sig);
    else if (!status_) ::kill(pid_, sig);
}

void Child::signal(int sig) const {
    if (pid_ > 0 && !status_) ::kill(pid_, sig);
}

void Child::kill_and_reap() {
    if (pid_ <= 0) return;
    auto deadline = SteadyClock::now() + std::chrono::seconds(5);
    if (status_) {
        // Reaped already: its pid means nothing now, but its cgroup still
        // holds whatever it left running.
        if (cgroup_.valid() && kill_cgroup(cgroup_, deadline)) {
            reap_adopted_zombies();
            cgroup_.remove();
        }
        return;
    }
    // The child is not reaped yet, so its pid (= its group id) cannot have
    // been reused: the kills reach exactly its tree.
    bool killed = cgroup_.valid() && kill_cgroup(cgroup_, deadline);
    if (killed) {
        if (own_group_) ::kill(-pid_, SIGKILL);  // a process that joined its group from outside
    } else {
        freeze_and_kill(scope_of(pid_, own_group_), deadline);
    }
    bool reaped = wait_until(deadline).has_value();
    if (killed) {
        reap_adopted_zombies();
        cgroup_.remove();
    }
    if (!reaped) {
        // Stuck in the kernel (uninterruptible sleep): give up waiting; the
        // zombie is reaped by whoever inherits it when we exit.
        Registry::get().forget(pid_);
        status_ = W_EXITCODE(0, SIGKILL);
    }
}

Expected<Child, SpawnError> spawn(const SpawnOptions &options) {
    auto path = program_path(options);
    if (!path) return Unexpected<SpawnError>{std::move(path).error()};
    if (!options.working_dir.empty() && !std::filesystem::is_directory(options.working_dir))
        return Unexpected<SpawnError>{
            SpawnError{"working folder " + quote(options.working_dir) + " does not exist", false}};

    Child child;
    child.own_group_ = options.new_group;
    Fd theirs[3];
    const Stdio *streams[3] = {&options.in, &options.out, &options.err};
    Fd *ours[3] = {&child.in_, &child.out_, &child.err_};
    for (int i = 0; i < 3; ++i) {
        auto end = child_end(*streams[i], i, *ours[i]);
        if (!end) return Unexpected<SpawnError>{std::move(end).error()};
        theirs[i] = std::move(*end);
        if (auto lifted = lift_above_stdio(theirs[i]); !lifted) return Unexpected<SpawnError>{lifted.error()};
    }
    int error_pipe[2];
    if (::pipe2(error_pipe, O_CLOEXEC) != 0) return Unexpected<SpawnError>{os_error("cannot create a pipe", errno)};
    Fd error_read(error_pipe[0]), error_write(error_pipe[1]);
    if (auto lifted = lift_above_stdio(error_write); !lifted) return Unexpected<SpawnError>{lifted.error()};

    std::vector<std::string> arg_strings{options.program};
    arg_strings.insert(arg_strings.end(), options.args.begin(), options.args.end());
    std::vector<std::string> env_strings = child_environment(options.env, options.env_prepend);
    auto argv = pointers(arg_strings);
    auto envp = pointers(env_strings);
    const std::string path_text = path->string();

    Cgroup cgroup = options.own_cgroup ? Registry::get().make_cgroup() : Cgroup();
    const std::string cgroup_procs = cgroup.valid() ? cgroup.procs_file().string() : std::string();

    ChildPlan plan;
    plan.path = path_text.c_str();
    plan.cgroup_procs = cgroup.valid() ? cgroup_procs.c_str() : nullptr;
    plan.argv = argv.data();
    plan.envp = envp.data();
    plan.working_dir = options.working_dir.empty() ? nullptr : options.working_dir.c_str();
    for (int i = 0; i < 3; ++i) plan.stdio[i] = theirs[i].get();
    plan.stderr_to_stdout = options.err.kind == Stdio::Kind::SameAsStdout;
    plan.error_fd = error_write.get();
    plan.new_group = options.new_group;
    plan.parent = ::getpid();
    if (auto original = Registry::get().original_nofile()) {
        plan.restore_nofile = true;
        plan.nofile = *original;
    }
    plan.close_fallback_max = static_cast<int>(std::min<long>(descriptor_limit(), 1 << 16));
    plan.slice = Registry::get().children_slice();

    auto forked = Registry::get().fork_child(plan);
    if (forked.pid < 0) return Unexpected<SpawnError>{os_error("cannot start " + quote(path_text), forked.error)};
    child.pid_ = forked.pid;
    child.pidfd_ = Fd(forked.pidfd);
    for (auto &fd : theirs) fd.reset();
    error_write.reset();

    // The error pipe closes at exec (success) or carries {stage, errno};
    // only a failed cgroup join is followed by more.
    int report[2] = {0, 0};
    ssize_t n;
    for (;;) {
        do {
            n = ::read(error_read.get(), report, sizeof report);
        } while (n < 0 && errno == EINTR);
        if (n != static_cast<ssize_t>(sizeof report) || report[0] != kJoinCgroup) break;
        Registry::get().stop_using_cgroups();
        cgroup = Cgroup();  // removed: nothing is in it
    }
    child.cgroup_ = std::move(cgroup);
    if (n == static_cast<ssize_t>(sizeof report)) {
        child.wait_until(SteadyClock::now() + std::chrono::seconds(5));
        std::string what = report[0] == kExec ? "cannot run " + quote(path_text)
                                              : std::string(stage_text(report[0])) + " (" + quote(path_text) + ")";
        SpawnError error = os_error(what, report[1]);
        return Unexpected<SpawnError>{std::move(error)};
    }
    return child;
}

std::optional<std::filesystem::path> find_program(const std::string &command, const std::filesystem::path &dir) {
    if (command.empty()) return std::nullopt;
    if (command.find('/') != std::string::npos) {
        std::filesystem::path path(command);
        if (path.is_relative()) path = dir / path;
        path = path.lexically_normal();
        if (executable_file(path)) return path;
        return std::nullopt;
    }
    const char *env = std::getenv("PATH");
    std::string search = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    for (;;) {
        size_t end = search.find(':', start);
        std::string entry = search.substr(start, end == std::string::npos ? std::string::npos : end - start);
        std::filesystem::path candidate = (entry.empty() ? dir : std::filesystem::path(entry)) / command;
        if (executable_file(candidate)) return candidate;
        if (end == std::string::npos) return std::nullopt;
        start = end + 1;
    }
}

long raise_descriptor_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    Registry::get().set_original_nofile(limit);
    if (limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return descriptor_limit();
}

void give_children_slice(std::chrono::microseconds slice) { Registry::get().set_children_slice(slice); }

long descriptor_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    if (limit.rlim_cur == RLIM_INFINITY) return 1L << 20;
    return static_cast<long>(limit.rlim_cur);
}

void become_subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

void kill_adopted_orphans() {
    freeze_and_kill(scope_of(0, false), SteadyClock::now() + std::chrono::seconds(5));
}

void note_own_child(pid_t pid) { Registry::get().note(pid); }

void forget_own_child(pid_t pid) { Registry::get().forget(pid); }

// Writing to a pipe whose reader has gone raises SIGPIPE, which would end the
// whole arbiter; with it ignored the write fails with EPIPE instead, which is
// reported as a crash of that child.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction current {};
        if (::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) ::signal(SIGPIPE, SIG_IGN);
    });
}

}  // namespace arb::process
