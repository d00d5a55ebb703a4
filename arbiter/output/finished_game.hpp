// One finished game as the tournament keeps it: its place in the schedule
// and the match layer's record.
#pragma once

#include "match/game_record.hpp"
#include "match/scheduled_game.hpp"

#include <optional>
#include <string>

namespace arb::output {

struct FinishedGame {
    match::ScheduledGame slot;
    match::GameRecord record;
};

}  // namespace arb::output
