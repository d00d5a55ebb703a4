// The Bagh Chal rule edges ("arbiter.rule-edges/1", plugins/baghchal/
// rule_edges.cpp) checked through the ABI, apart from the host's reader:
// each loads and holds under its options and under every value of the
// options it does not name, together they name every option value, and the
// edges of the rule options stop holding under the option's relaxing value
// (so they exercise that rule, not another).
#include "support/rule_edges.hpp"

using namespace arb;
using namespace arb::test;

namespace {

const std::string kGame = "baghchal";

// An option value that takes the rule away, and where the edge then stops.
struct Relaxed {
    const char *rule;
    const char *move;
    const char *option;
    const char *value;
    EdgeVerdict::Kind becomes;
};

// Hand reasoning per line:
const Relaxed kRelaxed[] = {
    // Without the forbid rule nothing stops the tiger going back (the rules
    // file lists b4-a5 as legal under draw3 and none), nor the goat.
    {"repetition", "b4-a5", "repetition", "draw3", EdgeVerdict::move_legal},
    {"repetition", "b4-a5", "repetition", "none", EdgeVerdict::move_legal},
    {"repetition", "d4-d3", "repetition", "draw3", EdgeVerdict::move_legal},
    {"repetition", "d4-d3", "repetition", "none", EdgeVerdict::move_legal},
    // Optional capture: the other tigers may step, and a1 may too.
    {"mandatory-capture", "a5-b4", "capture", "optional", EdgeVerdict::move_legal},
    {"mandatory-capture", "a1xc3", "capture", "optional", EdgeVerdict::not_only_move},
    // Under forbid the cycle cannot even be run: its sixth ply, a1-b1,
    // recreates the set position.
    {"repetition-draw3", "a1-b1", "repetition", "forbid", EdgeVerdict::history_stops},
    // Under draw3 the game ends at ply 12 (third occurrence), inside the
    // history; under forbid at ply 6 the move is refused.
    {"repetition-none", "a1-b1", "repetition", "draw3", EdgeVerdict::history_stops},
    {"repetition-none", "a1-b1", "repetition", "forbid", EdgeVerdict::history_stops},
    // 5 captures with the default target: the tigers have won already.
    {"capture-target", "", "goats_to_win", "5", EdgeVerdict::over},
};

}  // namespace

TEST_CASE("baghchal rule edges hold under their options", "[baghchal][rule-edges]") {
    check_edges_hold(kGame);
}

TEST_CASE("baghchal rule edges hold under every value of the options they leave out", "[baghchal][rule-edges]") {
    check_edges_hold_under_unnamed_options(kGame);
}

TEST_CASE("baghchal rule edges name every value of every rule option", "[baghchal][rule-edges]") {
    check_edges_cover_options(kGame);
}

TEST_CASE("baghchal rule edges of the rule options stop holding under the relaxing value", "[baghchal][rule-edges]") {
    std::set<std::string> options_relaxed;
    for (const Relaxed &r : kRelaxed) {
        const arb_rule_edge edge = find_edge(kGame, r.rule, r.move);
        const game::OptionList options = with_option(edge_options(edge.options), r.option, r.value);
        INFO(describe(edge) << " under " << describe(options));
        const EdgeVerdict verdict = judge_edge(kGame, edge, options);
        INFO(verdict.detail);
        CHECK(verdict.kind == r.becomes);
        options_relaxed.insert(r.option);
    }
    // Each rule option has an edge that depends on it.
    const arb_game_api &api = load_plugin(kGame)->api();
    for (int32_t i = 0; i < api.option_count; ++i) CHECK(options_relaxed.count(api.options[i].name) == 1);
}

