// The plugin against the naive model of gess_reference_model.hpp, under all
// six settings, along random games: the same legal moves, the same board
// after each of them, the same outcome.
#include "gess_reference_model.hpp"
#include "gess_support.hpp"

#include <map>
#include <random>

using namespace gess_test;

namespace {

arb_result reference_outcome(const ReferenceModel &after, char mover) {
    const char other = mover == 'X' ? 'O' : 'X';
    const arb_result mover_wins = mover == 'X' ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1;
    const arb_result other_wins = mover == 'X' ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_WIN_SIDE_0;
    if (!after.has_ring(mover)) return other_wins;
    if (!after.has_ring(other)) return mover_wins;
    return ARB_RESULT_ONGOING;
}

void compare_with_reference(const GameState &state, const Setting &setting) {
    const std::string pos = state.position();
    INFO(setting.label() << " position " << pos);
    const ReferenceRules rules{setting.centers == "board18", setting.ring_rule == "lose", setting.stop_on_pushoff};
    const ReferenceModel model(pos);
    std::map<std::string, std::string> expected;
    for (auto &[text, after] : model.moves(rules)) expected.emplace(text, after);

    std::map<std::string, arb_move> actual;
    for (arb_move move : state.legal_moves()) actual.emplace(state.format_move(move), move);
    std::vector<std::string> expected_texts, actual_texts;
    for (const auto &entry : expected) expected_texts.push_back(entry.first);
    for (const auto &entry : actual) actual_texts.push_back(entry.first);
    REQUIRE(actual_texts == expected_texts);

    const char mover = pos.back() == 'b' ? 'X' : 'O';
    for (const auto &[text, move] : actual) {
        INFO("move " << text);
        GameState after = state;
        after.play(move);
        const std::string after_pos = after.position();
        REQUIRE(after_pos == expected.at(text));
        CHECK(after.outcome().result == reference_outcome(ReferenceModel(after_pos), mover));
    }
}

}  // namespace

TEST_CASE("gess agrees with the naive reference model along random games", "[gess][reference]") {
    for (const Setting &setting : all_settings()) {
        std::mt19937 rng(4242);
        const bool lose = setting.ring_rule == "lose";
        int compared = 0;
        for (int game = 0; game < (lose ? 5 : 2); ++game) {
            GameState state = new_gess(setting);
            for (int ply = 0; ply < 400; ++ply) {
                const std::vector<arb_move> moves = state.legal_moves();
                if (moves.empty()) break;
                if (ply % (lose ? 1 : 11) == 0) {
                    compare_with_reference(state, setting);
                    ++compared;
                }
                state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
            }
        }
        INFO(setting.label());
        CHECK(compared >= 10);
    }
}
