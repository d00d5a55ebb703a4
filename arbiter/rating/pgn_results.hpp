// Reads who played whom and the result from PGN-style game records: only the
// White, Black and Result tags matter, movetext is skipped. Enough to rate a
// finished or interrupted tournament from its record file.
#pragma once

#include "core/expected.hpp"
#include "rating/ratings.hpp"

#include <istream>
#include <string>
#include <vector>

namespace arb::rating {

struct PgnResults {
    std::vector<std::string> names;  // in order of first appearance
    std::vector<GameScore> games;    // first = White (side 0), score of White
    int unfinished = 0;              // games with Result "*": not rated
};

// Fails on a malformed tag line, a game without White/Black/Result, or an
// unknown result, naming the line.
Expected<PgnResults> read_pgn_results(std::istream &in);

}  // namespace arb::rating
