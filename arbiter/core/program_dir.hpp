// Where the running program lives, so that its plugins and sibling programs
// (arbiter-engine) are found beside it in a build tree or an install.
#pragma once

#include "core/expected.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace arb {

// The folder of the running executable (from /proc/self/exe), or empty.
std::filesystem::path running_program_dir();
// The running executable itself (from /proc/self/exe), or empty.
std::filesystem::path running_program();

// "{arbiter_bin}" at the start of an engine command stands for the folder of
// the running arbiter, so one command works from any build or install
// folder ("{arbiter_bin}/arbiter-engine"). Every place that reads an engine
// command (YAML, `arbiter match`, `check --engine`, `play --engine`) expands
// it here.
inline constexpr std::string_view kArbiterBinToken = "{arbiter_bin}";
// `command` with a leading "{arbiter_bin}" replaced by `program_dir`; as given
// without one. An error when it has one and `program_dir` is empty (the
// running program's folder could not be read).
Expected<std::string> expand_arbiter_bin(const std::string &command, const std::filesystem::path &program_dir);

}  // namespace arb
