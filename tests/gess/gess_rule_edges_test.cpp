// The Gess rule edges ("arbiter.rule-edges/1", plugins/gess/rule_edges.cpp)
// checked through the ABI, apart from the host's reader: each loads and
// holds under its options and under every value of the options it does not
// name, together they name every option value, and the edges of the rule
// options stop holding under the option's other value.
#include "support/rule_edges.hpp"

using namespace arb;
using namespace arb::test;

namespace {

const std::string kGame = "gess";

struct Relaxed {
    const char *rule;
    const char *move;
    const char *option;
    const char *value;
};

// Each MUST_NOT_PLAY move becomes legal when the option that forbids it
// takes its other value (the rules file, section 6, lists l3-l2 as losing
// under "lose", c3-a3 and d6-a9 among the 15 moves of stop_on_pushoff=false,
// a2-b3 among the 26 of grid20).
const Relaxed kRelaxed[] = {
    {"ring-loss", "l3-l2", "ring_rule", "lose"},
    {"ring-loss", "h8-k5", "ring_rule", "lose"},
    {"ring-loss", "l3-l1", "ring_rule", "lose"},
    {"stop-on-pushoff", "l3-l1", "stop_on_pushoff", "false"},
    {"stop-on-pushoff", "c3-a3", "stop_on_pushoff", "false"},
    {"off-board-centre", "a2-b3", "centers", "grid20"},
    {"off-board-centre", "d6-a9", "centers", "grid20"},
};

}  // namespace

TEST_CASE("gess rule edges hold under their options", "[gess][rule-edges]") { check_edges_hold(kGame); }

TEST_CASE("gess rule edges hold under every value of the options they leave out", "[gess][rule-edges]") {
    check_edges_hold_under_unnamed_options(kGame);
}

TEST_CASE("gess rule edges name every value of every rule option", "[gess][rule-edges]") {
    check_edges_cover_options(kGame);
}

TEST_CASE("gess rule edges of the rule options stop holding under the other value", "[gess][rule-edges]") {
    std::set<std::string> options_relaxed;
    for (const Relaxed &r : kRelaxed) {
        const arb_rule_edge edge = find_edge(kGame, r.rule, r.move);
        const game::OptionList options = with_option(edge_options(edge.options), r.option, r.value);
        INFO(describe(edge) << " under " << describe(options));
        const EdgeVerdict verdict = judge_edge(kGame, edge, options);
        INFO(verdict.detail);
        CHECK(verdict.kind == EdgeVerdict::move_legal);
        options_relaxed.insert(r.option);
    }
    const arb_game_api &api = load_plugin(kGame)->api();
    for (int32_t i = 0; i < api.option_count; ++i) CHECK(options_relaxed.count(api.options[i].name) == 1);
}

TEST_CASE("gess rule edges sit just past a legal move", "[gess][rule-edges]") {
    // The move one step short of each "too far" edge is legal under the same
    // options (rules file 6: the rook stops on c6 capturing its pawn; the
    // queen's first north-east step reaches j4; range 3 reaches c9), so the
    // edge is refused for the rule it names, not because the piece is not one.
    const std::pair<const char *, const char *> short_of[] = {
        {"c3-c7", "c3-c6"}, {"i3-k5", "i3-j4"}, {"c6-c10", "c6-c9"}};
    for (const auto &[edge_move, legal_move] : short_of) {
        INFO(edge_move << " / " << legal_move);
        const arb_rule_edge *found = nullptr;
        const std::vector<arb_rule_edge> edges = rule_edges_of(*load_plugin(kGame));
        for (const arb_rule_edge &e : edges)
            if (std::string(e.move) == edge_move) found = &e;
        REQUIRE(found != nullptr);
        auto state = new_game(kGame, edge_options(found->options));
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        CHECK(state.parse_move(legal_move, move, error) == ARB_OK);
        CHECK(state.parse_move(edge_move, move, error) == ARB_ERR_ILLEGAL);
    }
}
