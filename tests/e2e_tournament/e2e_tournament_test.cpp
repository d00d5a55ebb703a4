// `arbiter run` end to end: real engine processes (the generic engine) on
// every game plugin of the build; kill -9 and resume; Ctrl-C.
#include "output/record_log.hpp"
#include "game/plugin.hpp"

#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>

using namespace arb;

namespace {

using arb::test::count_of;

using arb::test::kArbiter;
using arb::test::kEngine;
using arb::test::kMock;

struct Strength {
    std::string name;
    std::string mode;
    int playouts;
};

// The engines' seeds are fixed, so a strength check gives the same games on
// every run (bar the clock). `marker` is an extra, empty --plugin-dir (the
// test's own temporary folder): it puts something unique into the engines'
// command lines for processes_with() to find, without touching the seeds.
std::string engine_yaml(const std::string &game, const Strength &s, int seed, const std::string &marker) {
    return "  - name: " + s.name + "\n    command: " + kEngine + "\n    args: [--game, " + game + ", --mode, " + s.mode +
           ", --playouts, \"" + std::to_string(s.playouts) + "\", --plugin-dir, " + ARBITER_PLUGIN_DIR +
           ", --plugin-dir, " + marker + ", --seed, \"" + std::to_string(seed) + "\"]\n";
}

std::string config_yaml(const std::string &game, const std::vector<Strength> &engines, int rounds,
                        const std::string &marker, const std::string &extra = "") {
    std::string yaml = "event: e2e\ngame: " + game + "\nengines:\n";
    int seed = 1;
    for (const auto &e : engines) yaml += engine_yaml(game, e, seed++, marker);
    yaml += "tournament: {rounds: " + std::to_string(rounds) + ", games_per_pairing: 2, seed: 7}\n"
            "concurrency: 2\ntime_control: 20+0.2\nadjudication: {max_plies: 400}\n" + extra;
    return yaml;
}

// Every schedule index in 0..total-1 exactly once in games.jsonl, and as many PGN records.
void check_exactly_once(const std::filesystem::path &out, int total) {
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    CHECK_FALSE(log->dropped_torn_line);
    CHECK(log->duplicates == 0);
    std::set<int> indices;
    for (const auto &g : log->games) indices.insert(g.slot.index);
    CHECK(static_cast<int>(log->games.size()) == total);
    CHECK(static_cast<int>(indices.size()) == total);
    if (!indices.empty()) {
        CHECK(*indices.begin() == 0);
        CHECK(*indices.rbegin() == total - 1);
    }
    CHECK(count_of(test::read_file(out / "games.pgn"), "[Event ") == total);
}

int recorded_lines(const std::filesystem::path &jsonl) { return count_of(test::read_file(jsonl), "\n"); }

// games.ggf of an Othello tournament: one line per record of games.jsonl, in
// schedule-index order (games.jsonl has them in the order they ended), each a
// whole GGF game (checked against the GGF description of GGS, not against
// the writer) with the record's players and move count.
void check_ggf_lines(const std::filesystem::path &out, int total) {
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    std::sort(log->games.begin(), log->games.end(),
              [](const auto &a, const auto &b) { return a.slot.index < b.slot.index; });
    std::ifstream in(out / "games.ggf");
    REQUIRE(in.good());
    const std::regex game(R"(\(;GM\[Othello\]PC\[arbiter\]DT\[\d{4}\.\d\d\.\d\d_\d\d:\d\d:\d\d\.UTC\])"
                          R"(PB\[([^\]]*)\]PW\[([^\]]*)\]RE\[[+-]?\d+\.\d\d(:[trs])?\]TI\[(\d+:\d\d(?:\.\d+)?/(?:\d+:\d\d(?:\.\d+)?)?/0:00)\])"
                          R"(TY\[8\]BO\[8 [-*O]{64} ([*O])\]((?:[BW]\[(?:[A-H][1-8]|PA)(?:/-?\d*\.?\d*(?:/\d+\.\d\d)?)?\])*);\))");
    const std::regex move(R"(([BW])\[)");
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        INFO("games.ggf line " << lines + 1 << ": " << line);
        std::smatch m;
        REQUIRE(std::regex_match(line, m, game));
        REQUIRE(lines < static_cast<int>(log->games.size()));
        const auto &r = log->games[static_cast<size_t>(lines)].record;
        CHECK(m[1] == r.engine_names[0]);
        CHECK(m[2] == r.engine_names[1]);
        // Colours alternate from the side to move in BO, passes included.
        char next = m[5] == "*" ? 'B' : 'W';
        const std::string moves = m[6];
        size_t count = 0;
        for (auto it = std::sregex_iterator(moves.begin(), moves.end(), move); it != std::sregex_iterator(); ++it) {
            CHECK((*it)[1].str()[0] == next);
            next = next == 'B' ? 'W' : 'B';
            ++count;
        }
        CHECK(count == r.opening_moves.size() + r.moves.size());
        ++lines;
    }
    CHECK(lines == total);
}

