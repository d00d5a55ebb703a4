// bench_isolation: the cost per ply of isolation mode (--isolate-plugins)
// against the in-process default. Plays the same random games twice per
// round -- once with GameStates in this process, once in a plugin-host child
// -- doing per ply what the match loop does (outcome, checked_legal_moves,
// side_to_move, move_flags, judge_move of the move's text, format_move,
// checked_play), and prints microseconds per ply for each and the difference.
// Rounds alternate, so both modes see the same machine load.
// Usage: bench_isolation [game] [games per round] [rounds]
#include "game/move_judge.hpp"
#include "game/plugin_host.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace arb;

struct Figures {
    long plies = 0;
    double seconds = 0;
};

// Plays `games` random games (seeded, so both modes play the same moves).
Figures play(const game::PluginPtr &plugin, const std::shared_ptr<game::PluginHost> &host, int games, uint32_t seed) {
    Figures f;
    std::mt19937 rng(seed);
    std::vector<arb_move> legal;
    std::string text, detail;
    auto began = Clock::now();
    for (int g = 0; g < games; ++g) {
        auto created = game::GameState::create(plugin, {}, 0, host);
        if (!created) {
            std::fprintf(stderr, "bench_isolation: %s\n", created.error().message.c_str());
            std::exit(1);
        }
        game::GameState &state = *created;
        for (;;) {
            arb_outcome outcome = state.outcome();
            if (!state.checked_legal_moves(legal)) std::exit(1);
            if (outcome.result != ARB_RESULT_ONGOING || legal.empty()) break;
            (void)state.side_to_move();
            (void)state.move_flags(legal[0]);
            arb_move chosen = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
            std::string sent(state.format_move(chosen, text));  // the engine's answer
            arb_move move = ARB_MOVE_NONE;
            if (game::judge_move(state, sent.c_str(), legal, move, detail) != game::MoveVerdict::Legal) std::exit(1);
            (void)state.format_move(move, text);  // the record's text
            if (!state.checked_play(move)) std::exit(1);
            ++f.plies;
        }
    }
    f.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    return f;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string id = argc > 1 ? argv[1] : "othello";
    const int games = argc > 2 ? std::atoi(argv[2]) : 200;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 5;
    auto plugin = game::find_plugin(id, {ARBITER_PLUGIN_DIR});
    if (!plugin) {
        std::fprintf(stderr, "bench_isolation: %s\n", plugin.error().message.c_str());
        return 1;
    }
    auto host = std::make_shared<game::PluginHost>(*plugin, ARBITER_PROGRAM);
    Figures local, isolated;
    for (int r = 0; r < rounds; ++r) {
        const auto seed = static_cast<uint32_t>(r + 1);
        Figures a = play(*plugin, nullptr, games, seed);
        Figures b = play(*plugin, host, games, seed);
        local.plies += a.plies;
        local.seconds += a.seconds;
        isolated.plies += b.plies;
        isolated.seconds += b.seconds;
    }
    const double us_local = local.seconds * 1e6 / static_cast<double>(local.plies);
    const double us_isolated = isolated.seconds * 1e6 / static_cast<double>(isolated.plies);
    std::printf("%s: %d rounds x %d random games, %ld plies per mode\n", id.c_str(), rounds, games, local.plies);
    std::printf("in-process : %8.2f us per ply\n", us_local);
    std::printf("isolated   : %8.2f us per ply (%d plugin-host child)\n", us_isolated, host->children_started());
    std::printf("cost       : %8.2f us per ply (x%.1f)\n", us_isolated - us_local, us_isolated / us_local);
    return 0;
}
