// What an engine is told about the game at start, built from the plugin.
#pragma once

#include "engine/engine_config.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

namespace arb::match {

// The game id and every rule option of the plugin with its effective value
// (the value in `options`, else the plugin's default); as plugin folders, the
// plugin's own folder, then `plugin_dirs` (made absolute, without repeats);
// for each dialect the game allows, the engine options the plugin's
// "arbiter.engine-options/1" gives for these rule options (UCI_Chess960).
engine::GameSetupOptions engine_game_options(const game::Plugin &plugin, const game::OptionList &options,
                                             const std::vector<std::string> &plugin_dirs = {});

}  // namespace arb::match
