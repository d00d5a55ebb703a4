// Finds a move text the plugin reads as well-formed but illegal in a state.
#pragma once

#include "game/game_state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace arb::engines {

// Tries, in order: the moves already played (occupied squares in placement
// games), the moves the opponent could answer to our first few legal moves,
// squares a1..z26 and "pass"; the first that parse_move refuses with
// ARB_ERR_ILLEGAL wins. nullopt when none is found (e.g. tic-tac-toe's
// empty board, where every square is legal).
std::optional<std::string> find_illegal_move(const game::GameState &state, const std::vector<std::string> &history);

// A text parse_move accepts (ARB_OK) although its code is not among
// legal_moves: what a plugin that forgot a rule lets through (a full column).
// Tries the moves already played, then "a".."z", squares a1..z26 and "pass".
// nullopt when the plugin refuses them all, as a correct plugin does.
std::optional<std::string> find_unlisted_move(const game::GameState &state, const std::vector<std::string> &history);

}  // namespace arb::engines
