// Readers for the Bagh Chal reference vectors in tests/data/baghchal/.
#pragma once

#include "support/plugins.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arb::test::baghchal {

inline const game::OptionList kOptional{};
inline const game::OptionList kMandatory{{"capture", "mandatory"}};

struct PerftRow {
    int depth = 0;
    uint64_t optional = 0;
    uint64_t mandatory = 0;
};

inline std::vector<PerftRow> read_perft() {
    std::ifstream in(data_path("baghchal/perft.txt"));
    REQUIRE(in.good());
    std::vector<PerftRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        PerftRow row;
        REQUIRE(fields >> row.depth >> row.optional >> row.mandatory);
        rows.push_back(row);
    }
    REQUIRE(rows.size() >= 5);
    return rows;
}

// One line of playouts.txt: a position with its result and sorted legal moves.
struct PlayoutStep {
    std::string position;
    std::string result;  // None, T, G or D
    size_t legal_count = 0;
    std::vector<std::string> moves;
};

inline std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(' ');
    size_t e = s.find_last_not_of(' ');
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

inline std::vector<std::vector<PlayoutStep>> read_playouts() {
    std::ifstream in(data_path("baghchal/playouts.txt"));
    REQUIRE(in.good());
    std::vector<std::vector<PlayoutStep>> playouts;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("## playout", 0) == 0) {
            playouts.emplace_back();
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        REQUIRE_FALSE(playouts.empty());
        std::vector<std::string> fields;
        std::istringstream split(line);
        for (std::string f; std::getline(split, f, '|');) fields.push_back(trim(f));
        if (fields.size() == 3) fields.emplace_back();  // no legal moves
        REQUIRE(fields.size() == 4);
        PlayoutStep step{fields[0], fields[1], std::stoul(fields[2]), {}};
        std::istringstream moves(fields[3]);
        for (std::string m; moves >> m;) step.moves.push_back(m);
        playouts.back().push_back(std::move(step));
    }
    return playouts;
}

inline arb_result result_of(const std::string &code) {
    if (code == "T") return ARB_RESULT_WIN_SIDE_1;
    if (code == "G") return ARB_RESULT_WIN_SIDE_0;
    if (code == "D") return ARB_RESULT_DRAW;
    REQUIRE(code == "None");
    return ARB_RESULT_ONGOING;
}

// The goats-in-hand field of a position string ("<25 points> G 20 0").
inline int goats_in_hand(const std::string &position) {
    REQUIRE(position.size() > 28);
    return std::stoi(position.substr(28, position.find(' ', 28) - 28));
}

inline std::string error_of_position(game::GameState &state, const std::string &text) {
    auto result = state.set_position(text);
    return result ? std::string() : result.error().message;
}

}  // namespace arb::test::baghchal
