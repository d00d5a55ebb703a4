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

// Every move joins two grid squares on a rank, file or diagonal, and a
// (from, to) pair is one move, so the number of such ordered pairs bounds the
// legal moves of any position.
constexpr int32_t count_line_pairs() noexcept {
    int32_t n = 0;
    for (int a = 0; a < kSquares; ++a)
        for (int b = 0; b < kSquares; ++b) {
            const int dx = b % kGridSize - a % kGridSize, dy = b / kGridSize - a / kGridSize;
            if (a != b && (dx == 0 || dy == 0 || dx == dy || dx == -dy)) ++n;
        }
    return n;
}
inline constexpr int32_t kMaxLegalMoves = 25080;

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
