// Positions as text: FEN, with the castling field in X-FEN (KQkq for the
// outermost rook of a wing, the rook's file letter for an inner one) and
// Shredder-FEN (file letters only) as Chess960 engines expect it.
#pragma once

#include "position.hpp"

#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace arb::chess {

// The longest FEN written: 64 one-letter squares, 7 slashes, fields.
inline constexpr int32_t kMaxFenSize = 128;

// Reads a FEN (the last two fields may be left out: 0 and 1). A standard
// game requires the king on e1/e8 and rooks on the corners for its rights.
// ARB_ERR_SYNTAX for text that is not a FEN, ARB_ERR_ILLEGAL for a position
// that cannot occur (no king, a pawn on the first rank, the side not to move
// in check, a castling right without its rook, an impossible en passant).
arb_status parse_fen(std::string_view text, bool chess960, Position &out, sdk::ErrorOut err);

// The canonical FEN: X-FEN castling in Chess960, KQkq in standard chess, and
// the en passant square only when the capture is legal.
std::string write_fen(const Position &p);

// The Chess960 start position with this Scharnagl number (518: the standard array).
Position chess960_start(int number);

}  // namespace arb::chess
