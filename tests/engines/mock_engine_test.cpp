// arbiter-mock-engine: each --misbehave mode does what it says.
#include "engine_driver.hpp"

#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

using namespace arb;
using namespace arb::test;

namespace {

std::vector<std::string> mode_args(const std::string &mode, int at_move = 1, std::vector<std::string> more = {}) {
    std::vector<std::string> args{"--misbehave", mode, "--at-move", std::to_string(at_move)};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

arb_status check_move(const std::vector<std::string> &moves, const std::string &text, const std::string &id = "tictactoe") {
    game::GameState state = new_test_game(id);
    for (const auto &m : moves) play_text(state, m);
    arb_move move;
    std::string error;
    return state.parse_move(text.c_str(), move, error);
}

bool process_gone(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat) return true;
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    size_t close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

pid_t process_group_of(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    size_t close = text.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream rest(text.substr(close + 2));
    std::string state;
    long ppid = 0, pgrp = 0;
    rest >> state >> ppid >> pgrp;
    return static_cast<pid_t>(pgrp);
}

}  // namespace

TEST_CASE("mock none plays legal moves and logs what it receives", "[engines][mock]") {
    std::string log = std::string(ARBITER_BUILD_DIR) + "/tests/mock_engine_test." + std::to_string(::getpid()) + ".log";
    std::remove(log.c_str());
    ChildProcess engine(mock_engine("tictactoe", mode_args("none", 1, {"--log", log})));
    handshake(engine);
    ChildProcess *both[2] = {&engine, &engine};
    PlayedGame game = play_game(new_test_game("tictactoe"), both, "go movetime 100");
    CHECK(game.outcome.result != ARB_RESULT_ONGOING);
    engine.send("quit");
    REQUIRE(engine.wait_exit(2s));
    std::ifstream in(log);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() >= 4);
    CHECK(lines[0] == "ugi");
    CHECK(lines[1] == "isready");
    CHECK(lines[2] == "uginewgame");
    CHECK(lines[3] == "position startpos moves");
    CHECK(lines.back() == "quit");
    std::remove(log.c_str());
}

TEST_CASE("mock illegal sends a well-formed illegal move at the Nth go", "[engines][mock]") {
    ChildProcess engine(mock_engine("tictactoe", mode_args("illegal", 2)));
    handshake(engine);
    std::string first = ask_move(engine, "position startpos moves", "go movetime 100");
    CHECK(check_move({}, first) == ARB_OK);
    const std::string reply = first == "b2" ? "a1" : "b2";
    std::string second = ask_move(engine, "position startpos moves " + first + " " + reply, "go movetime 100");
    INFO("second move " << second);
    CHECK(check_move({first, reply}, second) == ARB_ERR_ILLEGAL);
    std::string third = ask_move(engine, "position startpos moves a1 b2", "go movetime 100");
    CHECK(check_move({"a1", "b2"}, third) == ARB_OK);

    if (game::find_plugin("othello", {ARBITER_PLUGIN_DIR})) {
        ChildProcess othello(mock_engine("othello", mode_args("illegal")));
        handshake(othello);
        CHECK(check_move({}, ask_move(othello, "position startpos moves", "go"), "othello") == ARB_ERR_ILLEGAL);
    }
}

TEST_CASE("mock illegal finds an illegal move in every plugin of the build", "[engines][mock]") {
    for (const auto &plugin : game::discover_plugins({ARBITER_PLUGIN_DIR}).plugins) {
        const std::string id = plugin->id();
        INFO(id);
        // Two plies in, so that placement games have occupied squares.
        game::GameState state = new_test_game(id);
        std::vector<std::string> moves;
        for (int i = 0; i < 2; ++i) {
            std::string text = state.format_move(state.legal_moves().front());
            play_text(state, text);
            moves.push_back(text);
        }
        ChildProcess engine(mock_engine(id, mode_args("illegal")));
        handshake(engine);
        std::string move = ask_move(engine, position_command("", moves), "go");
        arb_move code;
        std::string error;
        INFO("move " << move);
        CHECK(state.parse_move(move.c_str(), code, error) == ARB_ERR_ILLEGAL);
    }
}

