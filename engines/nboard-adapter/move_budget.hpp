// How long the adapter lets the engine think about one move before it
// stops it with 'ping' (NTest at a high depth ignores the clock), and the
// clock it states in the game it sends (GGF's TI). Pure arithmetic.
#pragma once

#include "ugi_commands.hpp"

#include <chrono>
#include <optional>

namespace arb::nboard {

struct MoveBudget {
    std::optional<std::chrono::milliseconds> think;  // none: no clock (go depth/nodes/infinite)
    std::chrono::seconds clock{0};                   // for GGF's TI (at least 1 s); 0: no clock
};

// For the mover `side` (0 or 1) with `empty_squares` left on the board:
//   go movetime T:  think T - overhead;
//   a clock R (+ increment I, optionally movestogo N): think
//     (R - overhead) / N + I, where N defaults to the mover's moves left in an
//     Othello game, ceil(empty_squares / 2); never more than R - overhead;
//   otherwise no limit.
// `think` is at least 1 ms. The clock is the mover's time left, or for
// movetime T, T times the moves left (so an engine that shares its clock
// out itself spends about T a move).
MoveBudget move_budget(const adapter::GoLimits &limits, int side, int empty_squares,
                       std::chrono::milliseconds overhead);

}  // namespace arb::nboard
