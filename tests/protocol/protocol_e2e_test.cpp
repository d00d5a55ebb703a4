// Every dialect end to end, with real processes: `arbiter play`, `check` and
// `run` against the scripted mock engine (which logs what it received) and
// the reference engine, on tic-tac-toe. Tic-tac-toe plays UGI, UCI and UAI
// in its own notation and converts USI (squares "3a", positions as SFEN)
// through arbiter.protocol-notation/1; Othello has no such extension, so it
// takes UGI engines only.
#include "support/child_process.hpp"
#include "support/programs.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>


#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using arb::test::kBin;

std::string read(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool has_line_starting(const std::string &text, const std::string &start) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(start, 0) == 0) return true;
    return false;
}

std::string mock(const std::string &extra = "") {
    return kBin + "/arbiter-mock-engine --game tictactoe --seed 3 " + extra;
}

}  // namespace

TEST_CASE("play in each dialect: the engine gets the dialect's words, clocks and notation", "[e2e][protocol]") {
    struct Expect {
        std::string proto, hello, new_game, go_start;
        bool usi_notation;
    };
    // Side 0 (x) moves first: UCI calls it white, UAI and USI black.
    const Expect cases[] = {
        {"ugi", "ugi", "uginewgame", "go p1time ", false},
        {"uci", "uci", "ucinewgame", "go wtime ", false},
        {"uai", "uai", "uainewgame", "go btime ", false},
        {"usi", "usi", "usinewgame", "go btime ", true},
    };
    arb::test::TempDir temp;
    const auto &dir = temp.path();
    for (const auto &c : cases) {
        INFO("protocol " << c.proto);
        auto log = dir / (c.proto + ".log");
        auto run = arb::test::run_command(kBin + "/arbiter play --game tictactoe --tc 5+0.1 --engine 'proto=" + c.proto +
                                          " " + mock("--log " + log.string()) + "' --engine 'proto=" + c.proto + " " +
                                          kBin + "/arbiter-engine --game tictactoe --mode random'");
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        CHECK(run.output.find("termination: game-rule") != std::string::npos);
        const std::string got = read(log);
        INFO(got);
        CHECK(has_line_starting(got, c.hello));
        CHECK(has_line_starting(got, c.new_game));
        CHECK(has_line_starting(got, c.go_start));
        // The mock moves first and then sees the reply in the dialect's notation.
        if (c.usi_notation) {
            CHECK(has_line_starting(got, "position startpos moves "));
            CHECK(got.find("position startpos moves a") == std::string::npos);  // no plugin squares
        }
        CHECK(got.find("info string error") == std::string::npos);
    }
}

TEST_CASE("the clock reaches the right side in every dialect", "[e2e][protocol]") {
    // The mock echoes the clock it read as side 0 / side 1: with --tc1 the
    // first engine (side 0) has 7 s, the second 3 s, whatever the words.
    for (const char *proto : {"ugi", "uci", "uai", "usi"}) {
        INFO(proto);
        auto run = arb::test::run_command(kBin + "/arbiter play --game tictactoe --tc1 7+0 --tc2 3+0 --debug --engine 'proto=" +
                                          std::string(proto) + " " + mock() + "' --engine 'proto=" + proto + " " + mock() + "'");
        INFO(run.output);
        REQUIRE(run.exit_code == 0);
        CHECK(run.output.find("info string clock p1time 7000 p2time 3000") != std::string::npos);
    }
}

TEST_CASE("check passes in every dialect, and auto finds the one the engine speaks", "[e2e][protocol]") {
    for (const char *proto : {"ugi", "uci", "uai", "usi"}) {
        INFO(proto);
        auto run = arb::test::run_command(kBin + "/arbiter check --game tictactoe --positions 4 --games 1 --movetime 50 "
                                                 "--engine '" + mock() + "' --protocol " + proto);
        INFO(run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("PASS  start and handshake (" + std::string(proto) + "/" + proto + "ok") != std::string::npos);
    }
    // An engine that knows only UAI answers every handshake with 'uaiok'.
    auto run = arb::test::run_command(kBin + "/arbiter check --game tictactoe --positions 4 --games 1 --movetime 50 "
                                             "--engine '" + mock("--protocol uai") + "' --protocol auto");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("PASS  start and handshake (uai/uaiok, isready/readyok, found by protocol auto)") !=
          std::string::npos);
}

TEST_CASE("a handshake in the wrong dialect quotes the engine and names the protocol to set", "[e2e][protocol]") {
    auto run = arb::test::run_command(kBin + "/arbiter check --game tictactoe --engine '" + mock("--protocol uai") +
                                      "' --startup-timeout 5000");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("FAIL  start and handshake (protocol ugi") != std::string::npos);
    CHECK(run.output.find("answered 'uaiok' to 'ugi'") != std::string::npos);
    CHECK(run.output.find("'id name arbiter-mock-engine (none)'") != std::string::npos);
    CHECK(run.output.find("set 'protocol: uai' for this engine") != std::string::npos);
}

