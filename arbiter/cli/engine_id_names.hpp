// `arbiter match` engines given no name= that share a program: named by the
// 'id name' each gives in its handshake, as cutechess-cli names engines (two
// `-engine cmd=./sf` with different options are not refused for their names).
#pragma once

#include "config/tournament_config.hpp"
#include "core/expected.hpp"
#include "game/plugin.hpp"

#include <vector>

namespace arb::cli {

// Starts each engine `indices` of `config` (checked: absolute commands, the
// protocols resolved), takes its 'id name' as its name and stops it. Fails,
// saying what to write instead (name=), when one cannot start, gives no
// 'id name', or when two engines end up with one name.
Expected<void> name_engines_by_id(config::TournamentConfig &config, const game::Plugin &plugin,
                                  const std::vector<size_t> &indices);

}  // namespace arb::cli
