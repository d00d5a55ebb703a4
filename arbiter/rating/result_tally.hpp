// Running totals of a tournament's results, kept up to date game by game so
// that standings and SPRT never re-read the games: per-pairing results for
// the fit, and for engines 0 and 1 the trinomial and the pentanomial of
// complete game pairs. Memory does not grow with the number of games (only
// with the game pairs half played at a time).
#pragma once

#include "rating/margin_stats.hpp"
#include "rating/ratings.hpp"

#include <cstdint>
#include <unordered_map>

namespace arb::rating {

// One finished game as the standings need it.
struct GameOutcome {
    int first = 0;        // engine index on side 0
    int second = 0;       // engine index on side 1
    double score = 0.5;   // of `first`: 1, 0.5 or 0
    int pair_id = -1;     // games with the same pair_id (same opening, colours swapped) form a pair; -1: none
    std::optional<double> margin = std::nullopt;  // side 0's ("arbiter.margin/1"); none: the game has no margin
};

// What the standings are computed from; a plain value, cheap to copy for a
// report made outside the tournament's lock.
struct ResultCounts {
    explicit ResultCounts(int engines = 0) : pairs(engines), margins(engines) {}
    PairResults pairs;        // every game, for fit_ratings
    std::vector<MarginTotals> margins;  // per engine, its games' margins from its side
    Trinomial trinomial;      // games between engines 0 and 1, from engine 0's view
    Pentanomial pentanomial;  // complete game pairs between engines 0 and 1, from engine 0's view
    int64_t games = 0;
};

class ResultTally {
public:
    explicit ResultTally(int engines) : counts_(engines) {}
    // O(1). Same precondition (and exception) as PairResults::add. The first
    // two games of a pair_id between engines 0 and 1 make its pair.
    void add(const GameOutcome &game);

    [[nodiscard]] const ResultCounts &counts() const noexcept { return counts_; }
    // Game pairs with one game played so far.
    [[nodiscard]] std::size_t open_pairs() const noexcept { return open_pairs_.size(); }

private:
    ResultCounts counts_;
    std::unordered_map<int, double> open_pairs_;  // pair_id -> engine 0's score in its first game
};

}  // namespace arb::rating
