#include "game/status_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace arb::game {

std::optional<StatusLineReader> StatusLineReader::of(const Plugin &plugin) {
    if (plugin.status_line() == nullptr) return std::nullopt;
    return StatusLineReader(plugin.status_line());
}

Expected<std::string> StatusLineReader::line(const GameState &state) {
    auto bad = [&](const std::string &what) {
        return fail(fmt::format("plugin {}: write_status of arbiter.status-line/{} {}", state.plugin()->id(),
                                ext_->revision(), what));
    };
    const TextRead r = reader_.read([&](char *buf, uint32_t cap, uint32_t *needed) {
        return ext_->write_status(state.raw(), buf, cap, needed);
    });
    if (r.status == ARB_ERR_BUFFER)
        return bad(fmt::format("wants {} bytes, more than the {} allowed", r.needed > 0 ? r.needed - 1 : 0,
                               ARB_STATUS_LINE_MAX));
    if (r.unterminated) return bad("wrote no NUL within the line's limit");
    if (r.status != ARB_OK) return bad("failed");
    std::string text(r.text);
    if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return bad(fmt::format("wrote a control character in '{}'", text));
    return text;
}

}  // namespace arb::game
