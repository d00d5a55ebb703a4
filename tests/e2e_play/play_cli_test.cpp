// `arbiter play` run as a program: real engines, real processes.
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/plugins.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <iterator>
#include <regex>

namespace {

using arb::test::field;

using arb::test::Run;

using arb::test::kBin;
using arb::test::kPlugins;

Run arbiter_play(const std::string &args) {
    return arb::test::run_command(kBin + "/arbiter play --plugin-dir " + kPlugins + " " + args);
}

std::string mock(const std::string &game, const std::string &extra = {}) {
    return "'" + kBin + "/arbiter-mock-engine --game " + game + " --plugin-dir " + kPlugins + " " + extra + "'";
}

std::vector<pid_t> engine_pids(const std::string &output) {
    std::vector<pid_t> pids;
    std::regex pattern(R"(^engine [12]: .* \(pid (\d+)\)$)");
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, pattern)) pids.push_back(static_cast<pid_t>(std::stol(m[1])));
    }
    return pids;
}

void require_nothing_left(const std::string &output, size_t expected_engines) {
    auto pids = engine_pids(output);
    REQUIRE(pids.size() == expected_engines);
    for (pid_t pid : pids) {
        INFO("engine process group " << pid);
        CHECK(arb::test::process_state(pid) == 0);  // reaped by arbiter, not even a zombie
        CHECK(arb::test::live_processes_in_group(pid).empty());
    }
}

// Replays the printed moves with the plugin: each must be legal and the
// game must end with the printed result.
void require_legal_game(const std::string &game, const std::string &output) {
    auto state = arb::test::new_game(game);
    std::istringstream moves(field(output, "moves"));
    for (std::string move; moves >> move;) arb::test::play_text(state, move);
    CHECK(state.position() == field(output, "final position"));
    arb_outcome outcome = state.outcome();
    REQUIRE(outcome.result != ARB_RESULT_ONGOING);
    const char *expected = outcome.result == ARB_RESULT_WIN_SIDE_0   ? "1-0"
                           : outcome.result == ARB_RESULT_WIN_SIDE_1 ? "0-1"
                                                                     : "1/2-1/2";
    CHECK_THAT(field(output, "result"), Catch::StartsWith(expected));
    CHECK(field(output, "reason") == outcome.reason);
}

}  // namespace

TEST_CASE("two generic engines finish a game with a legal result", "[e2e][play]") {
    for (const char *game : {"tictactoe", "othello"}) {
        INFO(game);
        Run run = arbiter_play(std::string("--game ") + game + " --engine '" + kBin +
                               "/arbiter-engine --mode random --seed 3' --engine '" + kBin +
                               "/arbiter-engine --mode random --seed 4' --tc 10+0.1");
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        CHECK(field(run.output, "termination") == "game-rule");
        require_legal_game(game, run.output);
        require_nothing_left(run.output, 2);
    }
}

TEST_CASE("play --engine starting with {arbiter_bin} runs the program beside the arbiter", "[e2e][play]") {
    // Before: "cannot run '<cwd>/{arbiter_bin}/arbiter-engine'", though configs and `match` took it.
    Run run = arbiter_play("--game tictactoe --engine '{arbiter_bin}/arbiter-engine --mode random --seed 3' "
                           "--engine '{arbiter_bin}/arbiter-engine --mode random --seed 4' --tc 10+0.1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "termination") == "game-rule");
    CHECK(run.output.find("{arbiter_bin}") == std::string::npos);
    require_nothing_left(run.output, 2);
}

TEST_CASE("othello forced passes are played by the arbiter and shown as such", "[e2e][play]") {
    // Random games of Othello often end with passes; find one among a few seeds.
    bool saw_pass = false;
    for (int seed = 1; seed <= 12 && !saw_pass; ++seed) {
        Run run = arbiter_play("--game othello --engine " + mock("othello", "--seed " + std::to_string(seed)) +
                               " --engine " + mock("othello", "--seed " + std::to_string(seed + 100)));
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        require_legal_game("othello", run.output);
        saw_pass = run.output.find("pass (forced pass)") != std::string::npos;
    }
    CHECK(saw_pass);
}

TEST_CASE("opening moves, max plies and the summary", "[e2e][play]") {
    Run run = arbiter_play("--game othello --engine " + mock("othello") + " --engine " + mock("othello") +
                           " --moves 'f5 d6' --max-plies 10 --name1 alpha --name2 beta");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "termination") == "max-plies");
    CHECK(field(run.output, "result") == "1/2-1/2 (draw)");
    std::istringstream moves(field(run.output, "moves"));
    std::vector<std::string> list{std::istream_iterator<std::string>(moves), std::istream_iterator<std::string>()};
    REQUIRE(list.size() == 10);
    CHECK(list[0] == "f5");
    CHECK(list[1] == "d6");
    CHECK(run.output.find("3. p1 ") != std::string::npos);  // the engines start at ply 3
    CHECK(run.output.find("(alpha, ") != std::string::npos);
}

