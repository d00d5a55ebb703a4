// The adapter around the real GRhino engine (Debian package grhino,
// /usr/games/gtp-rhino): whole games in which every bestmove must be legal
// for the Othello plugin, forced passes sent the way arbiter sends them, and
// positions set from position strings. Skipped, with a message that ctest
// reports as a skip, when gtp-rhino is not installed.
#include "support/child_process.hpp"
#include "support/plugins.hpp"
#include "support/programs.hpp"

#include <random>
#include <sstream>

using namespace arb;

namespace {

const std::string kGrhino = "/usr/games/gtp-rhino";

bool grhino_missing() {
    if (access(kGrhino.c_str(), X_OK) == 0) return false;
    WARN("SKIPPED: gtp-rhino not found at " << kGrhino << " (install the Debian package grhino)");
    return true;
}

std::vector<std::string> adapter_command(std::vector<std::string> options = {}) {
    std::vector<std::string> argv{arb::test::kBin + "/arbiter-gtp-adapter"};
    argv.insert(argv.end(), options.begin(), options.end());
    for (const char *a : {"--", "/usr/games/gtp-rhino", "--level=1"}) argv.emplace_back(a);
    return argv;
}

void handshake(test::ChildProcess &adapter) {
    adapter.send("ugi");
    std::string name = adapter.read_until("id name");
    CHECK(name.find("GRhino") != std::string::npos);
    adapter.read_until("ugiok");
    adapter.send("isready");
    adapter.read_until("readyok");
}

std::string position_line(const std::string &start, const std::vector<std::string> &moves) {
    std::ostringstream line;
    line << "position " << (start.empty() ? "startpos" : "fen " + start) << " moves";
    for (const auto &m : moves) line << ' ' << m;
    return line.str();
}

// Asks the adapter for a move in the given position; it must be legal.
std::string engine_move(test::ChildProcess &adapter, game::GameState &state, const std::string &start,
                        const std::vector<std::string> &moves) {
    adapter.send(position_line(start, moves));
    adapter.send("go p1time 60000 p2time 60000 p1inc 0 p2inc 0");
    std::string line = adapter.read_until("bestmove ");
    std::string move = line.substr(9);
    arb_move code = ARB_MOVE_NONE;
    std::string error;
    INFO("GRhino played '" << move << "' in " << state.position() << ": " << error);
    REQUIRE(state.parse_move(move.c_str(), code, error) == ARB_OK);
    return move;
}

struct GameResult {
    int plies = 0;
    int passes = 0;
};

// One game from the start. `engine_sides` says which sides GRhino plays
// (through the one adapter); the others move at random. A forced pass is
// played by the test itself and appears in the next 'position', as arbiter does.
GameResult play_game(test::ChildProcess &adapter, bool engine_sides[2], std::mt19937 &rng) {
    adapter.send("uginewgame");
    adapter.send("isready");
    adapter.read_until("readyok");
    auto state = test::new_game("othello");
    std::vector<std::string> moves;
    GameResult result;
    while (!state.over()) {
        REQUIRE(result.plies < 130);
        auto legal = test::legal_move_texts(state);
        std::string move;
        if (legal == std::vector<std::string>{"pass"}) {
            move = "pass";
            ++result.passes;
        } else if (engine_sides[state.side_to_move()]) {
            move = engine_move(adapter, state, "", moves);
        } else {
            move = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
        }
        test::play_text(state, move);
        moves.push_back(move);
        ++result.plies;
    }
    arb_outcome o = state.outcome();
    CHECK(o.result != ARB_RESULT_ONGOING);
    CHECK(o.has_score == 1);
    CHECK(o.score[0] + o.score[1] == 64);
    return result;
}

// Black to move owns b1 and g8, each beside a white corner: it cannot place
// and must pass; white can then take c1 or f8.
const std::string kBlackMustPass =
    "OX------" "--------" "--------" "---OO---" "---OO---" "--------" "--------" "------XO X";

}  // namespace

TEST_CASE("GRhino through the adapter plays legal moves in whole games", "[e2e][gtp_adapter]") {
    if (grhino_missing()) return;
    test::ChildProcess adapter(adapter_command());
    handshake(adapter);
    std::mt19937 rng(2024);
    int games = 0, passes = 0;
    bool both[2] = {true, true}, black_only[2] = {true, false}, white_only[2] = {false, true};
    for (bool *sides : {both, black_only, white_only, black_only, white_only}) {
        GameResult r = play_game(adapter, sides, rng);
        CHECK(r.plies >= 9);
        passes += r.passes;
        ++games;
    }
    CHECK(games == 5);
    if (passes == 0) WARN("no forced pass came up in these games (the fen test below covers passes)");
    adapter.send("quit");
    CHECK(adapter.exit_code() == 0);
}

TEST_CASE("GRhino through the adapter moves after forced passes set up from a position string",
          "[e2e][gtp_adapter]") {
    if (grhino_missing()) return;
    test::ChildProcess adapter(adapter_command());
    handshake(adapter);
    auto state = test::new_game("othello");
    REQUIRE(state.set_position(kBlackMustPass).has_value());
    std::vector<std::string> moves;
    // Black passes, white (GRhino) moves; repeat until the game is over.
    while (!state.over()) {
        auto legal = test::legal_move_texts(state);
        REQUIRE(legal == std::vector<std::string>{"pass"});
        test::play_text(state, "pass");
        moves.push_back("pass");
        std::string move = engine_move(adapter, state, kBlackMustPass, moves);
        CHECK((move == "c1" || move == "f8"));
        test::play_text(state, move);
        moves.push_back(move);
    }
    CHECK(moves.size() == 4);
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_1);
    CHECK(o.score[1] == 64);
    adapter.send("quit");
    CHECK(adapter.exit_code() == 0);
}

TEST_CASE("adapter with --pass play stops with a clear error when GRhino refuses a pass", "[e2e][gtp_adapter]") {
    if (grhino_missing()) return;
    test::ChildProcess adapter(adapter_command({"--pass", "play"}));
    handshake(adapter);
    adapter.send(position_line(kBlackMustPass, {"pass"}));
    adapter.send("go movetime 100");
    // No bestmove: the adapter exits with an error (arbiter records a crash with our stderr).
    while (auto line = adapter.read_line()) CHECK(line->rfind("bestmove", 0) != 0);
    CHECK(adapter.exit_code() == 1);
}
