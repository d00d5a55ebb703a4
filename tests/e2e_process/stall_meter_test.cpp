// process::StallMeter: the arithmetic of a wait that woke late, on given
// time points (no clock of its own to fake).
#include "process/stall_meter.hpp"

#include <catch2/catch.hpp>

using namespace std::chrono_literals;
using arb::process::StallMeter;

TEST_CASE("stall meter: a wake-up within the threshold of its time is no stall") {
    StallMeter meter;
    const StallMeter::Clock::time_point t0{};
    CHECK(meter.note(t0, 100ms, t0 + 40ms) == 0ms);   // the answer came early
    CHECK(meter.note(t0, 100ms, t0 + 100ms) == 0ms);  // on time
    CHECK(meter.note(t0, 100ms, t0 + 300ms) == 0ms);  // 200 ms late: scheduling noise still
    CHECK(meter.total() == 0ms);
}

TEST_CASE("stall meter: a wake-up long past its time is a stall of the overrun, and the stalls add up") {
    StallMeter meter;
    const StallMeter::Clock::time_point t0{};
    // An 8 s stop in a 100 ms wait whose answer was waiting at the wake-up:
    // 8031 - 100 = 7931 ms not running, at least.
    CHECK(meter.note(t0, 100ms, t0 + 8031ms) == 7931ms);
    // A second one, 0.5 s in a 30 ms wait: 530 - 30.
    CHECK(meter.note(t0 + 9s, 30ms, t0 + 9530ms) == 500ms);
    CHECK(meter.total() == 8431ms);
}
