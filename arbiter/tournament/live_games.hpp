// The games being played right now, with the plies each has reached: what a
// live report.html shows as games in progress. Workers register a game for
// as long as they play it (Playing); the report's thread takes a snapshot.
#pragma once

#include "match/scheduled_game.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace arb::tournament {

class LiveGames {
public:
    struct Game {
        int number = 0;  // in the schedule, from 1
        int engine[2] = {0, 0};
        int plies = 0;
    };

    // A game registered while it lives (a no-op on a null registry).
    class Playing {
    public:
        Playing(LiveGames *games, const match::ScheduledGame &slot);
        ~Playing();
        Playing(const Playing &) = delete;
        Playing &operator=(const Playing &) = delete;
        // The counter the game updates (GameSetup::plies_played); null without a registry.
        [[nodiscard]] std::atomic<int> *plies() const noexcept { return plies_; }

    private:
        LiveGames *games_;
        int index_;
        std::atomic<int> *plies_ = nullptr;
    };

    // The games being played, in schedule order.
    [[nodiscard]] std::vector<Game> snapshot() const;

private:
    struct Entry {
        match::ScheduledGame slot;
        std::atomic<int> plies{0};
    };
    mutable std::mutex mutex_;
    std::map<int, std::unique_ptr<Entry>> playing_;  // by schedule index; guarded by mutex_
};

}  // namespace arb::tournament
