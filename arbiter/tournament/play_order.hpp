// The order in which the workers play the games of a schedule, so that
// engine processes are reused instead of restarted. The schedule's indices
// (what records, --resume and shards refer to) never change; only which
// unplayed game a worker takes next does:
//
//   1. the next game of the same game pair (same engines, colours swapped)
//      as the worker's last game, so the worker keeps both its engines;
//   2. else a game whose two engines each have an idle process (or none yet
//      at all: its first start is due anyway), the engine with the most
//      games left first, so that no engine is left with a long tail of games
//      at the end;
//   3. else (every game left needs a second process of an engine that is
//      busy) the one needing the fewest extra processes.
//
// When the pool cannot hold a process of every engine (too few descriptors),
// a start beyond its capacity shuts down the idle process unused the
// longest; the order counts such a start as a cost too, so it plays the
// games among the engines that have a process first instead of cycling
// through all of them.
//
// Ties go to the earlier game of the schedule. The order is a model of the
// pool (which processes exist, which are busy), not the pool itself: a wrong
// guess costs an engine start, never a game. Not thread-safe: the runner
// calls it under its lock.
#pragma once

#include "match/scheduled_game.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <unordered_map>
#include <vector>

namespace arb::tournament {

class PlayOrder {
public:
    // `games`: the games to play (outlives this); `restarts[e]`: engine e is
    // started anew for every game (config `restart: true`), so no process of
    // it is ever kept; `capacity`: the most processes the pool keeps alive
    // (0: no limit); `idle`: the engines of the processes idle in the pool
    // at the start, the one unused the longest first (EnginePool::idle_engines()).
    PlayOrder(const std::vector<match::ScheduledGame> &games, int engine_count, std::vector<bool> restarts,
              int capacity = 0, const std::vector<int> &idle = {});

    // The position in `games` of the next game for a worker whose last game
    // was at `previous` (nullopt: none yet); nullopt when every game is taken.
    std::optional<size_t> take(std::optional<size_t> previous);
    // The game at `position` (taken earlier) ended; `kept[side]`: its
    // engine's process went back to the pool alive, to be reused.
    void finished(size_t position, const bool kept[2]);

    // Games of engine `e` not taken yet.
    [[nodiscard]] int remaining(int e) const { return remaining_.at(static_cast<size_t>(e)); }

private:
    // The games of one unordered pair of engines, in schedule order.
    struct Pairing {
        int a = 0, b = 0;
        std::vector<uint32_t> positions;  // 4 bytes a game: a schedule has at most 10,000,000
        size_t next = 0;
        [[nodiscard]] bool done() const { return next == positions.size(); }
        [[nodiscard]] size_t front() const { return positions[next]; }
    };

    // Processes of `e` that would have to be started for `count` more
    // games of it to run now, beyond those that exist.
    [[nodiscard]] int extra_starts(int e, int count) const;
    [[nodiscard]] int extra_starts(const Pairing &p) const;
    std::optional<int> free_pairing();
    std::optional<int> cheapest_pairing();
    size_t take_from(int pairing);
    void process_released(int e);  // a process of e went back idle
    void process_gone(int e);      // a process of e was shut down
    [[nodiscard]] static uint64_t key(const match::ScheduledGame &game);

    const std::vector<match::ScheduledGame> &games_;
    std::vector<bool> restarts_;
    std::vector<Pairing> pairings_;
    std::unordered_map<uint64_t, int> by_engines_;  // engine pair key -> pairing
    std::vector<std::vector<int>> engine_pairings_;  // engine -> pairings with games left (pruned lazily)
    std::vector<int> open_;                      // pairings with games left (pruned lazily)
    std::vector<int> busy_;                      // engine -> processes in games now
    std::vector<int> have_;                      // engine -> processes believed alive (busy or idle)
    int capacity_ = 0;                           // 0: no limit
    int live_ = 0;                               // processes believed alive, all engines
    std::list<int> idle_lru_;                    // the engines of idle processes, unused the longest first
    std::vector<std::vector<std::list<int>::iterator>> idle_of_;  // engine -> its entries, latest last
    std::vector<int> remaining_;                 // engine -> games not taken yet
    std::vector<int> scratch_;                   // free_pairing()'s candidates, kept to spare allocations
};

}  // namespace arb::tournament
