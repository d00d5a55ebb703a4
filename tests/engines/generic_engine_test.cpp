// arbiter-engine driven as a process over UGI.
#include "engine_driver.hpp"
#include "rng.hpp"

#include <sys/wait.h>

#include <thread>

#include <algorithm>
#include <chrono>

using namespace arb;
using namespace arb::test;

namespace {

bool has_line(const std::vector<std::string> &lines, const std::string &line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// The ids of the shipped plugins of this build, plus the test game.
std::vector<std::string> all_games() {
    std::vector<std::string> ids;
    for (const auto &p : game::discover_plugins({ARBITER_PLUGIN_DIR}).plugins) ids.push_back(p->id());
    ids.push_back("countdown");
    return ids;
}

int64_t info_value(const std::string &info, const std::string &key) {
    size_t at = info.find(" " + key + " ");
    REQUIRE(at != std::string::npos);
    return std::stoll(info.substr(at + key.size() + 2));
}

}  // namespace

TEST_CASE("arbiter-engine declares its options and the game's rule options", "[engines][generic]") {
    ChildProcess engine(generic_engine("countdown", {"--option", "start=20", "--mode", "random"}));
    auto lines = handshake(engine);
    CHECK(lines.at(0).rfind("id name arbiter-engine random", 0) == 0);
    CHECK(has_line(lines, "option name game type string default countdown"));
    CHECK(has_line(lines, "option name mode type combo default random var random var mcts"));
    CHECK(has_line(lines, "option name playouts type spin default 0 min 0 max 1000000000"));
    CHECK(has_line(lines, "option name start type spin default 20 min 1 max 50"));
    CHECK(has_line(lines, "option name misere type check default false"));
    CHECK(has_line(lines, "option name max_take type combo default 3 var 3 var 2"));
}

TEST_CASE("rule options set by setoption change the game the engine plays", "[engines][generic]") {
    ChildProcess engine(generic_engine("countdown", {"--mode", "random"}));
    handshake(engine);
    engine.send("setoption name start value 5");
    engine.send("setoption name max_take value 2");
    engine.send("isready");
    REQUIRE(engine.wait_for("readyok", 5s));
    // 7 stones exceed start=5; taking 3 exceeds max_take=2.
    std::vector<std::string> infos;
    CHECK(ask_move(engine, "position fen 7 0 moves", "go", &infos) == "(none)");
    CHECK(std::any_of(infos.begin(), infos.end(), [](auto &l) { return l.find("'7 0' refused") != std::string::npos; }));
    infos.clear();
    CHECK(ask_move(engine, "position startpos moves 3", "go", &infos) == "(none)");
    CHECK(std::any_of(infos.begin(), infos.end(), [](auto &l) { return l.find("move 1 '3' refused") != std::string::npos; }));
    for (int i = 0; i < 10; ++i) {
        std::string move = ask_move(engine, "position fen 5 1 moves", "go");
        CHECK((move == "1" || move == "2"));
    }
    // A value outside the declared range is refused by the loop.
    engine.send("setoption name start value 51");
    CHECK(engine.wait_for("info string error", 5s)->find("'51'") != std::string::npos);
}

TEST_CASE("arbiter-engine plays only legal moves through whole games of every plugin", "[engines][generic]") {
    for (const std::string &id : all_games()) {
        SECTION(id + " random") {
            ChildProcess engine(generic_engine(id, {"--mode", "random", "--seed", "11"}));
            handshake(engine);
            ChildProcess *both[2] = {&engine, &engine};
            PlayedGame game = play_game(new_test_game(id), both, "go movetime 1000", 2000);
            CHECK(game.outcome.result != ARB_RESULT_ONGOING);
            engine.send("quit");
            CHECK(engine.wait_exit(2s).has_value());
        }
        SECTION(id + " mcts from a fen") {  // a short game: Gess playouts are slow under sanitizers
            ChildProcess engine(generic_engine(id, {"--mode", "mcts", "--seed", "3"}));
            handshake(engine);
            ChildProcess *both[2] = {&engine, &engine};
            play_game(new_test_game(id), both, "go nodes 8", 30, true);
        }
    }
}

TEST_CASE("random mode is deterministic given the seed", "[engines][generic]") {
    const std::string id = game::find_plugin("othello", {ARBITER_PLUGIN_DIR}) ? "othello" : "tictactoe";
    auto games_with_seed = [&](const std::string &seed) {
        ChildProcess engine(generic_engine(id, {"--mode", "random", "--seed", seed}));
        handshake(engine);
        ChildProcess *both[2] = {&engine, &engine};
        std::vector<std::string> moves;
        for (int g = 0; g < 3; ++g) {
            auto played = play_game(new_test_game(id), both, "go depth 1");
            moves.insert(moves.end(), played.moves.begin(), played.moves.end());
            moves.push_back("|");
        }
        return moves;
    };
    auto a = games_with_seed("42");
    CHECK(a == games_with_seed("42"));
    CHECK(a != games_with_seed("43"));
}

// One process used to carry its generator from game to game: three identical
// new games got three different first moves (d3, f5, c4 in Othello), so a
// game's moves depended on the games the process had played before.
TEST_CASE("each new game restarts the generator: identical games in one process are the same game",
          "[engines][generic]") {
    const std::string id = game::find_plugin("othello", {ARBITER_PLUGIN_DIR}) ? "othello" : "tictactoe";
    for (const char *mode : {"random", "mcts"}) {
        INFO("mode " << mode);
        ChildProcess engine(generic_engine(id, {"--mode", mode, "--playouts", "20", "--seed", "7"}));
        handshake(engine);
        ChildProcess *both[2] = {&engine, &engine};
        // The arbiter's seed for the game, then its new game: the same seed gives the same game.
        std::vector<std::string> seeded[2];
        for (auto &moves : seeded) {
            engine.send("setoption name seed value 99");
            moves = play_game(new_test_game(id), both, "go depth 1").moves;
        }
        CHECK(seeded[0] == seeded[1]);
        // A fresh process told the same seed plays that game too: it depends on the seed alone.
        ChildProcess fresh(generic_engine(id, {"--mode", mode, "--playouts", "20", "--seed", "99"}));
        handshake(fresh);
        ChildProcess *fresh_both[2] = {&fresh, &fresh};
        CHECK(play_game(new_test_game(id), fresh_both, "go depth 1").moves == seeded[0]);
    }
}

TEST_CASE("without a seed per game, a game's moves do not depend on the games the process played before",
          "[engines][generic]") {
    const std::string id = game::find_plugin("othello", {ARBITER_PLUGIN_DIR}) ? "othello" : "tictactoe";
    // Two processes of one seed play a first game of different lengths (one
    // cut after 4 plies), then a second, whole one: the second games agree.
    auto second_game = [&](int first_game_plies) {
        ChildProcess engine(generic_engine(id, {"--mode", "random", "--seed", "7"}));
        handshake(engine);
        ChildProcess *both[2] = {&engine, &engine};
        auto first = play_game(new_test_game(id), both, "go depth 1", first_game_plies).moves;
        auto second = play_game(new_test_game(id), both, "go depth 1").moves;
        CHECK(first != second);  // yet not a replay of the first game: the next game gets its own generator
        return second;
    };
    CHECK(second_game(400) == second_game(4));
}

// Started without --game, the engine declares no rule options (it knows no
// game yet); the arbiter sends them after 'setoption name game' anyway, and
// the engine must play by them.
TEST_CASE("arbiter-engine without --game follows the rule options set after the game", "[engines][generic]") {
    ChildProcess engine({program("arbiter-engine"), "--mode", "random", "--plugin-dir", test_plugin_dir()});
    handshake(engine);
    engine.send("setoption name game value countdown");
    engine.send("setoption name start value 5");
    engine.send("setoption name max_take value 2");
    engine.send("isready");
    REQUIRE(engine.wait_for("readyok", 5s));
    engine.send("uginewgame");
    std::vector<std::string> infos;
    CHECK(ask_move(engine, "position fen 7 0 moves", "go", &infos) == "(none)");  // 7 > start=5
    for (int i = 0; i < 20; ++i) {
        std::string move = ask_move(engine, "position fen 5 1 moves", "go");
        CHECK((move == "1" || move == "2"));  // never 3 under max_take=2
    }
}

TEST_CASE("mcts beats random at tic-tac-toe", "[engines][generic]") {
    ChildProcess mcts(generic_engine("tictactoe", {"--mode", "mcts", "--playouts", "3000", "--seed", "5"}));
    ChildProcess random(generic_engine("tictactoe", {"--mode", "random", "--seed", "9"}));
    handshake(mcts);
    handshake(random);
    int wins = 0, losses = 0;
    for (int g = 0; g < 10; ++g) {
        int mcts_side = g % 2;
        ChildProcess *engines[2] = {mcts_side == 0 ? &mcts : &random, mcts_side == 0 ? &random : &mcts};
        arb_result r = play_game(new_test_game("tictactoe"), engines, "go movetime 2000").outcome.result;
        if (r == (mcts_side == 0 ? ARB_RESULT_WIN_SIDE_0 : ARB_RESULT_WIN_SIDE_1)) ++wins;
        if (r == (mcts_side == 0 ? ARB_RESULT_WIN_SIDE_1 : ARB_RESULT_WIN_SIDE_0)) ++losses;
    }
    INFO("mcts won " << wins << ", lost " << losses << " of 10");
    CHECK(losses == 0);
    CHECK(wins >= 6);
}

TEST_CASE("mcts reports depth, nodes and a score from the side to move", "[engines][generic]") {
    ChildProcess engine(generic_engine("countdown", {"--mode", "mcts", "--playouts", "4000"}));
    handshake(engine);
    // 5 stones, take 1..3: taking 1 wins; with 4 stones every move loses.
    std::vector<std::string> infos;
    CHECK(ask_move(engine, "position fen 5 1 moves", "go", &infos) == "1");
    REQUIRE(!infos.empty());
    CHECK(info_value(infos.back(), "score cp") > 200);
    CHECK(info_value(infos.back(), "nodes") == 4000);
    CHECK(info_value(infos.back(), "depth") >= 2);
    infos.clear();
    ask_move(engine, "position startpos moves 3 3", "go nodes 2000", &infos);  // 4 stones left
    REQUIRE(!infos.empty());
    CHECK(info_value(infos.back(), "score cp") < -200);
    CHECK(info_value(infos.back(), "nodes") == 2000);
}

TEST_CASE("arbiter-engine keeps to movetime and to a share of its clock", "[engines][generic]") {
    const std::string id = game::find_plugin("othello", {ARBITER_PLUGIN_DIR}) ? "othello" : "tictactoe";
    ChildProcess engine(generic_engine(id, {"--mode", "mcts"}));
    handshake(engine);
    // Each go has a budget (the budgets themselves are unit-tested in
    // search_budget_test) and a limit far below what a misread go would take
    // (no limit at all, the whole clock, or the opponent's clock), so that a
    // loaded or sanitized machine is unlikely to fail it; how closely the engine
    // keeps to its budget is a figure for bench/load/ply_under_load.sh.
    using clock = std::chrono::steady_clock;
    auto timed = [&](const std::string &go, int64_t limit_ms) {
        auto start = clock::now();
        std::vector<std::string> infos;
        std::string move = ask_move(engine, "position startpos moves", go, &infos);
        auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - start).count();
        INFO(go);
        CHECK(move != "(none)");
        REQUIRE(!infos.empty());
        CHECK(info_value(infos.back(), "time") < limit_ms);
        CHECK(elapsed < limit_ms);
    };
    timed("go movetime 300", 2000);                              // budget 270 ms; misread: until stopped
    timed("go movetime 30", 1000);                               // budget 20 ms; misread: until stopped
    timed("go p1time 2000 p2time 2000 p1inc 0 p2inc 0", 1000);  // 5% of 2 s; misread: all 2 s
    timed("go p1time 200 p2time 100000 movestogo 1", 1000);     // half of 200 ms; misread: 50 s of p2's
}

