// Ataxx's rule edges ("arbiter.rule-edges/1"): where engines get the rules
// wrong -- a forced pass in the move history, a voluntary pass, jumps and
// gaps, stones turned by a jump, and the half-move limit under each value of
// the `halfmove_limit` option.
#pragma once

#include <arbiter/ext/rule_edges.h>

#include <span>

namespace arb::ataxx {

std::span<const arb_rule_edge> rule_edge_table();

}  // namespace arb::ataxx
