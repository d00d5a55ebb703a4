#include "tournament/play_order.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace arb::tournament {

PlayOrder::PlayOrder(const std::vector<match::ScheduledGame> &games, int engine_count, std::vector<bool> restarts,
                     int capacity, const std::vector<int> &idle)
    : games_(games), restarts_(std::move(restarts)), capacity_(std::max(0, capacity)) {
    int engines = std::max(0, engine_count);
    for (const auto &g : games) engines = std::max({engines, g.engine[0] + 1, g.engine[1] + 1});
    const auto n = static_cast<size_t>(engines);
    restarts_.resize(n, false);
    engine_pairings_.resize(n);
    busy_.assign(n, 0);
    have_.assign(n, 0);
    remaining_.assign(n, 0);
    idle_of_.resize(n);
    for (int e : idle) {
        if (e < 0 || static_cast<size_t>(e) >= n) continue;
        ++have_[static_cast<size_t>(e)];
        ++live_;
        process_released(e);
    }
    for (size_t i = 0; i < games.size(); ++i) {
        const int a = std::min(games[i].engine[0], games[i].engine[1]);
        const int b = std::max(games[i].engine[0], games[i].engine[1]);
        auto [it, added] = by_engines_.try_emplace(key(games[i]), static_cast<int>(pairings_.size()));
        if (added) {
            pairings_.push_back({a, b, {}, 0});
            open_.push_back(it->second);
            engine_pairings_[static_cast<size_t>(a)].push_back(it->second);
            if (b != a) engine_pairings_[static_cast<size_t>(b)].push_back(it->second);
        }
        pairings_[static_cast<size_t>(it->second)].positions.push_back(static_cast<uint32_t>(i));
        ++remaining_[static_cast<size_t>(games[i].engine[0])];
        ++remaining_[static_cast<size_t>(games[i].engine[1])];
    }
}

uint64_t PlayOrder::key(const match::ScheduledGame &game) {
    const auto a = static_cast<uint32_t>(std::min(game.engine[0], game.engine[1]));
    const auto b = static_cast<uint32_t>(std::max(game.engine[0], game.engine[1]));
    return (static_cast<uint64_t>(a) << 32) | b;
}

int PlayOrder::extra_starts(int e, int count) const {
    const auto i = static_cast<size_t>(e);
    if (restarts_[i]) return 0;  // started for every game whatever the order
    const int starts = std::max(0, busy_[i] + count - have_[i]);
    // An engine with no process at all is due one start in any order, unless
    // the pool is full: then that start shuts down another engine's process.
    const bool first = have_[i] == 0 && starts > 0 && (capacity_ == 0 || live_ < capacity_);
    return first ? starts - 1 : starts;
}

void PlayOrder::process_released(int e) {
    idle_lru_.push_back(e);
    idle_of_[static_cast<size_t>(e)].push_back(std::prev(idle_lru_.end()));
}

void PlayOrder::process_gone(int e) {
    --have_[static_cast<size_t>(e)];
    --live_;
}

int PlayOrder::extra_starts(const Pairing &p) const {
    return p.a == p.b ? extra_starts(p.a, 2) : extra_starts(p.a, 1) + extra_starts(p.b, 1);
}

