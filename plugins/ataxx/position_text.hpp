// The Ataxx position text, the FEN of the UAI engines and their reference
// library: seven rows from rank 7 down to rank 1 joined by '/', each of 'x'
// (black), 'o' (white), '-' (a gap) and digits 1-7 counting empty squares;
// then the side to move ('x' or 'o'), the half-move clock and the move
// number: "x5o/7/7/7/7/7/o5x x 0 1". Rules and aliases: README.md.
#pragma once

#include "board.hpp"

#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace arb::ataxx {

struct Position {
    Bits stones[2] = {0, 0};  // [0] black 'x', [1] white 'o'
    Bits gaps = 0;
    int side = 0;  // to move
    int halfmoves = 0;  // plies since the last clone
    int fullmoves = 1;  // starts at 1, grows after white's move

    [[nodiscard]] Bits empty() const noexcept { return kAll & ~(stones[0] | stones[1] | gaps); }
};

// Counters beyond these are refused, so a position text stays short.
inline constexpr int kMaxHalfmoveText = 99999;
inline constexpr int kMaxFullmoveText = 9999999;
// 49 cells and 6 '/', " x ", five digits, one space, eight digits (the move number
// read, at most seven, plus the at most 25,000 moves a game can add), the NUL.
inline constexpr int kMaxPositionSize = 55 + 3 + 5 + 1 + 8 + 1;

// Strict reader (ARB_ERR_SYNTAX naming the row, square or field at fault).
// The two counters may be left out together ("x5o/7/7/7/7/7/o5x x": 0 and
// 1). `out` is written only on success.
arb_status read_position(std::string_view text, Position &out, sdk::ErrorOut err) noexcept;

// The canonical text: lower case, runs of empty squares as one digit.
std::string write_position(const Position &position);

// The board part alone, one character per square ('x', 'o', '-', '.'), rank
// 7 first, rows joined by '/': the cells of "arbiter.diagram/1".
std::string board_cells(const Position &position);

}  // namespace arb::ataxx
