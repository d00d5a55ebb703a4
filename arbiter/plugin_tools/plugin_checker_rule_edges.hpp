// The plugin checker's look at "arbiter.rule-edges/1": every edge must be
// something `arbiter check` can ask an engine, and mean what it says.
#pragma once

#include "plugin_tools/check_log.hpp"
#include "game/plugin.hpp"

namespace arb::game {

// Reads the table defensively (game/rule_edges.hpp: its problems are
// failures) and checks each edge: `rule` lower case with hyphens, `failure`
// not empty; `options` name real options with values the plugin accepts;
// the position loads under them and the moves play; the game is not over
// there and the side to move has more than a forced pass (the host never
// asks an engine then); a MUST_PLAY move is the only legal move, a
// MUST_NOT_PLAY move parses as ARB_ERR_ILLEGAL, an ANY_LEGAL edge names no
// move. A plugin without the extension passes.
void check_rule_edges(const PluginPtr &plugin, CheckLog &c, CheckReport &report);

}  // namespace arb::game
