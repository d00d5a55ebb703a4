// Reading what an NBoard engine writes (pure text, no I/O): the move reply
// ("=== D3/-1.30/0.00" from NTest, "=== d3 0.00 0.0" from Edax, "=== PA"),
// and its thinking output ("search <pv> <eval> 0 <depth>", "book <pv> <eval>
// <games> <depth>", "nodestats <nodes> <seconds>") as UGI 'info'.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arb::nboard {

// The move of a "=== " line in our notation: lower case, "pass" for PA.
// Nothing for any other line, or a "===" line without a move.
std::optional<std::string> move_of_reply(std::string_view line);
// True for any line starting "===" (a reply, readable or not).
bool is_move_reply(std::string_view line);

// The UGI 'info ...' line for a search, book or nodestats line; nothing for
// other lines. Evals are in discs from the mover's view: cp = eval * 100.
std::optional<std::string> info_of_thinking(std::string_view line);

// "pong <n>" answering ping n.
bool is_pong(std::string_view line, long long ping);

}  // namespace arb::nboard
