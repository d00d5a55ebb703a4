// How long and how far one search may go, from the go command and the
// engine's settings. Pure logic, so the time rules are tested without a clock.
#pragma once

#include <arbiter/ugi/command.hpp>

#include <chrono>
#include <cstdint>
#include <optional>

namespace arb::engines {

struct BudgetSettings {
    int64_t playouts = 0;         // > 0: at most this many playouts per move
    double time_fraction = 0.05;  // share of the remaining clock for one move
};

struct SearchBudget {
    std::optional<std::chrono::milliseconds> time;  // stop once this much has passed
    std::optional<int64_t> playouts;                // stop after this many playouts
    std::optional<int64_t> depth;                   // stop once the tree is this deep
};

// movetime M: a little under M (M minus max(10 ms, M/10), at least 1 ms).
// clock: remaining * time_fraction (or remaining / (movestogo + 1)) plus 3/4
// of the increment, never more than half the remaining time nor more than
// remaining - 50 ms; at least 1 ms. nodes N: N playouts. depth D: until the
// tree reaches depth D (at most 10000 playouts unless playouts is set).
// The settings' playouts cap applies on top of any of these. No limit at all
// ("go" or "go infinite" without playouts): until "stop".
SearchBudget plan_search(const ugi::Go &go, int side_to_move, const BudgetSettings &settings);

}  // namespace arb::engines
