// SFEN position texts (the USI protocol's) and USI move texts.
#pragma once

#include "position.hpp"

#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace arb::shogi {

inline constexpr const char *kEvenStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// The longest SFEN: 81 one-letter pieces with promotions (at most 40 pieces,
// so 9*9 cells and 40 '+'), 8 slashes, the side, the hands, a 10-digit number.
inline constexpr int kMaxSfenSize = 192;

// Strict: what write_sfen writes, plus two documented aliases (hand pieces
// in any order; a missing move number read as 1). ARB_ERR_SYNTAX for text
// that is no SFEN, ARB_ERR_ILLEGAL for an impossible position; `out` is
// written only on success.
arb_status parse_sfen(std::string_view text, Position &out, sdk::ErrorOut err);
[[nodiscard]] std::string write_sfen(const Position &p);

// The USI letter of a hand type (upper case), and the SFEN token of a cell.
[[nodiscard]] char piece_letter(int type) noexcept;
void append_square(std::string &out, int sq);

// USI move text: 7g7f, 8h2b+, P*5e, and `win` for the declaration.
[[nodiscard]] std::string write_usi_move(arb_move m);
// Reads the text's form only (no rules): ARB_ERR_SYNTAX for what is no USI move.
arb_status read_usi_move(std::string_view text, arb_move &out, sdk::ErrorOut err);

}  // namespace arb::shogi
