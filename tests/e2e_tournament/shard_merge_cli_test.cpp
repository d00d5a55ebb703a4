// `arbiter run --shard` and `arbiter merge` end to end, with real engine
// processes: shards from the command line and from a scheduler's environment,
// full and partial merges, --resume of a partial merge, and the refusals.
#include "output/record_log.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;

// Two random engines, 3 rounds: 6 games in 3 colour-swapped pairs.
std::string config_yaml(const std::string &extra = "") {
    std::string engine = std::string("command: \"{arbiter_bin}/arbiter-engine\", args: [--game, tictactoe, --mode, "
                                      "random, --plugin-dir, \"") + ARBITER_PLUGIN_DIR + "\"]";
    return "event: shards\ngame: tictactoe\nengines:\n  - {name: one, " + engine + "}\n  - {name: two, " + engine +
           "}\ntournament: {rounds: 3, games_per_pairing: 2}\ntime_control: 10+0.1\n" + extra;
}

struct Run {
    int code;
    std::string log;
};

Run arbiter(const test::TempDir &dir, std::vector<std::string> args, const std::map<std::string, std::string> &env = {}) {
    args.insert(args.begin(), kArbiter);
    args.push_back("--plugin-dir");
    args.push_back(ARBITER_PLUGIN_DIR);
    static int n = 0;
    const fs::path log = dir.path() / ("log" + std::to_string(++n) + ".txt");
    test::ChildProcess child(args, log, env);
    auto code = child.exit_code(std::chrono::seconds(120));
    REQUIRE(code.has_value());
    return {*code, test::read_file(log)};
}

std::set<int> indices(const fs::path &out) {
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    CHECK(log->duplicates == 0);
    std::set<int> found;
    for (const auto &g : log->games) found.insert(g.slot.index);
    CHECK(found.size() == log->games.size());
    return found;
}

// Leaves the child's environment free of a scheduler this test might run under.
struct NoSchedulerEnvironment {
    NoSchedulerEnvironment() {
        for (const char *name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
                                 "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX"})
            ::unsetenv(name);
    }
};

}  // namespace

TEST_CASE("shards from SLURM and Kubernetes environments merge into the whole tournament", "[e2e][shard]") {
    NoSchedulerEnvironment clean;
    test::TempDir dir;
    auto config = dir.write("t.yaml", config_yaml()).string();
    const auto s1 = dir.path() / "shard-1", s2 = dir.path() / "shard-2";
    // Task 2 of `sbatch --array=1-2`: shard 2 of 2. By hand, pair p goes to shard ((p + p/2) mod 2) + 1:
    // pairs 1 and 2 (games 2-5) to shard 2, pair 0 (games 0-1) to shard 1.
    auto slurm = arbiter(dir, {"run", config, "--shard", "auto", "--out", s2.string(), "--quiet"},
                         {{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "2"}, {"SLURM_ARRAY_TASK_MIN", "1"},
                          {"SLURM_ARRAY_TASK_MAX", "2"}});
    INFO(slurm.log);
    REQUIRE(slurm.code == 0);
    CHECK_THAT(slurm.log, Catch::Contains("4 games (shard 2/2 of the schedule's 6)"));
    CHECK(indices(s2) == std::set<int>{2, 3, 4, 5});
    CHECK_THAT(test::read_file(s2 / "config.yaml"), Catch::Contains("shard: \"2/2\""));
    // Pod 0 of a Kubernetes Indexed Job with 2 completions: shard 1 of 2.
    auto k8s = arbiter(dir, {"run", config, "--shard", "auto", "--shards", "2", "--out", s1.string(), "--quiet"},
                       {{"JOB_COMPLETION_INDEX", "0"}});
    INFO(k8s.log);
    REQUIRE(k8s.code == 0);
    CHECK(indices(s1) == std::set<int>{0, 1});

    auto merged = arbiter(dir, {"merge", "--out", (dir.path() / "merged").string(), s2.string(), s1.string()});
    INFO(merged.log);
    REQUIRE(merged.code == 0);
    CHECK_THAT(merged.log, Catch::Contains("6 of 6 games merged"));
    CHECK_THAT(merged.log, Catch::Contains("Elo"));
    CHECK_THAT(merged.log, !Catch::Contains("partial"));
    CHECK(indices(dir.path() / "merged") == std::set<int>{0, 1, 2, 3, 4, 5});
    CHECK(fs::exists(dir.path() / "merged/standings.txt"));
    CHECK_THAT(test::read_file(dir.path() / "merged/config.yaml"), !Catch::Contains("shard:"));
}

