// Time controls as values: parsed from text such as "40/60+0.6", "10+0.1",
// "movetime=0.5", "depth=6", "nodes=10000"; the arbiter's own clock runs
// from sending 'go' to reading 'bestmove'.
//
// Text forms (times in seconds, decimals allowed, at most millisecond precision):
//   [moves/]base[+inc]   clock: "40/60+0.6", "10+0.1", "60" (no increment)
//   movetime=S           fixed time per move: "movetime=0.5"
//   depth=N[,limit=S]    the engine's own depth limit; the arbiter allows
//   nodes=N[,limit=S]    `limit` seconds per move (default 60)
#pragma once

#include "core/expected.hpp"

#include <chrono>
#include <cstdint>
#include <string>

namespace arb::core {

struct TimeControl {
    enum class Kind { Clock, MoveTime, Depth, Nodes };
    Kind kind = Kind::Clock;
    // Clock: `base` for every `moves` moves (0 = whole game), plus `increment` per move.
    int moves = 0;
    std::chrono::milliseconds base{10000};
    std::chrono::milliseconds increment{100};
    // MoveTime: fixed time per move.
    std::chrono::milliseconds move_time{0};
    // Depth / Nodes: the engine's own limit; the arbiter allows `untimed_limit` per move.
    int64_t depth_or_nodes = 0;
    std::chrono::milliseconds untimed_limit{60000};

    static Expected<TimeControl> parse(const std::string &text);
    [[nodiscard]] std::string to_string() const;  // parse(to_string()) gives the same value

    friend bool operator==(const TimeControl &, const TimeControl &) = default;
};

// A time in seconds as written in time controls: "60", "0.6", "1.234".
std::string format_seconds(std::chrono::milliseconds ms);

}  // namespace arb::core
