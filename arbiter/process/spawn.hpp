// Starting child processes: the one way the arbiter, its protocol adapters
// and its tests start a program (POSIX, Linux).
//
// Every child gets, before its program runs:
//   - its own process group (unless SpawnOptions::new_group is false), so
//     that a kill of the group reaches what it spawns;
//   - PR_SET_PDEATHSIG(SIGKILL): it dies with the process that started it,
//     even after a kill -9 of that process;
//   - a cgroup v2 of its own, joined before anything else, where this process
//     may create one (see cgroup.hpp; ARBITER_CGROUP=off in the environment
//     turns this off), so that killing it kills every descendant;
//   - default signal dispositions, an empty signal mask, and the
//     descriptor limit the starting process had before raise_descriptor_limit();
//   - only the descriptors it is given as stdin, stdout and stderr: every
//     other descriptor is closed (and ours are close-on-exec from creation,
//     so no other thread's start can leak them either).
//
// Rationale (fork + exec rather than posix_spawn): posix_spawn cannot set the
// parent-death signal, which must be set in the child before exec. The child
// does only what posix_spawn's child does, plus prctl, with async-signal-safe
// calls on memory prepared before the fork.
//
// Rationale (one spawning thread): the parent-death signal fires when the
// *thread* that started the child ends, not the process. A tournament worker
// thread that ends would kill the engines it started while other workers
// still use them, so every child is forked by one long-lived thread that ends
// only with the process.
#pragma once

