// A game option's value as a person writes it, turned into the text the
// plugin takes (game.h: a bool is "true" or "false", an int decimal digits, a
// choice one of the declared words). Both front ends (the YAML config and the
// command lines' --option/option.X=V) read game options through it, so they
// accept the same words and the plugin sees one spelling.
#pragma once

#include "core/expected.hpp"

#include <arbiter/game.h>

#include <string>
#include <string_view>

namespace arb::game {

// What the option takes, for messages: "true or false ...", "a whole number
// in 1..9", "one of a, b".
std::string describe_option(const arb_option_desc &option);

// The plugin's text for `value` ("yes" -> "true"), or an error
// "game option 'NAME' must be WHAT, got 'VALUE'".
Expected<std::string> canonical_option_value(const arb_option_desc &option, std::string_view value);

}  // namespace arb::game
