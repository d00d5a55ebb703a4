// User and engine text inside messages: a config value, an openings line, a
// line an engine sent. Such text can be a megabyte long or hold binary bytes,
// so every message quotes it through these helpers: cut to a readable length,
// control bytes and bytes that are not UTF-8 escaped, one line always.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arb {

// The most bytes of the original text a message shows.
inline constexpr size_t kQuoteMax = 120;
// The same for a line an engine wrote to stderr: its cause is often at the
// end of a long line (a path, then "killed by signal 6 (SIGABRT)").
inline constexpr size_t kStderrLineMax = 300;

// `text` for a message: control characters as \n, \r, \t or \xNN (C1
// controls, UTF-8 C2 80..C2 9F, as \u0080..\u009f), invalid UTF-8 bytes as
// \xNN, and when longer than `max` bytes, the first `max` (cut at a
// character boundary) followed by "... (N bytes)".
std::string excerpt(std::string_view text, size_t max = kQuoteMax);
// `text` whole with the escapes of excerpt(): the one form in which text
// from a file or an engine is printed or written (standings, games.pgn,
// progress lines), so that no terminal escape passes through.
std::string escaped(std::string_view text);
// excerpt() between single quotes: 'text'.
std::string quote(std::string_view text, size_t max = kQuoteMax);

}  // namespace arb
