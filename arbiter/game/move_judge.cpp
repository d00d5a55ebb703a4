#include "game/move_judge.hpp"

#include <algorithm>

namespace arb::game {

namespace {

// The listed move whose canonical text is exactly `text`, if any: the
// plugin's own word that the engine's move is legal.
std::optional<arb_move> listed_move_written_as(const GameState &state, const char *text,
                                               const std::vector<arb_move> &legal) {
    std::string buf;
    for (arb_move m : legal)
        if (state.format_move(m, buf) == text) return m;
    return std::nullopt;
}

}  // namespace

MoveVerdict judge_move(const GameState &state, const char *text, const std::vector<arb_move> &legal, arb_move &move,
                       std::string &detail) {
    move = ARB_MOVE_NONE;
    arb_status status = state.parse_move(text, move, detail);
    if (status == ARB_OK && std::find(legal.begin(), legal.end(), move) != legal.end()) return MoveVerdict::Legal;
    if (status != ARB_OK && status != ARB_ERR_SYNTAX && status != ARB_ERR_ILLEGAL) {
        detail = "parse_move failed with status " + std::to_string(status) + ": " + detail;
        return MoveVerdict::PluginFault;
    }
    // Refused or unlisted. If the text is exactly a listed move as the
    // plugin itself writes it, the engine played a legal move and the
    // plugin's judgement contradicts its own list: the plugin's fault.
    if (auto written = listed_move_written_as(state, text, legal)) {
        const std::string listed = "the plugin contradicts itself: '" + std::string(text) +
                                   "' is how format_move writes the listed move " + std::to_string(*written);
        detail = status == ARB_OK ? listed + ", but parse_move read it as the unlisted move " + std::to_string(move)
                                  : listed + ", but parse_move refused it (" + detail + ")";
        return MoveVerdict::PluginFault;
    }
    if (status == ARB_ERR_SYNTAX) return MoveVerdict::Unparsable;
    if (status == ARB_ERR_ILLEGAL) return MoveVerdict::Illegal;
    detail = "not among the legal moves; the plugin's parse_move accepted it (code " + std::to_string(move) +
             "), a plugin defect";
    state.plugin()->report_defect("parse_move accepts unlisted moves",
                                  "parse_move accepted '" + std::string(text) + "' (code " + std::to_string(move) +
                                      ") at " + state.position() +
                                      ", which legal_moves does not list; such moves are judged illegal");
    return MoveVerdict::Illegal;
}

}  // namespace arb::game
