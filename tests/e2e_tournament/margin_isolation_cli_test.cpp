// Margins ("arbiter.margin/1") with the plugin run isolated: the same Othello
// tournament played in process and with isolate_plugins gives the same
// margin in every games.jsonl line and the same means in standings.json.
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;

// Two random arbiter-engines with fixed seeds: the games depend only on the seeds.
std::string config_yaml(bool isolated) {
    auto engine = [](const std::string &name, int seed) {
        return "  - {name: " + name + ", command: \"" + kEngine + "\", args: [--game, othello, --mode, random, --seed, \"" +
               std::to_string(seed) + "\", --plugin-dir, \"" + ARBITER_PLUGIN_DIR + "\"]}\n";
    };
    return "event: margins\ngame: othello\nengines:\n" + engine("one", 1) + engine("two", 2) +
           "tournament: {rounds: 2, games_per_pairing: 2, seed: 5}\nconcurrency: 1\ntime_control: 20+0.2\n" +
           "isolate_plugins: " + (isolated ? "true" : "false") + "\n";
}

struct Played {
    std::map<int, int> margins;  // game index -> margin
    std::map<int, int> score_difference;
    nlohmann::json engines;      // standings.json's table.engines
};

Played play(const test::TempDir &dir, bool isolated) {
    const std::string name = isolated ? "isolated" : "in-process";
    const fs::path config = dir.path() / (name + ".yaml");
    std::ofstream(config) << config_yaml(isolated);
    const fs::path out = dir.path() / name;
    test::ChildProcess child({kArbiter, "run", config.string(), "--out", out.string(), "-q", "--plugin-dir",
                              ARBITER_PLUGIN_DIR},
                             dir.path() / (name + ".log"));
    const auto code = child.exit_code(std::chrono::seconds(120));
    INFO(test::read_file((dir.path() / (name + ".log")).string()));
    REQUIRE(code == 0);
    Played p;
    std::istringstream records(test::read_file((out / "games.jsonl").string()));
    for (std::string line; std::getline(records, line);) {
        const auto j = nlohmann::json::parse(line);
        if (!j.contains("index")) continue;
        REQUIRE(j.contains("margin"));
        p.margins[j["index"].get<int>()] = j["margin"].get<int>();
        p.score_difference[j["index"].get<int>()] = j["score"][0].get<int>() - j["score"][1].get<int>();
    }
    p.engines = nlohmann::json::parse(test::read_file((out / "standings.json").string()))["table"]["engines"];
    return p;
}

}  // namespace

TEST_CASE("an isolated Othello tournament reports the margins of the in-process one", "[e2e][margin][isolation]") {
    test::TempDir dir;
    const Played here = play(dir, false);
    const Played there = play(dir, true);
    REQUIRE(here.margins.size() == 4);
    // Othello's margin is Black's discs minus White's with the empties to the winner: the
    // outcome's score (docs/writing-a-plugin.md), which the record has beside it.
    CHECK(here.margins == here.score_difference);
    CHECK(there.margins == here.margins);
    REQUIRE(there.engines.size() == 2);
    for (size_t i = 0; i < 2; ++i) {
        INFO(here.engines[i].dump());
        CHECK(there.engines[i]["name"] == here.engines[i]["name"]);
        CHECK(there.engines[i]["margin"]["games"] == 4);
        CHECK(there.engines[i]["margin"] == here.engines[i]["margin"]);
    }
}
