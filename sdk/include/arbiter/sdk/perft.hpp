// Perft through the C ABI: counts the legal move sequences of exactly `depth`
// plies (a game that ends earlier contributes 0). It works on any plugin and
// allocates only up front: one state and one move buffer per ply, then
// copy-make with assign().
#pragma once

#include <arbiter/game.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

namespace arb::sdk {

class Perft {
public:
    Perft(const arb_game_api &api, const arb_state *root, int max_depth) : api_(api) {
        const int levels = max_depth > 0 ? max_depth : 1;
        for (int i = 0; i < levels; ++i) {
            arb_state *s = api.clone(root);
            if (s == nullptr) throw std::runtime_error("perft: the plugin could not copy the state");
            states_.emplace_back(s, api.destroy);
            moves_.emplace_back(static_cast<size_t>(api.max_legal_moves));
        }
    }

    // Leaf count of `depth` plies below `root`.
    uint64_t count(const arb_state *root, int depth) { return depth <= 0 ? 1 : count_at(root, depth, 0); }

    // Per root move: calls visit(move, leaf count) in the plugin's move order.
    void divide(const arb_state *root, int depth, const std::function<void(arb_move, uint64_t)> &visit) {
        if (depth <= 0) return;
        std::vector<arb_move> root_moves(static_cast<size_t>(api_.max_legal_moves));
        int32_t n = api_.legal_moves(root, root_moves.data(), api_.max_legal_moves);
        for (int32_t i = 0; i < n; ++i) {
            arb_state *child = states_[0].get();
            api_.assign(child, root);
            api_.play(child, root_moves[i]);
            visit(root_moves[i], depth == 1 ? 1 : count_at(child, depth - 1, 1));
        }
    }

private:
    uint64_t count_at(const arb_state *node, int depth, size_t level) {
        std::vector<arb_move> &moves = moves_[level];
        int32_t n = api_.legal_moves(node, moves.data(), api_.max_legal_moves);
        if (depth == 1) return static_cast<uint64_t>(n);
        uint64_t total = 0;
        arb_state *child = states_[level].get();
        for (int32_t i = 0; i < n; ++i) {
            api_.assign(child, node);
            api_.play(child, moves[i]);
            total += count_at(child, depth - 1, level + 1);
        }
        return total;
    }

    using StatePtr = std::unique_ptr<arb_state, void(ARB_CALL *)(arb_state *)>;
    const arb_game_api &api_;
    std::vector<StatePtr> states_;
    std::vector<std::vector<arb_move>> moves_;
};

}  // namespace arb::sdk
