// The list of games of a tournament, fixed before the first game: who plays
// which side with which opening. A game is known by its index in this list,
// which is what records and --resume refer to. Pure function of the config.
#pragma once

#include "config/tournament_config.hpp"
#include "match/scheduled_game.hpp"

#include <cstdint>
#include <memory>
#include <optional>
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

class OpeningDealer;

// The same games one at a time, in order, holding none of them: a long run
// does not keep its schedule in memory. Throws like make_schedule.
class ScheduleStream {
public:
    explicit ScheduleStream(const ScheduleParams &params);
    ~ScheduleStream();
    ScheduleStream(ScheduleStream &&) noexcept;
    ScheduleStream(const ScheduleStream &) = delete;
    ScheduleStream &operator=(const ScheduleStream &) = delete;
    ScheduleStream &operator=(ScheduleStream &&) = delete;

    // The next game; none past the last.
    std::optional<match::ScheduledGame> next();
    // Games in the whole schedule.
    [[nodiscard]] uint64_t size() const noexcept { return size_; }

private:
    ScheduleParams params_;
    std::vector<std::pair<int, int>> pairs_;
    std::unique_ptr<OpeningDealer> dealer_;
    uint64_t size_ = 0;
    int index_ = 0, round_ = 1, game_ = 0, pair_id_ = 0, opening_ = -1;
    size_t pairing_ = 0;
};

// The engine pairs of one round, in order.
std::vector<std::pair<int, int>> pairings(config::TournamentType type, int engine_count, int gauntlet_seeds = 1);

}  // namespace arb::tournament
