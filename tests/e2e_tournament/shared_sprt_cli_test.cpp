// One SPRT played by shards of `arbiter run` on a shared folder, end to end
// with instant scripted engines (arbiter-mock-engine, one of them losing a
// known share of its games by forfeit): the shards stop within one pair each
// of the decision, the merge shows it with the overshoot, and the decision is
// the unsharded SPRT's on the same pairs in schedule order; a shard killed
// with SIGKILL and resumed, a shard started after the decision, a shared
// folder that disappears.
#include "rating/ratings.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

using namespace arb;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;

// `strong` never forfeits, `weak` forfeits a share of its games at its first move; the rest is random
// tic-tac-toe, fair over a colour-swapped pair. `late_ms` slows every move, for a test that must catch a
// shard in the middle of its run.
std::string config_yaml(double lose_probability, int elo1, int late_ms = 0) {
    auto engine = [&](const std::string &name, const std::string &extra) {
        return "  - {name: " + name + ", command: \"{arbiter_bin}/arbiter-mock-engine\", args: [--game, tictactoe, "
               "--plugin-dir, \"" + ARBITER_PLUGIN_DIR + "\", --late-ms, '" + std::to_string(late_ms) + "'" + extra +
               "]}\n";
    };
    return "event: shared sprt\ngame: tictactoe\nengines:\n" + engine("strong", "") +
           engine("weak", ", --lose-probability, '" + std::to_string(lose_probability) + "'") +
           "tournament: {rounds: 400, games_per_pairing: 2}\ntime_control: 10+0.1\n"
           "sprt: {elo0: 0, elo1: " + std::to_string(elo1) + ", alpha: 0.05, beta: 0.05}\n";
}

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<nlohmann::json> json_lines(const fs::path &file) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(read(file));
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

std::vector<std::string> shard_args(const fs::path &config, int shard, int count, const fs::path &out,
                                    const fs::path &shared) {
    return {kArbiter, "run", config.string(), "--shard", std::to_string(shard) + "/" + std::to_string(count),
            "--out", out.string(), "--shared", shared.string(), "--quiet", "--plugin-dir", ARBITER_PLUGIN_DIR};
}

struct Finished {
    int code;
    std::string log;
};

Finished wait_for(test::ChildProcess &child, const fs::path &log) {
    auto code = child.exit_code(120s);
    REQUIRE(code.has_value());
    return {*code, test::read_file(log.string())};
}

Finished run(const std::vector<std::string> &args, const fs::path &log) {
    test::ChildProcess child(args, log);
    return wait_for(child, log);
}

size_t lines_in(const fs::path &file) {
    const std::string text = read(file);
    return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The pair ids in a shard's pair file.
std::set<int64_t> pairs_in(const fs::path &file) {
    std::set<int64_t> pairs;
    for (const auto &j : json_lines(file)) pairs.insert(j.at("pair").get<int64_t>());
    return pairs;
}

// Engine 0's scores of each complete pair in a folder's games.jsonl, by pair id.
std::map<int64_t, std::vector<double>> pair_scores(const fs::path &jsonl) {
    std::map<int64_t, std::map<int, double>> games;
    for (const auto &g : json_lines(jsonl)) {
        const std::string result = g.at("result").get<std::string>();
        const double side0 = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
        const bool strong_first = g.at("engines").at(0).get<int>() == 0;  // config index of `strong`
        games[g.at("pair").get<int64_t>()][g.at("index").get<int>()] = strong_first ? side0 : 1.0 - side0;
    }
    std::map<int64_t, std::vector<double>> pairs;
    for (const auto &[pair, by_index] : games)
        if (by_index.size() == 2) pairs[pair] = {by_index.begin()->second, by_index.rbegin()->second};
    return pairs;
}

rating::SprtConfig sprt_config(int elo1) {
    rating::SprtConfig c;
    c.elo0 = 0;
    c.elo1 = elo1;
    c.alpha = c.beta = 0.05;
    c.paired_schedule = true;
    return c;
}

}  // namespace

