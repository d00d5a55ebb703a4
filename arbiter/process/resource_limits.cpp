#include "process/resource_limits.hpp"

#include <sys/resource.h>

#include <cerrno>
#include <cstring>

namespace arb::process {

namespace {

std::string limit_text(int resource) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) != 0) return "?";
    if (limit.rlim_cur == RLIM_INFINITY) return "unlimited";
    return std::to_string(limit.rlim_cur);
}

}  // namespace

bool is_resource_error(int error) {
    return error == EMFILE || error == ENFILE || error == EAGAIN || error == ENOMEM;
}

std::string resource_limit_named(int error) {
    switch (error) {
    case EAGAIN: {
        const std::string limit = limit_text(RLIMIT_NPROC);
        // Unlimited for this user: the system's or the cgroup's count is full.
        if (limit == "unlimited") return "the system's or this cgroup's limit on processes and threads (pids.max) is reached";
        return "processes and threads of this user are limited to " + limit + " (RLIMIT_NPROC, 'ulimit -u')";
    }
    case EMFILE: return "open files of this process are limited to " + limit_text(RLIMIT_NOFILE) + " (RLIMIT_NOFILE, 'ulimit -n')";
    case ENFILE: return "the system's table of open files is full";
    case ENOMEM: return "out of memory";
    default: return {};
    }
}

int resource_error_in(std::string_view said) {
    // ENFILE's text contains EMFILE's: the longer first.
    for (int error : {EAGAIN, ENFILE, EMFILE})
        if (said.find(std::strerror(error)) != std::string_view::npos) return error;
    return 0;
}

std::string refusal_text(std::string_view what, const std::system_error &error) {
    std::string message = std::string(what) + ": " + error.code().message();
    const std::string limit =
        error.code().category() == std::generic_category() || error.code().category() == std::system_category()
            ? resource_limit_named(error.code().value())
            : std::string();
    if (!limit.empty()) message += " (" + limit + ")";
    return message;
}

std::string thread_failure(std::string_view what, const std::system_error &error) {
    return refusal_text("cannot create a thread for " + std::string(what), error);
}

}  // namespace arb::process