TEST_CASE("a game without the extension takes UGI engines only, with an error naming all three", "[e2e][protocol]") {
    auto play = arb::test::run_command(kBin + "/arbiter play --game othello --engine 'proto=uci " + kBin +
                                       "/arbiter-engine --game othello --mode random' --engine '" + kBin +
                                       "/arbiter-engine --game othello --mode random'");
    INFO(play.output);
    CHECK(play.exit_code != 0);
    CHECK(play.output.find("engine 'arbiter-engine-1' could not start: the game 'othello' does not support protocol 'uci' "
                           "(it supports: ugi)") != std::string::npos);

    arb::test::TempDir temp;
    const auto &dir = temp.path();
    std::ofstream(dir / "bad.yaml") << "game: othello\n"
                                       "engines:\n"
                                       "  - name: a\n"
                                       "    command: " << kBin << "/arbiter-engine\n"
                                       "    args: [--game, othello, --mode, random]\n"
                                       "    protocol: uai\n"
                                       "  - name: b\n"
                                       "    command: " << kBin << "/arbiter-engine\n"
                                       "    args: [--game, othello, --mode, random]\n"
                                       "time_control: 5+0.05\n";
    auto run = arb::test::run_command(kBin + "/arbiter run " + (dir / "bad.yaml").string() + " --quiet --out " +
                                      (dir / "out").string());
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK(run.output.find("bad.yaml:3:5: engine 'a'") != std::string::npos);  // the engine's entry
    CHECK(run.output.find("engine 'a': the game 'othello' does not support protocol 'uai'") != std::string::npos);
}

TEST_CASE("a tournament with engines of different dialects finishes without a fault", "[e2e][protocol]") {
    arb::test::TempDir temp;
    const auto &dir = temp.path();
    std::ofstream(dir / "mixed.yaml") << "game: tictactoe\n"
                                         "engines:\n"
                                         "  - name: uci-mock\n"
                                         "    command: " << kBin << "/arbiter-mock-engine\n"
                                         "    args: [--game, tictactoe]\n"
                                         "    protocol: uci\n"
                                         "  - name: usi-random\n"
                                         "    command: " << kBin << "/arbiter-engine\n"
                                         "    args: [--game, tictactoe, --mode, random]\n"
                                         "    protocol: usi\n"
                                         "  - name: auto-uai\n"
                                         "    command: " << kBin << "/arbiter-mock-engine\n"
                                         "    args: [--game, tictactoe, --protocol, uai]\n"
                                         "    protocol: auto\n"
                                         "tournament: {rounds: 1, games_per_pairing: 2}\n"
                                         "time_control: 5+0.05\n";
    auto run = arb::test::run_command(kBin + "/arbiter run " + (dir / "mixed.yaml").string() + " --quiet --out " +
                                      (dir / "out").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const std::string games = read(dir / "out" / "games.jsonl");
    INFO(games);
    size_t count = 0;
    for (size_t at = games.find('\n'); at != std::string::npos; at = games.find('\n', at + 1)) ++count;
    CHECK(count == 6);
    CHECK(games.find("\"termination\":\"game-rule\"") != std::string::npos);
    // The record says which dialect each engine spoke; auto found uai.
    CHECK(games.find("\"protocols\":[\"uci\",\"usi\"]") != std::string::npos);
    CHECK(games.find("\"protocols\":[\"uai\",\"uci\"]") != std::string::npos);
    for (const char *fault : {"protocol-error", "crash", "time-forfeit", "illegal", "unparsable"}) CHECK(games.find(fault) == std::string::npos);
}

TEST_CASE("a USI engine hears usinewgame before each game, gameover after it, and USI_Ponder false", "[e2e][protocol][usi]") {
    arb::test::TempDir temp;
    const auto &dir = temp.path();
    const auto log_a = dir / "a.log", log_b = dir / "b.log";
    std::ofstream(dir / "usi.yaml") << "game: tictactoe\n"
                                       "engines:\n"
                                       "  - name: a\n"
                                       "    command: " << kBin << "/arbiter-mock-engine\n"
                                       "    args: [--game, tictactoe, --seed, '3', --log, " << log_a.string() << "]\n"
                                       "    protocol: usi\n"
                                       "    options: {USI_Hash: 16}\n"
                                       "  - name: b\n"
                                       "    command: " << kBin << "/arbiter-mock-engine\n"
                                       "    args: [--game, tictactoe, --seed, '4', --log, " << log_b.string() << "]\n"
                                       "    protocol: ugi\n"
                                       "tournament: {rounds: 1, games_per_pairing: 2}\n"
                                       "time_control: 5,byoyomi=0.3\n";
    auto run = arb::test::run_command(kBin + "/arbiter run " + (dir / "usi.yaml").string() + " --quiet --out " +
                                      (dir / "out").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(run.output.find("does not declare the option 'USI_Hash'") == std::string::npos);  // USI's own: no warning
    const std::string usi = read(log_a), ugi = read(log_b);
    INFO("usi engine got:\n" << usi << "ugi engine got:\n" << ugi);
    // Set at start, before the first isready, whatever the engine declared.
    CHECK(usi.find("setoption name USI_Hash value 16\nsetoption name USI_Ponder value false\nisready\n") != std::string::npos);
    // Each game: usinewgame first, gameover last; two games, in that order.
    std::vector<std::string> marks;
    std::istringstream in(usi);
    for (std::string line; std::getline(in, line);)
        if (line == "usinewgame" || line.rfind("gameover ", 0) == 0) marks.push_back(line);
    REQUIRE(marks.size() == 4);
    CHECK(marks[0] == "usinewgame");
    CHECK(marks[2] == "usinewgame");
    for (size_t i : {1, 3}) CHECK((marks[i] == "gameover win" || marks[i] == "gameover lose" || marks[i] == "gameover draw"));
    // The byoyomi clock: main time and byoyomi for USI, the same as Fischer for UGI.
    CHECK(has_line_starting(usi, "go btime 5000 wtime 5000 byoyomi 300"));
    CHECK(has_line_starting(ugi, "go p1time 5300 p2time 5300 p1inc 300 p2inc 300"));
    CHECK(ugi.find("gameover") == std::string::npos);
    CHECK(ugi.find("USI_Ponder") == std::string::npos);
    CHECK(usi.find("info string error") == std::string::npos);
}