TEST_CASE("mock garbage, empty-bestmove and long-line write what they say", "[engines][mock]") {
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("garbage", 2)));
        handshake(engine);
        CHECK(check_move({}, ask_move(engine, "position startpos moves", "go")) == ARB_OK);
        CHECK(ask_move(engine, "position startpos moves a1 b1", "go") == "@@garbage@@");
    }
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("empty-bestmove")));
        handshake(engine);
        engine.send("position startpos moves");
        engine.send("go movetime 100");
        CHECK(engine.wait_for("bestmove", 5s) == std::optional<std::string>("bestmove"));
    }
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("long-line")));
        handshake(engine);
        std::vector<std::string> infos;
        CHECK(check_move({}, ask_move(engine, "position startpos moves", "go", &infos)) == ARB_OK);
        CHECK(std::any_of(infos.begin(), infos.end(), [](auto &l) { return l.size() >= 100 * 1024; }));
    }
}

TEST_CASE("mock crash and abort end the process at the Nth go", "[engines][mock]") {
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("crash", 2)));
        handshake(engine);
        CHECK(check_move({}, ask_move(engine, "position startpos moves", "go")) == ARB_OK);
        engine.send("position startpos moves a1 b1");
        engine.send("go");
        CHECK(!engine.wait_for("bestmove", 2s));
        auto status = engine.wait_exit(5s);
        REQUIRE(status);
        CHECK(WIFEXITED(*status));
        CHECK(WEXITSTATUS(*status) == 3);
    }
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("abort")));
        handshake(engine);
        engine.send("position startpos moves");
        engine.send("go");
        auto status = engine.wait_exit(5s);
        REQUIRE(status);
        CHECK(WIFSIGNALED(*status));
        CHECK(WTERMSIG(*status) == SIGABRT);
    }
}

TEST_CASE("mock hang never answers go but keeps reading, slow answers late", "[engines][mock]") {
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("hang")));
        handshake(engine);
        engine.send("position startpos moves");
        engine.send("go movetime 50");
        CHECK(!engine.wait_for("bestmove", 500ms));
        engine.send("isready");
        CHECK(engine.wait_for("readyok", 2s));
        engine.send("quit");
        CHECK(engine.wait_exit(2s));
    }
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("slow", 1, {"--delay-ms", "400"})));
        handshake(engine);
        auto start = std::chrono::steady_clock::now();
        CHECK(check_move({}, ask_move(engine, "position startpos moves", "go movetime 50")) == ARB_OK);
        CHECK(std::chrono::steady_clock::now() - start >= 400ms);
    }
}

TEST_CASE("mock no-ugiok and no-readyok stay silent", "[engines][mock]") {
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("no-ugiok")));
        engine.send("ugi");
        CHECK(!engine.wait_for("ugiok", 500ms));
        CHECK(engine.running());
    }
    {
        ChildProcess engine(mock_engine("tictactoe", mode_args("no-readyok", 2)));
        handshake(engine);  // the first isready is answered
        engine.send("isready");
        CHECK(!engine.wait_for("readyok", 500ms));
        engine.send("isready");
        CHECK(!engine.wait_for("readyok", 200ms));
    }
}

TEST_CASE("mock ignore-quit survives quit, end of input and SIGTERM", "[engines][mock]") {
    ChildProcess engine(mock_engine("tictactoe", mode_args("ignore-quit")));
    handshake(engine);
    engine.send("quit");
    CHECK(!engine.wait_exit(300ms));
    engine.signal(SIGTERM);
    CHECK(!engine.wait_exit(300ms));
    engine.close_stdin();
    CHECK(!engine.wait_exit(300ms));
    engine.signal(SIGKILL);
    auto status = engine.wait_exit(2s);
    REQUIRE(status);
    CHECK(WIFSIGNALED(*status));
    CHECK(WTERMSIG(*status) == SIGKILL);
}

