// Reading the UGI commands an adapter receives from arbiter (docs/protocol.md):
// the words of a line, 'position' and 'go'; and the Othello facts both
// Othello adapters need (who moves first in a position string).
#pragma once

#include "core/expected.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb::adapter {

std::vector<std::string> words(std::string_view text);
// "command rest of line" split at the first blank; both parts trimmed at the front.
std::pair<std::string_view, std::string_view> split_first(std::string_view line);

// A game position as 'position' sends it: where it started and the moves since.
struct UgiPosition {
    std::string fen;  // empty for startpos
    std::vector<std::string> moves;  // passes included, as "pass"
    friend bool operator==(const UgiPosition &, const UgiPosition &) = default;
};

// The arguments of 'position' ("startpos moves ..." or "fen <text> moves ..."),
// read by the protocol module.
Expected<UgiPosition> parse_position(std::string_view args);

// The limits of one 'go'. Absent fields were not sent.
struct GoLimits {
    std::optional<int64_t> time_ms[2], inc_ms[2];  // p1time/p2time, p1inc/p2inc
    std::optional<int64_t> movestogo, movetime_ms, depth, nodes;
    bool infinite = false;
    std::vector<std::string> ignored;  // unknown words, ignored as UGI asks (for the log)
};

// The arguments of 'go', read by the protocol module: an unknown word is
// ignored (and listed), a known one needs a valid number once.
Expected<GoLimits> parse_go(std::string_view args);

// Othello: 0 (black) or 1 (white) to move first in `fen` (an Othello
// position string ending with the side to move: X/O, or Edax's aliases
// b x * / o w); black in the start position (empty fen).
Expected<int> othello_first_mover(std::string_view fen);
// The colour that moves after `position`: every move, passes included, hands
// the turn over.
Expected<int> othello_side_to_move(const UgiPosition &position);

}  // namespace arb::adapter
