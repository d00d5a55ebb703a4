// The plugin checker's part for "arbiter.pgn-notation/2" (or /1)
// (<arbiter/ext/pgn_notation.h>): at every position of a few random games,
// every legal move's record text is one token that read_move reads back to
// the same move, and write_move keeps the buffer rule (ARB_ERR_BUFFER and ""
// in a buffer too small, nothing past the capacity); the start tags are
// lines `[Name "Value"]`, none of the Seven Tag Roster, under the buffer rule
// with the size needed; move numbers start at 1 and grow by at most one a
// ply. Nothing to check without the extension.
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

// Adds its checks and failures to `report` (same settings as check_plugin).
void check_pgn_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