TEST_CASE("mock spawn-child leaves a child in its process group", "[engines][mock]") {
    ChildProcess engine(mock_engine("tictactoe", mode_args("spawn-child")));
    engine.send("ugi");
    auto line = engine.wait_for("info string spawned child pid ", 5s);
    REQUIRE(line);
    pid_t child = static_cast<pid_t>(std::stol(line->substr(30)));
    REQUIRE(engine.wait_for("ugiok", 5s));
    CHECK(process_group_of(child) == engine.pid());
    CHECK(!process_gone(child));
    engine.send("quit");
    REQUIRE(engine.wait_exit(2s));
    CHECK(!process_gone(child));  // the engine is gone, its child is not
    engine.signal_group(SIGKILL);
    bool gone = false;
    for (int i = 0; i < 200 && !gone; ++i) {
        std::this_thread::sleep_for(10ms);
        gone = process_gone(child);
    }
    CHECK(gone);
}

TEST_CASE("mock --lose-probability forfeits each game's first move with that probability", "[engines][mock]") {
    // 1: every game begins with a move that is not legal (an illegal one, or none parses), and only its first.
    ChildProcess always(mock_engine("tictactoe", {"--lose-probability", "1"}));
    handshake(always);
    for (int game = 0; game < 3; ++game) {
        always.send("uginewgame");
        CHECK(check_move({}, ask_move(always, "position startpos moves", "go movetime 100")) != ARB_OK);
        CHECK(check_move({"a1", "b2"}, ask_move(always, "position startpos moves a1 b2", "go movetime 100")) == ARB_OK);
    }
    // 0 (the default): never.
    ChildProcess never(mock_engine("tictactoe", {"--lose-probability", "0"}));
    handshake(never);
    for (int game = 0; game < 3; ++game) {
        never.send("uginewgame");
        CHECK(check_move({}, ask_move(never, "position startpos moves", "go movetime 100")) == ARB_OK);
    }
    // 1/2: over 200 games, a count far from 0 and 200 (binomial sd about 7).
    ChildProcess half(mock_engine("tictactoe", {"--lose-probability", "0.5", "--seed", "3"}));
    handshake(half);
    int forfeits = 0;
    for (int game = 0; game < 200; ++game) {
        half.send("uginewgame");
        forfeits += check_move({}, ask_move(half, "position startpos moves", "go movetime 100")) != ARB_OK;
    }
    CHECK(forfeits > 60);
    CHECK(forfeits < 140);
    // Outside [0, 1]: a usage error.
    ChildProcess bad(mock_engine("tictactoe", {"--lose-probability", "1.5"}));
    CHECK(bad.exit_code(5s) == std::optional<int>(2));
    CHECK_THAT(bad.stderr_text(), Catch::Contains("--lose-probability must be in [0, 1], got 1.5"));
}

TEST_CASE("mock with a declared seed option replays its moves for the same seed", "[engines][mock]") {
    ChildProcess engine(mock_engine("tictactoe", {"--declare-option", "seed type spin default 1 min 0 max 2147483647"}));
    handshake(engine);
    auto five_moves = [&](const std::string &seed) {
        engine.send("setoption name seed value " + seed);
        std::string moves;
        for (int i = 0; i < 5; ++i) moves += ask_move(engine, "position startpos moves", "go movetime 100") + " ";
        return moves;
    };
    const std::string first = five_moves("12345");
    CHECK(five_moves("12345") == first);  // reseeded: the same draws again
    std::set<std::string> others;
    for (const char *seed : {"1", "2", "3", "4"}) others.insert(five_moves(seed));
    CHECK(others.size() > 1);  // 9^5 sequences: four seeds giving one would be a broken reseed
}
