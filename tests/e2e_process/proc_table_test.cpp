// The order the freezing scan reads /proc in: newest pid first, also after
// the kernel's pids have wrapped around pid_max.
#include "process/proc_table.hpp"

#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

using arb::process::sort_newest_first;

TEST_CASE("pids are read newest first across a wrap of pid_max", "[process][proc_table]") {
    // pid_max 32768, the last pid given 5: 5, 4 and 3 were given after the
    // wrap, 32760 before it and 100 long before (handed out 32768 - 95 pids ago).
    std::vector<pid_t> pids{3, 4, 5, 100, 32760};
    sort_newest_first(pids, 5, 32768);
    CHECK(pids == std::vector<pid_t>{5, 4, 3, 32760, 100});
}

TEST_CASE("without a wrap, or without ns_last_pid, newest first is highest first", "[process][proc_table]") {
    std::vector<pid_t> pids{17, 300, 42, 299};
    sort_newest_first(pids, 300, 32768);
    CHECK(pids == std::vector<pid_t>{300, 299, 42, 17});
    std::vector<pid_t> unknown{17, 300, 42, 299};
    sort_newest_first(unknown, 0, 0);  // not readable: descending
    CHECK(unknown == std::vector<pid_t>{300, 299, 42, 17});
}

TEST_CASE("the pids given since a first look are listed newest first, across a wrap, at most as many as asked",
          "[process][proc_table]") {
    using arb::process::pids_given_since;
    // 100 was the last pid given at the first look, 104 at the second: 101..104 were given between.
    CHECK(pids_given_since(100, 104, 32768, 512) == std::vector<pid_t>{104, 103, 102, 101});
    CHECK(pids_given_since(100, 104, 32768, 2) == std::vector<pid_t>{104, 103});  // the newest two
    CHECK(pids_given_since(100, 100, 32768, 512).empty());                           // none given
    // pid_max 32768: after 32766 came 32767, then the kernel wrapped (to 300
    // in practice; the pids below it are never given, so reading them is harmless).
    const auto wrapped = pids_given_since(32766, 2, 32768, 512);
    CHECK(wrapped == std::vector<pid_t>{2, 1, 32767});
    // Unknown reads give nothing.
    CHECK(pids_given_since(0, 104, 32768, 512).empty());
    CHECK(pids_given_since(100, 0, 32768, 512).empty());
    CHECK(pids_given_since(100, 104, 0, 512).empty());
}

TEST_CASE("own_children lists this process's children, from a thread's fork too, and no other process",
          "[process][proc_table]") {
    std::vector<pid_t> children;
    if (!arb::process::own_children(children)) {
        ARB_SKIP("this kernel has no /proc/self/task/*/children");
    }
    // Two children that wait: one forked here, one from another thread (listed
    // under that thread's task while it lives; joined here first, so the
    // child then belongs to this process's reaper logic, as engines do).
    const pid_t here = ::fork();
    REQUIRE(here >= 0);
    if (here == 0) {
        ::pause();
        ::_exit(0);
    }
    pid_t from_thread = -1;
    std::atomic<bool> listed_under_thread{false};
    std::thread t([&] {
        from_thread = ::fork();
        if (from_thread == 0) {
            ::pause();
            ::_exit(0);
        }
        std::vector<pid_t> seen;
        listed_under_thread = arb::process::own_children(seen) &&
                              std::find(seen.begin(), seen.end(), from_thread) != seen.end();
    });
    t.join();
    REQUIRE(from_thread > 0);
    REQUIRE(arb::process::own_children(children));
    CHECK(std::find(children.begin(), children.end(), here) != children.end());
    CHECK(listed_under_thread);
    CHECK(std::find(children.begin(), children.end(), ::getppid()) == children.end());  // our parent is no child
    CHECK(std::find(children.begin(), children.end(), ::getpid()) == children.end());
    for (pid_t pid : {here, from_thread}) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
    REQUIRE(arb::process::own_children(children));
    CHECK(std::find(children.begin(), children.end(), here) == children.end());
}
