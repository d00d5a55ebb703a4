// Standings from the finished games: the joint rating fit, crosstable, LOS
// matrix and, for two engines, head-to-head figures with pentanomial game
// pairs and the SPRT state. Formatters write to any stream.
#pragma once

#include "match/finished_game.hpp"
#include "output/game_endings.hpp"
#include "rating/ratings.hpp"
#include "rating/result_tally.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace arb::output {

struct HeadToHeadStats {
    rating::Trinomial trinomial;      // from the first engine's point of view
    rating::Pentanomial pentanomial;  // complete game pairs only
    bool pairs_known = true;          // false: which games form pairs is not known (games read from PGN),
                                      // so the pentanomial is not shown (null in JSON)
    rating::HeadToHead games;         // from the trinomial
    std::optional<rating::HeadToHead> pairs;  // from the pentanomial, when there is a complete pair
    std::optional<rating::SprtState> sprt;
};

// The decision of an SPRT played in shards, read from their shared folder
// (tournament/shared_sprt.hpp): the head-to-head SPRT line above it counts
// only the games of these standings, this one what the shards counted.
struct SharedSprtStanding {
    rating::SprtState state;
    int64_t pairs = 0, games = 0;  // counted at the decision, over all shards
    int decided_by = 0;            // the shard that wrote it
    bool all_games = false;        // the standings hold every shard's games (a merge): games past the decision known
};

struct Standings {
    std::vector<std::string> names;
    rating::RatingTable table;
    int games = 0;
    std::optional<HeadToHeadStats> head_to_head;  // exactly two engines
    std::optional<SharedSprtStanding> shared_sprt;
    // How the games ended per engine, where the caller counted them (a run, a merge): after the
    // table in standings.txt, "endings" in standings.json.
    std::optional<GameEndings> endings;
    // Each engine's mean margin (input order), when the game has margins ("arbiter.margin/1"); else empty.
    std::vector<rating::MarginSummary> margins;
};

// Counts of one engine pair from engine `a`'s point of view, by a pass over
// all games; game pairs by pair_id.
rating::Trinomial count_trinomial(const std::vector<match::FinishedGame> &games, int a, int b);
rating::Pentanomial count_pentanomial(const std::vector<match::FinishedGame> &games, int a, int b);

// What a finished game counts for; nothing for a game without a result
// (an abandoned one).
std::optional<rating::GameOutcome> outcome_of(const match::FinishedGame &game);

// The SPRT state of engines 0 and 1: from the pentanomial once a game pair is
// complete, from the trinomial before.
rating::SprtState sprt_state(const rating::SprtConfig &sprt, const rating::ResultCounts &counts);

// From running totals (a rating fit: do it outside any lock workers wait on).
// `anchor` as rating::fit_ratings takes it (and throws).
Standings compute_standings(const std::vector<std::string> &names, const rating::ResultCounts &counts,
                            const std::optional<rating::SprtConfig> &sprt, const rating::ScaleAnchor &anchor = {});
// From scratch: tallies `games` first.
Standings compute_standings(const std::vector<std::string> &names, const std::vector<match::FinishedGame> &games,
                            const std::optional<rating::SprtConfig> &sprt);

void write_standings_text(std::ostream &out, const Standings &standings);
// The standings on one line, for interim reports under --quiet: two engines
// "a vs b +3 =4 -1, Elo +45.2 +/- 80.1 (a minus b), LOS 85.0%[, SPRT LLR ...]";
// more "1. a +30.1, 2. b +0.0, 3. c -30.1 (Elo, 0 at the average)".
std::string standings_line(const Standings &standings);
std::string standings_json(const Standings &standings);

}  // namespace arb::output
