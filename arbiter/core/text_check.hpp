// Text that the arbiter puts into a protocol line, a record or onto a
// terminal, read from a config or a command line: one check for both front
// ends (the YAML reader and `arbiter match`'s command line) and for the
// protocol writer's own guard. A line break would end the line and start a
// command of its own ("16\nquit"); other control characters are terminal
// escapes (ESC [2J, OSC titles) or invisible. Text from files and engines is
// not refused but shown escaped (core/quote.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arb {

// True for a C0 control (U+0000..U+001F, tab included), DEL (U+007F), a C1
// control (U+0080..U+009F, UTF-8 C2 80..C2 9F) at text[i], or a byte
// 0x80..0x9F that starts no valid UTF-8 sequence (a C1 control in an 8-bit
// terminal). Sets `length` to the bytes the character takes.
bool control_at(std::string_view text, size_t i, size_t &length);

// Why `text` cannot stand in one protocol line: "holds a line break at byte
// 3" (the first control character, named and escaped, with its 1-based byte
// place), or nothing when it can. Valid non-ASCII text ("Tigre ñ") passes.
std::optional<std::string> control_fault(std::string_view text);

// The word that separates name and value in "setoption name NAME value
// VALUE", the same in every dialect arbiter speaks (docs/protocol.md).
inline constexpr std::string_view kOptionValueWord = "value";

// Why `name` cannot be the NAME of a setoption line: a control character
// (control_fault), nothing but spaces, or the word "value" in it (an engine
// would read "Hash value 1 value 2" as the option "Hash" set to "1 value 2").
std::optional<std::string> option_name_fault(std::string_view name);

}  // namespace arb
