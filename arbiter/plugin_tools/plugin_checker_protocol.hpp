// The plugin checker's part for "arbiter.protocol-notation/2" (or /1)
// (<arbiter/ext/protocol_notation.h>): the masks are consistent (the
// converted protocols are among the protocols, UGI is never converted, each
// converted protocol has all four functions), and for each converted
// protocol, at every position of a few random games, position_out then
// position_in gives the position back, move_out then move_in every legal
// move's text, and the conversions keep the buffer rule (ARB_ERR_BUFFER for a
// buffer too small, nothing past the capacity). Nothing to check without
// the extension.
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

// Adds its checks and failures to `report` (same settings as check_plugin).
void check_protocol_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
