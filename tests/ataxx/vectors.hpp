// Readers for the reference vectors in tests/data/ataxx (facts from the
// reference library libataxx; each file's header names its source).
#pragma once

#include "support/plugins.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ataxx_test {

// One "POSITION | WORDS..." line.
struct Line {
    int line_no = 0;
    std::string position;
    std::vector<std::string> words;
};

inline std::vector<Line> read_lines(const std::string &relative) {
    std::ifstream in(arb::test::data_path(relative));
    REQUIRE(in.good());
    std::vector<Line> lines;
    std::string text;
    int line_no = 0;
    while (std::getline(in, text)) {
        ++line_no;
        if (text.empty() || text[0] == '#') continue;
        const size_t bar = text.find(" | ");
        INFO(relative << " line " << line_no);
        REQUIRE(bar != std::string::npos);
        Line line{line_no, text.substr(0, bar), {}};
        std::istringstream words(text.substr(bar + 3));
        for (std::string w; words >> w;) line.words.push_back(w);
        REQUIRE_FALSE(line.words.empty());
        lines.push_back(line);
    }
    return lines;
}

inline arb::game::GameState at(const std::string &position, const arb::game::OptionList &options = {}) {
    auto state = arb::test::new_game("ataxx", options);
    auto set = state.set_position(position);
    INFO(position << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state;
}

}  // namespace ataxx_test
