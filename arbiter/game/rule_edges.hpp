// The rule edges a plugin lists ("arbiter.rule-edges/1"), read defensively
// into value types: the positions where engines get the game's rules wrong,
// asked first by `arbiter check`, checked by `plugin-check` and walked by
// `plugin-diff`. A plugin may be buggy: a table too short for its own layout,
// a NULL string, an absurd count or an unknown expectation are problems in
// the list (named with the edge's number), never a crash.
#pragma once

#include <arbiter/protocol/command.hpp>

#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/ext/rule_edges.h>

#include <cstddef>
#include <string>
#include <vector>

namespace arb::game {

enum class EdgeExpect { AnyLegal, MustPlay, MustNotPlay };
const char *edge_expect_name(EdgeExpect e);  // "any legal move", "must play", "must not play"

struct RuleEdge {
    int number = 0;             // 1-based, in the plugin's order
    std::string rule;           // "forced-pass"
    std::string options;        // "name=value ..." as the plugin wrote it
    OptionList option_list;     // the same, split
    std::string position;       // "" for the start position
    std::vector<std::string> moves;
    EdgeExpect expect = EdgeExpect::AnyLegal;
    std::string move;
    std::string failure;

    // "edge 3 (forced-pass)", for messages.
    [[nodiscard]] std::string label() const;
    // "RULE: FAILURE", the report's line for an engine that failed here.
    [[nodiscard]] std::string rule_failure() const;
};

struct RuleEdges {
    bool present = false;             // the plugin has the extension
    std::vector<RuleEdge> edges;      // the readable ones, in order
    std::vector<std::string> problems;  // what could not be read, one line each
};

// The most edges read from one plugin, and the longest string of one.
inline constexpr size_t kMaxRuleEdges = 4096;
inline constexpr size_t kMaxRuleEdgeText = 16384;

// Reads the plugin's table. An edge with a NULL or overlong string, an
// unknown `expect` or unreadable `options` is left out, with a problem.
RuleEdges read_rule_edges(const Plugin &plugin);

// Splits "name=value name2=value2" (single spaces); an error names the piece.
Expected<OptionList> parse_edge_options(const std::string &text);

// Whether the edge applies where the game runs with `options`: every rule
// option the edge names has that value there (defaults filled in); the
// options it does not name do not matter. Otherwise the reason, e.g.
// "needs halfmove_limit=200 (here halfmove_limit=100)".
struct EdgeApplies {
    bool applies = true;
    std::string reason;
};
EdgeApplies edge_applies(const Plugin &plugin, const RuleEdge &edge, const OptionList &options);

// The state at the edge: created under `options`, set to its position, its
// moves played. The error names what failed ("position refused: ...",
// "move 2 'pass' refused: ...").
Expected<GameState> edge_state(const PluginPtr &plugin, const RuleEdge &edge, const OptionList &options,
                               const std::shared_ptr<PluginHost> &host = nullptr);

// The position of the edge under `options`, as engines are given it: its
// start (the plugin's position text, or startpos) and the moves as the edge
// lists them; each dialect writes it in its words (UCI's 'position ...',
// xboard's setboard or edit). An edge without a position starts where a
// game under `options` starts; that is startpos only when it is the game's
// default start (is_default_start): under Chess960 a UCI engine would read
// "startpos" as the standard array.
protocol::Position edge_position(const PluginPtr &plugin, const RuleEdge &edge, const OptionList &options,
                                 const std::shared_ptr<PluginHost> &host = nullptr);

}  // namespace arb::game
