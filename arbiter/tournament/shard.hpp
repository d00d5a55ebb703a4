// Which games of the schedule a shard plays. The partition is by game pair
// (the games sharing an opening with colours swapped stay together, so every
// shard plays both colours of each opening it gets and its pentanomial counts
// mean something), and pairs are dealt to the shards in turn with the starting
// shard moving on by one every N pairs, so that no shard keeps one pairing when
// N divides the number of pairings (as plain "pair mod N" would).
#pragma once

#include "config/shard_spec.hpp"
#include "tournament/schedule.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace arb::tournament {

// The shard (1-based) of N that plays the game pair `pair_id`:
// ((pair_id + pair_id / N) mod N) + 1.
[[nodiscard]] int shard_of_pair(int pair_id, int shard_count);

[[nodiscard]] bool in_shard(const match::ScheduledGame &game, const std::optional<config::ShardSpec> &shard);

// The games of `schedule` that `shard` plays, in schedule order (all of them
// without a shard). Their indices stay those of the whole schedule.
std::vector<match::ScheduledGame> shard_games(const std::vector<match::ScheduledGame> &schedule,
                                       const std::optional<config::ShardSpec> &shard);

// Whether a recorded slot is the one the schedule has at its index.
[[nodiscard]] bool matches_schedule(const match::ScheduledGame &recorded, const std::vector<match::ScheduledGame> &schedule);

// What matches_schedule compares (the engines, the opening, the pair id) in
// 8 bytes, never 0: a table of these stands in for the schedule when the
// schedule is streamed (a 64-bit mix; two different slots of one index
// agreeing by chance is not a practical concern).
[[nodiscard]] uint64_t schedule_slot_key(const match::ScheduledGame &game);

}  // namespace arb::tournament
