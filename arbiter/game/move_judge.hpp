// Judging an engine's move with a plugin that is not trusted blindly: a move
// counts only when parse_move reads it AND its code is among the legal moves
// the host listed for that state, so a parse_move that forgot a rule (a full
// column, an occupied cell) cannot let an illegal move stand.
#pragma once

#include "game/game_state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace arb::game {

enum class MoveVerdict {
    Legal,        // `move` is set and listed
    Unparsable,   // parse_move: ARB_ERR_SYNTAX
    Illegal,      // parse_move: ARB_ERR_ILLEGAL, or it accepted an unlisted move
    PluginFault,  // parse_move failed otherwise (ARB_ERR_INTERNAL, an unknown status), or the text is
                  // exactly format_move of a listed move but parse_move refused it or read an unlisted move
};

// Judges `text` in `state`, whose legal moves are `legal` (as the host
// listed them). On anything but Legal, `detail` says why, e.g. "column 'a'
// is full" or, for an accepted unlisted move, that the plugin's parse_move
// accepted it (a plugin defect, also reported once through
// Plugin::report_defect). Allocates nothing for a legal move. An engine is never blamed for sending, letter for letter,
// the text the plugin itself gives one of the listed moves.
MoveVerdict judge_move(const GameState &state, const char *text, const std::vector<arb_move> &legal, arb_move &move,
                       std::string &detail);

}  // namespace arb::game
