// The plugin checker's part for ABI 1.1: the functions appended in 1.1
// (create_ex, assign_ex, reset_ex, legal_moves_ex, max_move_text_size), the
// extensions "arbiter.move-properties/1" and "arbiter.position-hash/1", the
// struct_size rule of arb_outcome and the reserved extension ids. A 1.0
// plugin is checked for what applies to it (arb_outcome, reserved ids).
#pragma once

#include "plugin_tools/plugin_checker.hpp"

namespace arb::game {

// Adds its checks and failures to `report` (same settings as check_plugin).
void check_abi_1_1(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report);

}  // namespace arb::game
