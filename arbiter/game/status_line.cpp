#include "game/status_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace arb::game {

std::optional<StatusLineReader> StatusLineReader::of(const Plugin &plugin) {
    const void *ext = plugin.api().get_extension(ARB_EXT_STATUS_LINE);
    if (ext == nullptr || static_cast<const arb_game_status_line *>(ext)->write_status == nullptr) return std::nullopt;
    return StatusLineReader(static_cast<const arb_game_status_line *>(ext));
}

Expected<std::string> StatusLineReader::line(const GameState &state) {
    auto bad = [&](const std::string &what) {
        return fail(fmt::format("plugin {}: write_status of arbiter.status-line/1 {}", state.plugin()->id(), what));
    };
    size_t size = 0;
    // The buffer holds the longest line allowed: a plugin asking for more
    // breaks the contract, so there is no retry with a bigger buffer.
    const arb_status status = ext_->write_status(state.raw(), buffer_.data(), buffer_.size(), &size);
    if (status == ARB_ERR_BUFFER) return bad(fmt::format("wants {} bytes, more than the {} allowed", size, ARB_STATUS_LINE_MAX));
    if (status != ARB_OK) return bad("failed");
    // Whatever the plugin claims, read no further than the buffer or its NUL.
    const size_t stored = strnlen(buffer_.data(), buffer_.size());
    if (stored == buffer_.size()) return bad("wrote no NUL within the line's limit");
    std::string text(buffer_.data(), std::min(size, stored));
    if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return bad(fmt::format("wrote a control character in '{}'", text));
    return text;
}

}  // namespace arb::game