bool plugin_present(const std::string &id) { return game::find_plugin(id, {ARBITER_PLUGIN_DIR}).has_value(); }

// Marks this test's engine processes (see engine_yaml).
std::string marker_of(const test::TempDir &dir) { return (dir.path() / "marker").string(); }

struct StrengthCase {
    std::string game;
    int rounds;
    int playouts;
};

// MCTS against random, 2 x rounds games: the MCTS engine must rank first.
void check_stronger_ranks_first(const StrengthCase &c) {
    INFO("the game plugin " << c.game << " is built with the tree");
    REQUIRE(plugin_present(c.game));
    test::TempDir dir;
    const std::string marker = marker_of(dir);
    auto config = dir.write(c.game + ".yaml", config_yaml(c.game, {{"mcts", "mcts", c.playouts}, {"random", "random", 0}},
                                                          c.rounds, marker));
    test::ChildProcess run({kArbiter, "run", config.string(), "--out", (dir.path() / "out").string(), "--plugin-dir",
                            ARBITER_PLUGIN_DIR},
                           dir.path() / "log.txt");
    auto code = run.exit_code(std::chrono::seconds(120));
    INFO(test::read_file(dir.path() / "log.txt"));
    REQUIRE(code == 0);
    check_exactly_once(dir.path() / "out", 2 * c.rounds);
    // Only a plugin with "arbiter.record-format/1" (Othello) gets a record in its own format.
    if (c.game == "othello") check_ggf_lines(dir.path() / "out", 2 * c.rounds);
    else CHECK_FALSE(std::filesystem::exists(dir.path() / "out/games.ggf"));
    auto standings = nlohmann::json::parse(test::read_file(dir.path() / "out/standings.json"));
    INFO(standings.dump(2));
    CHECK(standings["table"]["engines"][0]["name"] == "mcts");
    CHECK(test::processes_with(marker).empty());
}

}  // namespace

// Rounds and playouts: enough that MCTS beats random reliably, small enough to
// stay fast. With fixed seeds the games are the same on every run, except
// where a clock would intervene (20 s per game is far more than they take).
TEST_CASE("the stronger engine ranks first: tictactoe", "[e2e][strength]") {
    check_stronger_ranks_first({"tictactoe", 10, 400});
}

TEST_CASE("the stronger engine ranks first: othello", "[e2e][strength]") {
    check_stronger_ranks_first({"othello", 4, 150});
}

#if !defined(__SANITIZE_ADDRESS__)
// Left out under ASan: the engines' playouts dominate these two and run ~5x
// slower there, and the arbiter's own code is exercised the same by the two
// quick games above.

// MCTS wins every game as the tigers, and about 3 in 4 as the goats at 3000
// playouts (random playouts favour the tigers).
TEST_CASE("the stronger engine ranks first: baghchal", "[e2e][strength]") {
    check_stronger_ranks_first({"baghchal", 5, 3000});
}

// MCTS with 40 playouts wins about 3 games in 4 against random (15/20 and
// 32/40 measured), so 40 games rank it first with near certainty.
TEST_CASE("the stronger engine ranks first: gess", "[e2e][strength]") {
    check_stronger_ranks_first({"gess", 20, 40});
}
#endif

