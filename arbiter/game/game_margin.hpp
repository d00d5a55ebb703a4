// A finished game's margin through the plugin's "arbiter.margin/1"
// (<arbiter/ext/margin.h>): side 0's, in the game's own unit.
#pragma once

#include "game/game_state.hpp"

#include <cstdint>
#include <optional>

namespace arb::game {

// Side 0's margin of the game `state` ended by its rules; none when the
// plugin has no margins (or runs isolated, where the extension is not
// forwarded) or does not give one.
std::optional<int32_t> finished_game_margin(const GameState &state);

}  // namespace arb::game
