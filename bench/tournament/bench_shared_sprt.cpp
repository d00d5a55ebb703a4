// One SPRT over K shards on a shared folder (tournament/shared_sprt.hpp),
// K = 1, 2, 4, 8, over many seeds: games to the decision, games past it
// (overshoot), the cost of a look at the others' pairs, and how the decisions
// compare with the one-machine run (K = 1: one shard playing every pair in
// schedule order). Since every shard counts the pairs in schedule order, the
// decision is the one-machine run's on the same pairs for every K: what K
// changes is how long the count waits for the slowest shard (the overshoot).
//
// The shards are the real SharedSprt objects writing and reading real files
// (in DIR, default /dev/shm), driven by a simulated clock: each shard plays
// one pair at a time, a pair takes 1 to 2 time units (seeded), and a shard
// looks before it starts each pair, as `arbiter run --shared` does. The pair
// results are those of arbiter-mock-engine with --lose-probability P against
// one without (the e2e tests' engines): the weak engine forfeits each game
// with probability P, otherwise the game is random tic-tac-toe (side 0 wins
// 58.49%, draws 12.70%, side 1 wins 28.81% under uniformly random play), so
// the strong engine's expected score is 1/2 + P/2 exactly. Pair i's result
// depends only on (seed, i), so every K plays the same pairs; only the order
// in which they arrive, and when each shard hears of the decision, differ.
//
// Usage: bench_shared_sprt [seeds=400] [P=0.1] [elo1=40] [DIR=/dev/shm]
#include "config/shard_spec.hpp"
#include "tournament/shard.hpp"
#include "tournament/shared_sprt.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

using namespace arb;
namespace fs = std::filesystem;

namespace {

struct PairResult {
    std::vector<double> scores;  // engine 0 (strong): side 0 in the first game, side 1 in the second
    double duration = 1;
};

double game_score(std::mt19937_64 &rng, double lose_probability, bool strong_on_side_0) {
    std::uniform_real_distribution<double> u(0, 1);
    if (u(rng) < lose_probability) return 1.0;  // the weak engine forfeits
    const double x = u(rng);
    const double side0 = x < 0.5849 ? 1.0 : x < 0.5849 + 0.1270 ? 0.5 : 0.0;
    return strong_on_side_0 ? side0 : 1.0 - side0;
}

PairResult pair_result(uint64_t seed, int64_t pair, double lose_probability) {
    std::mt19937_64 rng(seed * 1000003ULL + static_cast<uint64_t>(pair));
    PairResult r;
    r.scores = {game_score(rng, lose_probability, true), game_score(rng, lose_probability, false)};
    r.duration = 1.0 + std::uniform_real_distribution<double>(0, 1)(rng);
    return r;
}

struct Outcome {
    rating::SprtState::Decision decision = rating::SprtState::Decision::Continue;
    int64_t pairs_at_decision = 0, pairs_played = 0;
    int64_t started_after = 0;  // most pairs one shard started after the decision file was made
    int64_t looks = 0;
    double look_seconds = 0;
};

Outcome run_once(const fs::path &dir, int shards, uint64_t seed, double lose_probability,
                 const rating::SprtConfig &sprt) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<tournament::SharedSprt> shard;
    for (int k = 1; k <= shards; ++k) {
        auto opened = tournament::SharedSprt::open(dir, config::ShardSpec{k, shards}, sprt, "bench");
        if (!opened) {
            std::fprintf(stderr, "%s\n", opened.error().message.c_str());
            std::exit(1);
        }
        shard.push_back(std::move(*opened));
    }
    // Each shard's next pair id, and the events "shard k finishes its pair at time t".
    std::vector<int64_t> next(static_cast<size_t>(shards), 0);
    auto next_pair_of = [&](int k) {
        int64_t &p = next[static_cast<size_t>(k - 1)];
        while (tournament::shard_of_pair(static_cast<int>(p), shards) != k) ++p;
        return p++;
    };
    using Event = std::tuple<double, int, int64_t>;  // time, shard, pair
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
    Outcome out;
    double decided_at = std::numeric_limits<double>::infinity();
    std::vector<int64_t> started_after(static_cast<size_t>(shards), 0);
    auto start_pair = [&](int k, double now) {
        auto &s = shard[static_cast<size_t>(k - 1)];
        if (!s.look()) std::exit(1);
        if (s.decision()) {
            decided_at = std::min(decided_at, now);
            return;
        }
        if (now > decided_at) ++started_after[static_cast<size_t>(k - 1)];
        const int64_t pair = next_pair_of(k);
        events.emplace(now + pair_result(seed, pair, lose_probability).duration, k, pair);
    };
    for (int k = 1; k <= shards; ++k) start_pair(k, 0);
    while (!events.empty()) {
        const auto [time, k, pair] = events.top();
        events.pop();
        auto &s = shard[static_cast<size_t>(k - 1)];
        if (!s.append({pair, k, pair_result(seed, pair, lose_probability).scores})) std::exit(1);
        if (s.decision()) decided_at = std::min(decided_at, time);
        ++out.pairs_played;
        start_pair(k, time);
    }
    for (int64_t n : started_after) out.started_after = std::max(out.started_after, n);
    const auto decision = shard.front().decision();
    if (decision) {
        out.decision = decision->state.decision;
        out.pairs_at_decision = decision->pairs;
    }
    for (const auto &s : shard) {
        const auto cost = s.look_cost();
        out.looks += cost.looks;
        out.look_seconds += std::chrono::duration<double>(cost.time).count();
    }
    return out;
}

}  // namespace

