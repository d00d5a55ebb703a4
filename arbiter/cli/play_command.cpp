// `arbiter play`: plays one game between two engines.
// Placeholder until its issue lands: says so plainly instead of pretending.
#include "cli/command.hpp"

#include <iostream>

namespace arb::cli {

int play_command(const Args &) {
    std::cerr << "arbiter play: not available in this build yet\n";
    return kExitFailure;
}

}  // namespace arb::cli
