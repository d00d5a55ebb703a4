// One finished game as the tournament keeps it: its place in the schedule
// and the match layer's record.
#pragma once

#include "match/game_record.hpp"
#include "tournament/schedule.hpp"

#include <optional>
#include <string>

namespace arb::output {

struct FinishedGame {
    tournament::ScheduledGame slot;
    match::GameRecord record;
};

// "1-0", "0-1", "1/2-1/2", or "*" while ongoing.
const char *result_text(arb_result result);
std::optional<arb_result> parse_result_text(const std::string &text);
std::optional<match::Termination> parse_termination(const std::string &name);

}  // namespace arb::output
