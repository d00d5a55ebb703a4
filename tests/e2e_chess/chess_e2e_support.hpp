// What the chess end-to-end tests share: where pgn-extract is, its replay of
// a games.pgn, a fresh working folder, a file's text.
#pragma once

#include "support/child_process.hpp"

#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <unistd.h>

namespace arb::test::chess {

// The first of `paths` that exists, or "" (the tests then say SKIPPED).
inline std::string find_program(std::initializer_list<const char *> paths) {
    for (const char *path : paths)
        if (std::filesystem::exists(path)) return path;
    return {};
}

inline std::string pgn_extract() { return find_program({"/usr/bin/pgn-extract", "/usr/games/pgn-extract"}); }

// pgn-extract -r (check the games only) replays every one of the `games`
// games of `pgn`. A move it cannot play prints "Failed to make move ..." with
// the file's line number, and the game no longer counts as matched
// ("3 games matched out of 4."). Without pgn-extract: a SKIPPED warning.
inline void check_pgn_extract_replays(const std::filesystem::path &pgn, int games) {
    const std::string tool = pgn_extract();
    if (tool.empty()) {
        ARB_SKIP("pgn-extract is not installed (apt-get install pgn-extract): " << pgn << " not replayed");
    }
    auto check = run_command(tool + " -r " + pgn.string() + " 2>&1");
    INFO(check.output);
    CHECK(check.exit_code == 0);
    const std::string n = std::to_string(games);
    CHECK(check.output.find(n + " games matched out of " + n + ".") != std::string::npos);
    CHECK(check.output.find("Failed") == std::string::npos);
    CHECK(check.output.find("Line number") == std::string::npos);
}

// An empty folder of its own under the temporary folder, per test and process.
inline std::filesystem::path fresh_dir(const std::string &name) {
    auto dir = std::filesystem::temp_directory_path() / ("arbiter-chess-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string read(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace arb::test::chess
