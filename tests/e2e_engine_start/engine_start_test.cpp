// Engines that cannot start: `arbiter run` starts every engine once before
// game 1 and stops with exit code 1, naming the engine, its command and its
// stderr, without writing a record (a run used to forfeit all their games and
// exit 0). An engine that fails later still only loses that game. Also the
// folder rules around it and `arbiter check`'s skips and reference faults.
#include "e2e_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <chrono>
#include <fstream>

using namespace arb::test;
namespace fs = std::filesystem;

namespace {

const std::string kGood = "  - {name: good, command: " + kEngine + ", args: [--game, tictactoe, --mode, random]}\n";

std::string tictactoe_config(const std::string &engines, const std::string &extra = "") {
    return "game: tictactoe\nengines:\n" + kGood + engines +
           "tournament: {rounds: 1, games_per_pairing: 2}\nconcurrency: 2\ntime_control: 10+0.1\n" + extra;
}

void check_nothing_recorded(const fs::path &out) {
    for (const char *file : {"games.jsonl", "games.pgn", "config.yaml", "standings.txt"})
        CHECK_FALSE(fs::exists(out / file));
}

fs::path write_script(const TempDir &dir, const std::string &name, const std::string &body) {
    auto file = dir.write(name, "#!/bin/sh\n" + body + "\n");
    ::chmod(file.c_str(), 0755);
    return file;
}

}  // namespace

TEST_CASE("run: an engine that exits at once stops the run, named with its command and stderr", "[e2e][engine-start]") {
    TempDir dir;
    dir.write("t.yaml", tictactoe_config("  - name: broken\n    command: /bin/sh\n"
                                         "    args: [-c, \"echo 'fatal: cannot load weights.bin' >&2; exit 3\"]\n"));
    auto run = run_in(dir, kArbiter + " run t.yaml --out out --quiet");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("arbiter run: engine 'broken' could not start: the engine exited with code 3"));
    CHECK_THAT(run.output, Catch::Contains("  command: /bin/sh -c 'echo '\\''fatal: cannot load weights.bin'\\'' >&2; exit 3'\n"));
    CHECK_THAT(run.output, Catch::Contains("    fatal: cannot load weights.bin"));
    CHECK_THAT(run.output, Catch::Contains("an engine could not start; no game was played"));
    CHECK(run.output.find("'good'") == std::string::npos);  // the engine that started is not blamed
    check_nothing_recorded(dir.path() / "out");
}

TEST_CASE("run: engines that never answer the handshake are all waited for at once, then the run stops",
          "[e2e][engine-start]") {
    TempDir dir;
    std::string hung;
    for (int i = 1; i <= 4; ++i)
        hung += "  - {name: mute" + std::to_string(i) + ", command: " + kMock +
                ", args: [--game, tictactoe, --misbehave, no-ugiok]}\n";
    dir.write("t.yaml", tictactoe_config(hung, "timeouts: {startup_ms: 1500}\n"));
    auto start = std::chrono::steady_clock::now();
    auto run = run_in(dir, kArbiter + " run t.yaml --out out");
    auto took = std::chrono::steady_clock::now() - start;
    INFO(run.output);
    CHECK(run.exit_code == 1);
    for (int i = 1; i <= 4; ++i)
        CHECK_THAT(run.output, Catch::Contains("engine 'mute" + std::to_string(i) +
                                               "' could not start: no 'ugiok' after 'ugi' within 1500 ms"));
    CHECK_THAT(run.output, Catch::Contains("  command: " + kMock + " --game tictactoe --misbehave no-ugiok"));
    CHECK_THAT(run.output, Catch::Contains("4 engines could not start; no game was played"));
    // One after the other would take 4 x 1.5 s; together they take one timeout.
    CHECK(took < std::chrono::milliseconds(5000));
    check_nothing_recorded(dir.path() / "out");
}

TEST_CASE("run: an engine program that does not exist is a config error naming the place", "[e2e][engine-start]") {
    TempDir dir;
    dir.write("t.yaml", tictactoe_config("  - {name: ghost, command: ./no-such-engine}\n"));
    auto run = run_in(dir, kArbiter + " run t.yaml --out out");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Catch::Contains("t.yaml:4:28: engine 'ghost': program './no-such-engine' not found"));
    CHECK_FALSE(fs::exists(dir.path() / "out"));
}

TEST_CASE("resume: an engine that cannot start any more leaves the records as they were", "[e2e][engine-start]") {
    TempDir dir;
    auto script = write_script(dir, "engine.sh", "exec " + kEngine + " --game tictactoe --mode random \"$@\"");
    dir.write("t.yaml", tictactoe_config("  - {name: scripted, command: ./engine.sh}\n"));
    auto first = run_in(dir, kArbiter + " run t.yaml --out out --quiet");
    INFO(first.output);
    REQUIRE(first.exit_code == 0);
    // Lose the last record, as after a kill, then break the engine.
    std::string jsonl = read_file(dir.path() / "out/games.jsonl");
    jsonl = jsonl.substr(0, jsonl.find('\n') + 1);
    std::ofstream(dir.path() / "out/games.jsonl", std::ios::trunc) << jsonl;
    const std::string pgn = read_file(dir.path() / "out/games.pgn");
    write_script(dir, "engine.sh", "echo 'engine.sh: libnn.so: cannot open shared object file' >&2\nexit 127");
    auto resumed = run_in(dir, kArbiter + " run --resume out --quiet");
    INFO(resumed.output);
    CHECK(resumed.exit_code == 1);
    CHECK_THAT(resumed.output, Catch::Contains("engine 'scripted' could not start: the engine exited with code 127"));
    CHECK_THAT(resumed.output, Catch::Contains("  command: " + script.string()));
    CHECK_THAT(resumed.output, Catch::Contains("libnn.so: cannot open shared object file"));
    CHECK(read_file(dir.path() / "out/games.jsonl") == jsonl);
    CHECK(read_file(dir.path() / "out/games.pgn") == pgn);
}

