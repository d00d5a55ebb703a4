// The one reading of a yes/no value, for every front end: YAML keys, the
// peers' command line (-pgnout nodes=true, -each restart=on) and boolean game
// options, which the plugins receive as "true" or "false" only (game.h).
// Rationale: a value that one front end takes and another refuses ("yes" for
// isolate_plugins but not for a game option) is a trap; YAML 1.1's words are
// what configs are written with, so all of them mean the same everywhere.
#pragma once

#include <optional>
#include <string_view>

namespace arb {

// true for "true", "yes", "on"; false for "false", "no", "off"; otherwise
// nullopt. Lower case only, the whole text: "True" or " yes" are refused, as
// a number with blanks is (arbiter/protocol/numbers.hpp).
inline std::optional<bool> parse_boolean(std::string_view text) noexcept {
    if (text == "true" || text == "yes" || text == "on") return true;
    if (text == "false" || text == "no" || text == "off") return false;
    return std::nullopt;
}

// What an error message says a boolean may be.
inline constexpr std::string_view kBooleanWords = "true or false (also yes/no, on/off)";

}  // namespace arb
