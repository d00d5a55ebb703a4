#include "tournament/shard.hpp"

namespace arb::tournament {

int shard_of_pair(int pair_id, int shard_count) {
    return (pair_id + pair_id / shard_count) % shard_count + 1;
}

bool in_shard(const match::ScheduledGame &game, const std::optional<config::ShardSpec> &shard) {
    return !shard || shard_of_pair(game.pair_id, shard->count) == shard->index;
}

std::vector<match::ScheduledGame> shard_games(const std::vector<match::ScheduledGame> &schedule,
                                       const std::optional<config::ShardSpec> &shard) {
    std::vector<match::ScheduledGame> games;
    for (const auto &g : schedule)
        if (in_shard(g, shard)) games.push_back(g);
    return games;
}

bool matches_schedule(const match::ScheduledGame &g, const std::vector<match::ScheduledGame> &schedule) {
    if (g.index < 0 || static_cast<size_t>(g.index) >= schedule.size()) return false;
    const auto &s = schedule[static_cast<size_t>(g.index)];
    return s.engine[0] == g.engine[0] && s.engine[1] == g.engine[1] && s.opening == g.opening &&
           s.pair_id == g.pair_id;
}

uint64_t schedule_slot_key(const match::ScheduledGame &s) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int v : {s.engine[0], s.engine[1], s.opening, s.pair_id}) {
        h ^= static_cast<uint64_t>(static_cast<uint32_t>(v)) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    return h | 1;
}

}  // namespace arb::tournament