// Rule 2: the engine with the most games left that has an idle process, and
// its partner with the most games left among those with an idle process.
std::optional<int> PlayOrder::free_pairing() {
    auto &candidates = scratch_;
    candidates.clear();
    for (size_t e = 0; e < remaining_.size(); ++e)
        if (remaining_[e] > 0 && extra_starts(static_cast<int>(e), 1) == 0) candidates.push_back(static_cast<int>(e));
    // Most games left first (ties: the lower index). Picked one at a time, not
    // sorted: the first engine nearly always has a partner.
    while (!candidates.empty()) {
        size_t pick = 0;
        for (size_t i = 1; i < candidates.size(); ++i) {
            const int x = candidates[i], y = candidates[pick];
            const int rx = remaining_[static_cast<size_t>(x)], ry = remaining_[static_cast<size_t>(y)];
            if (rx > ry || (rx == ry && x < y)) pick = i;
        }
        const int a = candidates[pick];
        candidates[pick] = candidates.back();
        candidates.pop_back();
        auto &list = engine_pairings_[static_cast<size_t>(a)];
        std::optional<int> best;
        std::tuple<int, size_t> best_key{};
        for (size_t i = 0; i < list.size();) {
            const int id = list[i];
            const Pairing &p = pairings_[static_cast<size_t>(id)];
            if (p.done()) {
                list[i] = list.back();
                list.pop_back();
                continue;
            }
            ++i;
            if (extra_starts(p) != 0) continue;
            const int b = p.a == a ? p.b : p.a;
            const std::tuple<int, size_t> key{-remaining_[static_cast<size_t>(b)], p.front()};
            if (!best || key < best_key) {
                best = id;
                best_key = key;
            }
        }
        if (best) return best;
    }
    return std::nullopt;
}

// Rule 3: the fewest extra processes, preferably a second one of an engine
// over a third, then the engines with the most games left.
std::optional<int> PlayOrder::cheapest_pairing() {
    std::optional<int> best;
    std::tuple<int, int, int, size_t> best_key{};
    for (size_t i = 0; i < open_.size();) {
        const int id = open_[i];
        const Pairing &p = pairings_[static_cast<size_t>(id)];
        if (p.done()) {
            open_[i] = open_.back();
            open_.pop_back();
            continue;
        }
        ++i;
        int extra = extra_starts(p);
        int instances = 0;  // processes of the engines that need another one
        for (int e : {p.a, p.b})
            if (extra_starts(e, 1) > 0) instances += have_[static_cast<size_t>(e)];
        const std::tuple<int, int, int, size_t> key{
            extra, instances, -(remaining_[static_cast<size_t>(p.a)] + remaining_[static_cast<size_t>(p.b)]), p.front()};
        if (!best || key < best_key) {
            best = id;
            best_key = key;
        }
    }
    return best;
}

size_t PlayOrder::take_from(int pairing) {
    Pairing &p = pairings_[static_cast<size_t>(pairing)];
    const size_t position = p.positions[p.next++];
    for (int e : games_[position].engine) {
        const auto i = static_cast<size_t>(e);
        if (auto &mine = idle_of_[i]; !mine.empty()) {  // the pool hands out the latest idle process
            idle_lru_.erase(mine.back());
            mine.pop_back();
        } else {  // a start, which in a full pool shuts down the idle process unused the longest
            if (capacity_ > 0 && live_ >= capacity_ && !idle_lru_.empty()) {
                const int oldest = idle_lru_.front();
                auto &theirs = idle_of_[static_cast<size_t>(oldest)];
                theirs.erase(theirs.begin());
                idle_lru_.pop_front();
                process_gone(oldest);
            }
            ++have_[i];
            ++live_;
        }
        ++busy_[i];
        --remaining_[i];
    }
    return position;
}

std::optional<size_t> PlayOrder::take(std::optional<size_t> previous) {
    // Rule 1: the rest of the worker's game pair.
    if (previous) {
        const int id = by_engines_.at(key(games_.at(*previous)));
        const Pairing &p = pairings_[static_cast<size_t>(id)];
        if (!p.done() && games_[p.front()].pair_id == games_[*previous].pair_id) return take_from(id);
    }
    if (auto id = free_pairing()) return take_from(*id);
    if (auto id = cheapest_pairing()) return take_from(*id);
    return std::nullopt;
}

void PlayOrder::finished(size_t position, const bool kept[2]) {
    for (int side = 0; side < 2; ++side) {
        const auto i = static_cast<size_t>(games_.at(position).engine[side]);
        busy_[i] = std::max(0, busy_[i] - 1);
        if (kept[side]) process_released(static_cast<int>(i));
        else process_gone(static_cast<int>(i));
    }
}

}  // namespace arb::tournament
