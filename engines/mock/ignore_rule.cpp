#include "ignore_rule.hpp"

#include "game/rule_edges.hpp"

#include <algorithm>

namespace arb::engines {

Expected<RuleIgnorer> RuleIgnorer::make(const game::PluginPtr &plugin, std::string rule) {
    const game::RuleEdges table = game::read_rule_edges(*plugin);
    std::vector<std::string> rules;
    RuleIgnorer out;
    out.plugin_ = plugin;
    out.rule_ = rule;
    for (const auto &edge : table.edges) {
        if (std::find(rules.begin(), rules.end(), edge.rule) == rules.end()) rules.push_back(edge.rule);
        if (edge.rule != rule) continue;
        for (const auto &[name, value] : edge.option_list)
            if (std::find(out.relaxed_options_.begin(), out.relaxed_options_.end(), name) == out.relaxed_options_.end())
                out.relaxed_options_.push_back(name);
    }
    if (std::find(rules.begin(), rules.end(), rule) == rules.end()) {
        std::string listed;
        for (const auto &r : rules) listed += (listed.empty() ? "" : ", ") + r;
        return fail("ignore-rule=" + rule + ": the game '" + plugin->id() + "' lists no rule edge of that rule" +
                    (listed.empty() ? std::string(" (it lists no rule edges)") : "; its rules: " + listed));
    }
    return out;
}

std::optional<std::string> RuleIgnorer::answer_at_edge(const GameSession &session) const {
    const std::string here = session.state().position();
    for (const auto &edge : game::read_rule_edges(*plugin_).edges) {
        if (edge.rule != rule_ || edge.expect == game::EdgeExpect::AnyLegal) continue;
        if (!game::edge_applies(*plugin_, edge, session.options()).applies) continue;
        auto state = game::edge_state(plugin_, edge, session.options());
        if (!state || state->position() != here) continue;
        return edge.expect == game::EdgeExpect::MustNotPlay ? edge.move : std::string("(none)");
    }
    return std::nullopt;
}

std::vector<std::string> RuleIgnorer::relaxed_moves(const GameSession &session) const {
    game::OptionList relaxed;
    for (const auto &option : session.options())
        if (std::find(relaxed_options_.begin(), relaxed_options_.end(), option.first) == relaxed_options_.end())
            relaxed.push_back(option);
    std::vector<std::string> out;
    // The whole history under the relaxed rules, so a rule that counts the
    // past (repetition) is lacking too: where it ended the game, no move.
    auto state = game::GameState::create(plugin_, relaxed);
    if (!state || !state->set_position(session.base_position())) return out;
    std::string error;
    for (const auto &text : session.history()) {
        arb_move move = ARB_MOVE_NONE;
        if (state->over() || state->parse_move(text.c_str(), move, error) != ARB_OK)
            return out;
        state->play(move);
    }
    for (arb_move m : state->legal_moves()) out.push_back(state->format_move(m));
    return out;
}

}  // namespace arb::engines
