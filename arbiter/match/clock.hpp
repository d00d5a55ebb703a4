// One side's clock under a time control, kept by the arbiter: charged with
// the time it measured from writing 'go' to reading 'bestmove'.
#pragma once

#include "core/time_control.hpp"

#include <chrono>
#include <optional>

namespace arb::match {

class Clock {
public:
    explicit Clock(const core::TimeControl &tc, std::chrono::milliseconds margin = std::chrono::milliseconds(100));

    [[nodiscard]] const core::TimeControl &time_control() const noexcept { return tc_; }
    // Time left (Clock kind; 0 for the others).
    [[nodiscard]] std::chrono::milliseconds remaining() const noexcept { return remaining_; }
    // Moves to the next time control (moves/base controls only).
    [[nodiscard]] std::optional<int> moves_to_go() const noexcept;
    // The longest the engine may take for its next move before it loses on
    // time: remaining (+ byoyomi) + margin, move time + margin, or (depth or node caps
    // alone) the untimed limit. Caps beside a clock or move time leave it so.
    [[nodiscard]] std::chrono::milliseconds allowance() const noexcept;
    [[nodiscard]] int moves_made() const noexcept { return moves_made_; }

    // Charges one move. False when `elapsed` exceeds allowance() (a loss on
    // time; the clock is left unchanged). Otherwise the time is taken (never
    // below zero), the increment added, and at each `moves` boundary the
    // base time added again. A byoyomi is spent after the main time and
    // never banked: a move that overruns the main time leaves it at zero.
    bool charge(std::chrono::milliseconds elapsed) noexcept;

private:
    core::TimeControl tc_;
    std::chrono::milliseconds margin_;
    std::chrono::milliseconds remaining_{0};
    int moves_made_ = 0;
};

}  // namespace arb::match
