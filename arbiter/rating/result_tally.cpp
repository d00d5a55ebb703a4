#include "rating/result_tally.hpp"

namespace arb::rating {

void ResultTally::add(const GameOutcome &game) {
    counts_.pairs.add(game.first, game.second, game.score);  // checks the game first
    ++counts_.games;
    if (game.margin) {
        counts_.margins[game.first].add(*game.margin);
        counts_.margins[game.second].add(-*game.margin);
    }
    const bool head_to_head = (game.first == 0 && game.second == 1) || (game.first == 1 && game.second == 0);
    if (!head_to_head) return;
    const double of_engine_0 = game.first == 0 ? game.score : 1.0 - game.score;
    add_game(counts_.trinomial, of_engine_0);
    if (game.pair_id < 0) return;
    auto [open, first_game] = open_pairs_.try_emplace(game.pair_id, of_engine_0);
    if (first_game) return;
    add_pair(counts_.pentanomial, open->second, of_engine_0);
    open_pairs_.erase(open);
}

}  // namespace arb::rating
