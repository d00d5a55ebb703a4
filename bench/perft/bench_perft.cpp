// Perft speed of every game plugin through the C ABI (copy-make with
// assign/play, as engines and `arbiter perft` use it). Prints one line per
// game: depth, leaves, seconds, leaves per second, and the ratio to the
// tic-tac-toe example measured in the same run (a trivially cheap game, so the
// ratio shows what a game's move generation costs beyond the ABI calls).
//
// usage: bench_perft [game=depth ...]   default: othello=10 baghchal=6 gess=2 ataxx=6 tictactoe=9
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/sdk/perft.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    std::vector<std::pair<std::string, int>> runs;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        size_t eq = arg.find('=');
        if (eq == std::string::npos) {
            std::fprintf(stderr, "usage: bench_perft [game=depth ...]\n");
            return 2;
        }
        runs.emplace_back(arg.substr(0, eq), std::stoi(arg.substr(eq + 1)));
    }
    if (runs.empty()) runs = {{"tictactoe", 9}, {"othello", 10}, {"baghchal", 6}, {"gess", 2}, {"ataxx", 6}};

    auto dirs = arb::game::plugin_search_path({ARBITER_PLUGIN_DIR});
    double baseline_nps = 0;
    std::printf("%-10s %5s %14s %9s %14s %8s\n", "game", "depth", "leaves", "seconds", "leaves/s", "vs ttt");
    for (const auto &[id, depth] : runs) {
        auto plugin = arb::game::find_plugin(id, dirs);
        if (!plugin) {
            std::printf("%-10s (not built: skipped)\n", id.c_str());
            continue;
        }
        auto state = arb::game::GameState::create(*plugin);
        if (!state) return 1;
        arb::sdk::Perft perft(state->api(), state->raw(), depth);
        auto start = std::chrono::steady_clock::now();
        uint64_t leaves = perft.count(state->raw(), depth);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double nps = seconds > 0 ? static_cast<double>(leaves) / seconds : 0;
        if (id == "tictactoe") baseline_nps = nps;
        std::printf("%-10s %5d %14llu %9.3f %14.0f %8s\n", id.c_str(), depth, static_cast<unsigned long long>(leaves),
                    seconds, nps, baseline_nps > 0 ? std::to_string(nps / baseline_nps).substr(0, 5).c_str() : "-");
    }
    return 0;
}
