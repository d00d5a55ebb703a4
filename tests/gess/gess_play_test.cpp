// Random games through the ABI: they end, the rules' invariants hold at
// every ply, and the single-move checker (parse_move) agrees with the move
// generator on every (from, to) pair of the grid.
#include "gess_support.hpp"

#include <random>
#include <set>

using namespace gess_test;

namespace {

std::string square_text(int index) {
    return std::string(1, static_cast<char>('a' + index % 20)) + std::to_string(index / 20 + 1);
}

// All 25080 (from, to) texts along ranks, files and diagonals of the grid.
const std::vector<std::string> &all_line_pairs() {
    static const std::vector<std::string> pairs = [] {
        std::vector<std::string> out;
        for (int a = 0; a < 400; ++a)
            for (int b = 0; b < 400; ++b) {
                const int dx = b % 20 - a % 20, dy = b / 20 - a / 20;
                if (a != b && (dx == 0 || dy == 0 || dx == dy || dx == -dy))
                    out.push_back(square_text(a) + "-" + square_text(b));
            }
        return out;
    }();
    return pairs;
}

void check_generator_matches_checker(const GameState &state) {
    const std::vector<std::string> legal = arb::test::legal_move_texts(state);
    std::set<std::string> accepted;
    for (const std::string &text : all_line_pairs()) {
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        const arb_status status = state.parse_move(text.c_str(), move, error);
        if (status == ARB_OK) {
            accepted.insert(text);
        } else {
            INFO(text);
            REQUIRE(status == ARB_ERR_ILLEGAL);
            REQUIRE_FALSE(error.empty());
        }
    }
    INFO(state.position());
    CHECK(std::vector<std::string>(accepted.begin(), accepted.end()) == legal);
}

}  // namespace

TEST_CASE("gess declares max_legal_moves = 8 x 43 x 19, within the grid's line pairs", "[gess][play]") {
    GameState state = new_gess();
    CHECK(state.api().max_legal_moves == 8 * 43 * 19);
    CHECK(all_line_pairs().size() == 25080);
    // A ring each and 35 more black stones scattered with open lines between them.
    std::string open_board = state.position();
    for (char &c : open_board)
        if (c == 'X' || c == 'O') c = '.';
    for (const char *sq : {"q2", "r2", "s2", "q3", "s3", "q4", "r4", "s4"}) set_stone(open_board, sq, 'X');
    for (const char *sq : {"b17", "c17", "d17", "b18", "d18", "b19", "c19", "d19"}) set_stone(open_board, sq, 'O');
    int placed = 8;
    for (int row = 7; row <= 17; row += 2)
        for (char column = 'd'; column <= 'p' && placed < 43; column = static_cast<char>(column + 2), ++placed)
            set_stone(open_board, std::string(1, column) + std::to_string(row), 'X');
    REQUIRE(count_stones(open_board, 'X') == 43);
    auto lose = new_gess({"grid20", "lose", true});
    REQUIRE(lose.set_position(open_board).has_value());
    const size_t n = lose.legal_moves().size();
    CHECK(n > 345);
    CHECK(n <= static_cast<size_t>(lose.api().max_legal_moves));
}

TEST_CASE("gess random games end, keep the invariants and agree with the move checker", "[gess][play]") {
    for (const Setting &setting : all_settings()) {
        INFO(setting.label());
        const bool lose = setting.ring_rule == "lose";
        std::mt19937 rng(31337);
        const int games = lose ? 40 : 6;
        int checked_positions = 0;
        for (int g = 0; g < games; ++g) {
            GameState state = new_gess(setting);
            int ply = 0;
            int stones[2] = {43, 43};
            for (; ply < 3000; ++ply) {
                const std::vector<arb_move> moves = state.legal_moves();
                if (moves.empty()) break;
                REQUIRE(state.outcome().result == ARB_RESULT_ONGOING);
                if (ply % 40 == 1 && g < 2) {
                    check_generator_matches_checker(state);
                    ++checked_positions;
                }
                const int mover = state.side_to_move();
                state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
                const std::string pos = state.position();
                const int now[2] = {count_stones(pos, 'X'), count_stones(pos, 'O')};
                CHECK(now[0] <= stones[0]);
                CHECK(now[1] <= stones[1]);
                CHECK(now[0] + now[1] < stones[0] + stones[1] + 1);
                stones[0] = now[0];
                stones[1] = now[1];
                const arb_outcome o = state.outcome();
                if (o.result != ARB_RESULT_ONGOING) {
                    const std::string reason = o.reason;
                    if (!lose) {
                        // With ring_rule=illegal only the mover can win.
                        CHECK(o.result == (mover == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1));
                        CHECK(reason.find("has no ring left") != std::string::npos);
                    }
                }
            }
            INFO("game " << g << " plies " << ply);
            CHECK(ply < 3000);
            CHECK(state.over());
        }
        CHECK(checked_positions > 0);
    }
}
