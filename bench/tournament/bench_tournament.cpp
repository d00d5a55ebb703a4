// Tournament throughput: games per second of a two-engine match between
// instant random engines (the generic engine), real processes and the full
// record writing (fsync per game), at concurrency 1 and 2; with engine
// process starts per game (the shared engine pool reuses processes: before
// it, every worker kept its own process of each engine).
// Usage: bench_tournament [games] [game ids...]   (default: 400 games; tictactoe othello)
#include "config/config_loader.hpp"
#include "tournament/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace {

std::string config_text(const std::string &game, int games, int concurrency, const std::string &out) {
    std::ostringstream yaml;
    yaml << "game: " << game << "\nengines:\n";
    for (int i = 0; i < 2; ++i)
        yaml << "  - name: random-" << i << "\n    command: " << ARBITER_BIN_DIR << "/arbiter-engine\n"
             << "    args: [--game, " << game << ", --mode, random, --seed, \"" << i + 1 << "\", --plugin-dir, "
             << ARBITER_PLUGIN_DIR << "]\n";
    yaml << "tournament: {rounds: " << games / 2 << ", games_per_pairing: 2}\nconcurrency: " << concurrency
         << "\ntime_control: 60+1\noutput: {dir: \"" << out << "\"}\n";
    return yaml.str();
}

}  // namespace

int main(int argc, char **argv) {
    int games = argc > 1 ? std::atoi(argv[1]) : 400;
    std::vector<std::string> ids;
    for (int i = 2; i < argc; ++i) ids.emplace_back(argv[i]);
    if (ids.empty()) ids = {"tictactoe", "othello"};
    auto root = std::filesystem::temp_directory_path() / ("arbiter-bench-" + std::to_string(::getpid()));
    std::printf("%-10s %11s %6s %9s %8s %12s\n", "game", "concurrency", "games", "seconds", "games/s", "starts/game");
    for (const auto &id : ids) {
        for (int concurrency : {1, 2}) {
            auto out = root / (id + "-" + std::to_string(concurrency));
            arb::config::LoadOptions options;
            options.plugin_dirs = {ARBITER_PLUGIN_DIR};
            auto loaded = arb::config::load_config_text(config_text(id, games, concurrency, out.string()), "bench", options);
            if (!loaded) {
                std::cerr << loaded.error().message << "\n";
                return 1;
            }
            arb::tournament::SessionOptions session;
            session.quiet = true;
            session.parts = arb::tournament::real_runner_parts(loaded->plugin, loaded->config.game.options, loaded->config.plugin_dirs, {});
            std::ostringstream sink, err;
            auto start = std::chrono::steady_clock::now();
            auto result = arb::tournament::run_session(*loaded, session, sink, err);
            double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (result.exit_code != 0) {
                std::cerr << err.str();
                return 1;
            }
            std::printf("%-10s %11d %6d %9.2f %8.1f %12.3f\n", id.c_str(), concurrency, result.games_recorded, seconds,
                        result.games_recorded / seconds,
                        static_cast<double>(result.engine_starts) / std::max(1, result.games_recorded));
        }
    }
    std::filesystem::remove_all(root);
    return 0;
}
