// The commands a UGI host (arbiter) sends to an engine, as value types, and
// the parser for one input line: the UGI names of the protocol module
// (<arbiter/protocol/command.hpp>), which reads and writes every dialect of
// the UCI family with one set of rules. Header-only, C++20, no dependencies.
//
// parse_command() never throws on bad input and never crashes: any line it
// cannot read becomes Invalid{message}, the message naming the offending text.
// An unknown word in "go" is ignored and listed in Go::ignored.
// See docs/protocol.md for what arbiter sends and when.
#pragma once

#include <arbiter/protocol/command.hpp>

#include <string_view>

namespace arb::ugi {

using protocol::Command;
using protocol::Dialect;
using protocol::Empty;
using protocol::GameOver;
using protocol::Go;
using protocol::Handshake;
using protocol::Invalid;
using protocol::IsReady;
using protocol::NewGame;
using protocol::Position;
using protocol::Quit;
using protocol::SetOption;
using protocol::Stop;
// The handshake ("ugi", or the word of another dialect: Handshake::dialect says which).
using Ugi = protocol::Handshake;

// Reads one line of UGI (without or with its '\n'; a trailing '\r' is ignored).
// Command words are case-sensitive, as in UCI.
inline Command parse_command(std::string_view line) { return protocol::parse_command(line, Dialect::Ugi); }

}  // namespace arb::ugi
