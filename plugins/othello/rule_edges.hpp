// Othello's rule edges ("arbiter.rule-edges/1"): where engines get the rules
// wrong -- a forced pass in the move history, a voluntary pass, a placement
// that turns nothing, a line that wraps round the board's edge, a move that
// turns discs along several lines.
#pragma once

#include <arbiter/ext/rule_edges.h>

#include <span>

namespace othello {

std::span<const arb_rule_edge> rule_edge_table();

}  // namespace othello
