// `arbiter run`: runs a tournament from a YAML config.
// Placeholder until its issue lands: says so plainly instead of pretending.
#include "cli/command.hpp"

#include <iostream>

namespace arb::cli {

int run_command(const Args &) {
    std::cerr << "arbiter run: not available in this build yet\n";
    return kExitFailure;
}

}  // namespace arb::cli
