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

}  // namespace arb::tournament
