// UCT Monte Carlo tree search through the game ABI: selection by UCB1,
// expansion of all legal moves at once, uniformly random playouts (capped in
// length; unfinished ones count as draws) and copy-make with assign().
// The node pool and move buffers are allocated once per engine and reused.
#pragma once

#include "rng.hpp"
#include "search_budget.hpp"

#include "game/game_state.hpp"

#include <arbiter/ugi/engine_loop.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace arb::engines {

struct MctsSettings {
    int max_playout_plies = 1000;    // longer playouts are scored as draws
    size_t max_nodes = 1u << 20;     // tree size cap; past it the tree stops growing
    double exploration = 1.41421356; // UCB1 constant
};

class Mcts {
public:
    explicit Mcts(MctsSettings settings = {}) : settings_(settings) {}

    // Searches `root` (game not over, at least one legal move) within the
    // budget; returns the most visited move and its statistics.
    ugi::SearchResult search(const game::GameState &root, const SearchBudget &budget, Rng &rng,
                             const ugi::SearchContext *context);

private:
    struct Node {
        arb_move move = ARB_MOVE_NONE;  // the move leading here (valid in the parent's state)
        int32_t first_child = -1;       // children are contiguous in the pool
        int32_t child_count = 0;
        int32_t mover = 0;              // side that played `move`
        uint32_t visits = 0;
        double reward = 0.0;            // sum of results for `mover` (1 win, 0.5 draw)
    };

    bool expand(int32_t node, const game::GameState &state, Rng &rng);
    int32_t select_child(int32_t node) const;
    // Plays random moves to the end; returns the reward of side 0.
    double playout(game::GameState &state, Rng &rng);

    MctsSettings settings_;
    std::vector<Node> nodes_;
    std::vector<int32_t> path_;
    std::vector<arb_move> moves_;
    std::optional<game::GameState> sim_;
    const arb_state *sim_source_ = nullptr;  // sim_ is only assign()ed from states of the same options
};

// Win rate (0..1) to a centipawn-like score: 400 * log10(w / (1 - w)), with
// w clamped to [0.0005, 0.9995] (so at most +-1320).
int64_t win_rate_to_cp(double win_rate);

}  // namespace arb::engines
