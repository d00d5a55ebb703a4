// The reference playouts: replayed from the start (the repetition rule
// depends on history), every position, result and legal move list must agree.
#include "vectors.hpp"

using namespace arb;
using namespace arb::test::baghchal;

namespace {

// The legal move that leads to `next`, or ARB_MOVE_NONE.
arb_move move_to(const game::GameState &state, const std::string &next) {
    arb_move found = ARB_MOVE_NONE;
    for (arb_move m : state.legal_moves()) {
        game::GameState child = state;
        child.play(m);
        if (child.position() == next) {
            REQUIRE(found == ARB_MOVE_NONE);  // distinct moves give distinct positions
            found = m;
        }
    }
    return found;
}

}  // namespace

TEST_CASE("baghchal replays the reference playouts from the start", "[baghchal][vectors]") {
    const auto playouts = read_playouts();
    REQUIRE(playouts.size() >= 3);
    size_t checked = 0, movement_phase = 0, finished = 0;
    for (size_t p = 0; p < playouts.size(); ++p) {
        const auto &steps = playouts[p];
        auto state = test::new_game("baghchal");
        for (size_t i = 0; i < steps.size(); ++i) {
            const PlayoutStep &step = steps[i];
            INFO("playout " << p << " step " << i << ": " << step.position);
            REQUIRE(state.position() == step.position);
            CHECK(test::legal_move_texts(state) == step.moves);
            CHECK(step.moves.size() == step.legal_count);
            arb_outcome o = state.outcome();
            CHECK(o.result == result_of(step.result));
            if (o.result != ARB_RESULT_ONGOING) {
                CHECK(o.reason[0] != '\0');
                CHECK(state.side_to_move() == ARB_SIDE_NONE);
                ++finished;
            }
            if (goats_in_hand(step.position) == 0) ++movement_phase;
            ++checked;
            if (i + 1 < steps.size()) {
                arb_move m = move_to(state, steps[i + 1].position);
                REQUIRE(m != ARB_MOVE_NONE);
                state.play(m);
            }
        }
    }
    CHECK(checked > 150);
    CHECK(movement_phase > 20);  // the vectors reach the sliding phase
    CHECK(finished >= 2);
}

TEST_CASE("baghchal reference positions set without history", "[baghchal][vectors]") {
    // A position string carries no history: with goats in hand the moves are
    // exactly the reference's; once all are placed, the forbidden repetitions
    // are forgotten, so the reference's moves are a subset.
    for (const auto &steps : read_playouts()) {
        for (const PlayoutStep &step : steps) {
            INFO(step.position);
            auto state = test::new_game("baghchal");
            auto set = state.set_position(step.position);
            REQUIRE(set.has_value());
            CHECK(state.position() == step.position);
            auto moves = test::legal_move_texts(state);
            if (goats_in_hand(step.position) > 0) {
                CHECK(moves == step.moves);
            } else {
                CHECK(std::includes(moves.begin(), moves.end(), step.moves.begin(), step.moves.end()));
            }
            CHECK(state.outcome().result == result_of(step.result));
        }
    }
}
