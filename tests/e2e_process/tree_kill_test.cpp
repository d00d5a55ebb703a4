// Child::kill_and_reap against descendants that keep changing their pid (the
// mock engine's pid-hop: fork, the parent exits, the child calls setsid, as
// fast as it can), both ways it ends a tree: the child's own cgroup
// (cgroup.kill), and the freezing scan over what this process sees as a
// child subreaper. Whether a hopper is left is asked of its lock file, not of
// /proc (see test::lock_free_within_2s).
#include "process/spawn.hpp"

#include "support/temp_dir.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;

namespace {

using arb::test::kMock;

process::Child start_hopper(const std::filesystem::path &lock, bool own_cgroup) {
    process::SpawnOptions options;
    options.program = kMock;
    options.args = {"--game", "tictactoe", "--plugin-dir", ARBITER_PLUGIN_DIR, "--misbehave", "pid-hop",
                    "--hop-lock", lock.string()};
    options.err = process::Stdio::null();
    options.own_cgroup = own_cgroup;
    auto child = process::spawn(options);
    REQUIRE(child);
    return std::move(*child);
}

// Lets the engine start its hoppers (the lock is taken before it answers).
void handshake(process::Child &engine) {
    const std::string ugi = "ugi\n";
    REQUIRE(::write(engine.stdin_pipe().get(), ugi.data(), ugi.size()) == static_cast<ssize_t>(ugi.size()));
    std::string seen;
    char buf[256];
    while (seen.find("ugiok") == std::string::npos) {
        ssize_t n = ::read(engine.stdout_pipe().get(), buf, sizeof buf);
        REQUIRE(n > 0);
        seen.append(buf, static_cast<size_t>(n));
    }
    std::this_thread::sleep_for(100ms);  // hopping for a while
}

std::string cgroup_of(pid_t pid) {
    return test::read_file("/proc/" + std::to_string(pid) + "/cgroup");
}

}  // namespace

TEST_CASE("a child gets a cgroup of its own where one can be made, and killing it ends pid-hopping descendants",
          "[process][pid-hop]") {
    process::become_subreaper();
    for (int i = 0; i < 3; ++i) {
        test::TempDir dir;
        const auto lock = dir.path() / "hopper.lock";
        auto engine = start_hopper(lock, true);
        handshake(engine);
        const auto folder = engine.cgroup();
        if (folder.empty()) {
            WARN("no cgroup v2 may be created here: the freezing scan was tested instead");
        } else {
            // cgroup v2's line is "0::<path>", the path relative to the mount.
            CHECK_THAT(cgroup_of(engine.pid()), Catch::Contains(folder.filename().string()));
            CHECK(std::filesystem::exists(folder / "cgroup.kill"));
        }
        REQUIRE(test::lock_held(lock));  // the hoppers run
        engine.kill_and_reap();
        CHECK(test::lock_free_within_2s(lock));
        if (!folder.empty()) CHECK_FALSE(std::filesystem::exists(folder));  // removed once empty
    }
}

TEST_CASE("without a cgroup, the freezing scan ends pid-hopping descendants", "[process][pid-hop]") {
    process::become_subreaper();
    for (int i = 0; i < 3; ++i) {
        test::TempDir dir;
        const auto lock = dir.path() / "hopper.lock";
        auto engine = start_hopper(lock, false);
        CHECK(engine.cgroup().empty());
        handshake(engine);
        REQUIRE(test::lock_held(lock));
        engine.kill_and_reap();
        CHECK(test::lock_free_within_2s(lock));
        CHECK(engine.exit_status() == process::ExitStatus{process::ExitStatus::State::Killed, SIGKILL});
    }
}

TEST_CASE("the freezing scan also ends pid-hopping orphans once their engine is gone", "[process][pid-hop]") {
    process::become_subreaper();
    test::TempDir dir;
    const auto lock = dir.path() / "hopper.lock";
    auto engine = start_hopper(lock, false);
    handshake(engine);
    // The engine exits and is reaped: its hoppers are orphans adopted here,
    // in no live child's group.
    ::close(engine.stdin_pipe().release());
    REQUIRE(engine.wait_until(std::chrono::steady_clock::now() + 10s));
    REQUIRE(test::lock_held(lock));
    process::kill_adopted_orphans();
    CHECK(test::lock_free_within_2s(lock));
}

TEST_CASE("a cgroup kill ends what a child left running even after the child was reaped", "[process][pid-hop]") {
    process::become_subreaper();
    test::TempDir dir;
    const auto lock = dir.path() / "hopper.lock";
    auto engine = start_hopper(lock, true);
    if (engine.cgroup().empty()) {
        WARN("no cgroup v2 may be created here: nothing to test");
        return;
    }
    handshake(engine);
    ::close(engine.stdin_pipe().release());
    REQUIRE(engine.wait_until(std::chrono::steady_clock::now() + 10s));  // reaped: its pid means nothing now
    REQUIRE(test::lock_held(lock));
    engine.kill_and_reap();
    CHECK(test::lock_free_within_2s(lock));
}
