// Runs that reproduce (docs/config.md, "Seeds"): a tournament of seeded
// engines gives the same games.pgn whether it runs at once, is killed with
// SIGKILL and resumed, or is split into shards and merged. Each game hands its
// engines a seed from the tournament seed and its index, and arbiter-engine
// restarts its generator at every new game; before that, an engine process
// carried its generator from game to game, so the games depended on which
// process had played what before (2 of 36 games of a merged run matched).
#include "output/record_log.hpp"
#include "support/recorded_games.hpp"
#include "tournament/engine_seed.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;

// Othello between two arbiter-engines of `modes` ("random", or "mcts" with
// fixed playouts): both deterministic given their seeds. At any concurrency
// games.pgn and games.ggf list the games in schedule order once a run ends,
// however it ran.
std::string config_yaml(const std::string &mode0, const std::string &mode1, int rounds, int concurrency = 1,
                        const std::string &extra = "") {
    auto engine = [](const std::string &name, const std::string &mode, int seed) {
        return "  - {name: " + name + ", command: \"" + kEngine + "\", args: [--game, othello, --mode, " + mode +
               ", --playouts, \"30\", --seed, \"" + std::to_string(seed) + "\", --plugin-dir, \"" + ARBITER_PLUGIN_DIR +
               "\"]}\n";
    };
    return "event: reproduce\ngame: othello\nengines:\n" + engine("one", mode0, 1) + engine("two", mode1, 2) +
           "tournament: {rounds: " + std::to_string(rounds) + ", games_per_pairing: 2, seed: 5}\n"
           "concurrency: " + std::to_string(concurrency) + "\ntime_control: 20+0.2\n" + extra;
}

// The machine may have fewer cores than the games played at once (the
// point here is the order games end in, not speed).
const std::vector<std::string> kForce{"--force-concurrency"};

int run_arbiter(const test::TempDir &dir, std::vector<std::string> args) {
    const bool run = args.front() == "run";
    args.insert(args.begin(), kArbiter);
    args.push_back("--plugin-dir");
    args.push_back(ARBITER_PLUGIN_DIR);
    if (run) args.insert(args.end(), kForce.begin(), kForce.end());
    static int n = 0;
    const fs::path log = dir.path() / ("log" + std::to_string(++n) + ".txt");
    test::ChildProcess child(args, log);
    auto code = child.exit_code(std::chrono::seconds(120));
    INFO(test::read_file(log.string()));
    REQUIRE(code == 0);
    return *code;
}

