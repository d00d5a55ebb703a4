// MCTS in process, through the plugins' ABI.
#include "mcts.hpp"

#include "support/plugins.hpp"

#include <catch2/catch.hpp>

using namespace arb;
using namespace arb::engines;

namespace {

game::GameState countdown(const std::string &position) {
    auto plugin = game::find_plugin("countdown", {std::string(ARBITER_BUILD_DIR) + "/tests/engine_plugins"});
    REQUIRE(plugin);
    auto state = game::GameState::create(*plugin, {});
    REQUIRE(state);
    REQUIRE(state->set_position(position));
    return std::move(*state);
}

}  // namespace

TEST_CASE("win rates map to scores symmetrically and within bounds", "[engines][mcts]") {
    CHECK(win_rate_to_cp(0.5) == 0);
    CHECK(win_rate_to_cp(0.75) == -win_rate_to_cp(0.25));
    CHECK(win_rate_to_cp(0.75) == 191);  // 400 log10(3)
    CHECK(win_rate_to_cp(1.0) == 1320);  // win rates are clamped to [0.0005, 0.9995]
    CHECK(win_rate_to_cp(0.0) == -1320);
}

TEST_CASE("mcts finds the winning take and reports a winning score", "[engines][mcts]") {
    Mcts mcts;
    Rng rng(7);
    SearchBudget budget;
    budget.playouts = 3000;
    for (const auto &[position, best] : {std::pair{"5 0", "1"}, {"6 1", "2"}, {"7 0", "3"}, {"9 0", "1"}}) {
        game::GameState state = countdown(position);
        ugi::SearchResult r = mcts.search(state, budget, rng, nullptr);
        INFO(position);
        CHECK(r.move == best);
        REQUIRE(r.info);
        CHECK(*r.info->score_cp > 0);
        CHECK(r.info->nodes == 3000);
    }
    ugi::SearchResult lost = mcts.search(countdown("8 0"), budget, rng, nullptr);
    CHECK(*lost.info->score_cp < 0);
}

TEST_CASE("mcts is deterministic given the seed and stops at the depth limit", "[engines][mcts]") {
    game::GameState state = test::new_game("tictactoe");
    SearchBudget budget;
    budget.playouts = 500;
    Mcts a, b;
    Rng ra(3), rb(3);
    auto first = a.search(state, budget, ra, nullptr);
    auto second = b.search(state, budget, rb, nullptr);
    CHECK(first.move == second.move);
    CHECK(first.info->score_cp == second.info->score_cp);

    SearchBudget shallow;
    shallow.depth = 2;
    shallow.playouts = 100000;
    auto r = a.search(state, shallow, ra, nullptr);
    CHECK(r.info->depth == 2);
    CHECK(*r.info->nodes < 100000);
}

TEST_CASE("a full node pool stops growth but not the search", "[engines][mcts]") {
    MctsSettings settings;
    settings.max_nodes = 20;
    Mcts mcts(settings);
    Rng rng(1);
    SearchBudget budget;
    budget.playouts = 2000;
    auto r = mcts.search(test::new_game("tictactoe"), budget, rng, nullptr);
    CHECK(r.info->nodes == 2000);
    CHECK(!r.move.empty());
}
