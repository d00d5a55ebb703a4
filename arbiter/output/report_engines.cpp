#include "output/report_engines.hpp"

namespace arb::output {

std::optional<double> EngineFigures::Engine::mean_ms() const {
    if (moves == 0) return std::nullopt;
    return static_cast<double>(milliseconds) / static_cast<double>(moves);
}

std::optional<double> EngineFigures::Engine::mean_depth() const {
    if (depths == 0) return std::nullopt;
    return static_cast<double>(depth_sum) / static_cast<double>(depths);
}

std::optional<double> EngineFigures::Engine::mean_nodes() const {
    if (node_counts == 0) return std::nullopt;
    return node_sum / static_cast<double>(node_counts);
}

void EngineFigures::add_move(const match::FinishedGame &game, int side, const match::MoveRecord &move) {
    if (side != 0 && side != 1) return;
    const auto index = static_cast<size_t>(game.slot.engine[side]);
    if (index >= engines_.size() || move.forced) return;
    auto &e = engines_[index];
    ++e.moves;
    const int64_t ms = std::max<int64_t>(0, move.elapsed.count());
    e.milliseconds += ms;
    if (move.info.depth) {
        e.depth_sum += *move.info.depth;
        ++e.depths;
    }
    if (move.info.nodes) {
        e.node_sum += static_cast<double>(*move.info.nodes);
        ++e.node_counts;
    }
    const auto n = static_cast<size_t>(own_moves_[side]++);
    if (e.ms_by_move.size() <= n) {
        e.ms_by_move.resize(n + 1, 0);
        e.moves_by_move.resize(n + 1, 0);
    }
    e.ms_by_move[n] += ms;
    ++e.moves_by_move[n];
}

void EngineFigures::add_game(const match::FinishedGame &game) {
    own_moves_[0] = own_moves_[1] = 0;
    ++games_;
    const auto &r = game.record;
    const auto plies = static_cast<int64_t>(r.opening_moves.size() + r.moves.size());
    const double side0 = r.result == ARB_RESULT_WIN_SIDE_0 ? 1 : r.result == ARB_RESULT_WIN_SIDE_1 ? 0
                         : r.result == ARB_RESULT_DRAW     ? 0.5
                                                           : -1;
    for (int side = 0; side < 2; ++side) {
        const auto index = static_cast<size_t>(game.slot.engine[side]);
        if (index >= engines_.size()) continue;
        auto &e = engines_[index];
        e.game_plies.push_back(plies);
        if (side0 >= 0) e.points.push_back(side == 0 ? side0 : 1 - side0);
        if (e.protocol.empty()) e.protocol = r.protocols[side];
    }
}

}  // namespace arb::output
