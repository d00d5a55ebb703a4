// What the chess end-to-end tests share: where pgn-extract is, a fresh
// working folder, a file's text.
#pragma once

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
