// `--misbehave ignore-rule=RULE`: an engine that lacks one rule of the game,
// RULE being one the plugin's rule edges name ("arbiter.rule-edges/1"). It
// exists to show that `arbiter check` catches such an engine at the edges.
//
// What it does, honestly:
// - Where the rule's edges need rule options (e.g. `halfmove_limit=200`),
//   the rule is an option, and the engine plays everywhere as an engine
//   unaware of it: its moves come from the plugin loaded with those options
//   left at their defaults (set to the position text it was sent), so it
//   takes a game for drawn at the default limit, wherever that happens.
// - Otherwise it knows the rule's positions only from the edges themselves:
//   at a position equal to an edge's (its position text after its moves),
//   it answers the edge's MUST_NOT_PLAY move (what an engine ignoring the
//   rule plays there), or "(none)" at a MUST_PLAY edge (an engine ignoring
//   the rule that makes that move the only one finds no move). Elsewhere it
//   plays random legal moves. An ANY_LEGAL edge without options gives it
//   nothing to do wrong: a rule with only such edges is not plantable.
#pragma once

#include "game_session.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace arb::engines {

class RuleIgnorer {
public:
    // Fails when the game's plugin lists no edge of `rule` (the message lists
    // the rules it does list).
    static Expected<RuleIgnorer> make(const game::PluginPtr &plugin, std::string rule);

    // What to answer in the session's position: a move text (maybe illegal,
    // or "(none)"), or nullopt to play as usual. `pick` picks one of n moves.
    template <class Pick>
    std::optional<std::string> answer(const GameSession &session, Pick &&pick) const {
        if (auto fixed = answer_at_edge(session)) return fixed;
        if (!relaxed_options_.empty()) {
            const std::vector<std::string> candidates = relaxed_moves(session);
            if (candidates.empty()) return std::string("(none)");
            return candidates[pick(candidates.size())];
        }
        return std::nullopt;
    }

private:
    std::optional<std::string> answer_at_edge(const GameSession &session) const;
    // The legal moves, as texts, of the plugin with the rule's options at their defaults.
    std::vector<std::string> relaxed_moves(const GameSession &session) const;

    game::PluginPtr plugin_;
    std::string rule_;
    std::vector<std::string> relaxed_options_;  // option names the rule's edges need
};

}  // namespace arb::engines
