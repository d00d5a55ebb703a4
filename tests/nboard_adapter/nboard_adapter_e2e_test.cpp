// arbiter-nboard-adapter around the scripted NBoard engine (NTest's observed
// behaviour: banner noise, '=== MOVE/eval/time', '=== PA', ping during a
// search, a crash on 'hint' before 'set depth'): alone, under 'arbiter check',
// and in a tournament.
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <sys/wait.h>

using namespace arb;
using namespace std::chrono_literals;

namespace {

using arb::test::kBin;
const std::string kAdapter = kBin + "/arbiter-nboard-adapter";
const std::string kScripted = kBin + "/scripted-nboard-engine";

std::vector<std::string> lines_of(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

// Index of the first line starting with `prefix`, or -1.
long find_line(const std::vector<std::string> &lines, const std::string &prefix) {
    for (size_t i = 0; i < lines.size(); ++i)
        if (lines[i].rfind(prefix, 0) == 0) return static_cast<long>(i);
    return -1;
}

std::vector<std::string> adapter_argv(const std::filesystem::path &log, std::vector<std::string> engine_args = {}) {
    std::vector<std::string> argv{kAdapter, "--", kScripted, "--log", log.string()};
    argv.insert(argv.end(), engine_args.begin(), engine_args.end());
    return argv;
}

}  // namespace

TEST_CASE("nboard adapter: handshake through banner noise, depth before anything else", "[e2e][nboard_adapter]") {
    test::TempDir dir;
    test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log"));
    adapter.send("ugi");
    std::vector<std::string> seen;
    REQUIRE(adapter.wait_for("ugiok", 10s, &seen));
    CHECK(seen.at(0) == "id name Scripted12 (via arbiter-nboard-adapter)");  // from 'set myname' after 'set depth'
    for (const auto &line : seen) CHECK(line.rfind("Heights", 0) != 0);  // the banner is not passed on
    adapter.send("isready");
    CHECK(adapter.read_until("readyok", 10s) == "readyok");
    adapter.send("quit");
    CHECK(adapter.exit_code(10s) == 0);
    auto sent = lines_of(dir.path() / "engine.log");
    REQUIRE(sent.size() >= 4);
    CHECK(sent[0] == "nboard 2");
    CHECK(sent[1] == "set depth 12");
    CHECK(sent[2] == "ping 1");
    CHECK(sent[3] == "ping 2");
    CHECK(find_line(sent, "hint") == -1);
}

TEST_CASE("nboard adapter: the whole game as GGF, NTest's and Edax's replies, info lines", "[e2e][nboard_adapter]") {
    for (const char *format : {"ntest", "edax"}) {
        DYNAMIC_SECTION(format) {
            test::TempDir dir;
            test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log", {"--format", format}));
            adapter.send("ugi");
            adapter.read_until("ugiok", 10s);
            adapter.send("position startpos moves f5 d6");
            adapter.send("go p1time 5000 p2time 5000");
            std::vector<std::string> seen;
            // After f5 d6 white holds d4 d5 d6, black e4 e5 f5. Black's legal moves in
            // square order (a1..h8, row 1 at the top) start c3 (over d4 to e5), c4 (over
            // d4 to e4); the scripted engine picks index (seed 0 + goes 1) % n: c4.
            CHECK(adapter.wait_for("bestmove", 10s, &seen) == std::optional<std::string>("bestmove c4"));
            CHECK(std::find(seen.begin(), seen.end(), "info depth 1 score cp 150") != seen.end());
            CHECK(std::find(seen.begin(), seen.end(), "info depth 2 score cp -25") != seen.end());
            CHECK(std::find(seen.begin(), seen.end(), "info nodes 1234") != seen.end());
            adapter.send("quit");
            CHECK(adapter.exit_code(10s) == 0);
            auto sent = lines_of(dir.path() / "engine.log");
            long game = find_line(sent, "set game ");
            REQUIRE(game >= 0);
            CHECK(sent[static_cast<size_t>(game)] ==
                  "set game (;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[0:05]TY[8]"
                  "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)");
            CHECK(sent.at(static_cast<size_t>(game) + 1) == "go");
        }
    }
}

TEST_CASE("nboard adapter: a non-standard start with passes, and '=== PA'", "[e2e][nboard_adapter]") {
    test::TempDir dir;
    test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log"));
    adapter.send("ugi");
    adapter.read_until("ugiok", 10s);
    // Only white discs: black has no move, so the engine answers PA.
    const std::string fen = "---------------------------OO------OO--------------------------- X";
    adapter.send("position fen " + fen + " moves");
    adapter.send("go movetime 2000");
    CHECK(adapter.read_until("bestmove", 10s) == "bestmove pass");
    // A position after passes: black to move at the start, "pass" then white's... the
    // engine checks every move; here black passes and white passes too.
    adapter.send("position fen " + fen + " moves pass pass");
    adapter.send("go movetime 2000");
    CHECK(adapter.read_until("bestmove", 10s) == "bestmove pass");
    adapter.send("quit");
    CHECK(adapter.exit_code(10s) == 0);
    auto sent = lines_of(dir.path() / "engine.log");
    CHECK(find_line(sent, "set game (;GM[Othello]PC[arbiter]PB[p1]PW[p2]RE[?]TI[") == find_line(sent, "set game"));
    long second = -1;
    for (size_t i = 0; i < sent.size(); ++i)
        if (sent[i].find("B[PA]W[PA];)") != std::string::npos) second = static_cast<long>(i);
    CHECK(second >= 0);
    CHECK(find_line(sent, "set game") >= 0);
    CHECK(sent[static_cast<size_t>(find_line(sent, "set game"))].find(
              "BO[8 ---------------------------OO------OO--------------------------- *]") != std::string::npos);
}

TEST_CASE("nboard adapter: an engine that ignores the clock is stopped by ping at the budget", "[e2e][nboard_adapter]") {
    test::TempDir dir;
    test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log", {"--think-until-ping"}));
    adapter.send("ugi");
    adapter.read_until("ugiok", 10s);
    adapter.send("position startpos moves");
    const auto started = std::chrono::steady_clock::now();
    adapter.send("go movetime 400");
    auto best = adapter.wait_for("bestmove", 10s);
    const auto took = std::chrono::steady_clock::now() - started;
    // From the start black may play d3 c4 f5 e6 (square order); index 1 is c4.
    CHECK(best == std::optional<std::string>("bestmove c4"));
    // Allowance: 400 ms less the 50 ms move overhead; the ping goes out the
    // assumed first stop lag of 100 ms before that; the engine answers only when pinged.
    CHECK(took >= 250ms);
    // The ping's pong was read: the next ping/pong pair lines up.
    adapter.send("isready");
    CHECK(adapter.read_until("readyok", 10s) == "readyok");
    adapter.send("quit");
    CHECK(adapter.exit_code(10s) == 0);
    auto sent = lines_of(dir.path() / "engine.log");
    long go = find_line(sent, "go");
    REQUIRE(go >= 0);
    CHECK(sent.at(static_cast<size_t>(go) + 1) == "ping 2");  // the stop
    CHECK(sent.at(static_cast<size_t>(go) + 2) == "ping 3");  // isready
}

namespace {

// Sends 'position startpos moves' and `go`; returns how long 'bestmove' took.
std::chrono::steady_clock::duration timed_move(test::ChildProcess &adapter, const std::string &go) {
    adapter.send("position startpos moves");
    const auto started = std::chrono::steady_clock::now();
    adapter.send(go);
    REQUIRE(adapter.wait_for("bestmove", 10s).has_value());
    return std::chrono::steady_clock::now() - started;
}

}  // namespace

TEST_CASE("nboard adapter: the stop ping goes out the engine's stop lag before the time is up", "[e2e][nboard_adapter]") {
    // The engine answers 400 ms after the ping. 'go movetime 1000' allows
    // 1000 - 50 (overhead) = 950 ms.
    test::TempDir dir;
    SECTION("measured: the first stop assumes 100 ms, later ones use the 400 ms seen") {
        test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log", {"--think-until-ping", "--stop-delay", "400"}));
        adapter.send("ugi");
        adapter.read_until("ugiok", 10s);
        // Pinged at 950 - 100 = 850 ms: the move comes at 1250 ms.
        const auto first = timed_move(adapter, "go movetime 1000");
        CHECK(first >= 1250ms);
        // Pinged at 950 - 400 = 550 ms: the move comes at 950 ms, within the
        // allowance (the old rule, a ping at 950 ms, answered at 1350 ms).
        const auto second = timed_move(adapter, "go movetime 1000");
        CHECK(second >= 950ms);
        CHECK(second < 1150ms);
        adapter.send("quit");
        CHECK(adapter.exit_code(10s) == 0);
    }
    SECTION("--stop-lag-ms fixes the margin") {
        test::ChildProcess adapter({kAdapter, "--stop-lag-ms", "600", "--", kScripted, "--think-until-ping",
                                    "--stop-delay", "400"});
        adapter.send("ugi");
        adapter.read_until("ugiok", 10s);
        // Pinged at 950 - 600 = 350 ms, answered at 750 ms; the same again (nothing learnt).
        for (int move = 0; move < 2; ++move) {
            const auto took = timed_move(adapter, "go movetime 1000");
            CHECK(took >= 750ms);
            CHECK(took < 950ms);
        }
        adapter.send("quit");
        CHECK(adapter.exit_code(10s) == 0);
    }
    SECTION("a negative --stop-lag-ms is refused") {
        auto run = test::run_command(kAdapter + " --stop-lag-ms -5 -- " + kScripted + " < /dev/null");
        CHECK(run.exit_code == 2);
        CHECK(run.output.find("--stop-lag-ms must be >= 0, not -5") != std::string::npos);
    }
    SECTION("--stop-lag-ms 0: the ping at the very end of the allowance") {
        test::ChildProcess adapter({kAdapter, "--stop-lag-ms", "0", "--", kScripted, "--think-until-ping",
                                    "--stop-delay", "400"});
        adapter.send("ugi");
        adapter.read_until("ugiok", 10s);
        CHECK(timed_move(adapter, "go movetime 1000") >= 1350ms);
        adapter.send("quit");
        CHECK(adapter.exit_code(10s) == 0);
    }
}

TEST_CASE("nboard adapter: a slow stopper keeps inside a short clock", "[e2e][nboard_adapter]") {
    // The scripted engine thinks until pinged and answers 150 ms after the
    // ping. Under 6+0.02 it may take about (6000 - 50) / 30 + 20 = 218 ms a
    // move at first. Pinged the measured 150 ms early, each move takes about
    // that and it stays within its clock. Pinged at the end of the allowance
    // (--stop-lag-ms 0, as before the stop margin), every move overruns by
    // 150 ms, about 4.5 s in 30 moves against 6 s + 0.6 s on the clock; even
    // with a clock nearly empty each move still costs 150 ms, more than the
    // 20 ms increment plus arbiter's 100 ms margin: it loses on time.
    auto tournament = [](const std::string &stop_lag_args) {
        test::TempDir dir;
        auto config = dir.write("slow-stop.yaml",
                                "event: slow stop\ngame: othello\nengines:\n"
                                "  - name: slow-stopper\n    command: " + kAdapter + "\n"
                                "    args: [" + stop_lag_args + "--, " + kScripted +
                                ", --think-until-ping, --stop-delay, \"150\"]\n"
                                "  - name: mcts\n    command: " + kBin + "/arbiter-engine\n"
                                "    args: [--game, othello, --mode, mcts, --playouts, \"50\", --seed, \"1\"]\n"
                                "tournament: {rounds: 1, games_per_pairing: 2, seed: 3}\n"
                                "concurrency: 2\ntime_control: 6+0.02\n");
        auto run = test::run_command(kBin + "/arbiter run " + config.string() + " --quiet --out " +
                                     (dir.path() / "out").string());
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        return lines_of(dir.path() / "out/games.jsonl");
    };
    SECTION("with the measured stop margin: no time forfeit") {
        auto games = tournament("");
        CHECK(games.size() == 2);
        for (const auto &g : games) {
            INFO(g);
            CHECK(g.find("time-forfeit") == std::string::npos);
            CHECK(g.find("\"crash\"") == std::string::npos);
        }
    }
    SECTION("control: pinged at the end of the allowance, it loses every game on time") {
        auto games = tournament("--stop-lag-ms, \"0\", ");
        CHECK(games.size() == 2);
        for (const auto &g : games) {
            INFO(g);
            CHECK(g.find("\"termination\":\"time-forfeit\"") != std::string::npos);
            CHECK(g.find("slow-stopper lost on time") != std::string::npos);
        }
    }
}

TEST_CASE("nboard adapter: the engine dying is reported, and the adapter exits 1", "[e2e][nboard_adapter]") {
    test::TempDir dir;
    test::ChildProcess adapter(adapter_argv(dir.path() / "engine.log", {"--crash-on-go", "1"}));
    adapter.send("ugi");
    adapter.read_until("ugiok", 10s);
    adapter.send("position startpos moves");
    adapter.send("go movetime 1000");
    CHECK_FALSE(adapter.wait_for("bestmove", 10s).has_value());
    CHECK(adapter.exit_code(10s) == 1);
    const std::string err = adapter.stderr_text();
    INFO(err);
    CHECK(err.find("arbiter-nboard-adapter: the NBoard engine '" + kScripted + "' was killed by signal 6 (SIGABRT)") !=
          std::string::npos);
    CHECK(err.find("while the adapter waited for its move") != std::string::npos);
}

TEST_CASE("the scripted engine crashes on 'hint' before 'set depth', as NTest does", "[e2e][nboard_adapter]") {
    test::ChildProcess engine({kScripted});
    engine.send("nboard 2");
    engine.send("hint 1");
    auto status = engine.wait_exit(10s);
    REQUIRE(status.has_value());
    CHECK(WIFSIGNALED(*status));
    CHECK(WTERMSIG(*status) == SIGABRT);
}

TEST_CASE("nboard adapter passes 'arbiter check' and faults show there", "[e2e][nboard_adapter]") {
    const std::string base = kBin + "/arbiter check --game othello --startup-timeout 5000 --movetime 200 --engine '" +
                             kAdapter + " --untimed-budget 1000 -- " + kScripted;
    SECTION("an engine that only stops when pinged") {
        auto run = test::run_command(base + " --think-until-ping'");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("PASS  plays 2 full games") != std::string::npos);
        CHECK(run.output.find("PASS  legal moves from 12 random positions as 'fen ... moves'") != std::string::npos);
        // 13 checks, and Othello's 8 rule edges (plugins/othello/rule_edges.cpp).
        CHECK(run.output.find("21 checks: 0 failed, 0 warnings") != std::string::npos);
    }
    SECTION("Edax's reply form") {
        auto run = test::run_command(base + " --format edax'");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("0 failed") != std::string::npos);
    }
    SECTION("a crash on the third move") {
        auto run = test::run_command(base + " --crash-on-go 3'");
        INFO(run.output);
        CHECK(run.exit_code == 1);
        CHECK(run.output.find("FAIL") != std::string::npos);
        CHECK(run.output.find("SIGABRT") != std::string::npos);
    }
    SECTION("--working-dir: a relative engine path starts in that folder") {
        test::TempDir dir;
        std::filesystem::copy_file(kScripted, dir.path() / "engine");
        auto run = test::run_command(kBin + "/arbiter check --game othello --games 0 --movetime 200 --working-dir " +
                                     dir.path().string() + " --engine '" + kAdapter + " -- ./engine'");
        INFO(run.output);
        CHECK(run.exit_code == 0);
        auto missing = test::run_command(kBin + "/arbiter check --game othello --working-dir /nonexistent/folder "
                                         "--engine '" + kAdapter + " -- ./engine'");
        CHECK(missing.exit_code == 2);
        CHECK(missing.output.find("'/nonexistent/folder'") != std::string::npos);
    }
}