namespace {

// Runs `config` into DIR/out, kills the arbiter with SIGKILL once `kill_after`
// games are recorded, then resumes; returns what the resumed run printed.
// The caller checks the records.
std::string kill_and_resume(const test::TempDir &dir, const std::filesystem::path &config, int kill_after, int total) {
    const auto out = dir.path() / "out";
    {
        test::ChildProcess run({kArbiter, "run", config.string(), "--out", out.string(), "--plugin-dir",
                                ARBITER_PLUGIN_DIR},
                               dir.path() / "log1.txt");
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (recorded_lines(out / "games.jsonl") < kill_after && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        run.signal(SIGKILL);
        REQUIRE(run.exit_code(std::chrono::seconds(10)) == 128 + SIGKILL);
    }
    const int before = recorded_lines(out / "games.jsonl");
    INFO(test::read_file(dir.path() / "log1.txt"));
    REQUIRE(before >= kill_after);
    REQUIRE(before < total);
    // Engines lose their parent's pipes and exit by themselves.
    const std::string marker = marker_of(dir);
    for (int i = 0; i < 200 && !test::processes_with(marker).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    test::ChildProcess resume({kArbiter, "run", "--resume", out.string(), "--plugin-dir", ARBITER_PLUGIN_DIR},
                              dir.path() / "log2.txt");
    auto code = resume.exit_code(std::chrono::seconds(120));
    std::string log = test::read_file(dir.path() / "log2.txt");
    INFO(log);
    REQUIRE(code == 0);
    return log;
}

}  // namespace

TEST_CASE("after kill -9 a resumed tournament has every game exactly once", "[e2e]") {
    test::TempDir dir;
    const int rounds = 30;  // 60 games of a few milliseconds each
    auto config = dir.write("t.yaml", config_yaml("tictactoe", {{"mcts-a", "mcts", 300}, {"mcts-b", "mcts", 200}},
                                                  rounds, marker_of(dir)));
    auto log = kill_and_resume(dir, config, 8, 2 * rounds);
    CHECK_THAT(log, Catch::Contains("already played"));
    check_exactly_once(dir.path() / "out", 2 * rounds);
}

// Instant engines, two games at once: games finish faster than one sync,
// so the JSON lines are synced by group commit (one worker syncing for the
// other) while interim reports are built. Killed mid-run, the resumed run
// still has every game once, and its report counts them all.
TEST_CASE("after kill -9 during group commits a resumed tournament has every game exactly once", "[e2e]") {
    test::TempDir dir;
    const int rounds = 2000;  // 4000 games of about a millisecond: seconds, so the kill comes mid-run
    auto config = dir.write("t.yaml", config_yaml("tictactoe", {{"random-a", "random", 0}, {"random-b", "random", 0}},
                                                  rounds, marker_of(dir), "progress: {interval: 50}\n"));
    kill_and_resume(dir, config, 300, 2 * rounds);
    check_exactly_once(dir.path() / "out", 2 * rounds);
    const std::string page = test::read_file(dir.path() / "out/report.html");
    CHECK_THAT(page, Catch::Contains("data-played=\"4000\""));
}

// Past 1,000 games the page's viewer holds a bounded choice (one pairing:
// its first 2 games and the latest 200; random engines commit no fault),
// the totals every game; `arbiter report --all-games` puts all in the viewer.
TEST_CASE("report.html of a long run shows a bounded choice of games, --all-games every one", "[e2e]") {
    test::TempDir dir;
    const int rounds = 650;  // 1300 games
    auto config = dir.write("t.yaml", config_yaml("tictactoe", {{"random-a", "random", 0}, {"random-b", "random", 0}},
                                                  rounds, marker_of(dir)));
    const auto out = dir.path() / "out";
    auto run_and_read = [&](std::vector<std::string> args, const std::string &name) {
        args.insert(args.begin(), kArbiter);
        args.insert(args.end(), {"--plugin-dir", ARBITER_PLUGIN_DIR});
        test::ChildProcess child(args, dir.path() / name);
        auto code = child.exit_code(std::chrono::seconds(120));
        const std::string log = test::read_file(dir.path() / name);
        INFO(log);
        REQUIRE(code == 0);
        return log;
    };
    run_and_read({"run", config.string(), "--out", out.string(), "-q"}, "run.txt");
    const std::string page = test::read_file(out / "report.html");
    CHECK_THAT(page, Catch::Contains("data-shown=\"202\" data-played=\"1300\""));
    CHECK_THAT(page, Catch::Contains("arbiter report --all-games"));
    CHECK_THAT(page, Catch::Contains("1300 of 1300 scheduled"));

    const auto all_page = dir.path() / "all.html";
    auto log = run_and_read({"report", out.string(), "--all-games", "--out", all_page.string()}, "all.txt");
    CHECK_THAT(log, Catch::Contains("(1300 games, "));
    const std::string all = test::read_file(all_page);
    CHECK_THAT(all, Catch::Contains("data-shown=\"1300\" data-played=\"1300\""));
    CHECK_THAT(all, !Catch::Contains("arbiter report --all-games"));

    log = run_and_read({"report", out.string()}, "bounded.txt");
    CHECK_THAT(log, Catch::Contains("(1300 games, 202 in the viewer: --all-games for every one"));
    CHECK_THAT(test::read_file(out / "report.html"), Catch::Contains("data-shown=\"202\" data-played=\"1300\""));
}

TEST_CASE("after kill -9 and resume games.ggf of an Othello tournament has every game exactly once", "[e2e]") {
    REQUIRE(plugin_present("othello"));
    test::TempDir dir;
    const int rounds = 20;
    auto config = dir.write("o.yaml", config_yaml("othello", {{"r1", "random", 0}, {"r2", "random", 0}}, rounds,
                                                  marker_of(dir)));
    auto log = kill_and_resume(dir, config, 6, 2 * rounds);
    CHECK_THAT(log, Catch::Contains("already played") && Catch::Contains("games.ggf"));
    check_exactly_once(dir.path() / "out", 2 * rounds);
    check_ggf_lines(dir.path() / "out", 2 * rounds);
}

// A round robin is played out of schedule order (engines are reused, see
// tournament/play_order.hpp): the games recorded before the kill are not the
// schedule's first ones, and the resumed run must still play each game once.
TEST_CASE("after kill -9 a resumed round robin, played out of schedule order, has every game exactly once", "[e2e]") {
    REQUIRE(plugin_present("othello"));
    test::TempDir dir;
    const int rounds = 3;  // 5 engines: 10 pairings, 60 games
    auto config = dir.write("o.yaml", config_yaml("othello",
                                                  {{"r1", "random", 0}, {"r2", "random", 0}, {"r3", "random", 0},
                                                   {"r4", "random", 0}, {"r5", "random", 0}},
                                                  rounds, marker_of(dir)));
    auto log = kill_and_resume(dir, config, 6, 20 * rounds);
    CHECK_THAT(log, Catch::Contains("already played"));
    check_exactly_once(dir.path() / "out", 20 * rounds);
}

TEST_CASE("SIGINT stops cleanly: records intact, no engine left running", "[e2e]") {
    test::TempDir dir;
    const std::string marker = marker_of(dir);
    auto config = dir.write("t.yaml", config_yaml("tictactoe", {{"mcts-a", "mcts", 300}, {"mcts-b", "mcts", 200}},
                                                  200, marker));
    const auto out = dir.path() / "out";
    test::ChildProcess run({kArbiter, "run", config.string(), "--out", out.string(), "--plugin-dir", ARBITER_PLUGIN_DIR},
                           dir.path() / "log.txt");
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (recorded_lines(out / "games.jsonl") < 4 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE_FALSE(test::processes_with(marker).empty());
    run.signal(SIGINT);
    auto code = run.exit_code(std::chrono::seconds(30));
    INFO(test::read_file(dir.path() / "log.txt"));
    REQUIRE(code == 130);
    CHECK(test::processes_with(marker).empty());
    auto log = output::read_record_log(out / "games.jsonl");
    REQUIRE(log.has_value());
    CHECK_FALSE(log->dropped_torn_line);
    CHECK(log->games.size() >= 4);
    CHECK(log->games.size() < 400);
    CHECK(std::filesystem::exists(out / "standings.txt"));
    CHECK_THAT(test::read_file(dir.path() / "log.txt"), Catch::Contains("--resume"));
}

TEST_CASE("config errors are reported before any engine starts", "[e2e]") {
    test::TempDir dir;
    auto config = dir.write("bad.yaml", "game: tictactoe\nengines:\n  - {name: a, command: ./missing-engine}\n"
                                        "  - {name: a, command: sh}\nconcurency: 2\n");
    test::ChildProcess run({kArbiter, "run", config.string(), "--plugin-dir", ARBITER_PLUGIN_DIR},
                           dir.path() / "log.txt");
    REQUIRE(run.exit_code(std::chrono::seconds(30)) == 1);
    std::string log = test::read_file(dir.path() / "log.txt");
    CHECK_THAT(log, Catch::Contains(config.string() + ":3:24: engine 'a': program './missing-engine' not found"));
    CHECK_THAT(log, Catch::Contains(config.string() + ":4:12: duplicate engine name 'a'"));
    CHECK_THAT(log, Catch::Contains(config.string() + ":5:1: unknown key 'concurency' in the config; did you mean 'concurrency'?"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST_CASE("arbiter run and arbiter play word an engine's failure the same", "[e2e]") {
    // The same event through both commands: engine 'mute' never answers 'ugi'
    // within the 300 ms startup limit. `run` starts every engine before game 1
    // and stops there, recording nothing (issue 8); `play` records the game as
    // a stall. Both give the same cause.
    const std::string mock = kMock;
    const std::string expected = "mute stalled: no 'ugiok' after 'ugi' within 300 ms";
    test::TempDir dir;
    auto config = dir.write("t.yaml", "game: tictactoe\nengines:\n"
                                      "  - {name: good, command: " + mock + ", args: [--game, tictactoe, --plugin-dir, " +
                                      ARBITER_PLUGIN_DIR + "]}\n"
                                      "  - {name: mute, command: " + mock + ", args: [--game, tictactoe, --plugin-dir, " +
                                      ARBITER_PLUGIN_DIR + ", --misbehave, no-ugiok]}\n"
                                      "tournament: {rounds: 1, games_per_pairing: 2}\n"
                                      "timeouts: {startup_ms: 300}\n");
    const auto out = dir.path() / "out";
    test::ChildProcess run({kArbiter, "run", config.string(), "--out", out.string(), "--plugin-dir",
                            ARBITER_PLUGIN_DIR},
                           dir.path() / "run.txt");
    REQUIRE(run.exit_code(std::chrono::seconds(60)) == 1);
    const std::string run_log = test::read_file(dir.path() / "run.txt");
    INFO(run_log);
    CHECK_THAT(run_log, Catch::Contains("engine 'mute' could not start: no 'ugiok' after 'ugi' within 300 ms"));
    CHECK_FALSE(std::filesystem::exists(out / "games.jsonl"));

    test::ChildProcess play({kArbiter, "play", "--plugin-dir", ARBITER_PLUGIN_DIR, "--game", "tictactoe", "--name1",
                             "good", "--name2", "mute", "--startup-timeout", "300", "--engine",
                             mock + " --game tictactoe --plugin-dir " + ARBITER_PLUGIN_DIR, "--engine",
                             mock + " --game tictactoe --plugin-dir " + ARBITER_PLUGIN_DIR + " --misbehave no-ugiok"},
                            dir.path() / "play.txt");
    REQUIRE(play.exit_code(std::chrono::seconds(60)) == 0);
    std::string printed = test::read_file(dir.path() / "play.txt");
    INFO(printed);
    CHECK(test::field(printed, "termination") == "stall");
    CHECK(test::field(printed, "reason") == expected);
}
