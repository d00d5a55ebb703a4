#include "plugin_tools/plugin_checker_rule_edges.hpp"

#include "core/quote.hpp"
#include "game/rule_edges.hpp"

#include <algorithm>

namespace arb::game {

namespace {

bool rule_name_ok(const std::string &rule) {
    if (rule.empty() || rule.front() == '-' || rule.back() == '-') return false;
    return std::all_of(rule.begin(), rule.end(),
                       [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'; });
}

// What parse_move's ARB_OK for a move that must not be played means: the
// edge names a legal move, or parse_move gives a code legal_moves does not list.
std::string accepted(const GameState &state, const std::vector<arb_move> &legal, arb_move parsed) {
    const std::string code = "accepts it as code " + std::to_string(parsed);
    if (std::find(legal.begin(), legal.end(), parsed) != legal.end())
        return code + ", the legal move " + quote(state.format_move(parsed));
    return code + ", which is not among the legal moves";
}

void check_edge(const PluginPtr &plugin, const RuleEdge &edge, CheckLog &c) {
    const std::string what = "rule " + edge.label() + ": ";
    c.expect(rule_name_ok(edge.rule), "rule edge " + std::to_string(edge.number) + ": rule " + quote(edge.rule) +
                                          " is not a short name in lower case with hyphens (e.g. forced-pass)");
    c.expect(!edge.failure.empty(), what + "empty failure text (it completes \"" + edge.rule + ": ...\" in reports)");
    for (const auto &[name, value] : edge.option_list)
        c.expect(plugin->option(name) != nullptr,
                 what + "options " + quote(edge.options) + " name " + quote(name) + ", which the plugin does not have");
    if (edge.expect == EdgeExpect::AnyLegal)
        c.expect(edge.move.empty(), what + "ARB_EDGE_ANY_LEGAL names the move " + quote(edge.move) + " (it takes \"\")");
    else
        c.expect(!edge.move.empty(), what + std::string(edge_expect_name(edge.expect)) + " without a move");

    auto state = edge_state(plugin, edge, edge.option_list);
    if (!c.expect(state.has_value(), what + "does not load: " + (state ? std::string() : state.error().message)))
        return;
    const std::string where = " (at " + state->position() + ")";
    std::vector<arb_move> legal;
    auto listed = state->checked_legal_moves(legal);
    if (!c.expect(listed.has_value(), what + (listed ? std::string() : listed.error().message) + where)) return;
    if (!c.expect(!legal.empty(), what + "the game is over there: " + state->outcome().reason + where)) return;
    c.expect(!(legal.size() == 1 && (state->move_flags(legal[0]) & ARB_MOVE_PASS) != 0),
             what + "the only legal move is a forced pass, which the host plays without asking an engine; put the "
                    "pass in `moves` and ask the side after it" + where);

    std::string listed_texts;
    for (arb_move m : legal) listed_texts += (listed_texts.empty() ? "" : " ") + state->format_move(m);
    arb_move parsed = ARB_MOVE_NONE;
    std::string error;
    const arb_status status = edge.move.empty() ? ARB_OK : state->parse_move(edge.move.c_str(), parsed, error);
    if (edge.expect == EdgeExpect::MustPlay && !edge.move.empty()) {
        c.expect(status == ARB_OK && legal.size() == 1 && legal[0] == parsed,
                 what + "must play " + quote(edge.move) + ", but the legal moves are " + excerpt(listed_texts) +
                     (status == ARB_OK ? std::string() : " and it is refused: " + error) + where);
    } else if (edge.expect == EdgeExpect::MustNotPlay && !edge.move.empty()) {
        c.expect(status == ARB_ERR_ILLEGAL,
                 what + "must not play " + quote(edge.move) + ", but parse_move " +
                     (status == ARB_OK ? accepted(*state, legal, parsed)
                                       : "gives status " + std::to_string(status) + ", not ARB_ERR_ILLEGAL: " + error) +
                     where);
    }
}

}  // namespace

void check_rule_edges(const PluginPtr &plugin, CheckLog &c, CheckReport &report) {
    const RuleEdges table = read_rule_edges(*plugin);
    if (!table.present) return;
    for (const auto &problem : table.problems) c.expect(false, "rule edges: " + problem);
    for (const RuleEdge &edge : table.edges) {
        if (c.too_many()) return;
        check_edge(plugin, edge, c);
        ++report.rule_edges_checked;
    }
}

}  // namespace arb::game
