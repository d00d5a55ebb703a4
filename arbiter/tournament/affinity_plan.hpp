// Which CPUs the games are kept on, and which engines go with them
// (config `affinity`, process/cpu_affinity.hpp). Worker k of a run stays on
// cpus[k % cpus.size()]; an engine marked here is moved to its game's CPU
// each time it starts a game (engines from the pool change workers).
//
//   off   nothing is pinned;
//   on    every worker is pinned, and every engine not configured with a
//         thread count above 1 (fastchess's -use-affinity);
//   auto  (the default) as `on` when every engine is configured with one
//         thread (an option Threads, USI_Threads or Cores set to 1, as
//         fishtest's and OpenBench's command lines set it), else off: an
//         engine of unknown thread count is never pinned by default.
#pragma once

#include "config/tournament_config.hpp"

#include <vector>

namespace arb::tournament {

struct AffinityPlan {
    std::vector<int> cpus;      // empty: nothing is pinned
    std::vector<bool> engines;  // per engine of the tournament: moved to its game's CPU
    [[nodiscard]] bool active() const { return !cpus.empty(); }
};

AffinityPlan affinity_plan(const config::AffinitySection &section, const std::vector<engine::EngineConfig> &engines);

// The thread count an engine is configured with (its option Threads,
// USI_Threads or Cores, any case), or nothing when no such option is set
// or its value is not a number.
std::optional<long> configured_threads(const engine::EngineConfig &engine);

}  // namespace arb::tournament
