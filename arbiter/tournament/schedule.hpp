// The list of games of a tournament, fixed before the first game: who plays
// which side with which opening. A game is known by its index in this list,
// which is what records and --resume refer to. Pure function of the config.
#pragma once

#include <cstdint>
#include <vector>

#include "config/tournament_config.hpp"

namespace arb::tournament {

struct ScheduledGame {
    int index = 0;             // position in the schedule, 0-based
    int round = 0;             // 1-based
    int pairing = 0;           // index of the engine pair in the round, 0-based
    int game_in_pairing = 0;   // 0-based within (round, pairing)
    int pair_id = 0;           // games sharing an opening with colours swapped have the same pair_id
    int engine[2] = {0, 0};    // engine indices playing side 0 and side 1
    int opening = -1;          // index into the opening list, -1: start position
};

struct ScheduleParams {
    config::TournamentType type = config::TournamentType::RoundRobin;
    int engine_count = 2;
    int rounds = 1;
    int games_per_pairing = 2;
    int opening_count = 0;     // 0: every game from the start position
    config::OpeningOrder order = config::OpeningOrder::Sequential;
    uint64_t seed = 1;
};

ScheduleParams schedule_params(const config::TournamentConfig &config, int opening_count);

// Round-robin: every pair of engines; gauntlet: engine 0 against each other.
// Each pair of consecutive games of a pairing shares the next opening, the
// second with colours swapped. Random order draws openings from a seeded
// shuffle that is the same on every platform.
std::vector<ScheduledGame> make_schedule(const ScheduleParams &params);

// The engine pairs of one round, in order.
std::vector<std::pair<int, int>> pairings(config::TournamentType type, int engine_count);

}  // namespace arb::tournament
