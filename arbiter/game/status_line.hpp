// The plugin's one-line summary of a position ("arbiter.status-line/1"),
// e.g. "Black 23 - White 41", that the report's viewer prints under a board.
#pragma once

#include "core/expected.hpp"
#include "game/game_state.hpp"

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
    explicit StatusLineReader(const arb_game_status_line *ext) : ext_(ext) {}
    const arb_game_status_line *ext_;
    std::string buffer_ = std::string(ARB_STATUS_LINE_MAX + 1, '\0');
};

}  // namespace arb::game