TEST_CASE("misbehaving engines lose with the right termination and leave nothing behind", "[e2e][play]") {
    struct Case {
        const char *mode;
        const char *termination;
        const char *reason;  // part of the reason
        const char *extra;   // more arguments for arbiter play
        size_t started;      // engines that printed a pid
    };
    const Case cases[] = {
        {"illegal", "illegal-move", "illegal move '", "", 2},
        {"garbage", "unparsable-move", "unparsable move '@@garbage@@' by bad: ", "", 2},
        {"empty-bestmove", "protocol-error", "'bestmove' without a move", "", 2},
        {"crash", "crash", "exited with code 3", "", 2},
        {"abort", "crash", "SIGABRT", "", 2},
        {"hang", "time-forfeit", "no 'bestmove' after 'go' within", "--tc 0.3+0 --margin 50", 2},
        {"slow", "time-forfeit", "bad lost on time", "--tc 0.3+0 --margin 50", 2},
        {"no-ugiok", "stall", "no 'ugiok' after 'ugi' within 300 ms", "--startup-timeout 300", 1},
        {"no-readyok", "stall", "no 'readyok' after 'isready' within 300 ms", "--ready-timeout 300", 2},
        {"long-line", "protocol-error", "line longer than 65536 bytes", "", 2},
    };
    for (const auto &c : cases) {
        INFO(c.mode);
        Run run = arbiter_play("--game tictactoe --name1 good --name2 bad --engine " + mock("tictactoe") +
                               " --engine " +
                               mock("tictactoe", std::string("--misbehave ") + c.mode + " --at-move 2 --delay-ms 1000") +
                               " " + c.extra);
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        CHECK(field(run.output, "termination") == c.termination);
        CHECK_THAT(field(run.output, "reason"), Catch::Contains(c.reason));
        CHECK_THAT(field(run.output, "reason"), Catch::Contains("bad"));
        CHECK(field(run.output, "result") == "1-0 (good wins as p1)");
        require_nothing_left(run.output, c.started);
    }
}

TEST_CASE("an engine that stalls at its first isready loses before the game starts", "[e2e][play]") {
    Run run = arbiter_play("--game tictactoe --name1 bad --name2 good --engine " +
                           mock("tictactoe", "--misbehave no-readyok --at-move 1") + " --engine " + mock("tictactoe") +
                           " --ready-timeout 200");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "termination") == "stall");
    CHECK(field(run.output, "result") == "0-1 (good wins as p2)");
    CHECK_THAT(field(run.output, "reason"), Catch::Contains("'isready'"));
}

TEST_CASE("engines that ignore quit or spawn children are killed with their group", "[e2e][play]") {
    auto log = std::string(ARBITER_BUILD_DIR) + "/tests/e2e_play_ignore_quit.log";
    std::remove(log.c_str());
    for (const char *mode : {"ignore-quit", "spawn-child"}) {
        INFO(mode);
        Run run = arbiter_play("--game tictactoe --engine " + mock("tictactoe") + " --engine " +
                               mock("tictactoe", std::string("--misbehave ") + mode + " --log " + log) +
                               " --quit-grace 200");
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        CHECK(field(run.output, "termination") == "game-rule");
        require_legal_game("tictactoe", run.output);
        require_nothing_left(run.output, 2);
    }
    // The engine was asked to quit (and ignored it) before it was killed.
    std::string received = arb::test::read_file(log);
    CHECK_THAT(received, Catch::Contains("setoption name game value tictactoe"));
    CHECK_THAT(received, Catch::Contains("quit"));
}

TEST_CASE("arbiter play explains itself and refuses bad arguments", "[e2e][play]") {
    Run help = arb::test::run_command(kBin + "/arbiter play --help");
    CHECK(help.exit_code == 0);
    CHECK_THAT(help.output, Catch::Contains("--engine1-arg"));
    CHECK_THAT(help.output, Catch::Contains("40/60+0.6"));
    CHECK_THAT(help.output, Catch::Contains("Exit status"));

    Run one = arbiter_play("--game tictactoe --engine " + mock("tictactoe"));
    CHECK(one.exit_code == 2);
    CHECK_THAT(one.output, Catch::Contains("exactly two --engine"));

    Run tc = arbiter_play("--game tictactoe --engine " + mock("tictactoe") + " --engine " + mock("tictactoe") +
                          " --tc 10+abc");
    CHECK(tc.exit_code == 2);
    CHECK_THAT(tc.output, Catch::Contains("'10+abc'"));

    Run debug = arbiter_play("--game tictactoe --name1 a --name2 b --debug --engine " + mock("tictactoe") + " --engine " +
                             mock("tictactoe"));
    CHECK(debug.exit_code == 0);
    CHECK_THAT(debug.output, Catch::Contains("a < ugi\n"));
    CHECK_THAT(debug.output, Catch::Contains("b < setoption name game value tictactoe\n"));
    CHECK_THAT(debug.output, Catch::Contains("a > readyok\n"));
    CHECK_THAT(debug.output, Catch::Contains("b < position startpos moves "));

    Run missing = arbiter_play("--game tictactoe --engine /no/such/engine --engine " + mock("tictactoe"));
    CHECK(missing.exit_code == 1);
    CHECK_THAT(missing.output, Catch::Contains("/no/such/engine"));
}
