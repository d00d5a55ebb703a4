// Where and how engines are scheduled: a process pinned to a game's CPU
// (process/cpu_affinity.hpp), and the time slice children get whatever the
// arbiter's own threads have (process/latency_slice.hpp). Read back from
// /proc, the kernel's own account, not from the code that set them.
#include "process/cpu_affinity.hpp"
#include "process/latency_slice.hpp"
#include "process/spawn.hpp"

#include "support/process_scan.hpp"
#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace arb;

namespace {

std::string proc_field(long pid, const std::string &file, const std::string &key) {
    return test::proc_field(std::to_string(pid), file, key);
}

// A child that reads its stdin until it closes: alive until killed.
process::Child waiting_child() {
    process::SpawnOptions options;
    options.program = "/bin/cat";
    options.out = process::Stdio::null();
    options.err = process::Stdio::null();
    auto child = process::spawn(options);
    REQUIRE(child.has_value());
    return std::move(*child);
}

}  // namespace

TEST_CASE("an engine pinned to its game's CPU runs only there, every thread of it", "[process][affinity]") {
    const auto cpus = process::usable_cpus();
    REQUIRE_FALSE(cpus.empty());
    auto child = waiting_child();
    const int cpu = cpus.back();
    if (cpus.size() > 1) CHECK(proc_field(child.pid(), "status", "Cpus_allowed_list") != std::to_string(cpu));
    REQUIRE(process::pin_process_to(child.pid(), cpu));
    CHECK(proc_field(child.pid(), "status", "Cpus_allowed_list") == std::to_string(cpu));
    CHECK_FALSE(process::pin_process_to(-1, cpu));
    CHECK_FALSE(process::pin_process_to(child.pid(), 100000));  // no such CPU
    child.kill_and_reap();
}

TEST_CASE("an engine started by a wrapper is pinned with it, through their cgroup", "[process][affinity]") {
    const auto cpus = process::usable_cpus();
    if (cpus.size() < 2) ARB_SKIP("this process may use one CPU only");
    process::SpawnOptions options;
    options.program = "/bin/sh";
    options.args = {"-c", "cat; true"};  // the shell waits for its child: the engine is a grandchild
    options.out = process::Stdio::null();
    options.err = process::Stdio::null();
    auto spawned = process::spawn(options);
    REQUIRE(spawned.has_value());
    auto child = std::move(*spawned);
    if (child.cgroup().empty()) {
        child.kill_and_reap();
        ARB_SKIP("no cgroup of its own here (cgroup v2 not writable): only the process's threads are pinned");
    }
    long grandchild = -1;
    for (int i = 0; i < 200 && grandchild < 0; ++i) {  // until the shell has started cat
        std::ifstream procs(child.cgroup() / "cgroup.procs");
        for (long pid; procs >> pid;)
            if (pid != child.pid()) grandchild = pid;
        if (grandchild < 0) ::usleep(10000);
    }
    REQUIRE(grandchild > 0);
    const int cpu = cpus.front();
    REQUIRE(process::pin_process_to(child.pid(), cpu, child.cgroup()));
    CHECK(proc_field(child.pid(), "status", "Cpus_allowed_list") == std::to_string(cpu));
    CHECK(proc_field(grandchild, "status", "Cpus_allowed_list") == std::to_string(cpu));
    child.kill_and_reap();
}

TEST_CASE("children get the slice given for them, not the arbiter thread's", "[process][slice]") {
    // Kernels before 6.12 have no slice of their own for SCHED_OTHER: nothing to see there.
    if (proc_field(::getpid(), "sched", "se.slice").empty()) ARB_SKIP("the kernel reports no se.slice");
    const std::string kernel_default = proc_field(::getpid(), "sched", "se.slice");
    REQUIRE(process::set_thread_slice(std::chrono::microseconds(100)));
    CHECK(process::thread_slice() == std::chrono::microseconds(100));
    process::give_children_slice(std::chrono::microseconds(300));
    {
        auto child = waiting_child();
        CHECK(proc_field(child.pid(), "sched", "se.slice") == "300000");  // nanoseconds
        child.kill_and_reap();
    }
    process::give_children_slice(std::chrono::microseconds(0));
    {
        auto child = waiting_child();
        const std::string slice = proc_field(child.pid(), "sched", "se.slice");
        CHECK(slice != "100000");
        CHECK(slice != "300000");
        child.kill_and_reap();
    }
    REQUIRE(process::set_thread_slice(std::chrono::microseconds(0)));
}

TEST_CASE("the slices are read from the environment, a bad value named", "[process][slice]") {
    ::setenv("ARBITER_SLICE_US", "250", 1);
    ::setenv("ARBITER_ENGINE_SLICE_US", "0", 1);
    auto read = process::latency_slices_from_environment();
    CHECK(read.error.empty());
    CHECK(read.slices.arbiter == std::chrono::microseconds(250));
    CHECK(read.slices.engines == std::chrono::microseconds(0));
    ::setenv("ARBITER_SLICE_US", "fast", 1);
    CHECK(process::latency_slices_from_environment().error ==
          "ARBITER_SLICE_US='fast' is not a number of microseconds (0: the kernel's default)");
    ::unsetenv("ARBITER_SLICE_US");
    ::unsetenv("ARBITER_ENGINE_SLICE_US");
    auto defaults = process::latency_slices_from_environment();
    CHECK(defaults.slices.arbiter == std::chrono::microseconds(100));
    CHECK_FALSE(defaults.slices.engines);
}
