// The plugin checker's part for "arbiter.engine-options/1"
// (<arbiter/ext/engine_options.h>): for every protocol the game allows and
// the default rule options, then each value the checker tries of each option
// (values_to_try), engine_options answers ARB_OK, twice the same; every
// option it gives stands for one of the game's rule options, and its name
// and value fit a "setoption name NAME value VALUE" line (a name, no control
// character, no word "value" in the name). An unknown rule option is
// ARB_ERR_OPTION. Nothing to check without the extension.
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

// Adds its checks and failures to `report` (same settings as check_plugin).
void check_engine_options(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
