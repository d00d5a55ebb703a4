// Prints the reference engine's speed on every plugin of the build: MCTS
// playouts per second from the start position (in process, through the ABI),
// and the time one UGI command round trip of the engine loop takes.
// usage: engines_bench [seconds per game, default 1]
#include "mcts.hpp"

#include "game/plugin.hpp"

#include <arbiter/ugi/engine_loop.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

namespace {

using clock_type = std::chrono::steady_clock;

// An engine that answers at once: measures the loop's own overhead.
class Instant final : public arb::ugi::Engine {
public:
    std::string name() const override { return "instant"; }
    std::string author() const override { return "bench"; }
    std::vector<arb::ugi::OptionSpec> options() const override { return {}; }
    std::string set_option(const std::string &, const std::string &) override { return {}; }
    std::string set_position(const arb::ugi::Position &) override { return {}; }
    arb::ugi::SearchResult search(const arb::ugi::Go &, arb::ugi::SearchContext &) override { return {"a1", {}}; }
};

}  // namespace

int main(int argc, char **argv) {
    double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
    if (!(seconds > 0)) seconds = 1.0;
    auto found = arb::game::discover_plugins({ARBITER_PLUGIN_DIR});
    std::printf("%-10s %12s %10s %8s  (MCTS from the start position, %.1f s each)\n", "game", "playouts/s", "playouts",
                "depth", seconds);
    for (const auto &plugin : found.plugins) {
        auto state = arb::game::GameState::create(plugin, {});
        if (!state) continue;
        arb::engines::Mcts mcts;
        arb::engines::Rng rng(1);
        arb::engines::SearchBudget budget;
        budget.time = std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
        auto start = clock_type::now();
        auto result = mcts.search(*state, budget, rng, nullptr);
        double elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
        int64_t playouts = result.info && result.info->nodes ? *result.info->nodes : 0;
        std::printf("%-10s %12.0f %10lld %8lld\n", plugin->id().c_str(), static_cast<double>(playouts) / elapsed,
                    static_cast<long long>(playouts),
                    static_cast<long long>(result.info && result.info->depth ? *result.info->depth : 0));
    }

    // Loop overhead: position + go + bestmove through the helper, in memory.
    const int rounds = 2000;
    std::string input;
    for (int i = 0; i < rounds; ++i) input += "position startpos moves a1 b2\ngo depth 1\n";
    Instant engine;
    std::istringstream in(input);
    std::ostringstream out, err;
    auto start = clock_type::now();
    arb::ugi::run_loop(engine, in, out, err);
    double elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
    std::printf("ugi loop: %d position+go+bestmove rounds in %.3f s (%.1f us each, search thread per go)\n", rounds,
                elapsed, elapsed / rounds * 1e6);
    return 0;
}
