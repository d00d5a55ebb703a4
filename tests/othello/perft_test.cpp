// Perft from the start position through the C ABI, against the "arbiter"
// column of the reference (chess convention: a forced pass is a ply, a game
// that ends early contributes 0). Depth 9 is the first with passes.
#include "othello/vectors.hpp"

#include <arbiter/sdk/perft.hpp>

using namespace arb;

TEST_CASE("othello perft matches the reference arbiter column to depth 9", "[othello][perft]") {
    auto rows = othello_test::read_perft(test::data_path("othello/perft.txt"));
    REQUIRE(rows.size() >= 9);
    auto state = test::new_game("othello");
    sdk::Perft perft(state.api(), state.raw(), 9);
    for (const auto &row : rows) {
        if (row.depth > 9) continue;  // deeper rows are for `arbiter perft` (bench), not the unit suite
        INFO("depth " << row.depth);
        CHECK(perft.count(state.raw(), row.depth) == row.arbiter);
    }
}

TEST_CASE("othello perft divide at depth 2 gives 3 replies to each opening move", "[othello][perft]") {
    auto state = test::new_game("othello");
    sdk::Perft perft(state.api(), state.raw(), 2);
    std::vector<std::string> seen;
    perft.divide(state.raw(), 2, [&](arb_move move, uint64_t count) {
        seen.push_back(state.format_move(move));
        CHECK(count == 3);
    });
    std::sort(seen.begin(), seen.end());
    CHECK(seen == std::vector<std::string>{"c4", "d3", "e6", "f5"});
}
