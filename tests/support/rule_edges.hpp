// Checks of a plugin's "arbiter.rule-edges/1" table for the plugins' own
// tests, written apart from the host's reader: the table is read straight
// from get_extension, and each edge is judged by loading it into a
// GameState and asking the plugin's legal_moves and parse_move.
#pragma once

#include "support/plugins.hpp"

#include <arbiter/ext/rule_edges.h>

#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace arb::test {

// The plugin's edges, copied out of its table (stepping by edge_size).
inline std::vector<arb_rule_edge> rule_edges_of(const game::Plugin &plugin) {
    const auto *table = static_cast<const arb_game_rule_edges *>(plugin.api().get_extension(ARB_EXT_RULE_EDGES));
    INFO(plugin.id() << " has no " << ARB_EXT_RULE_EDGES << " table");
    REQUIRE(table != nullptr);
    REQUIRE(table->edge_size == sizeof(arb_rule_edge));
    REQUIRE(table->edges != nullptr);
    std::vector<arb_rule_edge> edges;
    const auto *bytes = reinterpret_cast<const unsigned char *>(table->edges);
    for (uint32_t i = 0; i < table->count; ++i) {
        arb_rule_edge edge;
        std::memcpy(&edge, bytes + size_t{i} * table->edge_size, sizeof edge);
        edges.push_back(edge);
    }
    return edges;
}