TEST_CASE("run: an engine that crashes mid-game still loses only that game", "[e2e][engine-start]") {
    TempDir dir;
    dir.write("t.yaml", tictactoe_config("  - {name: crasher, command: " + kMock +
                                         ", args: [--game, tictactoe, --misbehave, crash, --at-move, \"2\"]}\n"));
    auto run = run_in(dir, kArbiter + " run t.yaml --out out --quiet");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    const std::string jsonl = read_file(dir.path() / "out/games.jsonl");
    INFO(jsonl);
    CHECK(count_of(jsonl, "\n") == 2);
    CHECK(count_of(jsonl, "\"termination\":\"crash\"") >= 1);
}

TEST_CASE("a folder holding only games.pgn is never emptied", "[e2e][engine-start]") {
    TempDir dir;
    dir.write("t.yaml", tictactoe_config(
                            "  - {name: other, command: " + kEngine + ", args: [--game, tictactoe, --mode, random]}\n"));
    const std::string pgn = "[Event \"precious\"]\n[Result \"1-0\"]\n\n1-0\n";
    dir.write("out/games.pgn", pgn);
    auto fresh = run_in(dir, kArbiter + " run t.yaml --out out --quiet");
    INFO(fresh.output);
    CHECK(fresh.exit_code == 1);
    CHECK_THAT(fresh.output, Catch::Contains("already holds games of a tournament (games.pgn)"));
    CHECK(read_file(dir.path() / "out/games.pgn") == pgn);
    // The same with a config.yaml, as a tournament whose games.jsonl was lost.
    REQUIRE(run_in(dir, kArbiter + " run t.yaml --out out2 --quiet").exit_code == 0);
    fs::remove(dir.path() / "out2/games.jsonl");
    const std::string pgn2 = read_file(dir.path() / "out2/games.pgn");
    REQUIRE(count_of(pgn2, "[Event ") == 2);
    auto resumed = run_in(dir, kArbiter + " run --resume out2 --quiet");
    INFO(resumed.output);
    CHECK(resumed.exit_code == 1);
    CHECK_THAT(resumed.output, Catch::Contains("holds games in games.pgn but none in games.jsonl"));
    CHECK(read_file(dir.path() / "out2/games.pgn") == pgn2);
}

TEST_CASE("check: a skipped check is not a pass unless --allow-skip", "[e2e][check]") {
    TempDir dir;
    const std::string base = kArbiter + " check --game tictactoe --engine '" + kEngine +
                             " --mode random' --startup-timeout 3000 --movetime 50 --untimed-limit 2000 "
                             "--reference /bin/false";
    auto strict = run_in(dir, base);
    INFO(strict.output);
    CHECK(strict.exit_code == 1);
    CHECK_THAT(strict.output, Catch::Contains("SKIP  full games against the reference engine"));
    CHECK_THAT(strict.output, Catch::Contains("the reference engine did not start"));
    CHECK_THAT(strict.output, Catch::Contains("0 failed, 0 warnings, 1 skipped"));
    auto allowed = run_in(dir, base + " --allow-skip");
    INFO(allowed.output);
    CHECK(allowed.exit_code == 0);
    CHECK_THAT(allowed.output, Catch::Contains("1 skipped (allowed by --allow-skip)"));
}

TEST_CASE("check: a reference engine that crashes fails the check run", "[e2e][check]") {
    TempDir dir;
    auto run = run_in(dir, kArbiter + " check --game tictactoe --engine '" + kEngine +
                               " --mode random' --startup-timeout 3000 --movetime 50 --untimed-limit 2000 "
                               "--reference '" + kMock + " --game tictactoe --misbehave crash --at-move 1'");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("PASS  plays 2 full games") == std::string::npos);
    CHECK_THAT(run.output, Catch::Contains("FAIL  plays 2 full games"));
    CHECK_THAT(run.output, Catch::Contains("the reference engine failed, so the games prove nothing"));
    CHECK_THAT(run.output, Catch::Contains("1 failed"));
}

TEST_CASE("play: a huge line from an engine is quoted cut and escaped", "[e2e][engine-start]") {
    TempDir dir;
    auto play = run_in(dir, kArbiter + " play --game tictactoe --tc 10+0.1 --engine '" + kMock +
                                " --game tictactoe --misbehave long-line' --engine '" + kEngine + " --mode random'");
    INFO(play.output.substr(0, 2000));
    CHECK(play.exit_code == 0);
    const std::string offending = field(play.output, "offending text");
    CHECK_THAT(offending, Catch::Contains("... ("));
    CHECK(offending.size() < 160);
    CHECK(play.output.size() < 4000);
}
