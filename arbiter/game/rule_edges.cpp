#include "game/rule_edges.hpp"

#include "core/quote.hpp"

#include <cstring>

namespace arb::game {

namespace {

// A string field of edge `number`: "" for NULL is not allowed (the header
// asks for "" where there is nothing), so NULL is a problem.
bool read_text(const char *text, int number, const char *field, std::string &out, std::vector<std::string> &problems) {
    if (text == nullptr) {
        problems.push_back("edge " + std::to_string(number) + ": '" + field + "' is NULL (the header asks for \"\")");
        return false;
    }
    const size_t length = ::strnlen(text, kMaxRuleEdgeText + 1);
    if (length > kMaxRuleEdgeText) {
        problems.push_back("edge " + std::to_string(number) + ": '" + field + "' is longer than " +
                           std::to_string(kMaxRuleEdgeText) + " bytes");
        return false;
    }
    out.assign(text, length);
    return true;
}

std::vector<std::string> split_spaces(const std::string &text) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t space = text.find(' ', start);
        const size_t end = space == std::string::npos ? text.size() : space;
        out.push_back(text.substr(start, end - start));
        if (space == std::string::npos) break;
        start = space + 1;
    }
    return out;
}

// The value `name` has under `options`, its default otherwise.
std::string effective_value(const Plugin &plugin, const OptionList &options, const std::string &name) {
    std::string value;
    if (const arb_option_desc *desc = plugin.option(name); desc != nullptr && desc->default_value != nullptr)
        value = desc->default_value;
    for (const auto &[n, v] : options)
        if (n == name) value = v;
    return value;
}

}  // namespace

const char *edge_expect_name(EdgeExpect e) {
    switch (e) {
    case EdgeExpect::AnyLegal: return "any legal move";
    case EdgeExpect::MustPlay: return "must play";
    case EdgeExpect::MustNotPlay: return "must not play";
    }
    return "?";
}

std::string RuleEdge::label() const { return "edge " + std::to_string(number) + " (" + rule + ")"; }

std::string RuleEdge::rule_failure() const { return rule + ": " + failure; }

Expected<OptionList> parse_edge_options(const std::string &text) {
    OptionList out;
    if (text.empty()) return out;
    for (const std::string &piece : split_spaces(text)) {
        const size_t eq = piece.find('=');
        if (piece.empty() || eq == 0 || eq == std::string::npos)
            return fail("options " + quote(text) + ": " + quote(piece) +
                        " is not name=value (pairs separated by single spaces)");
        out.emplace_back(piece.substr(0, eq), piece.substr(eq + 1));
    }
    return out;
}

RuleEdges read_rule_edges(const Plugin &plugin) {
    RuleEdges out;
    const auto *table = static_cast<const arb_game_rule_edges *>(plugin.api().get_extension(ARB_EXT_RULE_EDGES));
    if (table == nullptr) return out;
    out.present = true;
    if (table->edge_size < sizeof(arb_rule_edge)) {
        out.problems.push_back("edge_size is " + std::to_string(table->edge_size) + ", less than the " +
                               std::to_string(sizeof(arb_rule_edge)) + " bytes of arbiter.rule-edges/1's arb_rule_edge");
        return out;
    }
    if (table->count > 0 && table->edges == nullptr) {
        out.problems.push_back("count is " + std::to_string(table->count) + " but edges is NULL");
        return out;
    }
    size_t count = table->count;
    if (count > kMaxRuleEdges) {
        out.problems.push_back("count is " + std::to_string(table->count) + "; only the first " +
                               std::to_string(kMaxRuleEdges) + " edges are read");
        count = kMaxRuleEdges;
    }
    const auto *bytes = reinterpret_cast<const unsigned char *>(table->edges);
    for (size_t i = 0; i < count; ++i) {
        arb_rule_edge raw;
        std::memcpy(&raw, bytes + i * table->edge_size, sizeof raw);
        RuleEdge edge;
        edge.number = static_cast<int>(i + 1);
        std::string moves;
        bool ok = read_text(raw.rule, edge.number, "rule", edge.rule, out.problems);
        ok = read_text(raw.options, edge.number, "options", edge.options, out.problems) && ok;
        ok = read_text(raw.position, edge.number, "position", edge.position, out.problems) && ok;
        ok = read_text(raw.moves, edge.number, "moves", moves, out.problems) && ok;
        ok = read_text(raw.move, edge.number, "move", edge.move, out.problems) && ok;
        ok = read_text(raw.failure, edge.number, "failure", edge.failure, out.problems) && ok;
        switch (raw.expect) {
        case ARB_EDGE_ANY_LEGAL: edge.expect = EdgeExpect::AnyLegal; break;
        case ARB_EDGE_MUST_PLAY: edge.expect = EdgeExpect::MustPlay; break;
        case ARB_EDGE_MUST_NOT_PLAY: edge.expect = EdgeExpect::MustNotPlay; break;
        default:
            out.problems.push_back("edge " + std::to_string(edge.number) + ": expect is " + std::to_string(raw.expect) +
                                   ", not ARB_EDGE_ANY_LEGAL, ARB_EDGE_MUST_PLAY or ARB_EDGE_MUST_NOT_PLAY");
            ok = false;
        }
        if (!ok) continue;
        if (!moves.empty()) edge.moves = split_spaces(moves);
        auto options = parse_edge_options(edge.options);
        if (!options) {
            out.problems.push_back(edge.label() + ": " + options.error().message);
            continue;
        }
        edge.option_list = std::move(*options);
        out.edges.push_back(std::move(edge));
    }
    return out;
}

