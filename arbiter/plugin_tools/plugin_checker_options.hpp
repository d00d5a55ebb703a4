// The plugin checker's look at rule options by their effect on play: an
// option that changes only how the game goes on (a winning line, a capture
// rule), not the start position, must survive reset() as well.
#pragma once

#include "plugin_tools/check_log.hpp"
#include "game/game_state.hpp"

#include <string>
#include <vector>

namespace arb::game {

// The values the checker tries for one option: both of a bool, the least,
// the default and the greatest of an int, every choice (each at most once).
std::vector<std::string> values_to_try(const arb_option_desc &option);

// For each option and each value to try: random games played on a new state
// created with the value (the first four, and among at most 32 up to four
// that play otherwise under the default value); then a state created with
// the value plays the same game, is reset() and replays it. At every position the reset state must
// list the same legal moves and give the same outcome as the new one (a
// comparison with a new state, not with the start text, which an option of
// play does not change).
void check_options_in_play(const PluginPtr &plugin, const CheckSettings &settings, CheckLog &c);

}  // namespace arb::game
