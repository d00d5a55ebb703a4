#include "mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace arb::engines {

int64_t win_rate_to_cp(double w) {
    w = std::clamp(w, 0.0005, 0.9995);
    double cp = 400.0 * std::log10(w / (1.0 - w));
    return std::llround(cp);
}

bool Mcts::expand(int32_t node, const game::GameState &state, Rng &rng) {
    const arb_game_api &api = state.api();
    int32_t n = api.legal_moves(state.raw(), moves_.data(), static_cast<int32_t>(moves_.size()));
    if (n <= 0) return false;
    if (nodes_.size() + static_cast<size_t>(n) > settings_.max_nodes) return false;
    // Shuffled, so that unvisited children are tried in random order.
    for (int32_t i = n - 1; i > 0; --i) std::swap(moves_[static_cast<size_t>(i)], moves_[rng.below(static_cast<uint32_t>(i + 1))]);
    int32_t mover = api.side_to_move(state.raw());
    int32_t first = static_cast<int32_t>(nodes_.size());
    for (int32_t i = 0; i < n; ++i) {
        Node child;
        child.move = moves_[static_cast<size_t>(i)];
        child.mover = mover;
        nodes_.push_back(child);
    }
    nodes_[static_cast<size_t>(node)].first_child = first;
    nodes_[static_cast<size_t>(node)].child_count = n;
    return true;
}

int32_t Mcts::select_child(int32_t node) const {
    const Node &parent = nodes_[static_cast<size_t>(node)];
    double log_visits = std::log(static_cast<double>(std::max<uint32_t>(parent.visits, 1)));
    int32_t best = parent.first_child;
    double best_value = -1.0;
    for (int32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
        const Node &child = nodes_[static_cast<size_t>(c)];
        if (child.visits == 0) return c;
        double value = child.reward / child.visits + settings_.exploration * std::sqrt(log_visits / child.visits);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    return best;
}

double Mcts::playout(game::GameState &state, Rng &rng) {
    const arb_game_api &api = state.api();
    arb_state *raw = state.raw();
    for (int ply = 0; ply < settings_.max_playout_plies; ++ply) {
        int32_t n = api.legal_moves(raw, moves_.data(), static_cast<int32_t>(moves_.size()));
        if (n <= 0) break;
        api.play(raw, moves_[rng.below(static_cast<uint32_t>(n))]);
    }
    switch (state.outcome().result) {
    case ARB_RESULT_WIN_SIDE_0: return 1.0;
    case ARB_RESULT_WIN_SIDE_1: return 0.0;
    default: return 0.5;  // draw, or a playout cut at the ply cap
    }
}

ugi::SearchResult Mcts::search(const game::GameState &root, const SearchBudget &budget, Rng &rng,
                               const ugi::SearchContext *context) {
    using clock = std::chrono::steady_clock;
    const auto started = context ? context->started() : clock::now();
    // A far deadline stands for "none" (GCC 12 warns on an optional here).
    const bool timed = budget.time.has_value();
    const auto deadline = timed ? started + *budget.time : clock::time_point::max();

    if (nodes_.capacity() < settings_.max_nodes) nodes_.reserve(settings_.max_nodes);
    nodes_.clear();
    nodes_.emplace_back();
    moves_.resize(static_cast<size_t>(root.api().max_legal_moves));
    if (!sim_ || sim_source_ != root.raw()) {
        sim_.emplace(root);
        sim_source_ = root.raw();
    }
    game::GameState &sim = *sim_;

    int64_t playouts = 0;
    int64_t max_depth = 0;
    for (;;) {
        if (budget.playouts && playouts >= *budget.playouts) break;
        if (budget.depth && max_depth >= *budget.depth) break;
        if ((playouts & 15) == 0 || budget.time) {
            if (context && context->stop_requested()) break;
            if (timed && clock::now() >= deadline) break;
        }
        sim = root;  // assign(): no allocation
        path_.clear();
        path_.push_back(0);
        int32_t node = 0;
        while (nodes_[static_cast<size_t>(node)].child_count > 0) {
            node = select_child(node);
            sim.play(nodes_[static_cast<size_t>(node)].move);
            path_.push_back(node);
        }
        // Grow at a leaf that has been visited before (the root at once).
        if (node == 0 || nodes_[static_cast<size_t>(node)].visits > 0) {
            if (expand(node, sim, rng)) {
                node = select_child(node);
                sim.play(nodes_[static_cast<size_t>(node)].move);
                path_.push_back(node);
            }
        }
        max_depth = std::max<int64_t>(max_depth, static_cast<int64_t>(path_.size()) - 1);
        double reward0 = playout(sim, rng);
        for (int32_t id : path_) {
            Node &n = nodes_[static_cast<size_t>(id)];
            ++n.visits;
            n.reward += n.mover == 0 ? reward0 : 1.0 - reward0;
        }
        ++playouts;
    }

    ugi::SearchResult result;
    const Node &top = nodes_[0];
    if (top.child_count == 0) {
        // No iteration ran (stopped at once): any legal move is still a move.
        int32_t n = root.api().legal_moves(root.raw(), moves_.data(), static_cast<int32_t>(moves_.size()));
        if (n > 0) result.move = root.format_move(moves_[0]);
        return result;
    }
    // Most visits; among equals (few playouts for many moves, as in Gess)
    // the higher reward, so that a move whose playouts won is preferred.
    int32_t best = top.first_child;
    for (int32_t c = top.first_child; c < top.first_child + top.child_count; ++c) {
        const Node &n = nodes_[static_cast<size_t>(c)];
        const Node &b = nodes_[static_cast<size_t>(best)];
        if (n.visits > b.visits || (n.visits == b.visits && n.reward > b.reward)) best = c;
    }
    const Node &chosen = nodes_[static_cast<size_t>(best)];
    result.move = root.format_move(chosen.move);
    ugi::SearchInfo info;
    info.depth = std::max<int64_t>(max_depth, 1);
    info.nodes = playouts;
    info.score_cp = win_rate_to_cp(chosen.visits ? chosen.reward / chosen.visits : 0.5);
    info.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - started).count();
    info.pv.push_back(result.move);
    result.info = info;
    return result;
}

}  // namespace arb::engines
