// The plugin checker's part for "arbiter.diagram/2" (or /1) (<arbiter/ext/diagram.h>):
// at every position of a few random games, both texts (the drawing and the
// cells) keep the buffer rule (ARB_ERR_BUFFER, the size needed and "" in a
// buffer too small, nothing written past the capacity), are the same when
// asked again, for a clone and for the same position set from its text (the
// drawing the same at every position), and read as the header describes,
// with the strict reader the HTML report uses. Nothing to check without the
// extension. Likewise the viewer's line under the board, "arbiter.status-line/2" (or /1)
// (<arbiter/ext/status_line.h>): the buffer rule, repeatable, equal for a
// clone and for the position set from its text, at most ARB_STATUS_LINE_MAX
// bytes and no control character.
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

// Adds its checks and failures to `report` (same settings as check_plugin).
void check_diagram(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);
void check_status_line(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
