// process::spawn with real processes: what a child starts with, errors, and
// that a kill reaches every process an engine started, even those that left
// its group. Each check scans /proc afterwards.
#include "process/spawn.hpp"

#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;

namespace {

using arb::test::kMock;

std::string unique_seed() {
    std::random_device rd;
    return std::to_string(100000000ULL + rd() % 800000000ULL);
}

std::string field(const std::string &text, const std::string &name) {
    size_t at = text.find(name);
    if (at == std::string::npos) return {};
    size_t end = text.find('\n', at);
    std::string value = text.substr(at + name.size(), end - at - name.size());
    value.erase(0, value.find_first_not_of(" \t"));
    return value;
}

bool gone_within(pid_t pid, std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (test::process_state(pid) != 0) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

// Starts the mock engine in `mode`, completes 'ugi' and returns the pid of
// the sleeper it started.
pid_t sleeper_of(test::ChildProcess &engine) {
    engine.send("ugi");
    auto line = engine.wait_for("info string spawned child pid ", 5s);
    REQUIRE(line);
    REQUIRE(engine.wait_for("ugiok", 5s));
    return static_cast<pid_t>(std::stol(line->substr(30)));
}

}  // namespace

TEST_CASE("a child starts with default signal handling, only stdio, and the original descriptor limit", "[process]") {
    rlimit before{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &before) == 0);
    // What this process does to itself must not reach the child.
    auto old_int = std::signal(SIGINT, SIG_IGN);
    sigset_t usr1, old_mask;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    ::pthread_sigmask(SIG_BLOCK, &usr1, &old_mask);
    int leaked = ::open("/dev/null", O_RDONLY);  // without O_CLOEXEC on purpose
    REQUIRE(leaked >= 0);
    process::raise_descriptor_limit();

    test::ChildProcess status({"cat", "/proc/self/status", "/proc/self/limits"});
    test::ChildProcess fds({"ls", "/proc/self/fd"});
    std::string text, listing;
    while (auto line = status.read_line(5s)) text += *line + "\n";
    while (auto line = fds.read_line(5s)) listing += *line + " ";

    ::close(leaked);
    ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    std::signal(SIGINT, old_int);

    INFO(text);
    CHECK(field(text, "SigIgn:") == "0000000000000000");
    CHECK(field(text, "SigBlk:") == "0000000000000000");
    // "Max open files  <soft>  <hard>  files": the soft limit is the one before raising.
    std::string limits = field(text, "Max open files");
    CHECK(limits.rfind(std::to_string(before.rlim_cur) + " ", 0) == 0);
    // ls itself opens the folder as descriptor 3; nothing else may be open.
    CHECK(listing == "0 1 2 3 ");
}

