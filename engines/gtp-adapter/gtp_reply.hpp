// Reading GTP replies from a line source: "= text" or "? text", optionally
// with a command id after the marker, continued over more lines, ended by
// an empty line.
#pragma once

#include "gtp_channel.hpp"

#include <functional>
#include <optional>
#include <string>

namespace arb::gtp {

// Reads one reply using next_line (which yields lines without '\n', or
// nullopt at end of input). Lines before the marker are skipped, as GTP
// allows; a trailing '\r' is dropped.
Expected<Reply> read_reply(const std::function<std::optional<std::string>()> &next_line);

}  // namespace arb::gtp
