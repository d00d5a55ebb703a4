// Othello rules through the ABI: the shortest game, forced passes, the end
// of the game and its score (empties to the winner), and move refusals.
#include "support/plugins.hpp"

using namespace arb;

namespace {

std::string error_of(const game::GameState &state, const char *text, arb_status expected) {
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    INFO("move " << text << " in " << state.position());
    CHECK(state.parse_move(text, move, error) == expected);
    CHECK_FALSE(error.empty());
    return error;
}

game::GameState at(const std::string &position) {
    auto state = test::new_game("othello");
    auto set = state.set_position(position);
    INFO(position << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state;
}

// Black to move owns only b1, beside a white a1: it cannot place, while
// white can take b1 from c1 and so wipe black out.
const std::string kBlackMustPass =
    "OX------" "--------" "--------" "---OO---" "---OO---" "--------" "--------" "-------- X";

}  // namespace

TEST_CASE("othello start position, side names and first moves", "[othello][rules]") {
    auto state = test::new_game("othello");
    CHECK(state.position() == "---------------------------OX------XO--------------------------- X");
    CHECK(std::string(state.api().side_names[0]) == "black");
    CHECK(std::string(state.api().side_names[1]) == "white");
    CHECK(state.api().option_count == 0);
    CHECK(state.side_to_move() == ARB_SIDE_0);
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"c4", "d3", "e6", "f5"});
    test::play_text(state, "f5");  // flips e5
    CHECK(state.position() == "---------------------------OX------XXX-------------------------- O");
    CHECK(state.side_to_move() == ARB_SIDE_1);
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"d6", "f4", "f6"});
}

TEST_CASE("othello shortest game: 9 plies, white wiped out, 64-0", "[othello][rules]") {
    auto state = test::new_game("othello");
    for (const char *m : {"d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"}) {
        CHECK_FALSE(state.over());
        test::play_text(state, m);
    }
    CHECK(state.position() == "----X------X-----XXXX------XXX-----XX------X-------X------------ O");
    CHECK(state.legal_moves().empty());
    CHECK(state.side_to_move() == ARB_SIDE_NONE);
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(o.has_score == 1);
    CHECK(o.score[0] == 64);
    CHECK(o.score[1] == 0);
    CHECK(std::string(o.reason) == "white has no discs left");
    CHECK(error_of(state, "a1", ARB_ERR_ILLEGAL).find("game is over") != std::string::npos);
    CHECK(error_of(state, "pass", ARB_ERR_ILLEGAL).find("game is over") != std::string::npos);
}

TEST_CASE("othello forced pass is the only move and hands the turn over", "[othello][rules][pass]") {
    auto state = at(kBlackMustPass);
    CHECK(state.side_to_move() == ARB_SIDE_0);
    CHECK(state.outcome().result == ARB_RESULT_ONGOING);
    REQUIRE(test::legal_move_texts(state) == std::vector<std::string>{"pass"});
    CHECK(state.legal_moves().front() == 64);  // documented move code of pass
    CHECK(error_of(state, "c1", ARB_ERR_ILLEGAL).find("must pass") != std::string::npos);
    CHECK(error_of(state, "a1", ARB_ERR_ILLEGAL).find("taken") != std::string::npos);
    test::play_text(state, "pass");
    CHECK(state.position() ==
          "OX------" "--------" "--------" "---OO---" "---OO---" "--------" "--------" "-------- O");
    CHECK(state.side_to_move() == ARB_SIDE_1);
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"c1"});
    error_of(state, "pass", ARB_ERR_ILLEGAL);
    test::play_text(state, "c1");
    // Black is wiped out with 57 empties: white is recorded 0-64.
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_1);
    CHECK(o.score[0] == 0);
    CHECK(o.score[1] == 64);
    CHECK(std::string(o.reason) == "black has no discs left");
}

TEST_CASE("othello refuses a pass while a placement exists", "[othello][rules][pass]") {
    auto state = test::new_game("othello");
    std::string error = error_of(state, "pass", ARB_ERR_ILLEGAL);
    CHECK(error.find("black may not pass") != std::string::npos);
    CHECK(error.find("4 legal placements") != std::string::npos);
    // Through the ABI, play() itself refuses a pass or a placement that turns nothing.
    const arb_game_api &api = state.api();
    CHECK(api.play(state.raw(), 64) == ARB_ERR_ILLEGAL);
    CHECK(api.play(state.raw(), 0) == ARB_ERR_ILLEGAL);     // a1 turns nothing
    CHECK(api.play(state.raw(), 27) == ARB_ERR_ILLEGAL);    // d4 is taken
    CHECK(api.play(state.raw(), 65) == ARB_ERR_ILLEGAL);
    CHECK(api.play(state.raw(), -1) == ARB_ERR_ILLEGAL);
    CHECK(state.position() == "---------------------------OX------XO--------------------------- X");
}

TEST_CASE("othello game over with empties: score goes to the winner, split on a draw", "[othello][rules][score]") {
    // Black holds the centre, white the four corners: nobody can flank anything.
    auto draw = at("O------O" "--------" "--------" "---XX---" "---XX---" "--------" "--------" "O------O X");
    CHECK(draw.legal_moves().empty());
    arb_outcome o = draw.outcome();
    CHECK(o.result == ARB_RESULT_DRAW);
    CHECK(o.score[0] == 32);
    CHECK(o.score[1] == 32);
    CHECK(std::string(o.reason) == "no legal moves for either side");

    // Same, with one more black disc on b8 kept out of every line: 5-4 with 55 empties.
    auto win = at("O------O" "--------" "--------" "---XX---" "---XX---" "--------" "--------" "O-X----O O");
    CHECK(win.legal_moves().empty());
    o = win.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
    CHECK(o.score[0] == 60);
    CHECK(o.score[1] == 4);
    CHECK(std::string(o.reason) == "no legal moves for either side");
}

TEST_CASE("othello move text is strict lower-case squares or 'pass'", "[othello][rules]") {
    auto state = test::new_game("othello");
    CHECK(error_of(state, "F5", ARB_ERR_SYNTAX).find("'F'") != std::string::npos);
    CHECK(error_of(state, "i1", ARB_ERR_SYNTAX).find("column 'i'") != std::string::npos);
    CHECK(error_of(state, "a9", ARB_ERR_SYNTAX).find("'9'") != std::string::npos);
    error_of(state, "f5 ", ARB_ERR_SYNTAX);
    error_of(state, "pa", ARB_ERR_SYNTAX);
    error_of(state, "PASS", ARB_ERR_SYNTAX);
    error_of(state, "", ARB_ERR_SYNTAX);
    CHECK(error_of(state, "a1", ARB_ERR_ILLEGAL).find("black on a1 would turn no white disc") != std::string::npos);
    CHECK(error_of(state, "e4", ARB_ERR_ILLEGAL).find("square e4 is taken") != std::string::npos);
}