TEST_CASE("two shards of an SPRT stop together on a shared folder and merge into the decision", "[e2e][shard][sprt]") {
    test::TempDir dir;
    // Expected score 3/4 against nElo bounds [0, 15]: some 50 pairs (by trial: 3 to 60), a second or two.
    const auto config = dir.write("t.yaml", config_yaml(0.5, 15));
    const fs::path shared = dir.path() / "shared", s1 = dir.path() / "s1", s2 = dir.path() / "s2";
    fs::create_directory(shared);
    test::ChildProcess one(shard_args(config, 1, 2, s1, shared), dir.path() / "one.txt");
    test::ChildProcess two(shard_args(config, 2, 2, s2, shared), dir.path() / "two.txt");
    const Finished a = wait_for(one, dir.path() / "one.txt"), b = wait_for(two, dir.path() / "two.txt");
    INFO(a.log << "\n----\n" << b.log);
    REQUIRE(a.code == 0);
    REQUIRE(b.code == 0);
    const auto decision = nlohmann::json::parse(read(shared / "decision.json"));
    const int64_t decided_pairs = decision.at("pairs").get<int64_t>();
    // Each shard stops within one pair of the decision (concurrency 1): once decision.json exists, at
    // most one pair starts (its look just before the file was made), besides the one being played.
    // (Pairs past the crossing that finished before the file was made are overshoot too, but were started
    // before there was a decision to see.)
    // (The decision's own time, taken before the file is made: a file's mtime runs up to a clock tick late.)
    const int64_t decided_ms = decision.at("time_ms").get<int64_t>();
    for (const auto &out : {s1, s2}) {
        int started_after = 0;
        for (const auto &g : json_lines(out / "games.jsonl"))
            if (g.at("game_in_pairing").get<int>() % 2 == 0 && g.at("started_ms").get<int64_t>() > decided_ms + 1)
                ++started_after;
        CHECK(started_after <= 1);
    }
    for (const auto &log : {a.log, b.log}) CHECK_THAT(log, Catch::Contains("stopped by SPRT"));

    // The unsharded model on the same pairs in schedule order crosses at the decision's pair, not before.
    auto scores = pair_scores(s1 / "games.jsonl");
    for (auto &[pair, s] : pair_scores(s2 / "games.jsonl")) scores[pair] = s;
    rating::Pentanomial p;
    int64_t decided_at = 0;
    rating::SprtState state;
    for (int64_t i = 0; i < decided_pairs && decided_at == 0; ++i) {
        REQUIRE(scores.count(i) == 1);
        rating::add_pair(p, scores[i][0], scores[i][1]);
        state = rating::sprt(sprt_config(15), p);
        if (state.decision != rating::SprtState::Decision::Continue) decided_at = i + 1;
    }
    CHECK(decided_at == decided_pairs);
    CHECK(decision.at("llr").get<double>() == Approx(state.llr));
    CHECK(decision.at("decision").get<std::string>() ==
          (state.decision == rating::SprtState::Decision::AcceptH1 ? "H1" : "H0"));

    const fs::path merged = dir.path() / "merged";
    const Finished m = run({kArbiter, "merge", "--out", merged.string(), s1.string(), s2.string(), "--plugin-dir",
                            ARBITER_PLUGIN_DIR},
                           dir.path() / "merge.txt");
    INFO(m.log);
    REQUIRE(m.code == 0);
    const size_t games = lines_in(merged / "games.jsonl");
    CHECK(games == lines_in(s1 / "games.jsonl") + lines_in(s2 / "games.jsonl"));
    const int64_t at_decision = decision.at("games").get<int64_t>();
    CHECK(at_decision == 2 * decided_pairs);
    CHECK_THAT(m.log, Catch::Contains(fmt::format("after {} pairs ({} games), decided by shard", decided_pairs,
                                                  at_decision)));
    CHECK_THAT(m.log, Catch::Contains(fmt::format("{} games played, {} past the decision (overshoot)", games,
                                                  static_cast<int64_t>(games) - at_decision)));
    CHECK_THAT(m.log, Catch::Contains("(stopped by the SPRT)"));
    const auto standings = nlohmann::json::parse(read(merged / "standings.json"));
    CHECK(standings.at("sprt_over_shards").at("games").get<int64_t>() == at_decision);
    CHECK(standings.at("sprt_over_shards").at("overshoot_games").get<int64_t>() ==
          static_cast<int64_t>(games) - at_decision);
    CHECK(read(merged / "config.yaml").find("shared:") == std::string::npos);
}

