// Reads who played whom and the result from PGN game records, ours or any
// other tool's: only the White, Black and Result tags of the Seven Tag Roster
// matter; the games are split by the host's one PGN reader (core/pgn_reader).
// What `arbiter rate` and the rating tests read.
#pragma once

#include "core/expected.hpp"
#include "core/line_reader.hpp"
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

// Adds the games of one PGN text to `results`; engines already named there
// keep their index, so several files make one pool. Returns how many games
// the text held (rated or "*"). A UTF-8 byte order mark and CRLF line ends
// are accepted; several tags may share a line.
// Fails, adding nothing, on a damaged game (what PgnReader refuses: a '{'
// comment or '(' variation never closed, a malformed tag line, a tag given
// twice in one game, moves without a result, a line over kTextLineLimit), a
// game without White, Black or Result, a result other than 1-0, 0-1, 1/2-1/2
// or *, or a game of an engine against itself. The message starts with
// "SOURCE:LINE: " ("line LINE: " when the reader has no name) and quotes the
// offending text.
Expected<int> add_pgn_results(LineReader &lines, PgnResults &results);
// The same over a stream named `source`.
Expected<int> add_pgn_results(std::istream &in, const std::string &source, PgnResults &results);

// The games of one PGN text (add_pgn_results into an empty PgnResults).
Expected<PgnResults> read_pgn_results(std::istream &in);

}  // namespace arb::rating
