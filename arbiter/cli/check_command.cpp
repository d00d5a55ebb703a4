// `arbiter check`: tests an engine for rule and protocol compliance.
// Placeholder until its issue lands: says so plainly instead of pretending.
#include "cli/command.hpp"

#include <iostream>

namespace arb::cli {

int check_command(const Args &) {
    std::cerr << "arbiter check: not available in this build yet\n";
    return kExitFailure;
}

}  // namespace arb::cli
