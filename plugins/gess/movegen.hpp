// Gess move generation, checking and making on the row-mask board.
#pragma once

#include "board.hpp"
#include "rules.hpp"

#include <arbiter/game.h>
#include <arbiter/sdk/text.hpp>

namespace gess {

// A move as the seed writes it: the footprint's centre before and after.
struct Move {
    int from_x, from_y, to_x, to_y;
};

constexpr int kSquares = kGridSize * kGridSize;

// Move code: from_index * 400 + to_index, index = y * 20 + x over the grid.
constexpr arb_move encode(const Move &m) noexcept {
    return (m.from_y * kGridSize + m.from_x) * kSquares + m.to_y * kGridSize + m.to_x;
}
constexpr bool valid_code(arb_move code) noexcept { return code >= 0 && code < kSquares * kSquares; }
constexpr Move decode(arb_move code) noexcept {
    const int from = code / kSquares, to = code % kSquares;
    return {from % kGridSize, from / kGridSize, to % kGridSize, to / kGridSize};
}

// A bound on the legal moves of any position. Each (piece, direction) pair
// comes from one own stone on the piece's rim, and a stone is on the rim of
// exactly 8 footprints, so a side with at most 43 stones (set_position
// refuses more) has at most 8 * 43 such pairs; each gives at most 19 moves,
// one per step across the 20-square grid.
inline constexpr int32_t kMaxLegalMoves = 8 * kStonesPerSide * (kGridSize - 1);

// Writes the legal moves of `side` into out (room for kMaxLegalMoves) and
// returns their number. Does not look at whether the game is over.
int32_t generate_moves(const Board &board, int side, const Rules &rules, arb_move *out) noexcept;

// Whether `move` is legal for `side`; if not, ARB_ERR_ILLEGAL and the reason.
arb_status check_move(const Board &board, int side, const Rules &rules, const Move &move,
                      arb::sdk::ErrorOut err) noexcept;

// Plays a move of `side` (assumed legal): lifts the piece, clears the
// destination footprint, sets the piece down and drops stones off the board.
void apply_move(Board &board, int side, const Move &move) noexcept;

}  // namespace gess
