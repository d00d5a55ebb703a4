// What makes two output folders parts of one tournament: the same effective
// config apart from the fields that only say where and how fast a part ran
// (shard, output folder, concurrency, progress interval, on_interrupt), and
// the same openings. `arbiter merge` compares folders by this.
#pragma once

#include "config/config_loader.hpp"

#include <string>

namespace arb::tournament {

// The effective config as YAML without those fields, followed by the text of
// the openings file: equal texts mean the same schedule and the same games.
std::string tournament_identity_text(const config::LoadedConfig &loaded);

// A 64-bit FNV-1a hash of that text as 16 hex digits: a short name to print
// and compare, not a security measure.
std::string tournament_fingerprint(const config::LoadedConfig &loaded);
std::string fingerprint_of(const std::string &text);

}  // namespace arb::tournament
