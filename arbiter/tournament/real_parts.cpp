// The runner's seams bound to the real engine processes and game runner.
#include "tournament/runner.hpp"

#include "match/game_runner.hpp"

namespace arb::tournament {

RunnerParts real_runner_parts() {
    RunnerParts parts;
    parts.start_engine = [](const engine::EngineConfig &config, const engine::EngineTimeouts &timeouts) {
        return engine::UgiEngine::start(config, timeouts);
    };
    parts.play_game = [](const match::GameSetup &setup, engine::UgiEngine &a, engine::UgiEngine &b,
                         const std::atomic<bool> *stop) { return match::play_game(setup, a, b, stop); };
    return parts;
}

}  // namespace arb::tournament
