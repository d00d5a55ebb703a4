// Test-side UGI driving of engine processes: handshake, asking for a move,
// and playing whole games with the plugin as the judge (as the arbiter does).
#pragma once

#include "support/child_process.hpp"
#include "support/plugins.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace arb::test {

using namespace std::chrono_literals;

inline std::string program(const char *name) { return arb::test::kBin + "/" + name; }
// The test-only game with one option of each type (countdown_plugin.cpp).
inline std::string test_plugin_dir() { return std::string(ARBITER_BUILD_DIR) + "/tests/engine_plugins"; }

inline std::vector<std::string> generic_engine(const std::string &game, std::vector<std::string> extra = {}) {
    std::vector<std::string> argv{program("arbiter-engine"), "--game", game, "--plugin-dir", test_plugin_dir()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
}

inline std::vector<std::string> mock_engine(const std::string &game, std::vector<std::string> extra = {}) {
    std::vector<std::string> argv{program("arbiter-mock-engine"), "--game", game, "--plugin-dir", test_plugin_dir()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
}

inline game::GameState new_test_game(const std::string &id, const game::OptionList &options = {}) {
    auto plugin = game::find_plugin(id, {ARBITER_PLUGIN_DIR, test_plugin_dir()});
    INFO((plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    auto state = game::GameState::create(*plugin, options);
    INFO((state ? std::string() : state.error().message));
    REQUIRE(state.has_value());
    return std::move(*state);
}

// ugi .. ugiok, isready .. readyok; returns the lines before ugiok.
inline std::vector<std::string> handshake(ChildProcess &engine) {
    engine.send("ugi");
    std::vector<std::string> lines;
    INFO("stderr: " << engine.stderr_text());
    REQUIRE(engine.wait_for("ugiok", 10s, &lines));
    engine.send("isready");
    REQUIRE(engine.wait_for("readyok", 5s));
    return lines;
}

inline std::string position_command(const std::string &fen, const std::vector<std::string> &moves) {
    std::string out = fen.empty() ? "position startpos moves" : "position fen " + fen + " moves";
    for (const auto &m : moves) out += " " + m;
    return out;
}

// Sends position and go; returns the move text of 'bestmove' (the info lines
// before it go to `infos`).
inline std::string ask_move(ChildProcess &engine, const std::string &position, const std::string &go,
                            std::vector<std::string> *infos = nullptr, std::chrono::milliseconds timeout = 20s) {
    engine.send(position);
    engine.send(go);
    auto line = engine.wait_for("bestmove", timeout, infos);
    INFO(position << " / " << go << "\nstderr: " << engine.stderr_text());
    REQUIRE(line.has_value());
    return line->size() > 9 ? line->substr(9) : std::string();
}

struct PlayedGame {
    std::vector<std::string> moves;
    arb_outcome outcome{};
};

// Plays from `state` (its position is sent as fen when `as_fen`), asking
// engines[side to move]; forced passes are played by the test, as the
// arbiter does. Every move must be legal. Stops after max_plies.
inline PlayedGame play_game(game::GameState state, ChildProcess *engines[2], const std::string &go,
                            int max_plies = 400, bool as_fen = false) {
    PlayedGame game;
    const std::string fen = as_fen ? state.position() : std::string();
    engines[0]->send("uginewgame");
    if (engines[1] != engines[0]) engines[1]->send("uginewgame");
    for (int ply = 0; ply < max_plies && !state.over(); ++ply) {
        std::vector<arb_move> legal = state.legal_moves();
        REQUIRE(!legal.empty());
        std::string text;
        if (legal.size() == 1 && (state.move_flags(legal[0]) & ARB_MOVE_PASS) != 0) {
            text = state.format_move(legal[0]);
        } else {
            text = ask_move(*engines[state.side_to_move()], position_command(fen, game.moves), go);
        }
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        INFO(state.plugin()->id() << ": move '" << text << "' after " << game.moves.size() << " moves in "
                                  << state.position());
        REQUIRE(state.parse_move(text.c_str(), move, error) == ARB_OK);
        state.play(move);
        game.moves.push_back(text);
    }
    game.outcome = state.outcome();
    return game;
}

}  // namespace arb::test
