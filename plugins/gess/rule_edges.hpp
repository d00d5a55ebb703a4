// "arbiter.rule-edges/1": the Gess positions where engines get the rules
// wrong (rule_edges.cpp, with the hand reasoning for each).
#pragma once

#include <arbiter/ext/rule_edges.h>

#include <span>

namespace gess {

[[nodiscard]] std::span<const arb_rule_edge> rule_edges() noexcept;

}  // namespace gess
