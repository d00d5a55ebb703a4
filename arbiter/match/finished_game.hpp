// One finished game as the tournament keeps it: its place in the schedule
// and the match layer's record.
#pragma once

#include "match/game_record.hpp"
#include "match/scheduled_game.hpp"

namespace arb::match {

struct FinishedGame {
    ScheduledGame slot;
    GameRecord record;
};

}  // namespace arb::match