int main(int argc, char **argv) {
    const int seeds = argc > 1 ? std::atoi(argv[1]) : 400;
    const double lose_probability = argc > 2 ? std::atof(argv[2]) : 0.1;
    rating::SprtConfig sprt;
    sprt.elo0 = 0;
    sprt.elo1 = argc > 3 ? std::atof(argv[3]) : 40;
    sprt.alpha = sprt.beta = 0.05;
    sprt.model = rating::SprtConfig::Model::Normalized;
    sprt.paired_schedule = true;
    const fs::path base = fs::path(argc > 4 ? argv[4] : "/dev/shm") / ("arbiter-bench-shared-" + std::to_string(::getpid()));
    std::printf("SPRT normalized [0, %.0f], alpha = beta = 0.05; strong vs weak forfeiting %.0f%% (expected score "
                "%.3f); %d seeds; shared folder in %s\n\n",
                sprt.elo1, 100 * lose_probability, 0.5 + lose_probability / 2, seeds, base.parent_path().c_str());
    std::printf("%7s %8s %14s %14s %12s %12s %14s %10s %12s\n", "shards", "H1 %", "games at dec.", "games played",
                "overshoot", "overshoot/K", "pairs started", "same as 1", "us per look");
    std::printf("%7s %8s %14s %14s %12s %12s %14s %10s %12s\n", "", "", "", "", "", "", "after dec.", "", "");
    std::vector<rating::SprtState::Decision> one_machine(static_cast<size_t>(seeds));
    for (int shards : {1, 2, 4, 8}) {
        int h1 = 0, same = 0;
        int64_t started_after = 0;
        double at_decision = 0, played = 0, looks = 0, look_seconds = 0;
        for (int s = 0; s < seeds; ++s) {
            const Outcome o = run_once(base, shards, static_cast<uint64_t>(s) + 1, lose_probability, sprt);
            if (shards == 1) one_machine[static_cast<size_t>(s)] = o.decision;
            h1 += o.decision == rating::SprtState::Decision::AcceptH1 ? 1 : 0;
            same += o.decision == one_machine[static_cast<size_t>(s)] ? 1 : 0;
            at_decision += 2.0 * static_cast<double>(o.pairs_at_decision);
            played += 2.0 * static_cast<double>(o.pairs_played);
            looks += static_cast<double>(o.looks);
            started_after = std::max(started_after, o.started_after);
            look_seconds += o.look_seconds;
        }
        const double n = seeds;
        std::printf("%7d %7.1f%% %14.1f %14.1f %12.1f %12.2f %14lld %9.1f%% %12.1f\n", shards, 100.0 * h1 / n,
                    at_decision / n, played / n, (played - at_decision) / n, (played - at_decision) / n / shards,
                    static_cast<long long>(started_after), 100.0 * same / n,
                    looks > 0 ? 1e6 * look_seconds / looks : 0.0);
    }
    fs::remove_all(base);
    std::printf("\n(games: means over the seeds; overshoot: games played that the decision did not count, i.e. in "
                "flight when it was made, or finished past a pair another shard had not finished yet; pairs started after "
                "dec.: the most pairs any shard started after the decision file existed, over all seeds; 'same as "
                "1': seeds whose decision equals the one-machine run's on the same pairs; a look reads the decision "
                "file and every other shard's file, and runs before each pair)\n");
    return 0;
}
