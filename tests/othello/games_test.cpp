// The reference games: every position's legal move list and count, the
// final scores, and a replay of each game from the start in which every
// position must follow from the previous one by exactly one legal move.
#include "othello/vectors.hpp"

using namespace arb;

namespace {

const std::string kStart = "---------------------------OX------XO--------------------------- X";

}  // namespace

TEST_CASE("othello legal moves and scores match every line of games.txt", "[othello][vectors]") {
    auto games = othello_test::read_games(test::data_path("othello/games.txt"));
    REQUIRE(games.size() >= 2);
    auto state = test::new_game("othello");
    size_t lines = 0;
    for (const auto &game : games) {
        for (const auto &line : game) {
            INFO("games.txt line " << line.line_no << ": " << line.position);
            auto set = state.set_position(line.position);
            REQUIRE(set.has_value());
            CHECK(state.position() == line.position);
            auto legal = test::legal_move_texts(state);
            CHECK(static_cast<int>(legal.size()) == line.legal_count);
            arb_outcome o = state.outcome();
            if (line.over) {
                CHECK(legal.empty());
                CHECK(o.result != ARB_RESULT_ONGOING);
                CHECK(o.has_score == 1);
                CHECK(o.score[0] == line.score[0]);
                CHECK(o.score[1] == line.score[1]);
                CHECK(state.side_to_move() == ARB_SIDE_NONE);
            } else {
                CHECK(legal == line.legal);
                CHECK(o.result == ARB_RESULT_ONGOING);
            }
            ++lines;
        }
    }
    CHECK(lines == 122);  // 125 lines less the comment and two game headers
}

TEST_CASE("othello replays every reference game move by move from the start", "[othello][vectors]") {
    auto games = othello_test::read_games(test::data_path("othello/games.txt"));
    for (const auto &game : games) {
        REQUIRE(game.size() >= 2);
        CHECK(game.front().position == kStart);
        auto state = test::new_game("othello");
        for (size_t i = 1; i < game.size(); ++i) {
            const std::string &next = game[i].position;
            INFO("games.txt line " << game[i].line_no << " from " << state.position());
            std::vector<std::string> leading;
            game::GameState found = state;
            for (arb_move m : state.legal_moves()) {
                game::GameState child = state;
                child.play(m);
                if (child.position() == next) {
                    leading.push_back(state.format_move(m));
                    found = child;
                }
            }
            REQUIRE(leading.size() == 1);
            state = found;
        }
        arb_outcome o = state.outcome();
        CHECK(o.result == (game.back().score[0] > game.back().score[1] ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1));
        CHECK(std::string(o.reason) == "board full");
    }
}
