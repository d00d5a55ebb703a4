// The order the freezing scan reads /proc in: newest pid first, also after
// the kernel's pids have wrapped around pid_max.
#include "process/proc_table.hpp"

#include <catch2/catch.hpp>

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
