// Moves as text: UCI long algebraic notation for engines (e2e4, e7e8q;
// castling as the king's two-square step in standard chess and as
// king-takes-rook in Chess960, as UCI specifies), and SAN for game records
// (Nf3, exd6, e8=Q+, O-O), as PGN readers expect it.
#pragma once

#include "position.hpp"

#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace arb::chess {

// The UCI text of a legal move of `p`.
sdk::MoveText write_uci(const Position &p, arb_move code, bool chess960);

// Reads a UCI move and finds it among the legal moves of `p`; an illegal one
// gets a reason (no piece there, wrong colour, a missing promotion, check).
arb_status parse_uci(const Position &p, std::string_view text, bool chess960, arb_move &out, sdk::ErrorOut err);

// The SAN of a legal move of `p`, with + or # when it checks or mates.
sdk::MoveText write_san(const Position &p, arb_move code);

// Reads a SAN move as PGN files write it: "Nf3", "exd6", "e8=Q+", "O-O",
// "0-0-0"; a trailing +, #, ! or ? is ignored.
arb_status parse_san(const Position &p, std::string_view text, arb_move &out, sdk::ErrorOut err);

}  // namespace arb::chess
