// The plugin's one-line summary of a position ("arbiter.status-line/3", /2 or /1),
// e.g. "Black 23 - White 41", that the report's viewer prints under a board.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"
#include "game/plugin_text.hpp"

#include <arbiter/ext/status_line.h>

#include <optional>
#include <string>

namespace arb::game {

// Asks one plugin for status lines; reuses its buffer between calls.
class StatusLineReader {
public:
    // Empty when the plugin does not offer the extension.
    static std::optional<StatusLineReader> of(const Plugin &plugin);

    // The line of `state`'s position, read within the size the plugin
    // reports. An error when the call fails, the line is longer than
    // ARB_STATUS_LINE_MAX or holds a control character.
    Expected<std::string> line(const GameState &state);

private:
    explicit StatusLineReader(const StatusLineCalls *ext) : ext_(ext) {}
    const StatusLineCalls *ext_;
    // The longest line allowed is also the limit: a plugin asking for more
    // breaks the contract, so the reader does not grow past it.
    TextReader reader_{ARB_STATUS_LINE_MAX + 1, ARB_STATUS_LINE_MAX + 1};
};

}  // namespace arb::game