TEST_CASE("env_prepend puts folders in front of a list variable, after env and the inherited value", "[process]") {
    auto printed = [](const std::map<std::string, std::string> &env, const std::map<std::string, std::string> &prepend) {
        process::SpawnOptions options;
        options.program = "/bin/sh";
        options.args = {"-c", "printf '%s|%s' \"${ARB_TEST_LIST-unset}\" \"$ARB_TEST_OTHER\""};
        options.env = env;
        options.env_prepend = prepend;
        options.in = process::Stdio::null();
        options.err = process::Stdio::null();
        auto child = process::spawn(options);
        REQUIRE(child.has_value());
        std::string text;
        char buf[256];
        for (ssize_t n; (n = ::read(child->stdout_pipe().get(), buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
        child->kill_and_reap();
        return text;
    };
    ::unsetenv("ARB_TEST_LIST");
    CHECK(printed({}, {{"ARB_TEST_LIST", "/a:/b"}}) == "/a:/b|");                  // unset: just the folders
    CHECK(printed({{"ARB_TEST_LIST", "/own"}}, {{"ARB_TEST_LIST", "/a"}}) == "/a:/own|");  // the engine's env: value
    ::setenv("ARB_TEST_LIST", "/inherited", 1);
    ::setenv("ARB_TEST_OTHER", "kept", 1);
    CHECK(printed({}, {{"ARB_TEST_LIST", "/a"}}) == "/a:/inherited|kept");
    CHECK(printed({}, {}) == "/inherited|kept");
    ::unsetenv("ARB_TEST_LIST");
    ::unsetenv("ARB_TEST_OTHER");
}

TEST_CASE("spawn errors name the cause, running out of descriptors is not the program's fault", "[process]") {
    process::SpawnOptions missing;
    missing.program = "no-such-program-anywhere";
    auto a = process::spawn(missing);
    REQUIRE_FALSE(a);
    CHECK(a.error().message == "program 'no-such-program-anywhere' not found on PATH");
    CHECK_FALSE(a.error().out_of_resources);

    process::SpawnOptions not_executable;
    not_executable.program = "/etc/hostname";
    auto b = process::spawn(not_executable);
    REQUIRE_FALSE(b);
    CHECK_THAT(b.error().message, Catch::Contains("cannot run '/etc/hostname'"));

    // With the soft limit just above the descriptors in use, the pipes cannot be made.
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
    int probe = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    REQUIRE(probe >= 0);
    ::close(probe);
    rlimit tight = saved;
    tight.rlim_cur = static_cast<rlim_t>(probe + 2);  // room for one pipe end pair at most, not three
    REQUIRE(::setrlimit(RLIMIT_NOFILE, &tight) == 0);
    process::SpawnOptions cat;
    cat.program = "cat";
    auto c = process::spawn(cat);
    ::setrlimit(RLIMIT_NOFILE, &saved);
    REQUIRE_FALSE(c);
    CHECK(c.error().out_of_resources);
    CHECK_THAT(c.error().message, Catch::Contains("Too many open files"));
}

TEST_CASE("a child outlives the thread that started it", "[process]") {
    // The parent-death signal is tied to the starting thread: a tournament
    // worker that ends must not take the engines it started with it.
    std::optional<test::ChildProcess> child;
    std::thread([&] { child.emplace(std::vector<std::string>{"cat"}); }).join();
    std::this_thread::sleep_for(200ms);
    CHECK(child->running());
    child->send("still here");
    CHECK(child->read_line(5s) == std::optional<std::string>("still here"));
}

TEST_CASE("killing an engine kills a child that left its group (setsid)", "[process]") {
    process::become_subreaper();
    const std::string seed = unique_seed();
    pid_t sleeper = 0;
    {
        test::ChildProcess engine({kMock, "--game", "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR, "--misbehave",
                                   "escape-child", "--seed", seed});
        sleeper = sleeper_of(engine);
        CHECK(test::process_state(sleeper) != 0);
        CHECK(test::processes_in_group(engine.pid()).size() == 1);  // the sleeper is not in the engine's group
    }
    CHECK(gone_within(sleeper, 2s));
    CHECK(test::processes_with("arbiter-mock-sleeper-" + seed).empty());
}

TEST_CASE("killing an engine kills an orphan it double-forked out of its group", "[process]") {
    process::become_subreaper();
    const std::string seed = unique_seed();
    pid_t sleeper = 0;
    {
        test::ChildProcess engine({kMock, "--game", "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR, "--misbehave",
                                   "double-fork", "--seed", seed});
        sleeper = sleeper_of(engine);
        REQUIRE(sleeper > 0);
        CHECK(test::process_state(sleeper) != 0);
        // Orphaned at once: reparented to us as the subreaper.
        std::ifstream stat("/proc/" + std::to_string(sleeper) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        std::istringstream fields(text.substr(text.rfind(')') + 2));
        std::string state;
        long ppid = 0;
        fields >> state >> ppid;
        CHECK(ppid == ::getpid());
    }
    CHECK(gone_within(sleeper, 2s));  // killed and reaped: not even a zombie is left
    CHECK(test::processes_with("arbiter-mock-sleeper-" + seed).empty());
}

TEST_CASE("a child's exit status is a value: running, exited with its code, killed by its signal", "[process]") {
    using arb::process::ExitStatus;
    auto start = [](const std::string &script) {
        arb::process::SpawnOptions options;
        options.program = "/bin/sh";
        options.args = {"-c", script};
        options.in = options.out = options.err = arb::process::Stdio::null();
        auto child = arb::process::spawn(options);
        REQUIRE(child);
        return std::move(*child);
    };
    auto deadline = [] { return std::chrono::steady_clock::now() + std::chrono::seconds(10); };

    auto sleeper = start("exec sleep 30");
    CHECK(sleeper.exit_status() == ExitStatus{});
    CHECK(sleeper.exit_status().running());
    CHECK(sleeper.exit_status().describe() == "is still running");
    sleeper.kill_and_reap();
    CHECK(sleeper.exit_status() == ExitStatus{ExitStatus::State::Killed, SIGKILL});
    CHECK(sleeper.exit_status().describe() == "was killed by signal 9 (SIGKILL)");

    // Exited but not reaped yet: known without reaping (the pid stays ours).
    auto three = start("exit 3");
    while (!three.exited()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(three.exit_status() == ExitStatus{ExitStatus::State::Exited, 3});
    REQUIRE(three.wait_until(deadline()));
    CHECK(three.exit_status() == ExitStatus{ExitStatus::State::Exited, 3});
    CHECK(three.exit_status().describe() == "exited with code 3");

    auto aborted = start("kill -ABRT $$");
    REQUIRE(aborted.wait_until(deadline()));
    CHECK(aborted.exit_status() == ExitStatus{ExitStatus::State::Killed, SIGABRT});
    CHECK(aborted.exit_status().describe() == "was killed by signal 6 (SIGABRT)");
}
