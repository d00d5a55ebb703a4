// The list of games of a tournament, fixed before the first game: who plays
// which side with which opening. A game is known by its index in this list,
// which is what records and --resume refer to. Pure function of the config.
#pragma once

#include "config/tournament_config.hpp"
#include "match/scheduled_game.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace arb::tournament {

struct ScheduleParams {
    config::TournamentType type = config::TournamentType::RoundRobin;
    int engine_count = 2;
    int rounds = 1;
    int games_per_pairing = 2;
    int opening_count = 0;     // 0: every game from the start position
    config::OpeningOrder order = config::OpeningOrder::Sequential;
    uint64_t seed = 1;
    int gauntlet_seeds = 1;
    bool no_swap = false;
    bool reverse = false;
    int opening_start = 0;     // 0-based index of the first opening dealt
};

ScheduleParams schedule_params(const config::TournamentConfig &config, int opening_count);

// Round-robin: every pair of engines; gauntlet: each of the first
// gauntlet_seeds engines against each engine after them. Each pair of
// consecutive games of a pairing shares the next opening, the second with
// colours swapped (no_swap: not swapped; reverse: the pairing's second engine
// takes side 0 in the first game). Sequential openings start at opening_start. Random order draws openings from a seeded
// shuffle that is the same on every platform. Throws std::length_error past
// config::kMaxScheduledGames games (a loaded config never asks for that many).
std::vector<match::ScheduledGame> make_schedule(const ScheduleParams &params);

// The engine pairs of one round, in order.
std::vector<std::pair<int, int>> pairings(config::TournamentType type, int engine_count, int gauntlet_seeds = 1);

}  // namespace arb::tournament
