// How long the arbiter itself was not running while it waited: stopped
// (SIGSTOP, Ctrl-Z), a paused VM or container, a host too overloaded to
// schedule it. Each wait knows what it asked for; a wait that returns well
// past that was not running for at least the overrun. A stall that ends
// with the answer already waiting wakes the poll at once, so a wait is
// never asked to last longer than kLongestWait: what the arbiter cannot see
// of a stall is then at most that. No thread and no global: a SIGSTOP
// stops every thread at once, and each wait sees its own gap afterwards.
//
// steady_clock is CLOCK_MONOTONIC: it runs on while the process is stopped
// and stands still while the whole machine is suspended, when nothing needs
// discounting.
#pragma once

#include <chrono>

namespace arb::process {

class StallMeter {
public:
    using Clock = std::chrono::steady_clock;
    // A wake-up this much late or less is scheduling noise, not a stall.
    static constexpr std::chrono::milliseconds kThreshold{200};
    // The longest a single wait may ask for (see above).
    static constexpr std::chrono::milliseconds kLongestWait{100};

    // Notes one wait that began at `began`, asked for `asked` and returned at
    // `woke`. Returns the stall it shows (zero for none) and adds it to total().
    Clock::duration note(Clock::time_point began, Clock::duration asked, Clock::time_point woke) noexcept {
        const Clock::duration over = woke - began - asked;
        if (over <= kThreshold) return Clock::duration::zero();
        total_ += over;
        return over;
    }

    // Every stall noted so far.
    [[nodiscard]] Clock::duration total() const noexcept { return total_; }

private:
    Clock::duration total_{};
};

}  // namespace arb::process
