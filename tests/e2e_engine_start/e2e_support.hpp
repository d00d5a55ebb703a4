// Shared by the tests of this folder: the programs, a folder holding only
// the countdown plugin, and commands run without $ARBITER_PLUGIN_PATH (so a
// game is found only where the test says).
#pragma once

#include "support/temp_dir.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <filesystem>
#include <string>

namespace arb::test {

// `dir`/games/countdown.so: a game that is not beside the arbiter binary.
inline std::filesystem::path private_game_dir(const TempDir &dir) {
    auto games = dir.path() / "games";
    std::filesystem::create_directories(games);
    std::filesystem::copy_file(COUNTDOWN_PLUGIN, games / "countdown.so",
                               std::filesystem::copy_options::overwrite_existing);
    return games;
}

// Runs `command` in `dir` with $ARBITER_PLUGIN_PATH unset.
inline Run run_in(const TempDir &dir, const std::string &command) {
    return run_command("cd '" + dir.path().string() + "' && env -u ARBITER_PLUGIN_PATH " + command);
}

}  // namespace arb::test
