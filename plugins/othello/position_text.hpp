// The Othello position string (Edax form): 64 squares a1..h1, a2..h8 as
// 'X' (black), 'O' (white) or '-' (empty), one space, then 'X' or 'O' for
// the side to move. Reading also takes Edax's aliases; writing is canonical.
#pragma once

#include "bitboard.hpp"

#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace othello {

struct Discs {
    Bits black = 0;
    Bits white = 0;
    int side = 0;  // 0 black, 1 white
};

inline constexpr int kPositionLength = 66;  // without the NUL

// Strict reader. ARB_ERR_SYNTAX names the offending character and square;
// ARB_ERR_ILLEGAL refuses a board that no game can reach (an empty centre
// square). `out` is written only on success.
arb_status read_position(std::string_view text, Discs &out, arb::sdk::ErrorOut err) noexcept;

std::string write_position(const Discs &discs);

}  // namespace othello
