// One GTP conversation: send a command, get its reply. The adapter talks to
// this interface, so the translation logic is tested without a process.
#pragma once

#include "core/expected.hpp"

#include <string>

namespace arb::gtp {

// A GTP reply: success ('=') or failure ('?'), with the text after the
// marker and optional id (several lines for multi-line replies).
struct Reply {
    bool ok = false;
    std::string text;
};

class IChannel {
public:
    virtual ~IChannel() = default;
    // Sends one command line (without the newline) and blocks for its reply.
    // An error means the engine is gone or spoke something that is not GTP.
    virtual Expected<Reply> command(const std::string &line) = 0;
};

}  // namespace arb::gtp
