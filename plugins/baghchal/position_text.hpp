// The Bagh Chal position string: 25 points a1..e1, a2..e5 ('T' tiger, 'G'
// goat, '.' empty), then the side to move ('G' or 'T'), the goats in hand and
// the goats captured, space-separated. Start: "T...T...............T...T G 20 0".
#pragma once

#include "board.hpp"

#include <arbiter/game.h>
#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace arb::baghchal {

// With the NUL: 25 points, 3 spaces, side, two numbers of up to 2 digits.
inline constexpr int kMaxPositionText = 34;

// Strict reading: text this plugin would not write is ARB_ERR_SYNTAX; a
// position no game under these rules can reach (wrong piece counts, a
// capture count at or past `goats_to_win` with the tigers to move...) is
// ARB_ERR_ILLEGAL. Both name what is wrong. `out` is untouched on error.
arb_status parse_position(std::string_view text, int goats_to_win, Position &out, sdk::ErrorOut err) noexcept;

[[nodiscard]] std::string format_position(const Position &p);

}  // namespace arb::baghchal
