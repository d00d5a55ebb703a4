// How long the engine takes to answer '===' after the adapter's stop 'ping'
// (its stop lag), estimated from the last stops, so that the ping goes out
// that much before the move's allowance runs out. Pure bookkeeping.
//
// Measured with NTest at depth 30 (engines/nboard-adapter/README.md): 5 ms
// median, up to ~70 ms on a quiet machine, but up to ~1 s for whole games
// when the machine was overloaded; hence a running maximum over a short
// window, which follows a busy spell and forgets it again.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>

namespace arb::nboard {

class StopLag {
public:
    // The estimate until the engine has been stopped once: above the lags
    // measured on a quiet machine, so the first stops are safe; the first
    // measured lag replaces it (at 2+0.02 a move gets ~85 ms, and 16 moves
    // pinged at once would cost the engine much of its first game).
    static constexpr std::chrono::milliseconds kInitial{100};
    // No estimate is larger: an engine that once hung does not play every later move on a zero budget.
    static constexpr std::chrono::milliseconds kMax{1000};
    // The estimate is the longest of the last kWindow stop lags.
    static constexpr std::size_t kWindow = 16;

    // `fixed` (--stop-lag-ms): always this margin, whatever is observed.
    explicit StopLag(std::optional<std::chrono::milliseconds> fixed = std::nullopt);

    // One stop: from sending 'ping' to reading '==='.
    void observe(std::chrono::milliseconds lag);
    // How long before the allowance runs out the stop ping goes out.
    [[nodiscard]] std::chrono::milliseconds margin() const;

private:
    std::optional<std::chrono::milliseconds> fixed_;
    std::deque<std::chrono::milliseconds> recent_;  // the last kWindow lags, oldest first; empty: none yet
};

}  // namespace arb::nboard