#include "core/expected.hpp"
#include "process/cgroup.hpp"
#include "process/exit_status.hpp"

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace arb::process {

using SteadyClock = std::chrono::steady_clock;

// An owned file descriptor; closes on destruction.
class Fd {
public:
    Fd() = default;
    explicit Fd(int fd) noexcept : fd_(fd) {}
    Fd(Fd &&other) noexcept : fd_(other.release()) {}
    Fd &operator=(Fd &&other) noexcept;
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() { reset(); }

    [[nodiscard]] int get() const noexcept { return fd_; }
    [[nodiscard]] bool valid() const noexcept { return fd_ >= 0; }
    int release() noexcept;
    void reset() noexcept;

private:
    int fd_ = -1;
};

// Where one of the child's standard streams goes.
struct Stdio {
    // SameAsStdout: for stderr only, the very descriptor stdout gets (one file offset).
    enum class Kind { Pipe, Inherit, Null, File, SameAsStdout };
    Kind kind = Kind::Pipe;
    std::filesystem::path file;  // Kind::File: written (created, truncated), or read for stdin

    static Stdio pipe() { return {Kind::Pipe, {}}; }
    static Stdio same_as_stdout() { return {Kind::SameAsStdout, {}}; }
    static Stdio inherit() { return {Kind::Inherit, {}}; }
    static Stdio null() { return {Kind::Null, {}}; }
    static Stdio to_file(std::filesystem::path path) { return {Kind::File, std::move(path)}; }
};

struct SpawnOptions {
    std::string program;            // a path, or a name searched on $PATH (like execvp) when it has no '/'
    std::vector<std::string> args;  // argv[1..]; argv[0] is `program` as given
    std::string working_dir;        // empty: inherit; a relative `program` path starts here
    std::map<std::string, std::string> env;  // set in the inherited environment (added or replaced)
    // Put in front of a ':'-separated list variable (after `env` is applied),
    // e.g. {"ARBITER_PLUGIN_PATH", "/a:/b"}: the child gets "/a:/b:<what it
    // would have had>", or just "/a:/b" when the variable was unset or empty.
    std::map<std::string, std::string> env_prepend;
    Stdio in = Stdio::pipe(), out = Stdio::pipe(), err = Stdio::pipe();
    bool new_group = true;          // false: stay in the caller's process group
    // false: stay in the caller's cgroup, so that killing the child ends only
    // what the freezing scan finds (for a test harness that wants to see what
    // a program leaves behind, without its own kill removing the evidence).
    bool own_cgroup = true;
};

struct SpawnError {
    std::string message;            // e.g. "cannot run '/x/engine': Permission denied"
    bool out_of_resources = false;  // descriptors, processes or memory ran out: not the program's fault
};

// A started child. Destruction kills and reaps it (see kill_and_reap()).
// Not thread-safe: one thread uses one Child.
class Child {
public:
    Child(Child &&other) noexcept;
    Child &operator=(Child &&other) noexcept;
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;
    ~Child();

    [[nodiscard]] pid_t pid() const noexcept { return pid_; }
    // Our ends of the pipes (only for Stdio::Pipe streams): write to stdin_pipe,
    // read from stdout_pipe and stderr_pipe. Close-on-exec; may be released.
    Fd &stdin_pipe() noexcept { return in_; }
    Fd &stdout_pipe() noexcept { return out_; }
    Fd &stderr_pipe() noexcept { return err_; }
    // A pidfd (readable once the child exited), or -1 on kernels without one.
    [[nodiscard]] int pidfd() const noexcept { return pidfd_.get(); }

    // True once the child has exited; does not reap it (so its pid and group
    // id stay ours). Works with or without a pidfd.
    [[nodiscard]] bool exited() const;
    // Waits until the child exited or `deadline` passed, without reaping it
    // (so that kill_and_reap() can still reach what it started by its pid and
    // group). True once it exited.
    bool wait_exit(SteadyClock::time_point deadline) const;
    // Waits until the child exited or `deadline` passed; reaps it if it exited.
    // The raw wait status, or nothing on timeout.
    std::optional<int> wait_until(SteadyClock::time_point deadline);
    // The raw wait status once reaped.
    [[nodiscard]] std::optional<int> status() const noexcept { return status_; }
    // How it ended (Running until it exited, reaped or not).
    [[nodiscard]] ExitStatus exit_status() const;

    // Sends `sig` to the child's process group (or to the child alone if it
    // has none of its own). The group may outlive a reaped child (its
    // members keep the id in use); it is still signalled then.
    void signal_group(int sig) const;
    void signal(int sig) const;

    // SIGKILL to the child and every descendant of it, however fast they
    // fork or change their pid, session or group; reaps the child and the
    // orphans among them, within a few seconds. With a cgroup, one write to
    // its cgroup.kill (even after the child itself was reaped: what it left
    // running is still in there). Without one, the freezing scan
    // (tree_freeze.hpp) over the child's group, its descendants and the
    // orphans adopted here as a child subreaper (see become_subreaper());
    // after the child was reaped, nothing. Idempotent.
    void kill_and_reap();
    // The folder of its cgroup, or empty when it has none.
    [[nodiscard]] std::filesystem::path cgroup() const { return cgroup_.path(); }

private:
    void wait_briefly(int round, SteadyClock::time_point now, SteadyClock::time_point deadline) const;
    friend Expected<Child, SpawnError> spawn(const SpawnOptions &options);
    Child() = default;

    pid_t pid_ = -1;
    bool own_group_ = true;
    Fd in_, out_, err_, pidfd_;
    Cgroup cgroup_;
    std::optional<int> status_;
};

// Starts a program as described above. The error names the program and the cause.
Expected<Child, SpawnError> spawn(const SpawnOptions &options);

// Where `command` would be run from: a path with '/' is taken relative to
// `dir`; a bare name is searched on $PATH like execvp (an empty entry is `dir`).
// Nothing when it is not an executable file.
std::optional<std::filesystem::path> find_program(const std::string &command, const std::filesystem::path &dir);

// --- process-wide set-up, for programs that start engines (call from main) ---

// Raises the soft RLIMIT_NOFILE to the hard limit; children still get the
// original soft limit. Returns the limit now in force.
long raise_descriptor_limit();
// The time slice every child started from now on gets (latency_slice.hpp;
// 0, the default: the kernel's), whatever the arbiter's own threads have.
void give_children_slice(std::chrono::microseconds slice);
// The soft RLIMIT_NOFILE now in force.
long descriptor_limit();
// Makes this process a child subreaper (PR_SET_CHILD_SUBREAPER): descendants
// of its children that are orphaned are reparented here instead of to init,
// so that kill_and_reap() can find, kill and reap them.
void become_subreaper();
// Ignores SIGPIPE if it has its default action (once per process), so that
// a write to a pipe whose reader has gone fails with EPIPE instead of ending
// this process; a handler someone installed is left alone. Children get the
// default back (see spawn).
void ignore_sigpipe();
// Kills and reaps the orphans adopted as subreaper that are not in the
// process group of any live child started here, and their descendants, by
// the freezing scan (e.g. at the end of a run).
void kill_adopted_orphans();
// For code that forks children without spawn() (run_in_child): a child so
// noted is never taken for an orphan to kill or reap. Forget it once reaped.
void note_own_child(pid_t pid);
void forget_own_child(pid_t pid);

}  // namespace arb::process
