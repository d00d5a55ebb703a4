// Readers for the reference vectors in tests/data/othello (copied from the
// rules' reference implementation; see tests/data/othello/*.txt headers).
#pragma once

#include "support/plugins.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace othello_test {

// One line of games.txt: a position, its legal moves, and for a finished
// game the recorded score (empties to the winner).
struct GameLine {
    int line_no = 0;
    std::string position;
    int legal_count = 0;
    std::vector<std::string> legal;  // sorted, as in the file
    bool over = false;
    int score[2] = {0, 0};
};

// games.txt holds several games, each introduced by a "## " line.
inline std::vector<std::vector<GameLine>> read_games(const std::string &path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    std::vector<std::vector<GameLine>> games;
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.rfind("## ", 0) == 0) {
            games.emplace_back();
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        REQUIRE_FALSE(games.empty());
        GameLine g;
        g.line_no = line_no;
        size_t bar1 = line.find(" | "), bar2 = line.find(" | ", bar1 + 3);
        INFO("games.txt line " << line_no);
        REQUIRE(bar2 != std::string::npos);
        g.position = line.substr(0, bar1);
        g.legal_count = std::stoi(line.substr(bar1 + 3, bar2 - bar1 - 3));
        std::string rest = line.substr(bar2 + 3);
        if (rest.rfind("game over", 0) == 0) {
            g.over = true;
            size_t open = rest.find("=(");
            REQUIRE(open != std::string::npos);
            REQUIRE(std::sscanf(rest.c_str() + open, "=(%d, %d)", &g.score[0], &g.score[1]) == 2);
        } else {
            std::istringstream words(rest);
            for (std::string w; words >> w;) g.legal.push_back(w);
        }
        games.back().push_back(g);
    }
    return games;
}

// perft.txt: "depth arbiter bik" rows.
struct PerftRow {
    int depth;
    uint64_t arbiter;
    uint64_t bik;
};

inline std::vector<PerftRow> read_perft(const std::string &path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    std::vector<PerftRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        PerftRow row{};
        REQUIRE(static_cast<bool>(fields >> row.depth >> row.arbiter >> row.bik));
        rows.push_back(row);
    }
    return rows;
}

}  // namespace othello_test
