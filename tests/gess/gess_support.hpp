// Helpers shared by the Gess tests: option settings, the vector files and
// reading squares out of a position string (all through the ABI).
#pragma once

#include "support/plugins.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gess_test {

using arb::game::GameState;
using arb::game::OptionList;

struct Setting {
    std::string centers = "grid20";
    std::string ring_rule = "illegal";
    bool stop_on_pushoff = true;

    [[nodiscard]] OptionList options() const {
        return {
            {"centers", centers}, {"ring_rule", ring_rule}, {"stop_on_pushoff", stop_on_pushoff ? "true" : "false"}};
    }
    [[nodiscard]] std::string label() const {
        return centers + "/" + ring_rule + (stop_on_pushoff ? "" : "/no-stop-on-pushoff");
    }
};

// The six settings of the perft table.
inline std::vector<Setting> all_settings() {
    return {{"grid20", "illegal", true}, {"board18", "illegal", true}, {"grid20", "lose", true},
            {"board18", "lose", true},   {"grid20", "illegal", false}, {"grid20", "lose", false}};
}

inline GameState new_gess(const Setting &setting = {}) { return arb::test::new_game("gess", setting.options()); }

inline std::vector<std::string> read_lines(const std::string &relative) {
    std::ifstream in(arb::test::data_path(relative));
    REQUIRE(in.good());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
    return parts;
}

// Index in a position string of a square b2..s19 (rows 19 to 2, 18 squares and a '/').
inline size_t square_index(const std::string &square) {
    const int column = square[0] - 'b';
    const int row = std::stoi(square.substr(1));
    REQUIRE((column >= 0 && column < 18 && row >= 2 && row <= 19));
    return static_cast<size_t>((19 - row) * 19 + column);
}

// The character ('X', 'O' or '.') on a square of a position string.
inline char stone_at(const std::string &position, const std::string &square) {
    return position.at(square_index(square));
}
inline void set_stone(std::string &position, const std::string &square, char stone) {
    position.at(square_index(square)) = stone;
}

inline int count_stones(const std::string &position, char colour) {
    int n = 0;
    for (char c : position.substr(0, position.find(' '))) n += c == colour;
    return n;
}

inline arb_status try_move(const GameState &state, const std::string &text, std::string *error = nullptr) {
    arb_move move = ARB_MOVE_NONE;
    std::string message;
    arb_status status = state.parse_move(text.c_str(), move, message);
    if (error != nullptr) *error = message;
    return status;
}

inline bool is_legal(const GameState &state, const std::string &text) { return try_move(state, text) == ARB_OK; }

}  // namespace gess_test
