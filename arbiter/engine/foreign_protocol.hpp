// Engine protocols told from the lines an engine prints in answer to a
// handshake word it does not speak: a failed start then says what the engine
// is ("an xboard engine") and how to select it, instead of only that
// 'uciok' never came.
#pragma once

#include <arbiter/protocol/dialect.hpp>

#include <optional>
#include <string_view>

namespace arb::engine {

struct ForeignProtocol {
    const char *name;    // "xboard (CECP)", "GTP"
    const char *advice;  // what to do about it, one clause
    std::optional<protocol::Dialect> dialect;  // the arbiter's name for it, when it speaks it (xboard)
};

// The protocol `line` belongs to when it is one of those: xboard's
// 'feature ...', 'tellics ...', 'Error (unknown command): uci', 'Illegal
// move: uci', 'Invalid move: uci' (GNU Chess); GTP's answers '= ...' and
// '? ...' (with an optional id number). Any other line, free text included,
// says nothing.
std::optional<ForeignProtocol> foreign_protocol_of(std::string_view line) noexcept;

}  // namespace arb::engine
