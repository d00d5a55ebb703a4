// Each game on one CPU (docs/config.md, "Scheduling"): the mock engine says
// at every go which CPUs it may run on ({cpus} in an --info line, read from
// its /proc/self/status), match_line= keeps that line per move in
// games.jsonl, and the test compares it with the CPUs this process may use.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/skip.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

namespace {

using arb::test::kBin;
using arb::test::chess::fresh_dir;

// Per game, the set of CPU lists its engines reported at their moves.
std::vector<std::set<std::string>> cpus_per_game(const std::string &each, const std::string &name) {
    const auto dir = fresh_dir(name);
    const std::string mock = "'" + kBin + "/arbiter-mock-engine'";
    const std::string engine = " args=\"--game chess --info 'info string cpus {cpus}'\"";
    auto run = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/fastchess' -engine cmd=" + mock +
                                      " name=A" + engine + " -engine cmd=" + mock + " name=B" + engine +
                                      " -each tc=10+0.1 " + each + " -rounds 2 -games 2 -maxmoves 4 -concurrency 2"
                                      " -pgnout file=g.pgn 'match_line=cpus' --out out 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    std::vector<std::set<std::string>> games;
    std::istringstream lines(arb::test::chess::read(dir / "out" / "games.jsonl"));
    for (std::string line; std::getline(lines, line);) {
        const auto record = nlohmann::json::parse(line);
        auto &cpus = games.emplace_back();
        for (const auto &move : record.at("moves")) {
            REQUIRE(move.contains("lines"));
            const std::string said = move.at("lines").at(0);
            REQUIRE(said.rfind("info string cpus ", 0) == 0);
            cpus.insert(said.substr(17));
        }
    }
    REQUIRE(games.size() == 4);
    return games;
}

}  // namespace

TEST_CASE("engines of one thread play each game on one CPU, others where the kernel puts them", "[e2e][chess][affinity]") {
    const std::string all = arb::test::proc_field("self", "status", "Cpus_allowed_list");
    if (all.find_first_of("-,") == std::string::npos) ARB_SKIP("this process may use one CPU only (" << all << ")");
    // option.Threads=1 for both, as fishtest's command line sets it: affinity auto pins.
    for (const auto &game : cpus_per_game("option.Threads=1", "affinity-auto")) {
        REQUIRE(game.size() == 1);  // both engines, every move: the same CPU
        INFO(*game.begin());
        CHECK(game.begin()->find_first_of("-,") == std::string::npos);
    }
    // Without a thread count nothing is pinned by default.
    for (const auto &game : cpus_per_game("", "affinity-unknown")) CHECK(game == std::set<std::string>{all});
    // -use-affinity pins them whatever their options.
    for (const auto &game : cpus_per_game("-use-affinity", "affinity-on")) {
        REQUIRE(game.size() == 1);
        CHECK(game.begin()->find_first_of("-,") == std::string::npos);
    }
}
