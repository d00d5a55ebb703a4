// Engine protocols the arbiter does not speak, told from the lines an engine
// prints in answer to a handshake word: a failed start then says what the
// engine is ("an xboard engine") instead of only that 'uciok' never came.
#pragma once

#include <optional>
#include <string_view>

namespace arb::engine {

struct ForeignProtocol {
    const char *name;    // "xboard (CECP)", "GTP"
    const char *advice;  // what to do about it, one clause
};

// The protocol `line` belongs to when it is one of those: xboard's
// 'feature ...', 'Error (unknown command): uci', 'Illegal move: uci';
// GTP's answers '= ...' and '? ...' (with an optional id number). Any other
// line, free text included, says nothing.
std::optional<ForeignProtocol> foreign_protocol_of(std::string_view line) noexcept;

}  // namespace arb::engine
