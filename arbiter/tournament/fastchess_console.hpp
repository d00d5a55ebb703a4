// Standard output as fastchess prints it while it plays (the fastchess
// layout: `arbiter match -output format=fastchess`, and arbiter run as
// `fastchess`), for the programs that read it line by line: fishtest's worker
// takes the results block's "Games:" and "Ptnml(0-2):" lines and counts
// "disconnect", "stall", "on time" and "timeout" in any line; OpenBench's
// pairs the "Finished game N" lines as games (2k-1, 2k) and stops reading at
// the first empty line. So, as fastchess does:
//
//   Started game 1 of 4 (New vs Base)
//   Finished game 1 (New vs Base): 1-0 {White mates}
//   --------------------------------------------------       (when a game pair is complete and its
//   Results of New vs Base (10+0.1, 1t, 16MB, book.epd):      number is a multiple of -ratinginterval,
//   ...                                                       and after the last game; the counts are
//   --------------------------------------------------       those of complete pairs only)
//   (at the end, for players that lost on time or crashed:)
//
//   Player: New
//     Timeouts: 1
//     Crashed: 0
//
//   Finished match
//   Total Time: 00:00:04 (hours:minutes:seconds)
//
// Not thread-safe: the session calls it under the runner's lock (finished)
// or from one worker at a time per game (started, which reads only constants).
#pragma once

#include "match/finished_game.hpp"
#include "match/scheduled_game.hpp"
#include "output/peer_standings.hpp"
#include "rating/result_tally.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace arb::tournament {

class FastchessConsole {
public:
    struct Setup {
        std::vector<std::string> names;  // by engine index
        int64_t total_games = 0;         // of the whole schedule
        int rating_interval = 1;         // a block every N complete pairs (games without pairs); 0: only at the end
        output::PeerContext context;     // the block's heading; context.pentanomial: games come in pairs
        std::optional<rating::SprtConfig> sprt;
        std::chrono::milliseconds margin{0};  // the time margin (fastchess's overrun leaves it out)
        bool test_env = false;                // PV warnings on one line each (fastchess's -testEnv)
    };
    explicit FastchessConsole(Setup setup);

    // "Started game N of M (White vs Black)\n".
    [[nodiscard]] std::string started(const match::ScheduledGame &slot) const;
    // The lines of a finished game: fastchess's warnings for it, its "Finished game" line and the
    // results block when one is due; `last`: it is the schedule's last game.
    [[nodiscard]] std::string finished(const match::FinishedGame &game, bool last);
    // The run is over: the block if games were counted since the last one (an interrupted run),
    // the players that lost on time or crashed, "Finished match" and the "Total Time: HH:MM:SS
    // (hours:minutes:seconds)" of the run `elapsed`, with fastchess's empty line after it.
    [[nodiscard]] std::string closing(std::chrono::seconds elapsed);

private:
    [[nodiscard]] std::string block() ;

    Setup setup_;
    rating::ResultTally counted_;                       // complete pairs only (with pairs), else every game
    std::unordered_map<int, rating::GameOutcome> open_;  // a pair's first game, by pair_id
    int64_t counted_games_ = 0, shown_games_ = 0;
    struct Failures {
        int64_t timeouts = 0, crashes = 0;
    };
    std::vector<Failures> failures_;  // by engine index
};

}  // namespace arb::tournament
