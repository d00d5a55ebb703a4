// `arbiter run` on configs built to crash or hang it (issue 17, item 1): a
// self-alias, an alias cycle through maps, nested aliases ("billion laughs")
// and a schedule of 10^12 games. Each is a config error with its place, and
// the run ends before any engine starts. The 30 s wait is a hang guard, not a
// timing: each ends in milliseconds; before the fix the first two crashed with
// SIGSEGV, the laughs ran for minutes and the schedule ran into bad_alloc.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <chrono>

using namespace arb;

namespace {

using arb::test::kArbiter;
using arb::test::kEngine;
constexpr std::chrono::seconds kHangGuard{30};

struct Outcome {
    std::optional<int> exit_code;  // nullopt: still running after the guard (then killed)
    std::string output;
};

Outcome run(const test::TempDir &dir, const std::filesystem::path &config, std::vector<std::string> extra = {}) {
    std::vector<std::string> argv = {kArbiter, "run", config.string(), "--out", (dir.path() / "out").string(),
                                     "--plugin-dir", ARBITER_PLUGIN_DIR};
    argv.insert(argv.end(), extra.begin(), extra.end());
    Outcome o;
    {
        test::ChildProcess child(argv, dir.path() / "log.txt");
        o.exit_code = child.exit_code(kHangGuard);
    }
    o.output = test::read_file((dir.path() / "log.txt").string());
    return o;
}

std::string two_engines() {
    return "game: tictactoe\nengines:\n  - {name: a, command: " + kEngine + "}\n  - {name: b, command: " + kEngine +
           "}\n";
}

}  // namespace

TEST_CASE("a self-alias is a config error at the alias, not a crash", "[e2e][config]") {
    test::TempDir dir;
    auto config = dir.write("self.yaml", "game: tictactoe\nx: &x [ *x ]\n");
    auto outcome = run(dir, config);
    INFO(outcome.output);
    CHECK(outcome.exit_code == 1);
    CHECK_THAT(outcome.output, Catch::Contains(config.string() + ":2:9: alias '*x' is inside the node it names "
                                                                 "('&x' at line 2, column 4): a recursive alias has no end"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("an alias cycle through maps is a config error at the alias, not a crash", "[e2e][config]") {
    test::TempDir dir;
    // The engine's map holds its options' map, which holds the engine's map again.
    auto config = dir.write("cycle.yaml", "game: tictactoe\nengines:\n  - &e\n    name: a\n    command: " + kEngine +
                                              "\n    options:\n      again: *e\n  - {name: b, command: " + kEngine +
                                              "}\n");
    auto outcome = run(dir, config);
    INFO(outcome.output);
    CHECK(outcome.exit_code == 1);
    CHECK_THAT(outcome.output, Catch::Contains(config.string() + ":7:14: alias '*e' is inside the node it names "
                                                                 "('&e' at line 3, column 5)"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("ten levels of ten aliases are refused at the alias that passes the limit", "[e2e][config]") {
    test::TempDir dir;
    // a0 is a list of 10 scalars (11 nodes); each a(k) lists 10 aliases to a(k-1).
    std::string yaml = two_engines() + "l0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int level = 1; level <= 10; ++level) {
        yaml += "l" + std::to_string(level) + ": &a" + std::to_string(level) + " [";
        for (int i = 0; i < 10; ++i) yaml += (i ? ", *a" : "*a") + std::to_string(level - 1);
        yaml += "]\n";
    }
    auto config = dir.write("laughs.yaml", yaml);
    auto outcome = run(dir, config);
    INFO(outcome.output);
    CHECK(outcome.exit_code == 1);
    // By hand: a1..a3 hold 111, 1111 and 11111 nodes; their aliases copy
    // 10 x (11 + 111 + 1111) = 12330 nodes. On the line of a4 (line 9 of the
    // file) each alias copies 11111: the 8th brings the total to
    // 12330 + 8 x 11111 = 101218, past 100000. "l4: &a4 [" is 9 characters
    // and each alias with its ", " 5 more: the 8th starts at column 10 + 7 x 5 = 45.
    CHECK_THAT(outcome.output, Catch::Contains(config.string() + ":9:45: alias '*a3' takes the nodes copied by "
                                                                 "aliases past 100000, the limit of a config"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("a schedule of 10^12 games is refused before anything starts, naming the product", "[e2e][config]") {
    test::TempDir dir;
    const std::string product = "the schedule would hold 1000000000000 games: 1 pairing (2 engines, round-robin) x "
                                "1000000 rounds x 1000000 games per pairing, more than the limit of 10000000 games";
    SECTION("written in the file") {
        auto config = dir.write("huge.yaml", two_engines() + "tournament:\n  rounds: 1000000\n  games_per_pairing: 1000000\n");
        auto outcome = run(dir, config);
        INFO(outcome.output);
        CHECK(outcome.exit_code == 1);
        CHECK_THAT(outcome.output, Catch::Contains(config.string() + ":6:3: tournament: " + product));
    }
    SECTION("given on the command line") {
        auto config = dir.write("small.yaml", two_engines());
        auto outcome = run(dir, config, {"--rounds", "1000000", "--games-per-pairing", "1000000"});
        INFO(outcome.output);
        CHECK(outcome.exit_code == 1);
        CHECK_THAT(outcome.output, Catch::Contains("--rounds 1000000 --games-per-pairing 1000000: " + product));
    }
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}
