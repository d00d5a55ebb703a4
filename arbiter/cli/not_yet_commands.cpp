// Commands whose implementation lands in later work. Each says so plainly
// instead of pretending to succeed.
#include "cli/command.hpp"

#include <iostream>

namespace arb::cli {

int play_command(const Args &) {
    std::cerr << "arbiter play: not available in this build yet\n";
    return kExitFailure;
}
int run_command(const Args &) {
    std::cerr << "arbiter run: not available in this build yet\n";
    return kExitFailure;
}
int check_command(const Args &) {
    std::cerr << "arbiter check: not available in this build yet\n";
    return kExitFailure;
}

}  // namespace arb::cli
