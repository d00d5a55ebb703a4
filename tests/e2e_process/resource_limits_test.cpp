// process/resource_limits.hpp: the limit a refusal names, with its value now.
#include "process/resource_limits.hpp"

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <system_error>

using namespace arb;

TEST_CASE("resource limits: EAGAIN names RLIMIT_NPROC with its value, EMFILE RLIMIT_NOFILE, others nothing") {
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_NPROC, &saved) == 0);
    rlimit lowered = saved;
    lowered.rlim_cur = saved.rlim_max == RLIM_INFINITY ? 4321 : std::min<rlim_t>(saved.rlim_max, 4321);
    REQUIRE(::setrlimit(RLIMIT_NPROC, &lowered) == 0);
    const std::string named = process::resource_limit_named(EAGAIN);
    const std::system_error refused(std::make_error_code(std::errc::resource_unavailable_try_again));
    const std::string thread = process::thread_failure("playing games", refused);
    ::setrlimit(RLIMIT_NPROC, &saved);
    const std::string value = std::to_string(lowered.rlim_cur);
    CHECK(named == "processes and threads of this user are limited to " + value + " (RLIMIT_NPROC, 'ulimit -u')");
    CHECK(thread == "cannot create a thread for playing games: Resource temporarily unavailable (processes and "
                    "threads of this user are limited to " + value + " (RLIMIT_NPROC, 'ulimit -u'))");
    CHECK_THAT(process::resource_limit_named(EMFILE), Catch::Contains("(RLIMIT_NOFILE, 'ulimit -n')"));
    CHECK(process::resource_limit_named(ENOENT).empty());
    CHECK_FALSE(process::is_resource_error(ENOENT));
    CHECK(process::is_resource_error(EAGAIN));
}

TEST_CASE("resource limits: any system error is worded with its cause, the limit added only for a refusal") {
    rlimit files{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &files) == 0);
    const std::system_error full(std::make_error_code(std::errc::too_many_files_open));
    CHECK(process::refusal_text("playing a game", full) ==
          "playing a game: Too many open files (open files of this process are limited to " +
              std::to_string(files.rlim_cur) + " (RLIMIT_NOFILE, 'ulimit -n'))");
    const std::system_error missing(std::make_error_code(std::errc::no_such_file_or_directory));
    CHECK(process::refusal_text("playing a game", missing) == "playing a game: No such file or directory");
}

TEST_CASE("resource limits: a child's last words are read for the system's refusal") {
    CHECK(process::resource_error_in("terminate called after throwing 'std::system_error'\n  what():  Resource temporarily unavailable") == EAGAIN);
    CHECK(process::resource_error_in("open: Too many open files") == EMFILE);
    CHECK(process::resource_error_in("pipe: Too many open files in system") == ENFILE);
    CHECK(process::resource_error_in("segmentation fault, core dumped") == 0);
}