EdgeApplies edge_applies(const Plugin &plugin, const RuleEdge &edge, const OptionList &options) {
    // Only the options the edge names: an edge holds whatever the others are
    // (<arbiter/ext/rule_edges.h>), so a castling edge is asked under either
    // draw rule.
    std::string needs, here;
    for (const auto &[name, wanted] : edge.option_list) {
        if (plugin.option(name) == nullptr) {  // an option the plugin lacks agrees with nothing
            needs += (needs.empty() ? "" : " ") + name + "=" + wanted;
            here += (here.empty() ? "" : " ") + name + " (no such option)";
            continue;
        }
        const std::string actual = effective_value(plugin, options, name);
        if (effective_value(plugin, edge.option_list, name) == actual) continue;
        needs += (needs.empty() ? "" : " ") + name + "=" + wanted;
        here += (here.empty() ? "" : " ") + name + "=" + actual;
    }
    if (needs.empty()) return {};
    return {false, "needs " + needs + " (here " + here + ")"};
}

Expected<GameState> edge_state(const PluginPtr &plugin, const RuleEdge &edge, const OptionList &options,
                               const std::shared_ptr<PluginHost> &host) {
    auto created = GameState::create(plugin, options, 0, host);
    if (!created) return fail("options refused: " + created.error().message);
    GameState state = std::move(*created);
    if (!edge.position.empty())
        if (auto set = state.set_position(edge.position); !set)
            return fail("position " + quote(edge.position) + " refused: " + set.error().message);
    std::string error;
    for (size_t i = 0; i < edge.moves.size(); ++i) {
        arb_move move = ARB_MOVE_NONE;
        const std::string &text = edge.moves[i];
        if (state.parse_move(text.c_str(), move, error) != ARB_OK)
            return fail("move " + std::to_string(i + 1) + " " + quote(text) + " refused: " + error);
        if (auto played = state.checked_play(move); !played)
            return fail("move " + std::to_string(i + 1) + " " + quote(text) + ": " + played.error().message);
    }
    return state;
}

protocol::Position edge_position(const PluginPtr &plugin, const RuleEdge &edge, const OptionList &options,
                                 const std::shared_ptr<PluginHost> &host) {
    std::string start = edge.position;
    if (start.empty()) {
        auto created = GameState::create(plugin, options, 0, host);
        if (created) start = created->position();  // refused options: edge_state() says so first
    }
    protocol::Position out;
    out.startpos = start.empty() || is_default_start(plugin, start, host);
    if (!out.startpos) out.fen = std::move(start);
    out.moves = edge.moves;
    return out;
}

}  // namespace arb::game
