// Which part of a tournament's schedule one run plays: shard K of N (1-based),
// from `--shard K/N`, from a scheduler's environment (`--shard auto`), or from
// the `shard` key of an effective config. Which games a shard holds is decided
// by tournament/shard.hpp; this is only the pair of numbers.
#pragma once

#include "core/expected.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace arb::config {

struct ShardSpec {
    int index = 1;  // K, 1-based
    int count = 1;  // N, at least 1
    friend bool operator==(const ShardSpec &, const ShardSpec &) = default;
};

// "K/N" (as written by to_string), e.g. "2/3"; 1 <= K <= N.
Expected<ShardSpec> parse_shard_spec(std::string_view text);
std::string to_string(const ShardSpec &shard);

// Looks up an environment variable (std::getenv, or a map in tests).
using EnvLookup = std::function<std::optional<std::string>(const char *name)>;

// `--shard auto`: K and N from a SLURM job array (SLURM_ARRAY_TASK_ID with
// SLURM_ARRAY_TASK_COUNT, or with SLURM_ARRAY_TASK_MIN/MAX and an optional
// SLURM_ARRAY_TASK_STEP), or from a Kubernetes Indexed Job
// (JOB_COMPLETION_INDEX, 0-based) with N from `shards` (--shards N). `shards`,
// when given with SLURM, must agree with the array's size. An error names what
// was looked for when neither scheduler's variables are there.
Expected<ShardSpec> shard_from_environment(const EnvLookup &env, std::optional<int> shards);

}  // namespace arb::config
