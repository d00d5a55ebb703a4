// The plugin checker's part for "arbiter.margin/1" (<arbiter/ext/margin.h>):
// the unit keeps the text rule, is at most ARB_MARGIN_UNIT_MAX bytes with no
// control character and the same all game; margin() refuses a running game
// (ARB_ERR_ILLEGAL, *margin 0) and at the end of each random game gives one
// margin, the same when asked again, for a clone and for the final position
// set from its text. Nothing to check without the extension.
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

void check_margin(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
