// What the repetition history costs in Bagh Chal, which perft from the start
// (all placement phase, empty history) does not show. Prints:
//  - random games per repetition rule, long sliding phases (goats_to_win=20,
//    captures mostly avoided): plies per second with legal_moves + play;
//  - perft below a position reached by a long run of reversible moves (its
//    history in use, past the 128 inline keys) against the same position set
//    afresh (history of one), so the copy-make cost of history shows.
//
// usage: bench_baghchal [games=200] [perft_depth=6]
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/sdk/perft.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A random move, captures only one time in 32 when a quiet move exists.
arb_move pick(const arb::game::GameState &state, const std::vector<arb_move> &moves, std::mt19937 &rng) {
    std::vector<arb_move> quiet;
    for (arb_move m : moves)
        if (state.format_move(m).find('x') == std::string::npos) quiet.push_back(m);
    const auto &pool = quiet.empty() || rng() % 32 == 0 ? moves : quiet;
    return pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
}

}  // namespace

int main(int argc, char **argv) {
    const int games = argc > 1 ? std::stoi(argv[1]) : 200;
    const int depth = argc > 2 ? std::stoi(argv[2]) : 6;
    auto plugin = arb::game::find_plugin("baghchal", arb::game::plugin_search_path({ARBITER_PLUGIN_DIR}));
    if (!plugin) {
        std::fprintf(stderr, "%s\n", plugin.error().message.c_str());
        return 1;
    }

    std::printf("random games (goats_to_win=20, max 1000 plies), %d per rule\n", games);
    std::printf("%-8s %10s %9s %12s %8s\n", "rule", "plies", "seconds", "plies/s", "draws");
    for (const char *rule : {"forbid", "draw3", "none"}) {
        std::mt19937 rng(1);
        uint64_t plies = 0;
        int draws = 0;
        std::vector<arb_move> moves;
        auto start = Clock::now();
        for (int g = 0; g < games; ++g) {
            auto state = arb::game::GameState::create(*plugin, {{"repetition", rule}, {"goats_to_win", "20"}});
            if (!state) return 1;
            for (int ply = 0; ply < 1000; ++ply) {
                state->legal_moves(moves);
                if (moves.empty()) break;
                state->play(pick(*state, moves, rng));
                ++plies;
            }
            draws += state->outcome().result == ARB_RESULT_DRAW ? 1 : 0;
        }
        double s = seconds_since(start);
        std::printf("%-8s %10llu %9.3f %12.0f %8d\n", rule, static_cast<unsigned long long>(plies), s,
                    s > 0 ? static_cast<double>(plies) / s : 0, draws);
    }

    // A long reversible run under forbid from the rules file's S0; seeds are
    // tried until a run is long enough (a walk stops when only captures remain).
    std::optional<arb::game::GameState> walked;
    int run = 0;
    for (unsigned seed = 1; seed < 200 && run < 300; ++seed) {
        auto state = arb::game::GameState::create(*plugin);
        if (!state || !state->set_position("TGGGTGGGGGGG.GGG...GTGGGT G 0 3")) return 1;
        std::mt19937 rng(seed);
        std::vector<arb_move> moves, quiet;
        run = 0;
        while (run < 400) {
            state->legal_moves(moves);
            quiet.clear();
            for (arb_move m : moves)
                if (state->format_move(m).find('x') == std::string::npos) quiet.push_back(m);
            if (quiet.empty()) break;
            state->play(quiet[std::uniform_int_distribution<size_t>(0, quiet.size() - 1)(rng)]);
            ++run;
        }
        walked = std::move(*state);
    }
    auto fresh = arb::game::GameState::create(*plugin);
    if (!fresh || !fresh->set_position(walked->position())) return 1;
    std::printf("\nperft %d below %s\n", depth, walked->position().c_str());
    std::printf("%-26s %12s %9s %14s\n", "history", "leaves", "seconds", "leaves/s");
    for (auto *state : {&*fresh, &*walked}) {
        arb::sdk::Perft perft(state->api(), state->raw(), depth);
        auto start = Clock::now();
        uint64_t leaves = perft.count(state->raw(), depth);
        double s = seconds_since(start);
        std::string label = state == &*fresh ? "set afresh (1 key)" : "after " + std::to_string(run) + " quiet plies";
        std::printf("%-26s %12llu %9.3f %14.0f\n", label.c_str(), static_cast<unsigned long long>(leaves), s,
                    s > 0 ? static_cast<double>(leaves) / s : 0);
    }
    return 0;
}
