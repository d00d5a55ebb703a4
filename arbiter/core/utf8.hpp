// UTF-8 validity of text that comes from outside (engines, plugins, the
// config): one decoder for the messages that escape bad bytes (quote.hpp)
// and for the records, which replace them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arb {

// Length of the valid UTF-8 sequence starting at text[i]: 1 for ASCII,
// 2..4 for a well-formed multi-byte character (no overlong forms, no
// surrogates, nothing past U+10FFFF), 0 when text[i] starts none.
size_t utf8_sequence_length(std::string_view text, size_t i);

// `text` with every byte that starts no valid sequence replaced by U+FFFD
// (EF BF BD); valid text comes back unchanged.
std::string valid_utf8(std::string_view text);

}  // namespace arb
