// Readers for the chess reference vectors in tests/data/chess/.
#pragma once

#include "support/plugins.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arb::test::chess {

struct PerftVector {
    std::string name;
    std::string variant;
    std::string fen;
    std::vector<uint64_t> counts;  // counts[d - 1] at depth d
};

inline std::vector<PerftVector> read_perft() {
    std::ifstream in(data_path("chess/perft.txt"));
    REQUIRE(in.good());
    std::vector<PerftVector> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        PerftVector v;
        std::istringstream fields(line);
        std::string counts;
        REQUIRE(std::getline(fields, v.name, '|'));
        REQUIRE(std::getline(fields, v.variant, '|'));
        REQUIRE(std::getline(fields, v.fen, '|'));
        REQUIRE(std::getline(fields, counts));
        std::istringstream numbers(counts);
        uint64_t n = 0;
        while (numbers >> n) v.counts.push_back(n);
        REQUIRE(v.counts.size() >= 4);
        rows.push_back(v);
    }
    REQUIRE(rows.size() >= 17);
    return rows;
}

inline game::GameState chess_at(const PerftVector &v) {
    auto state = new_game("chess", {{"variant", v.variant}});
    auto set = state.set_position(v.fen);
    INFO(v.name << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state;
}

}  // namespace arb::test::chess
