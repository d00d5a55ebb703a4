// Time controls as values: parsed from text such as "40/60+0.6", "10+0.1",
// "600,byoyomi=10", "movetime=0.5", "depth=6", "nodes=10000", "10+0.1,nodes=5000"; the
// arbiter's own clock runs from sending 'go' to reading 'bestmove'.
//
// A time control is a time part (a clock, a time per move, or none) plus
// optional depth and node caps; all of them go out in the same 'go' command
// (as with fastchess's and cutechess-cli's `tc=8+0.08 nodes=20000`). With
// caps the clock still runs, and an engine over its clock still loses on time.
//
// Text forms (times in seconds, decimals allowed, at most millisecond
// precision), parts joined by commas, in any order, each at most once:
//   [moves/]base[+inc]   a clock: "40/60+0.6", "10+0.1", "60" (no increment)
//   byoyomi=S            shogi's byoyomi: once the clock's main time is used
//                        up, each move may take S (unused, it is lost);
//                        beside a clock without moves/ or increment
//                        ("600,byoyomi=10") or alone (no main time)
//   movetime=S           a fixed time per move: "movetime=0.5"
//   depth=N, nodes=N     caps: the engine's own depth / node limit
//   limit=S              with caps and no time part only: the seconds the
//                        arbiter allows per move (default 60)
// e.g. "10+0.1,nodes=5000", "movetime=0.5,depth=8", "depth=6,nodes=100000",
// "depth=6,limit=30". to_string() writes the parts in the order above.
#pragma once

#include "core/expected.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace arb::core {

struct TimeControl {
    // The time part. Untimed: only the caps limit the search.
    enum class Kind { Clock, MoveTime, Untimed };
    Kind kind = Kind::Clock;
    // Clock: `base` for every `moves` moves (0 = whole game), plus `increment` per move.
    int moves = 0;
    std::chrono::milliseconds base{10000};
    std::chrono::milliseconds increment{100};
    // Clock: shogi's byoyomi (0: none), each move's own time once `base` is
    // spent; never with an increment or `moves`. Alone, base is 0.
    std::chrono::milliseconds byoyomi{0};
    // MoveTime: fixed time per move.
    std::chrono::milliseconds move_time{0};
    // Caps sent with every 'go' whatever the time part (positive when present).
    std::optional<int64_t> depth, nodes;
    // Untimed: the arbiter allows `untimed_limit` per move.
    std::chrono::milliseconds untimed_limit{60000};

    static Expected<TimeControl> parse(const std::string &text);
    [[nodiscard]] std::string to_string() const;  // parse(to_string()) gives the same value
    // The time part alone ("10+0.1", "movetime=0.5"); for an untimed
    // control, to_string() (its caps are all it has).
    [[nodiscard]] std::string time_text() const;
    [[nodiscard]] bool has_caps() const noexcept { return depth.has_value() || nodes.has_value(); }

    friend bool operator==(const TimeControl &, const TimeControl &) = default;
};

// A time in seconds as written in time controls: "60", "0.6", "1.234".
std::string format_seconds(std::chrono::milliseconds ms);

}  // namespace arb::core
