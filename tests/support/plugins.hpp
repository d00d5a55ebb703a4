// Test access to the plugins of this build, through the same loader the
// host uses (tests never link a plugin's classes).
#pragma once

#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

namespace arb::test {

inline game::PluginPtr load_plugin(const std::string &id) {
    auto plugin = game::find_plugin(id, {ARBITER_PLUGIN_DIR});
    INFO((plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

inline game::GameState new_game(const std::string &id, const game::OptionList &options = {}) {
    auto state = game::GameState::create(load_plugin(id), options);
    INFO((state ? std::string() : state.error().message));
    REQUIRE(state.has_value());
    return std::move(*state);
}

// Plays a move given as text, failing the test if the plugin refuses it.
inline void play_text(game::GameState &state, const std::string &text) {
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    INFO("move " << text << " in " << state.position());
    REQUIRE(state.parse_move(text.c_str(), move, error) == ARB_OK);
    state.play(move);
}

// The canonical texts of all legal moves, sorted.
inline std::vector<std::string> legal_move_texts(const game::GameState &state) {
    std::vector<std::string> out;
    for (arb_move m : state.legal_moves()) out.push_back(state.format_move(m));
    std::sort(out.begin(), out.end());
    return out;
}

inline std::string data_path(const std::string &relative) { return std::string(ARBITER_TEST_DATA_DIR) + "/" + relative; }

}  // namespace arb::test
