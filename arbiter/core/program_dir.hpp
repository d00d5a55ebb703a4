// Where the running program lives, so that its plugins and sibling programs
// (arbiter-engine) are found beside it in a build tree or an install.
#pragma once

#include <filesystem>

namespace arb {

// The folder of the running executable (from /proc/self/exe), or empty.
std::filesystem::path running_program_dir();
// The running executable itself (from /proc/self/exe), or empty.
std::filesystem::path running_program();

}  // namespace arb
