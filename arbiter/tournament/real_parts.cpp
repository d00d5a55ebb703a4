// The runner's seams bound to the real engine processes and game runner.
#include "tournament/pooled_run.hpp"

#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"

#include <mutex>
#include <set>

namespace arb::tournament {

RunnerParts real_runner_parts(const game::PluginPtr &plugin, const game::OptionList &options,
                              const std::vector<std::string> &plugin_dirs,
                              std::function<void(const std::string &)> warn,
                              engine::ProtocolEngine::TrafficLog traffic) {
    struct Warnings {
        std::mutex mutex;
        std::set<std::string> seen;
        std::function<void(const std::string &)> sink;
    };
    auto warnings = std::make_shared<Warnings>();
    warnings->sink = std::move(warn);
    auto game = match::engine_game_options(*plugin, options, plugin_dirs);
    RunnerParts parts;
    parts.start_engine = [game, warnings, traffic = std::move(traffic)](const engine::EngineConfig &config,
                                                                        const engine::EngineTimeouts &timeouts) {
        auto started = engine::ProtocolEngine::start(config, timeouts, game, traffic);
        if (started && warnings->sink) {
            std::lock_guard lock(warnings->mutex);
            for (const auto &w : (*started)->warnings())
                if (warnings->seen.insert(w).second) warnings->sink(w);
        }
        return started;
    };
    parts.play_game = [](const match::GameSetup &setup, engine::ProtocolEngine &a, engine::ProtocolEngine &b,
                         const std::atomic<bool> *stop) { return match::play_game(setup, a, b, stop); };
    return parts;
}

}  // namespace arb::tournament
