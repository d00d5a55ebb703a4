// How many games a tournament's schedule holds, known from the config alone,
// and the most it may hold. The schedule is built whole before game 1 (the
// list, a shard's part of it and a done-flag: about 70 bytes a game), so a size
// written by mistake (rounds: 1000000, games_per_pairing: 1000000 is 10^12
// games) must be refused by the config check, before anything is allocated.
#pragma once

#include "config/tournament_config.hpp"

#include <cstddef>
#include <cstdint>

namespace arb::config {

// The most games one schedule may hold (about 700 MB at the limit).
// docs/config.md states it.
inline constexpr uint64_t kMaxScheduledGames = 10'000'000;

// Engine pairs in a round: every pair in a round-robin; in a gauntlet each of
// the first `gauntlet_seeds` engines against each engine after them.
uint64_t pairings_per_round(TournamentType type, uint64_t engine_count, uint64_t gauntlet_seeds = 1);

// pairings x rounds x games per pairing; the largest uint64_t when that does
// not fit.
uint64_t scheduled_game_count(const ScheduleSection &schedule, uint64_t engine_count);

}  // namespace arb::config
