// The plugin checker's walk through a few random games, shared by the parts
// that check an extension at every position (diagram, status line, PGN and
// protocol notation).
#pragma once

#include "game/game_state.hpp"
#include "plugin_tools/plugin_checker.hpp"

#include <algorithm>
#include <random>
#include <vector>

namespace arb::game {

// Visits every position of a few random games (at most five), starting each
// game with start_game(state) (false: stop the walk) and each position with
// visit(state, ply) (false: end that game). A defect shows at every
// position, so the walk stops at the first position that fails a check.
// `seed_offset` gives each part its own games.
template <class StartGame, class Visit>
void walk_random_games(const PluginPtr &plugin, const CheckSettings &settings, unsigned seed_offset,
                       const CheckReport &report, StartGame start_game, Visit visit) {
    std::mt19937 rng(settings.seed + seed_offset);
    std::vector<arb_move> moves;
    const int games = std::min(settings.random_games, 5);
    const size_t failures_before = report.failures.size();
    auto failing = [&] { return report.failures.size() > failures_before; };
    for (int g = 0; g < games && !failing(); ++g) {
        auto created = GameState::create(plugin);
        if (!created) return;  // check_plugin reports it
        GameState state = std::move(*created);
        if (!start_game(state)) return;
        for (int ply = 0; ply < settings.max_plies && !failing(); ++ply) {
            if (!visit(state, ply)) break;
            if (state.legal_moves(moves) != ARB_OK || moves.empty()) break;
            state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
        }
    }
}

}  // namespace arb::game