int recorded_games(const fs::path &jsonl) {
    std::string text = test::read_file(jsonl.string());
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

void wait_until_unlocked(const fs::path &out) {
    const int fd = ::open((out / ".arbiter.lock").c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    bool locked = false;
    for (auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
         !(locked = ::flock(fd, LOCK_EX | LOCK_NB) == 0) && std::chrono::steady_clock::now() < deadline;)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::close(fd);  // releases it
    REQUIRE(locked);
}

// The run killed with SIGKILL once `kill_after` games are recorded, then resumed.
void run_killed_and_resumed(const test::TempDir &dir, const fs::path &config, const fs::path &out, int kill_after,
                            int total) {
    {
        test::ChildProcess run({kArbiter, "run", config.string(), "--out", out.string(), "--quiet", "--plugin-dir",
                                ARBITER_PLUGIN_DIR, kForce.front()},
                               dir.path() / "killed.txt");
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (recorded_games(out / "games.jsonl") < kill_after && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        run.signal(SIGKILL);
        REQUIRE(run.exit_code(std::chrono::seconds(10)) == 128 + SIGKILL);
    }
    // An engine process the arbiter was starting when it was killed holds the folder's lock between its
    // fork and exec (a moment, longer on a busy machine): --resume would find the folder in use.
    wait_until_unlocked(out);
    const int before = recorded_games(out / "games.jsonl");
    REQUIRE(before >= kill_after);
    REQUIRE(before < total);  // else nothing is left to resume
    run_arbiter(dir, {"run", "--resume", out.string(), "--quiet"});
}

// games.pgn without its Date tags: a run that passes midnight dates its games
// on two days; every other byte must agree.
std::string pgn_without_dates(const fs::path &out) {
    std::istringstream in(test::read_file((out / "games.pgn").string()));
    std::string line, text;
    while (std::getline(in, line))
        if (line.rfind("[Date ", 0) != 0) text += line + "\n";
    return text;
}

// The same for MCTS, whose move comments carry the time spent
// ("{+0.35/4 0.011s}"): the comments go, and with them the line breaks.
std::string pgn_moves_and_tags(const fs::path &out) {
    static const std::regex comment(R"(\{[-+]?\d+\.\d+(/\d+)? [^}]*s\})");
    std::string text = std::regex_replace(pgn_without_dates(out), comment, "");
    std::istringstream words(text);
    std::string word, joined;
    while (words >> word) joined += word + " ";
    return joined;
}

// games.ggf without its dates and per-move times ("B[d3/0.00/0.01]" becomes
// "B[d3]"): the moves, players and results, one game a line.
std::string ggf_without_times(const fs::path &out) {
    static const std::regex date(R"(DT\[[^\]]*\])"), move_extras(R"((\[[^\]/]*)/[^\]]*\])");
    return std::regex_replace(std::regex_replace(test::read_file((out / "games.ggf").string()), date, ""), move_extras,
                              "$1]");
}

// The schedule indices of games.jsonl, in file order.
std::vector<int> jsonl_indices(const fs::path &out) { return test::recorded_indices(out / "games.jsonl").in_file_order; }

bool in_order(const std::vector<int> &indices) { return std::is_sorted(indices.begin(), indices.end()); }

struct ThreeRuns {
    fs::path whole, resumed, merged;
};

ThreeRuns run_three_ways(const test::TempDir &dir, const fs::path &config, int total, const std::string &tag = "") {
    ThreeRuns r{dir.path() / ("whole" + tag), dir.path() / ("resumed" + tag), dir.path() / ("merged" + tag)};
    run_arbiter(dir, {"run", config.string(), "--out", r.whole.string(), "--quiet"});
    run_killed_and_resumed(dir, config, r.resumed, total / 4, total);
    const auto s1 = dir.path() / ("shard-1" + tag), s2 = dir.path() / ("shard-2" + tag);
    run_arbiter(dir, {"run", config.string(), "--shard", "2/2", "--out", s2.string(), "--quiet"});
    run_arbiter(dir, {"run", config.string(), "--shard", "1/2", "--out", s1.string(), "--quiet"});
    run_arbiter(dir, {"merge", "--out", r.merged.string(), s1.string(), s2.string()});
    for (const auto &out : {r.whole, r.resumed, r.merged}) {
        auto log = output::read_record_log(out / "games.jsonl");
        REQUIRE(log.has_value());
        REQUIRE(static_cast<int>(log->games.size()) == total);
    }
    return r;
}

}  // namespace

TEST_CASE("random engines: a run, a killed and resumed run and a merged sharded run give the same games.pgn",
          "[e2e][reproduce]") {
    test::TempDir dir;
    const int rounds = 20, total = 2 * rounds;
    auto config = dir.write("t.yaml", config_yaml("random", "random", rounds));
    ThreeRuns r = run_three_ways(dir, config, total);
    const std::string whole = pgn_without_dates(r.whole);
    CHECK(whole == pgn_without_dates(r.resumed));
    CHECK(whole == pgn_without_dates(r.merged));
    // The seed each game hands its engines: the (index+1)-th output of
    // SplitMix64 from the tournament seed 5, >> 33, computed by a separate
    // Python script (z += 0x9e3779b97f4a7c15; z = (z ^ z>>30) * 0xbf58476d1ce4e5b9;
    // z = (z ^ z>>27) * 0x94d049bb133111eb; z ^ z>>31), which gives for seed 0
    // SplitMix64's published first output 0xe220a8397b1dcdaf.
    CHECK_THAT(whole, Catch::Contains("[Game \"1\"]") && Catch::Contains("[EngineSeed \"830578054\"]") &&
                          Catch::Contains("[EngineSeed \"1615567014\"]") && Catch::Contains("[EngineSeed \"499739128\"]") &&
                          Catch::Contains("[EngineSeed \"213329761\"]"));
    auto log = output::read_record_log(r.merged / "games.jsonl");
    REQUIRE(log.has_value());
    const uint64_t expected[4] = {830578054, 1615567014, 499739128, 213329761};
    for (const auto &g : log->games)
        if (g.slot.index < 4) CHECK(g.record.played_under.engine_seed == expected[g.slot.index]);
}

TEST_CASE("MCTS with fixed playouts: the three ways of running give the same games", "[e2e][reproduce]") {
    test::TempDir dir;
    const int rounds = 6, total = 2 * rounds;
    auto config = dir.write("t.yaml", config_yaml("mcts", "random", rounds));
    ThreeRuns r = run_three_ways(dir, config, total);
    const std::string whole = pgn_moves_and_tags(r.whole);
    CHECK_THAT(whole, Catch::Contains("[EngineSeed "));
    CHECK(whole == pgn_moves_and_tags(r.resumed));
    CHECK(whole == pgn_moves_and_tags(r.merged));
    // Two games at once: MCTS games of different lengths end out of schedule order.
    auto config2 = dir.write("t2.yaml", config_yaml("mcts", "random", rounds, 2));
    const auto whole2 = dir.path() / "whole-2";
    run_arbiter(dir, {"run", config2.string(), "--out", whole2.string(), "--quiet"});
    CHECK(whole == pgn_moves_and_tags(whole2));
}

TEST_CASE("at concurrency 2 and 4 a run, a killed and resumed run and a merged sharded run give concurrency 1's "
          "games.pgn and games.ggf byte for byte",
          "[e2e][reproduce]") {
    test::TempDir dir;
    const int rounds = 20, total = 2 * rounds;
    const auto reference = dir.path() / "whole-1";
    run_arbiter(dir, {"run", dir.write("t1.yaml", config_yaml("random", "random", rounds)).string(), "--out",
                      reference.string(), "--quiet"});
    const std::string pgn = pgn_without_dates(reference), ggf = ggf_without_times(reference);
    REQUIRE_THAT(pgn, Catch::Contains("[Game \"40\"]"));
    REQUIRE(std::count(ggf.begin(), ggf.end(), '\n') == total);
    bool some_out_of_order = false;  // else this test would show nothing
    for (int concurrency : {2, 4}) {
        const std::string tag = "-" + std::to_string(concurrency);
        INFO("concurrency " << concurrency);
        auto config = dir.write("t" + tag + ".yaml", config_yaml("random", "random", rounds, concurrency));
        ThreeRuns r = run_three_ways(dir, config, total, tag);
        for (const auto &out : {r.whole, r.resumed, dir.path() / ("shard-1" + tag), dir.path() / ("shard-2" + tag)})
            some_out_of_order = some_out_of_order || !in_order(jsonl_indices(out));
        for (const auto &out : {r.whole, r.resumed, r.merged}) {
            INFO(out.string());
            CHECK(pgn_without_dates(out) == pgn);
            CHECK(ggf_without_times(out) == ggf);
        }
    }
    CHECK(some_out_of_order);
}

// The games of `pgn` (each from its "[Event " line on) by their Game tag, from 1.
std::map<int, std::string> pgn_games(const std::string &pgn) {
    std::map<int, std::string> games;
    static const std::regex game_tag(R"re(\[Game "(\d+)"\])re");
    size_t start = 0;
    while (start < pgn.size()) {
        size_t next = pgn.find("\n[Event ", start);
        next = next == std::string::npos ? pgn.size() : next + 1;
        const std::string game = pgn.substr(start, next - start);
        std::smatch m;
        REQUIRE(std::regex_search(game, m, game_tag));
        games[std::stoi(m[1])] = game;
        start = next;
    }
    return games;
}

TEST_CASE("a run at concurrency 4 stopped by an interrupt leaves games.pgn and games.ggf in schedule order",
          "[e2e][reproduce]") {
    test::TempDir dir;
    const int rounds = 40, total = 2 * rounds;
    const auto reference = dir.path() / "whole-1";
    run_arbiter(dir, {"run", dir.write("t1.yaml", config_yaml("random", "random", rounds)).string(), "--out",
                      reference.string(), "--quiet"});
    // A pause after each game, so that the interrupt comes while games remain (random games take a few ms).
    const std::string slow = "wait_ms: 50\n";
    const auto stopped = dir.path() / "stopped";
    {
        test::ChildProcess run({kArbiter, "run", dir.write("t4.yaml", config_yaml("random", "random", rounds, 4, slow)).string(),
                                "--out", stopped.string(), "--quiet", "--plugin-dir", ARBITER_PLUGIN_DIR, kForce.front()},
                               dir.path() / "stopped.txt");
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (recorded_games(stopped / "games.jsonl") < total / 4 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        run.signal(SIGINT);
        const auto code = run.exit_code(std::chrono::seconds(60));
        INFO(test::read_file((dir.path() / "stopped.txt").string()));
        REQUIRE(code == 130);  // stopped before the end: the games running finished, no new ones
    }
    std::vector<int> indices = jsonl_indices(stopped);
    REQUIRE(static_cast<int>(indices.size()) < total);
    INFO("recorded in the order " << Catch::Detail::stringify(indices));
    std::sort(indices.begin(), indices.end());
    // The reference's games of the indices recorded, in index order; GGF has one game a line, in index order there.
    const auto all = pgn_games(pgn_without_dates(reference));
    std::istringstream ggf_lines(ggf_without_times(reference));
    std::vector<std::string> ggf_games;
    for (std::string line; std::getline(ggf_lines, line);) ggf_games.push_back(line + "\n");
    REQUIRE(static_cast<int>(ggf_games.size()) == total);
    std::string pgn, ggf;
    for (int index : indices) {
        pgn += all.at(index + 1);
        ggf += ggf_games.at(static_cast<size_t>(index));
    }
    CHECK(pgn_without_dates(stopped) == pgn);
    CHECK(ggf_without_times(stopped) == ggf);
}

TEST_CASE("a game's engine seed is SplitMix64's output for its index, top 31 bits", "[reproduce]") {
    // SplitMix64 (Vigna's splitmix64.c) from state 0 gives 0xe220a8397b1dcdaf,
    // 0x6e789e6aa1b965f4, 0x06c45d188009454f: its usual test vector, recomputed by the
    // separate Python script quoted above.
    CHECK(tournament::engine_seed(0, 0) == (0xe220a8397b1dcdafULL >> 33));
    CHECK(tournament::engine_seed(0, 1) == (0x6e789e6aa1b965f4ULL >> 33));
    CHECK(tournament::engine_seed(0, 2) == (0x06c45d188009454fULL >> 33));
    CHECK(tournament::engine_seed(5, 0) != tournament::engine_seed(6, 0));
    CHECK(tournament::engine_seed(UINT64_MAX, 1000000) < (uint64_t{1} << 31));
}
