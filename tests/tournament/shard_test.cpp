// Shards: the K/N spec, --shard auto from a scheduler's environment, and the
// partition of a schedule (every game in exactly one shard, pairs kept
// together, both colours and every pairing in each shard).
#include "config/shard_spec.hpp"
#include "tournament/schedule.hpp"
#include "tournament/shard.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace arb;
using config::ShardSpec;

namespace {

config::EnvLookup env_of(std::map<std::string, std::string> vars) {
    return [vars](const char *name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

std::vector<match::ScheduledGame> schedule_of(int engines, int rounds, int games_per_pairing) {
    tournament::ScheduleParams p;
    p.engine_count = engines;
    p.rounds = rounds;
    p.games_per_pairing = games_per_pairing;
    p.opening_count = 5;
    return tournament::make_schedule(p);
}

}  // namespace

TEST_CASE("a shard spec is K/N with 1 <= K <= N", "[shard]") {
    auto two_of_three = config::parse_shard_spec("2/3");
    REQUIRE(two_of_three.has_value());
    CHECK(*two_of_three == ShardSpec{2, 3});
    CHECK(config::to_string(*two_of_three) == "2/3");
    CHECK(config::parse_shard_spec("1/1").has_value());
    for (const char *bad : {"0/3", "4/3", "3", "a/b", "2/0", "-1/3", "2/3x", "/3", ""}) {
        INFO(bad);
        auto spec = config::parse_shard_spec(bad);
        REQUIRE_FALSE(spec.has_value());
        CHECK_THAT(spec.error().message, Catch::Contains("shard"));
    }
    CHECK_THAT(config::parse_shard_spec("0/3").error().message, Catch::Contains("numbered from 1"));
}

TEST_CASE("--shard auto reads a SLURM job array", "[shard]") {
    auto count = config::shard_from_environment(env_of({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "3"},
                                                        {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_MAX", "3"}}),
                                                std::nullopt);
    REQUIRE(count.has_value());
    CHECK(*count == ShardSpec{2, 3});
    // --array=0-3: task 0 is shard 1 of 4.
    auto from_zero = config::shard_from_environment(
        env_of({{"SLURM_ARRAY_TASK_ID", "0"}, {"SLURM_ARRAY_TASK_MIN", "0"}, {"SLURM_ARRAY_TASK_MAX", "3"}}),
        std::nullopt);
    REQUIRE(from_zero.has_value());
    CHECK(*from_zero == ShardSpec{1, 4});
    // --array=1-9:2 runs tasks 1, 3, 5, 7, 9: task 7 is shard 4 of 5.
    auto stepped = config::shard_from_environment(env_of({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "1"},
                                                          {"SLURM_ARRAY_TASK_MAX", "9"}, {"SLURM_ARRAY_TASK_STEP", "2"}}),
                                                  std::nullopt);
    REQUIRE(stepped.has_value());
    CHECK(*stepped == ShardSpec{4, 5});
    // --shards must agree with the array.
    auto disagree = config::shard_from_environment(
        env_of({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}, {"SLURM_ARRAY_TASK_MIN", "1"}}), 4);
    REQUIRE_FALSE(disagree.has_value());
    CHECK_THAT(disagree.error().message, Catch::Contains("--shards 4 disagrees"));
    auto no_count = config::shard_from_environment(env_of({{"SLURM_ARRAY_TASK_ID", "1"}}), std::nullopt);
    REQUIRE_FALSE(no_count.has_value());
    CHECK_THAT(no_count.error().message, Catch::Contains("SLURM_ARRAY_TASK_COUNT"));
    auto garbage = config::shard_from_environment(
        env_of({{"SLURM_ARRAY_TASK_ID", "x1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}}), std::nullopt);
    REQUIRE_FALSE(garbage.has_value());
    CHECK_THAT(garbage.error().message, Catch::Contains("SLURM_ARRAY_TASK_ID is 'x1'"));
}

TEST_CASE("--shard auto reads a Kubernetes Indexed Job with --shards", "[shard]") {
    auto first = config::shard_from_environment(env_of({{"JOB_COMPLETION_INDEX", "0"}}), 4);
    REQUIRE(first.has_value());
    CHECK(*first == ShardSpec{1, 4});
    auto last = config::shard_from_environment(env_of({{"JOB_COMPLETION_INDEX", "3"}}), 4);
    REQUIRE(last.has_value());
    CHECK(*last == ShardSpec{4, 4});
    auto beyond = config::shard_from_environment(env_of({{"JOB_COMPLETION_INDEX", "4"}}), 4);
    CHECK_FALSE(beyond.has_value());
    auto without_count = config::shard_from_environment(env_of({{"JOB_COMPLETION_INDEX", "1"}}), std::nullopt);
    REQUIRE_FALSE(without_count.has_value());
    CHECK_THAT(without_count.error().message, Catch::Contains("--shards N"));
}

TEST_CASE("--shard auto without a scheduler says what it looked for", "[shard]") {
    auto none = config::shard_from_environment(env_of({}), 3);
    REQUIRE_FALSE(none.has_value());
    CHECK_THAT(none.error().message, Catch::Contains("SLURM_ARRAY_TASK_ID"));
    CHECK_THAT(none.error().message, Catch::Contains("JOB_COMPLETION_INDEX"));
    CHECK_THAT(none.error().message, Catch::Contains("--shard K/N"));
}

TEST_CASE("game pairs are dealt to the shards in turn, the start moving on every N pairs", "[shard]") {
    // By hand for N = 3: pairs 0 1 2 | 3 4 5 | 6 7 8 go to shards 1 2 3 | 2 3 1 | 3 1 2.
    const int expected[] = {1, 2, 3, 2, 3, 1, 3, 1, 2, 1, 2, 3};
    for (int p = 0; p < 12; ++p) {
        INFO("pair " << p);
        CHECK(tournament::shard_of_pair(p, 3) == expected[p]);
    }
    for (int p = 0; p < 5; ++p) CHECK(tournament::shard_of_pair(p, 1) == 1);
}

TEST_CASE("the shards of a schedule partition it: every game once, pairs together, both colours", "[shard]") {
    struct Case {
        int engines, rounds, games_per_pairing, shards;
    };
    for (const Case c : {Case{2, 10, 2, 2}, Case{3, 4, 2, 3}, Case{4, 3, 2, 5}, Case{3, 3, 3, 2}, Case{2, 1, 2, 7}}) {
        DYNAMIC_SECTION(c.engines << " engines, " << c.rounds << " rounds, " << c.games_per_pairing
                                  << " games per pairing, " << c.shards << " shards") {
            const auto schedule = schedule_of(c.engines, c.rounds, c.games_per_pairing);
            std::map<int, int> shard_of_index;
            std::vector<size_t> sizes;
            for (int k = 1; k <= c.shards; ++k) {
                auto games = tournament::shard_games(schedule, ShardSpec{k, c.shards});
                sizes.push_back(games.size());
                int previous = -1;
                for (const auto &g : games) {
                    CHECK(g.index > previous);  // schedule order, indices of the whole schedule
                    previous = g.index;
                    CHECK(schedule[static_cast<size_t>(g.index)].pair_id == g.pair_id);
                    CHECK(shard_of_index.emplace(g.index, k).second);
                }
            }
            CHECK(shard_of_index.size() == schedule.size());
            // Both games of a pair in the same shard.
            for (const auto &g : schedule)
                for (const auto &h : schedule)
                    if (g.pair_id == h.pair_id) CHECK(shard_of_index[g.index] == shard_of_index[h.index]);
            // Pairs differ by at most one between shards.
            const auto pairs = schedule.back().pair_id + 1;
            for (int k = 1; k <= c.shards; ++k) {
                int count = 0;
                for (int p = 0; p < pairs; ++p) count += tournament::shard_of_pair(p, c.shards) == k;
                CHECK(count >= pairs / c.shards);
                CHECK(count <= (pairs + c.shards - 1) / c.shards);
            }
        }
    }
}

TEST_CASE("with N dividing the pairings, each shard still plays every pairing and colour", "[shard]") {
    // 3 engines round-robin: 3 pairings per round; "pair mod 3" would give each
    // shard one pairing for ever.
    const auto schedule = schedule_of(3, 3, 2);
    for (int k = 1; k <= 3; ++k) {
        std::set<std::pair<int, int>> seats;
        for (const auto &g : tournament::shard_games(schedule, ShardSpec{k, 3})) seats.emplace(g.engine[0], g.engine[1]);
        INFO("shard " << k);
        CHECK(seats.size() == 6);  // 3 pairings x 2 colours
    }
}

TEST_CASE("without a shard every game is played", "[shard]") {
    const auto schedule = schedule_of(3, 2, 2);
    CHECK(tournament::shard_games(schedule, std::nullopt).size() == schedule.size());
}