TEST_CASE("isready is answered during a search and stop ends it with a legal move", "[engines][generic]") {
    ChildProcess engine(generic_engine("tictactoe", {"--mode", "mcts"}));
    handshake(engine);
    engine.send("position startpos moves b2");
    engine.send("go infinite");
    std::this_thread::sleep_for(50ms);
    engine.send("isready");
    // The search is infinite: readyok before "stop" means it was answered during the search.
    REQUIRE(engine.wait_for("readyok", 10s));
    engine.send("stop");
    auto best = engine.wait_for("bestmove", 2s);
    REQUIRE(best);
    game::GameState state = new_test_game("tictactoe");
    play_text(state, "b2");
    arb_move move;
    std::string error;
    CHECK(state.parse_move(best->substr(9).c_str(), move, error) == ARB_OK);
}

TEST_CASE("arbiter-engine handles positions with passes", "[engines][generic]") {
    auto plugin = game::find_plugin("othello", {ARBITER_PLUGIN_DIR});
    if (!plugin) return;  // othello not in this build
    // Random games until one needs a forced pass; the engine gets the moves
    // up to and including the pass.
    engines::Rng rng(1);
    for (int g = 0; g < 200; ++g) {
        game::GameState state = new_test_game("othello");
        std::vector<std::string> moves;
        while (!state.over()) {
            auto legal = state.legal_moves();
            std::string text = state.format_move(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
            play_text(state, text);
            moves.push_back(text);
            if (text == "pass" && !state.over()) {
                ChildProcess engine(generic_engine("othello", {"--mode", "mcts"}));
                handshake(engine);
                std::string move = ask_move(engine, position_command("", moves), "go nodes 200");
                arb_move m;
                std::string error;
                CHECK(state.parse_move(move.c_str(), m, error) == ARB_OK);
                return;
            }
        }
    }
    FAIL("no forced pass in 200 random othello games");
}

TEST_CASE("arbiter-engine reports bad input and keeps going", "[engines][generic]") {
    ChildProcess engine(generic_engine("tictactoe", {"--mode", "random"}));
    handshake(engine);
    auto expect_error = [&](const std::string &command, const std::string &needle) {
        engine.send(command);
        auto line = engine.wait_for("info string error", 5s);
        INFO(command);
        REQUIRE(line);
        INFO(*line);
        CHECK(line->find(needle) != std::string::npos);
    };
    expect_error("setoption name game value nosuchgame", "unknown game 'nosuchgame'");
    expect_error("position fen XXXXXXXXXXXXXXXX X moves", "'XXXXXXXXXXXXXXXX X' refused");
    expect_error("position startpos moves a1 a1", "move 2 'a1' refused");
    engine.send("go movetime 100");
    CHECK(engine.wait_for("bestmove", 5s) == std::optional<std::string>("bestmove (none)"));
    expect_error("go depth 0", "'depth' must be at least 1");
    expect_error("\x01\x02 junk", "unknown command");
    expect_error("position startpos moves a1 b1 a2 b2 a3 c3", "move 6 'c3' refused");  // game already over
    engine.send("isready");
    CHECK(engine.wait_for("readyok", 5s));
    CHECK(ask_move(engine, "position startpos moves a1", "go") != "(none)");
    // An unknown go word is ignored, as UCI asks: the search still answers
    // (before the protocol module the SDK refused the line and never did).
    CHECK(ask_move(engine, "position startpos moves a1", "go wtime 100 movetime 50") != "(none)");
    CHECK(engine.stderr_text().find("unknown game 'nosuchgame'") != std::string::npos);
    engine.send("quit");
    auto status = engine.wait_exit(2s);
    REQUIRE(status);
    CHECK(WIFEXITED(*status));
    CHECK(WEXITSTATUS(*status) == 0);
}

TEST_CASE("arbiter-engine refuses an unknown game on its command line", "[engines][generic]") {
    ChildProcess engine(generic_engine("nosuchgame"));
    auto status = engine.wait_exit(5s);
    REQUIRE(status);
    CHECK(WEXITSTATUS(*status) == 2);
    CHECK(engine.stderr_text().find("unknown game 'nosuchgame'") != std::string::npos);
}
