// Gess speed figures through the C ABI, as the host sees the plugin:
// perft nodes per second at depths 2 and 3 (every option setting at depth 2,
// the defaults at depth 3), and random playouts per second with their lengths.
// Rates are given per second of wall time and of process CPU time, since the
// build machine is often shared.
//
//   gess_bench [--depth3-all] [--games N]
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/sdk/perft.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Timer {
    Clock::time_point wall = Clock::now();
    std::clock_t cpu = std::clock();

    [[nodiscard]] double wall_seconds() const { return std::chrono::duration<double>(Clock::now() - wall).count(); }
    [[nodiscard]] double cpu_seconds() const { return static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

double rate(double count, double seconds) { return seconds > 0 ? count / seconds : 0.0; }

struct Setting {
    const char *label;
    arb::game::OptionList options;
};

void perft_line(const arb::game::PluginPtr &plugin, const Setting &setting, int depth) {
    auto state = arb::game::GameState::create(plugin, setting.options);
    if (!state) {
        std::fprintf(stderr, "gess_bench: %s\n", state.error().message.c_str());
        return;
    }
    arb::sdk::Perft perft(state->api(), state->raw(), depth);
    const Timer timer;
    const uint64_t nodes = perft.count(state->raw(), depth);
    const double wall = timer.wall_seconds(), cpu = timer.cpu_seconds();
    const auto n = static_cast<double>(nodes);
    std::printf("perft %-26s depth %d %10llu nodes  %7.3f s  %6.1f Mnodes/s wall  %6.1f Mnodes/s cpu\n",
                setting.label, depth, static_cast<unsigned long long>(nodes), wall, rate(n, wall) / 1e6,
                rate(n, cpu) / 1e6);
}

// Uniformly random legal moves until the game ends or `max_plies` pass.
void playouts(const arb::game::PluginPtr &plugin, const Setting &setting, int games, int max_plies) {
    auto root = arb::game::GameState::create(plugin, setting.options);
    if (!root) return;
    const arb_game_api &api = root->api();
    std::vector<arb_move> moves(static_cast<size_t>(api.max_legal_moves));
    std::vector<int> lengths;
    std::mt19937 rng(1);
    int unfinished = 0;
    int32_t most_moves = 0;
    long long plies_total = 0;
    const Timer timer;
    arb_state *state = api.clone(root->raw());
    for (int g = 0; g < games; ++g) {
        api.reset(state);
        int ply = 0;
        for (; ply < max_plies; ++ply) {
            const int32_t n = api.legal_moves(state, moves.data(), api.max_legal_moves);
            if (n == 0) break;
            most_moves = std::max(most_moves, n);
            api.play(state, moves[std::uniform_int_distribution<int32_t>(0, n - 1)(rng)]);
        }
        if (ply == max_plies) ++unfinished;
        lengths.push_back(ply);
        plies_total += ply;
    }
    api.destroy(state);
    const double wall = timer.wall_seconds(), cpu = timer.cpu_seconds();
    std::sort(lengths.begin(), lengths.end());
    const auto plies = static_cast<double>(plies_total);
    std::printf("playouts %-23s %5d games %7.3f s  %7.3f Mplies/s wall  %7.3f Mplies/s cpu  "
                "length median %d, 90%% %d, max %d; unfinished after %d plies: %d; most legal moves %d\n",
                setting.label, games, wall, rate(plies, wall) / 1e6, rate(plies, cpu) / 1e6,
                lengths[lengths.size() / 2], lengths[lengths.size() * 9 / 10], lengths.back(), max_plies, unfinished, most_moves);
}

}  // namespace

int main(int argc, char **argv) {
    bool depth3_all = false;
    int games = 2000;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--depth3-all") depth3_all = true;
        else if (arg == "--games" && i + 1 < argc) games = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: gess_bench [--depth3-all] [--games N]\n");
            return 2;
        }
    }
    auto plugin = arb::game::find_plugin("gess", {ARBITER_PLUGIN_DIR});
    if (!plugin) {
        std::fprintf(stderr, "gess_bench: %s\n", plugin.error().message.c_str());
        return 1;
    }
    const std::vector<Setting> settings = {
        {"grid20/illegal (default)", {}},
        {"board18/illegal", {{"centers", "board18"}}},
        {"grid20/lose", {{"ring_rule", "lose"}}},
        {"board18/lose", {{"centers", "board18"}, {"ring_rule", "lose"}}},
        {"grid20/illegal/no-stop", {{"stop_on_pushoff", "false"}}},
        {"grid20/lose/no-stop", {{"ring_rule", "lose"}, {"stop_on_pushoff", "false"}}},
    };
    for (const Setting &s : settings) perft_line(*plugin, s, 2);
    for (size_t i = 0; i < (depth3_all ? settings.size() : 1); ++i) perft_line(*plugin, settings[i], 3);
    for (const Setting &s : settings) playouts(*plugin, s, games, 10000);
    return 0;
}
