// How the adapter drives one NBoard engine; set from the command line, then read-only.
#pragma once

#include <chrono>
#include <string>

namespace arb::nboard {

struct Settings {
    int depth = 12;          // 'set depth': the engine's midgame search depth
    std::string name;        // 'id name' override; default: the engine's 'set myname'
    std::chrono::milliseconds move_overhead{50};  // kept back from each move's budget
};

}  // namespace arb::nboard
