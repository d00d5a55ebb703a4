#include "tournament/live_games.hpp"

namespace arb::tournament {

LiveGames::Playing::Playing(LiveGames *games, const match::ScheduledGame &slot) : games_(games), index_(slot.index) {
    if (!games_) return;
    auto entry = std::make_unique<Entry>();
    entry->slot = slot;
    plies_ = &entry->plies;
    std::lock_guard guard(games_->mutex_);
    games_->playing_[index_] = std::move(entry);
}

LiveGames::Playing::~Playing() {
    if (!games_) return;
    std::lock_guard guard(games_->mutex_);
    games_->playing_.erase(index_);
}

std::vector<LiveGames::Game> LiveGames::snapshot() const {
    std::lock_guard guard(mutex_);
    std::vector<Game> out;
    out.reserve(playing_.size());
    for (const auto &[index, e] : playing_)
        out.push_back({index + 1, {e->slot.engine[0], e->slot.engine[1]}, e->plies.load(std::memory_order_relaxed)});
    return out;
}

}  // namespace arb::tournament