TEST_CASE("a shard of an SPRT killed with SIGKILL and resumed completes the count, and a resume after the "
          "decision plays nothing", "[e2e][shard][sprt]") {
    test::TempDir dir;
    // The weak engine forfeits every game: all pairs are WW, and by hand (ratings.hpp's normalized LLR with
    // fishtest's 1e-3 for empty counts) the LLR after n WW pairs against [0, 5] is 0.24, 0.67, 1.22, 1.88,
    // 2.63, 3.45: the decision comes at pair 6 (pairs 0-5, of both shards). Slow moves (50 ms) so that the
    // kill lands in the middle of the run.
    const auto config = dir.write("t.yaml", config_yaml(1.0, 5, 50));
    const fs::path shared = dir.path() / "shared", s1 = dir.path() / "s1", s2 = dir.path() / "s2";
    fs::create_directory(shared);
    const fs::path own = shared / "shard-1-of-2.pairs";
    test::ChildProcess two(shard_args(config, 2, 2, s2, shared), dir.path() / "two.txt");
    {
        test::ChildProcess one(shard_args(config, 1, 2, s1, shared), dir.path() / "one.txt");
        const auto until = std::chrono::steady_clock::now() + 60s;
        while (lines_in(own) < 1 && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(5ms);
        REQUIRE(lines_in(own) >= 1);
        one.signal(SIGKILL);
        REQUIRE(one.exit_code(10s) == 128 + SIGKILL);
    }
    // Pair 3 is shard 1's: without it the count cannot reach pair 6, whatever shard 2 plays meanwhile.
    CHECK_FALSE(fs::exists(shared / "decision.json"));
    const Finished resumed = run({kArbiter, "run", "--resume", s1.string(), "--quiet", "--plugin-dir",
                                  ARBITER_PLUGIN_DIR},
                                 dir.path() / "resumed.txt");
    const Finished other = wait_for(two, dir.path() / "two.txt");
    INFO(resumed.log << "\n----\n" << other.log);
    REQUIRE(resumed.code == 0);
    REQUIRE(other.code == 0);
    for (const auto &log : {resumed.log, other.log}) CHECK_THAT(log, Catch::Contains("stopped by SPRT"));
    // Shard 1's file holds each pair of its records once, none more.
    std::set<int64_t> recorded_pairs;
    for (const auto &[pair, s] : pair_scores(s1 / "games.jsonl")) recorded_pairs.insert(pair);
    CHECK(pairs_in(own) == recorded_pairs);
    CHECK(lines_in(own) == recorded_pairs.size());
    const auto decision = nlohmann::json::parse(read(shared / "decision.json"));
    CHECK(decision.at("decision").get<std::string>() == "H1");
    CHECK(decision.at("pairs").get<int>() == 6);
    CHECK(decision.at("llr").get<double>() == Approx(3.45).margin(0.005));

    // A resume after the decision plays nothing more.
    const size_t before = lines_in(s1 / "games.jsonl");
    const Finished again = run({kArbiter, "run", "--resume", s1.string(), "--quiet", "--plugin-dir",
                                ARBITER_PLUGIN_DIR},
                               dir.path() / "again.txt");
    INFO(again.log);
    REQUIRE(again.code == 0);
    CHECK_THAT(again.log, Catch::Contains("this shard starts no new game"));
    CHECK(lines_in(s1 / "games.jsonl") == before);
}

TEST_CASE("a shard of an SPRT started after the decision plays nothing", "[e2e][shard][sprt]") {
    test::TempDir dir;
    // All pairs WW against [0, 40]: by hand, LLR 1.87 after one pair and 5.30 after two, so pairs 0 and 1
    // (shards 1 and 2 of 3) decide, and shard 3 (first pair: 2) is not needed.
    const auto config = dir.write("t.yaml", config_yaml(1.0, 40));
    const fs::path shared = dir.path() / "shared";
    fs::create_directory(shared);
    test::ChildProcess one(shard_args(config, 1, 3, dir.path() / "s1", shared), dir.path() / "one.txt");
    test::ChildProcess two(shard_args(config, 2, 3, dir.path() / "s2", shared), dir.path() / "two.txt");
    const Finished a = wait_for(one, dir.path() / "one.txt"), b = wait_for(two, dir.path() / "two.txt");
    INFO(a.log << "\n----\n" << b.log);
    REQUIRE(a.code == 0);
    REQUIRE(b.code == 0);
    const auto decision = nlohmann::json::parse(read(shared / "decision.json"));
    CHECK(decision.at("pairs").get<int>() == 2);
    CHECK(decision.at("llr").get<double>() == Approx(5.30).margin(0.005));
    const Finished late = run(shard_args(config, 3, 3, dir.path() / "s3", shared), dir.path() / "late.txt");
    INFO(late.log);
    REQUIRE(late.code == 0);
    CHECK_THAT(late.log, Catch::Contains("the SPRT of these shards is decided (H1 accepted, LLR 5.30"));
    CHECK_THAT(late.log, Catch::Contains("this shard plays no game"));
    CHECK(lines_in(dir.path() / "s3" / "games.jsonl") == 0);
}

TEST_CASE("a shard whose shared folder disappears stops with a clear error", "[e2e][shard][sprt]") {
    test::TempDir dir;
    const auto config = dir.write("t.yaml", config_yaml(0.0, 5, 20));  // no forfeits: no decision for long
    const fs::path shared = dir.path() / "shared", s1 = dir.path() / "s1";
    fs::create_directory(shared);
    test::ChildProcess one(shard_args(config, 1, 2, s1, shared), dir.path() / "one.txt");
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (lines_in(shared / "shard-1-of-2.pairs") < 1 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(5ms);
    fs::remove_all(shared);
    const Finished f = wait_for(one, dir.path() / "one.txt");
    INFO(f.log);
    CHECK(f.code == 1);
    CHECK_THAT(f.log, Catch::Contains("stopped: the shared folder " + shared.string() + " is gone"));
    CHECK_THAT(f.log, Catch::Contains("continue with 'arbiter run --resume " + s1.string() + "'"));
}
