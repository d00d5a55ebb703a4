#include "compliance/position_sampler.hpp"

#include <random>
#include <utility>

namespace arb::compliance {

namespace {

// Moves tried per ply before a walk gives up at the position it reached.
constexpr size_t kTriesPerPly = 64;

// Whether the arbiter would ask an engine to move here: the game goes on and
// the only move is not a forced pass, as the plugin marks it (docs/protocol.md).
bool askable(const game::GameState &state, std::vector<arb_move> &legal) {
    state.legal_moves(legal);
    return !legal.empty() && !(legal.size() == 1 && (state.move_flags(legal[0]) & ARB_MOVE_PASS) != 0);
}

}  // namespace

std::vector<Probe> random_probes(const game::PluginPtr &plugin, const game::OptionList &options, uint32_t seed,
                                 int count, const std::shared_ptr<game::PluginHost> &host) {
    std::vector<Probe> probes;
    std::mt19937 rng(seed);
    std::vector<arb_move> legal, after;
    for (int attempt = 0; attempt < count * 4 && static_cast<int>(probes.size()) < count; ++attempt) {
        auto created = game::GameState::create(plugin, options, 0, host);
        if (!created) break;
        game::GameState state = std::move(*created);
        Probe probe;
        std::string last_askable;  // position after the longest askable prefix of probe.moves
        size_t askable_plies = 0;
        const int length = std::uniform_int_distribution<int>(1, 40)(rng);
        for (int ply = 0; ply < length; ++ply) {
            state.legal_moves(legal);
            bool moved = false;
            // Random moves without repeats (a partial shuffle) until one
            // leaves the game going.
            for (size_t tried = 0; tried < legal.size() && tried < kTriesPerPly && !moved; ++tried) {
                size_t pick = std::uniform_int_distribution<size_t>(tried, legal.size() - 1)(rng);
                std::swap(legal[tried], legal[pick]);
                game::GameState next = state;
                if (next.play(legal[tried]) != ARB_OK) continue;
                next.legal_moves(after);
                if (after.empty()) continue;  // the move ends the game
                probe.moves.push_back(state.format_move(legal[tried]));
                state = std::move(next);
                moved = true;
            }
            if (!moved) break;
            if (askable(state, after)) {
                askable_plies = probe.moves.size();
                last_askable = state.position();
            }
        }
        if (askable_plies == 0) continue;
        probe.moves.resize(askable_plies);
        probe.position = std::move(last_askable);
        probe.split = static_cast<int>(probe.moves.size()) / 2;
        probes.push_back(std::move(probe));
    }
    return probes;
}

}  // namespace arb::compliance
