// The SDK example plugin, through the loaded ABI: known perft counts and
// the basic round trips.
#include "support/plugins.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;

TEST_CASE("tictactoe perft matches the known counts", "[abi][tictactoe]") {
    auto state = test::new_game("tictactoe");
    sdk::Perft perft(state.api(), state.raw(), 9);
    const uint64_t expected[] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    for (int depth = 1; depth <= 9; ++depth) CHECK(perft.count(state.raw(), depth) == expected[depth - 1]);
}

TEST_CASE("tictactoe plays to a win and reports it", "[abi][tictactoe]") {
    auto state = test::new_game("tictactoe");
    for (const char *m : {"a1", "a2", "b1", "b2", "c1"}) test::play_text(state, m);
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(o.reason) == "three in a row");
    CHECK(state.legal_moves().empty());
    CHECK(state.side_to_move() == ARB_SIDE_NONE);
    CHECK(state.position() == "XXXOO.... O");
}

TEST_CASE("tictactoe refuses taken squares and bad text with reasons", "[abi][tictactoe]") {
    auto state = test::new_game("tictactoe");
    test::play_text(state, "b2");
    arb_move move;
    std::string error;
    CHECK(state.parse_move("b2", move, error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("taken") != std::string::npos);
    CHECK(state.parse_move("d1", move, error) == ARB_ERR_SYNTAX);
    CHECK(error.find("column 'd'") != std::string::npos);
    CHECK(state.parse_move("a4", move, error) == ARB_ERR_SYNTAX);
    CHECK(state.parse_move("", move, error) == ARB_ERR_SYNTAX);
    CHECK(state.parse_move("a1 ", move, error) == ARB_ERR_SYNTAX);
}

TEST_CASE("tictactoe has no options and says so", "[abi][tictactoe]") {
    auto plugin = test::load_plugin("tictactoe");
    auto state = game::GameState::create(plugin, {{"size", "4"}});
    REQUIRE_FALSE(state.has_value());
    CHECK(state.error().message.find("unknown option 'size'") != std::string::npos);
}
