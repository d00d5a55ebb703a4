// How long one move may take, from 'go' to 'bestmove' (the adapter stops the
// engine with 'ping' a stop margin before that: NTest at a high depth ignores
// the clock), and the clock the adapter states in the game it sends (GGF's
// TI). Pure arithmetic.
#pragma once

#include "ugi_commands.hpp"

#include <chrono>
#include <optional>

namespace arb::nboard {

struct MoveBudget {
    std::optional<std::chrono::milliseconds> allowance;  // none: no clock (go depth/nodes/infinite)
    std::chrono::seconds clock{0};                       // for GGF's TI (at least 1 s); 0: no clock
};

// For the mover `side` (0 or 1) with `empty_squares` left on the board:
//   go movetime T:  T - overhead;
//   a clock R (+ increment I, optionally movestogo N): with U = R - overhead,
//     U / N + I, where N defaults to the mover's moves left in an Othello
//     game, ceil(empty_squares / 2); never more than U / 2, so that an engine
//     that answers the stop later than expected still has a clock left;
//   otherwise no limit.
// The allowance is at least 1 ms. The clock is the mover's time left, or for
// movetime T, T times the moves left (so an engine that shares its clock
// out itself spends about T a move).
MoveBudget move_budget(const adapter::GoLimits &limits, int side, int empty_squares,
                       std::chrono::milliseconds overhead);

// When the stop 'ping' goes out after 'go': the allowance less the stop
// margin (StopLag), at once if the margin is as long as the allowance.
std::chrono::milliseconds stop_ping_after(std::chrono::milliseconds allowance, std::chrono::milliseconds stop_margin);

}  // namespace arb::nboard
