#include "game/move_judge.hpp"

#include <algorithm>

namespace arb::game {

MoveVerdict judge_move(const GameState &state, const char *text, const std::vector<arb_move> &legal, arb_move &move,
                       std::string &detail) {
    move = ARB_MOVE_NONE;
    arb_status status = state.parse_move(text, move, detail);
    if (status == ARB_ERR_SYNTAX) return MoveVerdict::Unparsable;
    if (status == ARB_ERR_ILLEGAL) return MoveVerdict::Illegal;
    if (status != ARB_OK) {
        detail = "parse_move failed with status " + std::to_string(status) + ": " + detail;
        return MoveVerdict::PluginFault;
    }
    if (std::find(legal.begin(), legal.end(), move) != legal.end()) return MoveVerdict::Legal;
    detail = "not among the legal moves; the plugin's parse_move accepted it (code " + std::to_string(move) +
             "), a plugin defect";
    state.plugin()->report_defect("parse_move accepts unlisted moves",
                                  "parse_move accepted '" + std::string(text) + "' (code " + std::to_string(move) +
                                      ") at " + state.position() +
                                      ", which legal_moves does not list; such moves are judged illegal");
    return MoveVerdict::Illegal;
}

}  // namespace arb::game
