// The plugin checker's near-miss fuzz of parse_move: texts one or two slips
// away from a legal move's text -- a square moved to a neighbour, a capture
// mark added, dropped or changed, a promotion letter changed or dropped. A
// parse_move that forgot a rule (a straight step that takes, a target two
// columns away) accepts exactly such a text, and random bytes or the moves
// of other positions almost never hit it.
#pragma once

#include "plugin_tools/check_log.hpp"
#include "game/game_state.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace arb::game {

struct NearMiss {
    std::string text;   // the text to try
    std::string of;     // the legal move's text it was made from
    std::string slip;   // what was changed, e.g. "a square changed"
};

// The near misses of `legal` (a position's legal move texts), each once,
// none of them itself among `legal`. Squares are a lower-case letter and
// digits ("b3", "t19"); a capture mark is 'x', '-' or ':' or nothing between
// two squares; a promotion is one letter (or '=' and a letter) after the
// last square. Texts with no square (Go's "pass", a column "c") have none.
std::vector<NearMiss> near_misses(const std::vector<std::string> &legal);

// At one position whose legal moves are `moves` with the texts `texts`:
// parse_move must refuse each near miss (with a message) unless the code it
// returns is among `moves`. `kNearMissesPerPosition` are tried per position,
// drawn with `seed` from the near misses of legal texts taken at random (a
// chess position has some 2000; 64 cost plugin-check of chess 0.7 s of CPU
// over its 0.8 s, and find the planted Breakthrough bugs at every seed tried).
inline constexpr size_t kNearMissesPerPosition = 64;
void check_near_misses(const GameState &state, const std::vector<arb_move> &moves, const std::vector<std::string> &texts,
                       const std::string &where, uint32_t seed, CheckLog &c, CheckReport &report);

}  // namespace arb::game
