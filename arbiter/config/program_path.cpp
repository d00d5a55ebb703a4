#include "config/config_loader.hpp"

#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace arb::config {

namespace {

bool executable_file(const std::filesystem::path &path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::optional<std::filesystem::path> resolve_program(const std::string &command, const std::filesystem::path &dir) {
    if (command.empty()) return std::nullopt;
    if (command.find('/') != std::string::npos) {
        std::filesystem::path path(command);
        if (path.is_relative()) path = dir / path;
        path = path.lexically_normal();
        if (executable_file(path)) return path;
        return std::nullopt;
    }
    // Like execvp: each $PATH entry in turn (an empty entry is the current folder).
    const char *env = std::getenv("PATH");
    std::string search = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
    std::stringstream entries(search);
    std::string entry;
    while (std::getline(entries, entry, ':')) {
        std::filesystem::path candidate = (entry.empty() ? dir : std::filesystem::path(entry)) / command;
        if (executable_file(candidate)) return candidate;
    }
    return std::nullopt;
}

}  // namespace arb::config
