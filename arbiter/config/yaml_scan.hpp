// One pass over the parser's events of a config, before yaml-cpp builds its
// nodes: the checks a walk over the nodes cannot make safely. yaml-cpp builds
// an alias as the very node it names, so a document is a graph, not a tree:
// `x: &x [ *x ]` is a list inside itself (a walk never ends), and ten levels of
// ten aliases in 500 bytes are 10^10 nodes to a walk ("billion laughs"). The
// scan counts what each alias copies without following it, so it costs time
// and memory in proportion to the text.
#pragma once

#include "config/yaml_reader.hpp"

#include <cstdint>
#include <string>

namespace arb::config {

// The most nodes all the aliases of a config may copy together, counting an
// alias as every node of what it names (`*a` for `&a [x, y]` copies 3). A
// config is a few hundred nodes; this leaves room for aliases used as meant
// (shared engine options, time controls) and bounds every later walk over the
// document by its size plus this. docs/config.md states it.
inline constexpr uint64_t kMaxAliasedNodes = 100000;

// Scans the first document of `text` and reports to `r`, each at its
// file:line:column: an alias inside the node it names (a recursive alias), the
// alias that takes the copies past kMaxAliasedNodes, every key written twice
// in one map. Throws YAML::ParserException on a syntax error. Returns false
// when the document must not be built and walked (a recursive alias, or too
// many copies); duplicate keys alone leave it walkable.
[[nodiscard]] bool scan_yaml(const std::string &text, YamlReader &r);

}  // namespace arb::config
