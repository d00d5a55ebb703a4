// A game's place in a tournament's schedule: which engines play which side
// with which opening. A plain value with no dependencies, so the output layer
// can write it without knowing how schedules are made (tournament/schedule.hpp).
#pragma once

namespace arb::match {

struct ScheduledGame {
    int index = 0;             // position in the schedule, 0-based
    int round = 0;             // 1-based
    int pairing = 0;           // index of the engine pair in the round, 0-based
    int game_in_pairing = 0;   // 0-based within (round, pairing)
    int pair_id = 0;           // games sharing an opening with colours swapped have the same pair_id
    int engine[2] = {0, 0};    // engine indices playing side 0 and side 1
    int opening = -1;          // index into the opening list, -1: start position
};

}  // namespace arb::match
