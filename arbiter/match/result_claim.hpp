// An engine's result claim (xboard's '1-0 {White mates}', '1/2-1/2 {Draw by
// repetition}') judged against what the game's plugin says of the position:
// the claim is true only when the game is over with the result claimed.
#pragma once

#include <arbiter/game.h>

#include <string_view>

namespace arb::match {

// True when `claim` (its first word "1-0", "0-1" or "1/2-1/2", side 0's
// result first) names the result of `outcome`, a game that is over; false
// for an ongoing game, another result, or a claim without a result word.
[[nodiscard]] bool claim_is_true(std::string_view claim, const arb_outcome &outcome);

}  // namespace arb::match