TEST_CASE("baghchal rule edges: the repetition edge is the rules file's vector", "[baghchal][rule-edges]") {
    // Rules file, section 5: after c2-c3 a5-b4 c3-c2 from S0 the tigers have
    // exactly a1xc3 b4-c3 b4-c4 e1xc3 e5-d4, b4-a5 being forbidden.
    const arb_rule_edge edge = find_edge(kGame, "repetition", "b4-a5");
    CHECK(std::string(edge.position) == "TGGGTGGGGGGG.GGG...GTGGGT G 0 3");
    CHECK(std::string(edge.moves) == "c2-c3 a5-b4 c3-c2");
    auto state = new_game(kGame, edge_options(edge.options));
    REQUIRE(state.set_position(edge.position).has_value());
    for (const std::string &m : split_words(edge.moves)) play_text(state, m);
    CHECK(legal_move_texts(state) == std::vector<std::string>{"a1xc3", "b4-c3", "b4-c4", "e1xc3", "e5-d4"});
}

TEST_CASE("baghchal rule edges: the draw3 edge's only move draws the game", "[baghchal][rule-edges]") {
    // The move brings the set position back a third time: a draw.
    const arb_rule_edge edge = find_edge(kGame, "repetition-draw3", "a1-b1");
    auto state = new_game(kGame, edge_options(edge.options));
    REQUIRE(state.set_position(edge.position).has_value());
    for (const std::string &m : split_words(edge.moves)) play_text(state, m);
    play_text(state, edge.move);
    CHECK(state.position() == edge.position);
    CHECK(state.outcome().result == ARB_RESULT_DRAW);
}

namespace {

std::vector<std::string> legal_after(const arb_rule_edge &edge, const game::OptionList &options) {
    auto state = new_game(kGame, options);
    if (*edge.position) REQUIRE(state.set_position(edge.position).has_value());
    for (const std::string &m : split_words(edge.moves)) play_text(state, m);
    return legal_move_texts(state);
}

}  // namespace

TEST_CASE("baghchal rule edges: the legal moves there, listed by hand", "[baghchal][rule-edges]") {
    // Placement with empty c3 and e4: the two drops only.
    const arb_rule_edge placing = find_edge(kGame, "goat-placement", "c2-c3");
    CHECK(legal_after(placing, edge_options(placing.options)) == std::vector<std::string>{"G@c3", "G@e4"});
    // After G@c3 e5-e4 the empty point is e5, joined to d5 and (diagonal
    // from the even point d4) d4.
    const arb_rule_edge ended = find_edge(kGame, "placement-end", "G@e5");
    CHECK(legal_after(ended, edge_options(ended.options)) == std::vector<std::string>{"d4-e5", "d5-e5"});
    // Empty c3 (8 neighbours: b2 c2 d2 b3 d3 b4 c4, d4 empty), d4 (c3 and e4
    // empty, e5 a tiger: d3 e3 c4 c5 d5) and e4 (odd: e3, d4 empty, e5 a
    // tiger): 7 + 5 + 1 = 13 steps, no drop.
    const arb_rule_edge captured = find_edge(kGame, "placement-end", "G@c3");
    CHECK(legal_after(captured, edge_options(captured.options)).size() == 13);
    // Each tiger has its 3 neighbours free (b1, an odd point: a1 c1 b2) and
    // no goat to jump in line: 12 steps, b1xd3 not among them.
    const arb_rule_edge lines = find_edge(kGame, "board-lines", "b1xd3");
    CHECK(legal_after(lines, edge_options(lines.options)) ==
          std::vector<std::string>{"a5-a4", "a5-b4", "a5-b5", "b1-a1", "b1-b2", "b1-c1", "e1-d1", "e1-d2", "e1-e2",
                                   "e5-d4", "e5-d5", "e5-e4"});
    // Optional capture: a1xc3, a1's free neighbours b1 a2, and 3 steps of
    // each other tiger: 12.
    const arb_rule_edge mandatory = find_edge(kGame, "mandatory-capture", "a1xc3");
    CHECK(legal_after(mandatory, {{"capture", "optional"}}).size() == 12);
}
