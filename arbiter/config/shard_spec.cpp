#include "config/shard_spec.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <charconv>

namespace arb::config {

namespace {

std::optional<long long> whole_number(std::string_view text) {
    return protocol::parse_integer<long long>(text);
}

// A variable that must hold a whole number, when it is set at all.
Expected<std::optional<long long>> number_variable(const EnvLookup &env, const char *name) {
    auto text = env(name);
    if (!text) return std::optional<long long>();
    auto value = whole_number(*text);
    if (!value) return fail(std::string("--shard auto: ") + name + " is '" + *text + "', not a whole number");
    return std::optional<long long>(*value);
}

Expected<ShardSpec> checked(long long index, long long count, const std::string &source) {
    if (count < 1 || count > 1000000)
        return fail("--shard auto: " + source + " gives " + std::to_string(count) + " shards");
    if (index < 1 || index > count)
        return fail("--shard auto: " + source + " gives shard " + std::to_string(index) + " of " +
                    std::to_string(count));
    return ShardSpec{static_cast<int>(index), static_cast<int>(count)};
}

Expected<ShardSpec> from_slurm(const EnvLookup &env, long long id, std::optional<int> shards) {
    auto count = number_variable(env, "SLURM_ARRAY_TASK_COUNT");
    auto min = number_variable(env, "SLURM_ARRAY_TASK_MIN");
    auto max = number_variable(env, "SLURM_ARRAY_TASK_MAX");
    auto step = number_variable(env, "SLURM_ARRAY_TASK_STEP");
    for (auto *v : {&count, &min, &max, &step})
        if (!*v) return fail(v->error().message);
    const long long first = min->value_or(1);
    const long long stride = step->value_or(1);
    if (stride < 1) return fail("--shard auto: SLURM_ARRAY_TASK_STEP is " + std::to_string(stride));
    long long n = 0;
    if (*count) n = **count;
    else if (*min && *max) n = (**max - **min) / stride + 1;
    else
        return fail("--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor "
                    "SLURM_ARRAY_TASK_MIN/MAX are: cannot tell how many shards there are");
    if ((id - first) % stride != 0)
        return fail("--shard auto: SLURM_ARRAY_TASK_ID " + std::to_string(id) + " is not on the array's steps");
    if (shards && *shards != n)
        return fail("--shards " + std::to_string(*shards) + " disagrees with the SLURM job array's " +
                    std::to_string(n) + " tasks");
    return checked((id - first) / stride + 1, n, "the SLURM job array");
}

}  // namespace

Expected<ShardSpec> parse_shard_spec(std::string_view text) {
    const auto slash = text.find('/');
    auto k = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(0, slash));
    auto n = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
    if (!k || !n) return fail("shard '" + std::string(text) + "': expected K/N, e.g. 2/3, or auto");
    if (*n < 1 || *n > 1000000) return fail("shard '" + std::string(text) + "': the shard count must be 1 or more");
    if (*k < 1 || *k > *n)
        return fail("shard '" + std::string(text) + "': K must be between 1 and " + std::to_string(*n) +
                    " (shards are numbered from 1)");
    return ShardSpec{static_cast<int>(*k), static_cast<int>(*n)};
}

std::string to_string(const ShardSpec &shard) {
    return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

Expected<ShardSpec> shard_from_environment(const EnvLookup &env, std::optional<int> shards) {
    auto slurm_id = number_variable(env, "SLURM_ARRAY_TASK_ID");
    if (!slurm_id) return fail(slurm_id.error().message);
    if (*slurm_id) return from_slurm(env, **slurm_id, shards);
    auto k8s_index = number_variable(env, "JOB_COMPLETION_INDEX");
    if (!k8s_index) return fail(k8s_index.error().message);
    if (*k8s_index) {
        if (!shards)
            return fail("--shard auto: JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but the shard count "
                        "is not: pass --shards N with N = the Job's completions");
        return checked(**k8s_index + 1, *shards, "JOB_COMPLETION_INDEX with --shards");
    }
    return fail("--shard auto: no scheduler found in the environment: neither SLURM_ARRAY_TASK_ID (a SLURM job "
                "array, sbatch --array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard K/N");
}

}  // namespace arb::config
