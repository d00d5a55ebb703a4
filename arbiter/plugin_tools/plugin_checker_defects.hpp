// The plugin checker's part aimed at the defects that let a game be judged
// wrong or crash the host: parse_move accepting moves legal_moves does not
// list, functions writing past a short buffer, assign and reset that do not
// copy or forget the rule options, and states that are not independent when
// two threads use them at once.
#pragma once

#include "plugin_tools/check_log.hpp"
#include "game/game_state.hpp"

#include <string>
#include <vector>

namespace arb::game {

// Move texts seen elsewhere (moves of earlier positions, junk) that a
// position's parse_move must refuse unless they are among its legal moves.
struct ForeignTexts {
    std::vector<std::string> texts;
    void remember(const std::vector<std::string> &legal_texts);  // keeps the most recent few dozen
};

// At one position of a random game whose legal moves are `moves` (as the
// host listed them): parse_move against foreign and junk texts, ARB_ERR_BUFFER
// from short buffers, assign/assign_ex and reset/reset_ex (to `start`, the
// start position of the same options).
void check_position_distrust(const GameState &state, const std::vector<arb_move> &moves, const ForeignTexts &foreign,
                             const std::string &start, CheckLog &c);

// reset() keeps the rule options: for each option's non-default values, a
// state that played a few moves and was reset equals a new one.
void check_reset_keeps_options(const PluginPtr &plugin, CheckLog &c);

// Two states played from two threads at once give the same positions as the
// same games played one after the other.
void check_two_threads(const PluginPtr &plugin, const CheckSettings &settings, CheckLog &c);

}  // namespace arb::game