inline std::vector<std::string> split_words(const std::string &text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// "name=value name=value" as an option list; REQUIREs the form.
inline game::OptionList edge_options(const char *text) {
    game::OptionList options;
    for (const std::string &word : split_words(text)) {
        const size_t eq = word.find('=');
        INFO("option '" << word << "' in '" << text << "'");
        REQUIRE(eq != std::string::npos);
        REQUIRE(eq > 0);
        REQUIRE(eq + 1 < word.size());
        options.emplace_back(word.substr(0, eq), word.substr(eq + 1));
    }
    return options;
}

// `options` with `name` set to `value` (replaced, or added).
inline game::OptionList with_option(game::OptionList options, const std::string &name, const std::string &value) {
    for (auto &[n, v] : options)
        if (n == name) {
            v = value;
            return options;
        }
    options.emplace_back(name, value);
    return options;
}

inline bool names_option(const arb_rule_edge &edge, const std::string &name) {
    for (const auto &[n, v] : edge_options(edge.options))
        if (n == name) return true;
    return false;
}

inline std::string describe(const arb_rule_edge &edge) {
    std::ostringstream out;
    out << "edge '" << edge.rule << "' [" << edge.options << "] position '" << edge.position << "' moves '"
        << edge.moves << "' move '" << edge.move << "'";
    return out.str();
}

inline std::string describe(const game::OptionList &options) {
    std::string out;
    for (const auto &[n, v] : options) out += (out.empty() ? "" : " ") + n + "=" + v;
    return out;
}

// How an edge stands under some options: where it stops, if it does.
struct EdgeVerdict {
    enum Kind {
        holds,          // loads, history plays, game on, expectation met
        refused,        // the plugin refuses the options or the position
        history_stops,  // a history move is refused, or the game ends within it
        over,           // the game is over after the history
        move_legal,     // MUST_NOT_PLAY: the named move is legal
        not_only_move,  // MUST_PLAY: the legal moves are not exactly {move}
        no_moves,       // ANY_LEGAL: no legal move (yet not over)
    };
    Kind kind = holds;
    std::string detail;
};

// Loads the edge under `options` (the edge's own, or others for the tests
// that vary them) and judges it without the host's rule-edge code.
inline EdgeVerdict judge_edge(const std::string &game_id, const arb_rule_edge &edge, const game::OptionList &options) {
    auto created = game::GameState::create(load_plugin(game_id), options);
    if (!created) return {EdgeVerdict::refused, created.error().message};
    game::GameState state = std::move(*created);
    if (*edge.position) {
        auto loaded = state.set_position(edge.position);
        if (!loaded) return {EdgeVerdict::refused, loaded.error().message};
    }
    for (const std::string &text : split_words(edge.moves)) {
        if (state.over()) return {EdgeVerdict::history_stops, "over before " + text + ": " + state.outcome().reason};
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        if (state.parse_move(text.c_str(), move, error) != ARB_OK)
            return {EdgeVerdict::history_stops, text + " refused: " + error};
        if (state.play(move) != ARB_OK) return {EdgeVerdict::history_stops, text + " refused by play"};
    }
    if (state.over()) return {EdgeVerdict::over, state.outcome().reason};
    const std::vector<std::string> legal = legal_move_texts(state);
    std::string listed;
    for (const std::string &m : legal) listed += " " + m;
    switch (edge.expect) {
    case ARB_EDGE_ANY_LEGAL:
        if (legal.empty()) return {EdgeVerdict::no_moves, "no legal move"};
        break;
    case ARB_EDGE_MUST_PLAY:
        if (legal != std::vector<std::string>{edge.move}) return {EdgeVerdict::not_only_move, "legal:" + listed};
        break;
    case ARB_EDGE_MUST_NOT_PLAY: {
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        const arb_status s = state.parse_move(edge.move, move, error);
        if (s == ARB_OK) return {EdgeVerdict::move_legal, std::string(edge.move) + " is legal; legal:" + listed};
        if (s != ARB_ERR_ILLEGAL) return {EdgeVerdict::move_legal, "status " + std::to_string(s) + ": " + error};
        if (legal.empty()) return {EdgeVerdict::no_moves, "no legal move"};
        break;
    }
    default: return {EdgeVerdict::refused, "unknown expect " + std::to_string(edge.expect)};
    }
    return {};
}

// The checks every plugin's edges must pass: well-formed fields, options
// that name real options with valid values, and the edge holding under
// its options.
inline void check_edges_hold(const std::string &game_id) {
    const game::PluginPtr plugin = load_plugin(game_id);
    const std::vector<arb_rule_edge> edges = rule_edges_of(*plugin);
    CHECK(edges.size() >= 8);
    for (const arb_rule_edge &edge : edges) {
        REQUIRE(edge.rule != nullptr);
        REQUIRE(edge.options != nullptr);
        REQUIRE(edge.position != nullptr);
        REQUIRE(edge.moves != nullptr);
        REQUIRE(edge.move != nullptr);
        REQUIRE(edge.failure != nullptr);
        INFO(describe(edge));
        CHECK(*edge.rule != '\0');
        CHECK(std::string(edge.rule).find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
        CHECK(*edge.failure != '\0');
        CHECK((*edge.move == '\0') == (edge.expect == ARB_EDGE_ANY_LEGAL));
        const game::OptionList options = edge_options(edge.options);
        for (const auto &[name, value] : options) CHECK(plugin->option(name) != nullptr);
        const EdgeVerdict verdict = judge_edge(game_id, edge, options);
        INFO(verdict.detail);
        CHECK(verdict.kind == EdgeVerdict::holds);
    }
}

// The values to try for an option the edge does not name: every choice,
// both booleans, an integer's bounds and default.
inline std::vector<std::string> option_values(const arb_option_desc &desc) {
    switch (desc.type) {
    case ARB_OPTION_BOOL: return {"true", "false"};
    case ARB_OPTION_CHOICE: return {desc.choices, desc.choices + desc.choice_count};
    default:
        return {std::to_string(desc.min_value), desc.default_value, std::to_string(desc.max_value)};
    }
}

// A host may ask an edge whenever the options the edge names agree with its
// own, whatever the others are: so an edge must hold under every value of
// every option it leaves out.
inline void check_edges_hold_under_unnamed_options(const std::string &game_id) {
    const game::PluginPtr plugin = load_plugin(game_id);
    const arb_game_api &api = plugin->api();
    for (const arb_rule_edge &edge : rule_edges_of(*plugin)) {
        INFO(describe(edge));
        for (int32_t i = 0; i < api.option_count; ++i) {
            const arb_option_desc &desc = api.options[i];
            if (names_option(edge, desc.name)) continue;
            for (const std::string &value : option_values(desc)) {
                const game::OptionList options = with_option(edge_options(edge.options), desc.name, value);
                INFO("under " << describe(options));
                const EdgeVerdict verdict = judge_edge(game_id, edge, options);
                INFO(verdict.detail);
                CHECK(verdict.kind == EdgeVerdict::holds);
            }
        }
    }
}

// Every rule option is named by some edge, and every value of a choice or
// boolean option by some edge (an integer option by an edge with a value
// other than its default): the edges exercise each variant of the rules.
inline void check_edges_cover_options(const std::string &game_id) {
    const game::PluginPtr plugin = load_plugin(game_id);
    const arb_game_api &api = plugin->api();
    std::set<std::pair<std::string, std::string>> named;
    for (const arb_rule_edge &edge : rule_edges_of(*plugin))
        for (const auto &setting : edge_options(edge.options)) named.insert(setting);
    REQUIRE(api.option_count > 0);
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &desc = api.options[i];
        INFO("option " << desc.name);
        if (desc.type == ARB_OPTION_INT) {
            bool other = false;
            for (const auto &[n, v] : named) other = other || (n == desc.name && v != desc.default_value);
            CHECK(other);
            continue;
        }
        for (const std::string &value : option_values(desc)) {
            INFO("value " << value);
            CHECK(named.count({desc.name, value}) == 1);
        }
    }
}

// The edge of `rule` whose move is `move` (REQUIREd to exist, once).
inline arb_rule_edge find_edge(const std::string &game_id, const std::string &rule, const std::string &move,
                               const std::string &options = "") {
    std::vector<arb_rule_edge> found;
    for (const arb_rule_edge &edge : rule_edges_of(*load_plugin(game_id)))
        if (edge.rule == rule && edge.move == move && (options.empty() || edge.options == options))
            found.push_back(edge);
    INFO(game_id << ": edge of rule '" << rule << "' with move '" << move << "'");
    REQUIRE(found.size() == 1);
    return found.front();
}

}  // namespace arb::test
