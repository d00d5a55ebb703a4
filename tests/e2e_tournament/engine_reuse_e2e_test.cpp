// Engine processes reused, not restarted, counted by the engines themselves:
// each engine runs through `sh -c 'echo $$ >> FILE; exec ENGINE ...'`, so
// every process started appends its pid to its engine's file (exec keeps the
// pid), whatever the arbiter reports.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace arb;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;

std::string pid_file(const test::TempDir &dir, int engine) {
    return (dir.path() / ("pids-" + std::to_string(engine))).string();
}

// Engine i: a random tictactoe player that first writes its pid to pid_file(i).
std::string engines_yaml(const test::TempDir &dir, int count, const std::string &first_extra = "") {
    std::string yaml = "engines:\n";
    for (int i = 0; i < count; ++i)
        yaml += "  - name: e" + std::to_string(i) + "\n    command: /bin/sh\n    args: [-c, 'echo $$ >> \"$0\"; exec \"$@\"', \"" +
                pid_file(dir, i) + "\", " + kEngine + ", --game, tictactoe, --mode, random, --seed, \"" +
                std::to_string(i + 1) + "\", --plugin-dir, " + ARBITER_PLUGIN_DIR + "]\n" + (i == 0 ? first_extra : "");
    return yaml;
}

// The pids an engine's processes wrote (each process once).
std::vector<std::string> pids(const std::string &file) {
    std::ifstream in(file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    return out;
}

struct Run {
    int exit_code = -1;
    std::string log;
    int reported_starts = -1;  // "N engine processes started"
};

Run run(const test::TempDir &dir, const std::string &yaml) {
    auto config = dir.write("t.yaml", yaml);
    test::ChildProcess child({kArbiter, "run", config.string(), "--out", (dir.path() / "out").string(), "-q",
                              "--force-concurrency",  // concurrency 4 on machines of fewer cores, on purpose
                              "--plugin-dir", ARBITER_PLUGIN_DIR},
                             dir.path() / "log.txt");
    Run r;
    r.exit_code = child.exit_code(std::chrono::seconds(180)).value_or(-1);
    r.log = test::read_file((dir.path() / "log.txt").string());
    std::smatch m;
    if (std::regex_search(r.log, m, std::regex(R"((\d+) engine processes started)"))) r.reported_starts = std::stoi(m[1]);
    return r;
}

int games_recorded(const test::TempDir &dir) {
    std::istringstream in(test::read_file((dir.path() / "out/games.jsonl").string()));
    int n = 0;
    for (std::string line; std::getline(in, line);) n += !line.empty();
    return n;
}

}  // namespace

TEST_CASE("a 12-engine round robin at concurrency 4 starts at most 2 processes per engine", "[e2e][reuse]") {
    test::TempDir dir;
    const int engines = 12;
    auto r = run(dir, "game: tictactoe\n" + engines_yaml(dir, engines) +
                          "tournament: {rounds: 2, games_per_pairing: 2}\nconcurrency: 4\ntime_control: 60+1\n");
    INFO(r.log);
    REQUIRE(r.exit_code == 0);
    CHECK(games_recorded(dir) == 66 * 4);  // 12 * 11 / 2 pairings, 2 rounds of 2 games
    int total = 0;
    for (int i = 0; i < engines; ++i) {
        INFO("engine e" << i);
        const auto started = pids(pid_file(dir, i));
        CHECK(started.size() >= 1);
        total += static_cast<int>(started.size());
    }
    // 4 games at once use 8 of the 12 engines: a game of two idle engines is
    // there to take but for the last few games. In schedule order the first
    // 22 games all involve e0 (4 processes of it at once), the next 20 e1...
    CHECK(total <= 2 * engines);
    CHECK(r.reported_starts == total);
}

TEST_CASE("restart: true starts one engine process per game, the other engine's are kept", "[e2e][reuse]") {
    test::TempDir dir;
    auto r = run(dir, "game: tictactoe\n" + engines_yaml(dir, 2, "    restart: true\n") +
                          "tournament: {rounds: 6, games_per_pairing: 2}\nconcurrency: 2\ntime_control: 60+1\n");
    INFO(r.log);
    REQUIRE(r.exit_code == 0);
    REQUIRE(games_recorded(dir) == 12);
    const auto restarted = pids(pid_file(dir, 0));
    CHECK(restarted.size() == 12);  // one per game: the one started before game 1 plays game 1
    CHECK(std::set<std::string>(restarted.begin(), restarted.end()).size() == 12);
    CHECK(pids(pid_file(dir, 1)).size() <= 2);  // one per concurrent game
    CHECK(test::read_file((dir.path() / "out/config.yaml").string()).find("restart: true") != std::string::npos);
}
