// Reading the engine's side of the protocol and writing the host's 'go' and
// 'position' lines: thin host-typed forms of the protocol module
// (<arbiter/protocol/reply.hpp>, command.hpp), which the SDK's engine loop
// and the adapters use too, so the rules are the same on both ends.
#pragma once

#include "engine/ugi_types.hpp"

#include <arbiter/protocol/dialect.hpp>

#include <string>
#include <string_view>

namespace arb::engine {

// The value a 'score mate N' is recorded as (with N's sign; 'mate 0' and
// negative N count as being mated).
inline constexpr int kMateScore = 100000;

// Splits off the next token (separated by spaces or tabs); empty at the end.
std::string_view next_token(std::string_view &rest) noexcept;

// The first token of a line, e.g. "bestmove" or "info".
std::string_view first_token(std::string_view line) noexcept;

// Updates `info` from one 'info ...' line: score cp/mate, depth, seldepth, nodes, nps
// (protocol::parse_info). Fields the line does not give are left as they
// were; malformed numbers and negative counts are ignored rather than fatal;
// a "multipv N" line for N other than 1 changes nothing.
void parse_info_line(std::string_view line, SearchInfo &info) noexcept;

// The move of a 'bestmove <move> [ponder ...]' line; empty when no move follows.
std::string_view parse_bestmove(std::string_view line) noexcept;

// The option name of an 'option name <name> type <t> ...' line (names may
// contain spaces); empty when the line has no name.
std::string parse_option_name(std::string_view line);

// Appends the 'go ...' line (without '\n') for `go` to `out`, in `dialect`.
void append_go_line(std::string &out, const GoCommand &go, protocol::Dialect dialect = protocol::Dialect::Ugi);

// Appends 'position ...' (without '\n') in `dialect` for a UGI-form position
// command ("startpos moves a b", "fen <text> moves a b"); false (nothing
// appended) when `ugi_form` is not one.
bool append_position_line(std::string &out, std::string_view ugi_form, protocol::Dialect dialect);

}  // namespace arb::engine
