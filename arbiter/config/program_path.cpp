#include "config/config_loader.hpp"

#include "process/spawn.hpp"

namespace arb::config {

// The same search the engine is later started with (one rule for both).
std::optional<std::filesystem::path> resolve_program(const std::string &command, const std::filesystem::path &dir) {
    return process::find_program(command, dir);
}

}  // namespace arb::config
