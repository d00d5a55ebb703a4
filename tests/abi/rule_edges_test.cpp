// The host's reader of "arbiter.rule-edges/1" (game/rule_edges.hpp): the
// option text of an edge, when an edge applies, and the tables of the shipped
// Othello and Ataxx plugins read into values. A plugin's broken tables are
// in plugin_defects_e2e_test.cpp (the Drop defects 60-69).
#include "game/rule_edges.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace arb;

namespace {

game::PluginPtr load(const std::string &id) {
    auto plugin = game::Plugin::load(std::string(ARBITER_PLUGIN_DIR) + "/" + id + ".so");
    REQUIRE(plugin.has_value());
    return *plugin;
}

game::RuleEdge edge_with_options(const std::string &options) {
    game::RuleEdge edge;
    edge.number = 1;
    edge.rule = "test";
    edge.options = options;
    auto list = game::parse_edge_options(options);
    REQUIRE(list.has_value());
    edge.option_list = *list;
    return edge;
}

}  // namespace

TEST_CASE("an edge's options: name=value pairs separated by single spaces", "[abi][rule_edges]") {
    auto none = game::parse_edge_options("");
    REQUIRE(none.has_value());
    CHECK(none->empty());
    auto two = game::parse_edge_options("rows=3 win=three");
    REQUIRE(two.has_value());
    CHECK(*two == game::OptionList{{"rows", "3"}, {"win", "three"}});
    auto empty_value = game::parse_edge_options("win=");
    REQUIRE(empty_value.has_value());
    CHECK(*empty_value == game::OptionList{{"win", ""}});
    for (const char *bad : {"rows=3  win=three", "rows", "=3", " rows=3", "rows=3 "}) {
        auto refused = game::parse_edge_options(bad);
        INFO(bad);
        REQUIRE_FALSE(refused.has_value());
        CHECK(refused.error().message.find("is not name=value") != std::string::npos);
    }
}

TEST_CASE("an edge applies where every rule option it names has that value, defaults filled in",
          "[abi][rule_edges]") {
    auto ataxx = load("ataxx");  // one option, halfmove_limit, default 100
    const game::RuleEdge names_none = edge_with_options("");
    const game::RuleEdge at_100 = edge_with_options("halfmove_limit=100");
    const game::RuleEdge at_200 = edge_with_options("halfmove_limit=200");
    // An edge that names no option holds under every value of it.
    CHECK(game::edge_applies(*ataxx, names_none, {}).applies);
    CHECK(game::edge_applies(*ataxx, names_none, {{"halfmove_limit", "150"}}).applies);
    CHECK(game::edge_applies(*ataxx, at_100, {}).applies);  // the default, filled in
    CHECK(game::edge_applies(*ataxx, at_200, {{"halfmove_limit", "200"}}).applies);
    const auto no = game::edge_applies(*ataxx, at_200, {});
    CHECK_FALSE(no.applies);
    CHECK(no.reason == "needs halfmove_limit=200 (here halfmove_limit=100)");
    const auto other = game::edge_applies(*ataxx, at_100, {{"halfmove_limit", "150"}});
    CHECK_FALSE(other.applies);
    CHECK(other.reason == "needs halfmove_limit=100 (here halfmove_limit=150)");
    const auto unknown = game::edge_applies(*ataxx, edge_with_options("colour=red"), {});
    CHECK_FALSE(unknown.applies);
    CHECK(unknown.reason == "needs colour=red (here colour (no such option))");
}

TEST_CASE("the Othello and Ataxx tables read into values, in the plugin's order", "[abi][rule_edges]") {
    auto othello = load("othello");
    const game::RuleEdges table = game::read_rule_edges(*othello);
    CHECK(table.present);
    CHECK(table.problems.empty());
    REQUIRE(table.edges.size() == 8);  // plugins/othello/rule_edges.cpp
    const game::RuleEdge &pass = table.edges[1];
    CHECK(pass.number == 2);
    CHECK(pass.rule == "forced-pass");
    CHECK(pass.expect == game::EdgeExpect::MustNotPlay);
    CHECK(pass.move == "pass");
    CHECK(pass.moves == std::vector<std::string>{"d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1", "pass"});
    const arb::protocol::Position at_pass = game::edge_position(othello, pass, {});
    CHECK(at_pass.startpos);
    CHECK(at_pass.moves == std::vector<std::string>{"d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1", "pass"});
    CHECK(pass.label() == "edge 2 (forced-pass)");
    CHECK(pass.rule_failure().rfind("forced-pass: answered 'pass' after", 0) == 0);
    // The state at the edge: white to move after black's pass, with a3 b4 d6 (the Python model's list).
    auto state = game::edge_state(othello, pass, {});
    REQUIRE(state.has_value());
    std::vector<std::string> moves;
    for (arb_move m : state->legal_moves()) moves.push_back(state->format_move(m));
    CHECK(moves == std::vector<std::string>{"a3", "b4", "d6"});

    auto ataxx = load("ataxx");
    const game::RuleEdges edges = game::read_rule_edges(*ataxx);
    REQUIRE(edges.edges.size() == 12);  // plugins/ataxx/rule_edges.cpp
    const game::RuleEdge &gap_jump = edges.edges[5];
    CHECK(gap_jump.expect == game::EdgeExpect::MustPlay);
    const arb::protocol::Position at_gap = game::edge_position(ataxx, gap_jump, {});
    CHECK_FALSE(at_gap.startpos);
    CHECK(at_gap.fen == "ooooooo/ooo1ooo/oo---oo/oo-x-oo/oo---oo/ooooooo/ooooooo x 0 1");
    CHECK(at_gap.moves.empty());
    CHECK(edges.edges.back().option_list == game::OptionList{{"halfmove_limit", "1000"}});
}

// UCI's "startpos" is the standard array whatever UCI_Chess960 says: an edge
// without a position, checked under Chess960, must start from the game's
// own (seeded) array, sent as a fen.
TEST_CASE("an edge without a position is sent as startpos only from the game's default start", "[abi][rule_edges]") {
    auto chess = load("chess");
    game::RuleEdge edge = edge_with_options("");
    CHECK(game::edge_position(chess, edge, {}).startpos);
    CHECK(game::edge_position(chess, edge, {{"variant", "standard"}}).startpos);
    const arb::protocol::Position c960 = game::edge_position(chess, edge, {{"variant", "chess960"}});
    INFO(c960.fen);
    CHECK_FALSE(c960.startpos);
    CHECK(c960.fen.find("rnbqkbnr/pppppppp") == std::string::npos);  // not the standard array
    CHECK(c960.fen.size() > 40);
    CHECK(c960.moves.empty());
}

TEST_CASE("an edge that does not load says which part failed", "[abi][rule_edges]") {
    auto othello = load("othello");
    game::RuleEdge edge = edge_with_options("");
    edge.moves = {"f5", "f5"};
    auto state = game::edge_state(othello, edge, {});
    REQUIRE_FALSE(state.has_value());
    CHECK(state.error().message.rfind("move 2 'f5' refused: ", 0) == 0);
    edge.moves.clear();
    edge.position = "nonsense";
    state = game::edge_state(othello, edge, {});
    REQUIRE_FALSE(state.has_value());
    CHECK(state.error().message.rfind("position 'nonsense' refused: ", 0) == 0);
}

TEST_CASE("a plugin without the extension has no edges and no problems", "[abi][rule_edges]") {
    auto tictactoe = load("tictactoe");
    const game::RuleEdges table = game::read_rule_edges(*tictactoe);
    CHECK_FALSE(table.present);
    CHECK(table.edges.empty());
    CHECK(table.problems.empty());
}
