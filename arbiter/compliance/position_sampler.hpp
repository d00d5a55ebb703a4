// The random positions `arbiter check` asks an engine to move from: reached
// by random legal moves from the start, under the rule options of the check.
#pragma once

#include "game/game_state.hpp"
#include "game/plugin.hpp"
#include "game/plugin_host.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace arb::compliance {

// One position in both forms the protocol allows.
struct Probe {
    std::vector<std::string> moves;  // from the start position
    std::string position;            // the position string after them
    int split = 0;                   // for the mixed form: fen after `split` moves, then the rest
};

// Up to `count` positions, each 1..40 random plies from the start, where the
// game goes on and the side to move has a choice the arbiter would ask for
// (not only a forced pass). A walk never plays a move that ends the game: of
// the moves tried in random order it takes the first after which the game
// goes on, so that rules under which most moves lose at once (Gess with
// ring_rule=lose) still give positions. Fewer than `count` only when the game
// ends everywhere near the start. The same seed gives the same positions.
std::vector<Probe> random_probes(const game::PluginPtr &plugin, const game::OptionList &options, uint32_t seed,
                                 int count, const std::shared_ptr<game::PluginHost> &host = nullptr);

}  // namespace arb::compliance