TEST_CASE("nboard engines play a tournament through the adapter", "[e2e][nboard_adapter]") {
    test::TempDir dir;
    const std::string adapter_cmd = "    command: " + kAdapter + "\n";
    auto config = dir.write("nboard.yaml",
                            "event: nboard\ngame: othello\nengines:\n"
                            "  - name: ntest-like\n" + adapter_cmd +
                            "    args: [--depth, \"20\", --, " + kScripted + ", --think-until-ping, --seed, \"3\"]\n"
                            "  - name: edax-like\n" + adapter_cmd +
                            "    args: [--, " + kScripted + ", --format, edax, --seed, \"5\"]\n"
                            "  - name: mcts\n    command: " + kBin + "/arbiter-engine\n"
                            "    args: [--game, othello, --mode, mcts, --playouts, \"50\", --seed, \"1\"]\n"
                            "tournament: {rounds: 1, games_per_pairing: 2, seed: 7}\n"
                            "concurrency: 2\ntime_control: 5+0.05\n");
    auto run = test::run_command(kBin + "/arbiter run " + config.string() + " --quiet --out " +
                                 (dir.path() / "out").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    auto games = lines_of(dir.path() / "out/games.jsonl");
    CHECK(games.size() == 6);
    for (const auto &g : games) {
        INFO(g);
        CHECK(g.find("\"crash\"") == std::string::npos);
        CHECK(g.find("time-forfeit") == std::string::npos);
        CHECK(g.find("illegal-move") == std::string::npos);
    }
}