TEST_CASE("a partial merge says so, and --resume of it plays the missing games", "[e2e][shard]") {
    NoSchedulerEnvironment clean;
    test::TempDir dir;
    auto config = dir.write("t.yaml", config_yaml()).string();
    const auto s1 = dir.path() / "shard-1";
    REQUIRE(arbiter(dir, {"run", config, "--shard", "1/2", "--out", s1.string(), "--quiet"}).code == 0);
    const auto merged = dir.path() / "merged";
    auto partial = arbiter(dir, {"merge", "--out", merged.string(), s1.string()});
    INFO(partial.log);
    CHECK(partial.code == 0);
    CHECK_THAT(partial.log, Catch::Contains("2 of 6 games merged"));
    CHECK_THAT(partial.log, Catch::Contains("partial merge: 4 of 6 games are missing (schedule indices 2-5)"));
    CHECK_THAT(partial.log, Catch::Contains("arbiter run --resume " + merged.string()));
    auto strict = arbiter(dir, {"merge", "--require-complete", "--out", (dir.path() / "strict").string(), s1.string()});
    CHECK(strict.code == 1);

    auto resumed = arbiter(dir, {"run", "--resume", merged.string(), "--quiet"});
    INFO(resumed.log);
    REQUIRE(resumed.code == 0);
    CHECK_THAT(resumed.log, Catch::Contains("(2 already played)"));
    CHECK(indices(merged) == std::set<int>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("shard refusals: no scheduler, sprt, a shard change on resume, another config", "[e2e][shard]") {
    NoSchedulerEnvironment clean;
    test::TempDir dir;
    auto config = dir.write("t.yaml", config_yaml()).string();
    auto no_scheduler = arbiter(dir, {"run", config, "--shard", "auto", "--out", (dir.path() / "x").string()});
    CHECK(no_scheduler.code == 2);
    CHECK_THAT(no_scheduler.log, Catch::Contains("no scheduler found in the environment"));
    auto bad_spec = arbiter(dir, {"run", config, "--shard", "3/2", "--out", (dir.path() / "x").string()});
    CHECK(bad_spec.code == 2);
    CHECK_THAT(bad_spec.log, Catch::Contains("K must be between 1 and 2"));
    CHECK_FALSE(fs::exists(dir.path() / "x"));

    auto sprt_config = dir.write("sprt.yaml", config_yaml("sprt: {elo0: 0, elo1: 10}\n")).string();
    auto sprt = arbiter(dir, {"run", sprt_config, "--shard", "1/2", "--out", (dir.path() / "s").string()});
    CHECK(sprt.code == 1);
    CHECK_THAT(sprt.log, Catch::Contains("sprt with a shard (1/2) needs a shared folder") &&
                             Catch::Contains("(--shared DIR, or shared: DIR in the config)"));

    const auto s1 = dir.path() / "shard-1";
    REQUIRE(arbiter(dir, {"run", config, "--shard", "1/2", "--out", s1.string(), "--quiet"}).code == 0);
    auto reshard = arbiter(dir, {"run", "--resume", s1.string(), "--shard", "2/2"});
    CHECK(reshard.code == 2);
    CHECK_THAT(reshard.log, Catch::Contains("--shard cannot change with --resume"));

    auto other_config = dir.write("other.yaml", config_yaml().replace(config_yaml().find("rounds: 3"), 9, "rounds: 4"));
    const auto s2 = dir.path() / "shard-2";
    REQUIRE(arbiter(dir, {"run", other_config.string(), "--shard", "2/2", "--out", s2.string(), "--quiet"}).code == 0);
    auto mismatch = arbiter(dir, {"merge", "--out", (dir.path() / "m").string(), s1.string(), s2.string()});
    INFO(mismatch.log);
    CHECK(mismatch.code == 1);
    CHECK_THAT(mismatch.log, Catch::Contains("is a run of another config than"));
    CHECK_THAT(mismatch.log, Catch::Contains("rounds: 4"));
    CHECK_FALSE(fs::exists(dir.path() / "m/games.jsonl"));
}
