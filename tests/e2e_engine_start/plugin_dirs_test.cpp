// The user's scenario from docs/writing-a-plugin.md: a new game in its own
// folder, named with --plugin-dir (or plugin_dirs:, or as a file in game:),
// played by arbiter-engine. The engine finds the game only because the
// arbiter puts that folder in front of its $ARBITER_PLUGIN_PATH; before, every
// game was lost as "crash ... unknown game" and the run still exited 0.
#include "e2e_support.hpp"

#include <catch2/catch.hpp>

using namespace arb::test;
namespace fs = std::filesystem;

namespace {

// Two arbiter-engines: one told the game on its command line (it exits at
// once when the game is not found), one told it by 'setoption name game'.
std::string countdown_config(const std::string &game_line, const std::string &extra = "") {
    return "event: plugin-dir\n" + game_line +
           "\nengines:\n"
           "  - {name: named, command: " + kEngine + ", args: [--game, countdown, --mode, random, --seed, \"3\"]}\n"
           "  - {name: told, command: " + kEngine + ", args: [--mode, mcts, --playouts, \"20\"]}\n"
           "tournament: {rounds: 2, games_per_pairing: 2}\nconcurrency: 2\ntime_control: 10+0.1\n" + extra;
}

// Every record played to its natural end: the game's own rule decided it.
void check_records(const fs::path &out, int games) {
    const std::string jsonl = read_file(out / "games.jsonl");
    INFO(jsonl);
    CHECK(count_of(jsonl, "\n") == games);
    CHECK(count_of(jsonl, "\"termination\":\"game-rule\"") == games);
    CHECK(count_of(jsonl, "\"game\":\"countdown\"") == games);
    const std::string pgn = read_file(out / "games.pgn");
    CHECK(count_of(pgn, "[Variant \"countdown\"]") == games);
    CHECK(pgn.find(".so") == std::string::npos);
}

}  // namespace

TEST_CASE("run and resume: a game reachable only through --plugin-dir is played by arbiter-engine",
          "[e2e][plugin-dir]") {
    TempDir dir;
    const fs::path games = private_game_dir(dir);
    dir.write("conf/t.yaml", countdown_config("game: countdown"));
    // Without the folder the arbiter itself cannot find the game.
    auto missing = run_in(dir, kArbiter + " run conf/t.yaml --out out0 --quiet");
    CHECK(missing.exit_code == 1);
    CHECK_THAT(missing.output, Catch::Contains("unknown game 'countdown'"));

    auto run = run_in(dir, kArbiter + " run conf/t.yaml --plugin-dir games --out out --quiet");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    check_records(dir.path() / "out", 4);
    const std::string effective = read_file(dir.path() / "out/config.yaml");
    CHECK_THAT(effective, Catch::Contains("plugin_dirs:\n  - \"" + games.string() + "\""));

    // --resume without --plugin-dir: the folder comes from the effective config.
    std::string jsonl = read_file(dir.path() / "out/games.jsonl");
    size_t second_line = jsonl.find('\n') + 1;
    std::ofstream(dir.path() / "out/games.jsonl", std::ios::trunc) << jsonl.substr(0, second_line);
    auto resumed = run_in(dir, kArbiter + " run --resume out --quiet");
    INFO(resumed.output);
    REQUIRE(resumed.exit_code == 0);
    CHECK_THAT(resumed.output, Catch::Contains("1 already played"));
    check_records(dir.path() / "out", 4);
}

TEST_CASE("run: plugin_dirs in the config and a game given as a plugin file reach the engines", "[e2e][plugin-dir]") {
    TempDir dir;
    const fs::path games = private_game_dir(dir);
    SECTION("plugin_dirs: relative to the config file") {
        dir.write("conf/t.yaml", countdown_config("game: countdown", "plugin_dirs: [../games]\n"));
    }
    SECTION("game: a plugin file relative to the config file") {
        dir.write("conf/t.yaml", countdown_config("game: ../games/countdown.so"));
    }
    auto run = run_in(dir, kArbiter + " run conf/t.yaml --out out --quiet");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    check_records(dir.path() / "out", 4);
    const std::string effective = read_file(dir.path() / "out/config.yaml");
    CHECK_THAT(effective, Catch::Contains("id: countdown"));
    CHECK_THAT(effective, Catch::Contains("  - \"" + games.string() + "\""));
}

TEST_CASE("play: a game reachable only through --plugin-dir is played by arbiter-engine", "[e2e][plugin-dir]") {
    TempDir dir;
    private_game_dir(dir);
    auto play = run_in(dir, kArbiter + " play --game countdown --plugin-dir games --tc 10+0.1 --engine '" + kEngine +
                                " --game countdown --mode random' --engine '" + kEngine + " --mode random --seed 2'");
    INFO(play.output);
    CHECK(play.exit_code == 0);
    CHECK_THAT(play.output, Catch::Contains("termination: game-rule"));
    CHECK_THAT(play.output, Catch::Contains("the pile is empty"));
}

TEST_CASE("check: a game reachable only through --plugin-dir is checked with the reference engine", "[e2e][plugin-dir]") {
    TempDir dir;
    private_game_dir(dir);
    auto check = run_in(dir, kArbiter + " check --game countdown --plugin-dir games --engine '" + kEngine +
                                 " --mode random' --startup-timeout 5000 --movetime 50 --untimed-limit 2000");
    INFO(check.output);
    CHECK(check.exit_code == 0);
    CHECK_THAT(check.output, Catch::Contains("PASS  plays 2 full games"));
    CHECK_THAT(check.output, Catch::Contains("0 failed, 0 warnings, 0 skipped"));
    CHECK(check.output.find("SKIP") == std::string::npos);
}
