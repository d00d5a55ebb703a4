// How the adapter drives one NBoard engine; set from the command line, then read-only.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace arb::nboard {

struct Settings {
    int depth = 12;          // 'set depth': the engine's midgame search depth
    std::string name;        // 'id name' override; default: the engine's 'set myname'
    std::chrono::milliseconds move_overhead{50};  // kept back from each move's budget
    // The budget of a move without a clock ('go depth/nodes/infinite'):
    // arbiter allows such moves a fixed time, and an engine that searches
    // past it would lose, so it is stopped with 'ping' here too.
    std::chrono::milliseconds untimed_budget{5000};
    // --stop-lag-ms: a fixed stop margin instead of the measured one (StopLag).
    std::optional<std::chrono::milliseconds> stop_lag;
};

}  // namespace arb::nboard
