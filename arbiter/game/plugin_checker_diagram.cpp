#include "game/plugin_checker_diagram.hpp"

#include "game/board_diagram.hpp"
#include "game/check_buffer.hpp"
#include "game/check_log.hpp"
#include "game/check_walk.hpp"
#include "game/game_state.hpp"

#include <arbiter/ext/diagram.h>
#include <arbiter/ext/status_line.h>

#include <algorithm>
#include <optional>

namespace arb::game {

namespace {

using WriteFn = arb_status(ARB_CALL *)(const arb_state *, char *, size_t, size_t *);

// One write under the buffer rule, with the size the plugin reports.
struct Written : GuardedWrite {
    size_t size = 0;
};

Written write(WriteFn fn, const GameState &state, size_t cap) {
    Written w;
    w.size = static_cast<size_t>(-1);
    static_cast<GuardedWrite &>(w) =
        guarded_write(cap, [&](char *buf, size_t c) { return fn(state.raw(), buf, c, &w.size); });
    return w;
}

// One text at one state under the buffer rule; the text when it was written.
std::optional<std::string> checked_text(WriteFn fn, const char *name, const GameState &state, const std::string &at,
                                        CheckLog &c, const char *extension = "arbiter.diagram/1") {
    const std::string what = std::string(extension) + " " + name;
    Written first = write(fn, state, 64);
    if (!c.expect(!first.past_cap, what + " writes past a buffer of 64 bytes" + at)) return std::nullopt;
    if (first.status == ARB_ERR_BUFFER) {
        if (!c.expect(first.size != static_cast<size_t>(-1) && first.size >= 64,
                      what + " returns ARB_ERR_BUFFER for a 64-byte buffer but sets *size to " +
                          std::to_string(first.size) + at))
            return std::nullopt;
        c.expect(first.terminated && first.text.empty(),
                 what + " leaves text in a buffer too small (\"\" expected)" + at);
        first = write(fn, state, first.size + 1);
    }
    if (!c.expect(first.status == ARB_OK, what + " fails with status " + std::to_string(first.status) + at))
        return std::nullopt;
    if (!c.expect(!first.past_cap && first.terminated, what + " writes past the " + std::to_string(first.size + 1) +
                                                           "-byte buffer its own *size asked for, or no NUL" + at))
        return std::nullopt;
    const std::string &text = first.text;
    c.expect(first.size == text.size(), what + " sets *size to " + std::to_string(first.size) + " for a text of " +
                                            std::to_string(text.size()) + " characters" + at);

    // One byte short (no room for the NUL), one byte, none.
    for (size_t cap : {text.size(), size_t{1}, size_t{0}}) {
        if (cap > text.size()) continue;  // an empty text fits in one byte
        const Written w = write(fn, state, cap);
        const std::string buffer = " with a buffer of " + std::to_string(cap) + " bytes for a text of " +
                                   std::to_string(text.size()) + " characters";
        c.expect(!w.past_cap, what + " writes past the capacity" + buffer + at);
        c.expect(w.status == ARB_ERR_BUFFER && w.size == text.size(),
                 what + " gives no ARB_ERR_BUFFER with the size needed" + buffer + " (status " +
                     std::to_string(w.status) + ", *size " + std::to_string(w.size) + ")" + at);
        if (cap > 0) c.expect(w.terminated && w.text.empty(), what + " leaves text in the buffer" + buffer + at);
    }
    // Twice more in a row: the same state must give the same text every time.
    for (int i = 0; i < 2; ++i) {
        const Written again = write(fn, state, text.size() + 1);
        if (!c.expect(again.status == ARB_OK && again.text == text,
                      what + " gives another text when asked again: '" + text + "', then '" + again.text + "'" + at))
            break;
    }
    return text;
}

}  // namespace

void check_diagram(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const void *ext = plugin->api().get_extension(ARB_EXT_DIAGRAM);
    if (ext == nullptr) return;
    const auto &diagram = *static_cast<const arb_game_diagram *>(ext);
    CheckLog c(report, settings);
    c.stage("arbiter.diagram/1: drawing and cells at the positions of random games");
    if (!c.expect(diagram.write_drawing != nullptr && diagram.write_cells != nullptr,
                  "arbiter.diagram/1 has a null function"))
        return;
    std::string drawing_text;
    std::optional<BoardDrawing> drawing;
    auto start_game = [&](const GameState &state) {
        const auto text = checked_text(diagram.write_drawing, "write_drawing", state,
                                       " (at the start " + state.position() + ")", c);
        if (!text) return false;
        drawing_text = *text;
        auto parsed = parse_board_drawing(drawing_text);
        if (!c.expect(parsed.has_value(), "arbiter.diagram/1 drawing: " +
                                              (parsed ? std::string() : parsed.error().message)))
            return false;
        drawing = std::move(*parsed);
        return true;
    };
    auto visit = [&](const GameState &state, int ply) {
        const std::string position = state.position();
        const std::string at = " (at " + position + ")";
        const auto cells = checked_text(diagram.write_cells, "write_cells", state, at, c);
        if (!cells) return false;
        ++report.diagrams_checked;
        auto parsed = parse_diagram_cells(*cells, *drawing);
        c.expect(parsed.has_value(), "arbiter.diagram/1 " + (parsed ? std::string() : parsed.error().message) + at);
        const GameState clone = state;
        const std::string of_clone = write(diagram.write_cells, clone, cells->size() + 1).text;
        c.expect(of_clone == *cells, "arbiter.diagram/1 write_cells gives a clone other cells: '" + of_clone +
                                         "', not '" + *cells + "'" + at);
        auto fresh = GameState::create(plugin);
        if (fresh && fresh->set_position(position)) {
            const std::string of_fresh = write(diagram.write_cells, *fresh, cells->size() + 1).text;
            c.expect(of_fresh == *cells, "arbiter.diagram/1 write_cells gives other cells for the same position "
                                         "set from its text: '" + of_fresh + "', not '" + *cells + "'" + at);
        }
        if (ply % 8 == 0)
            c.expect(write(diagram.write_drawing, state, drawing_text.size() + 1).text == drawing_text,
                     "arbiter.diagram/1 write_drawing changes during a game" + at);
        return true;
    };
    walk_random_games(plugin, settings, 23, report, start_game, visit);
}

void check_status_line(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const void *ext = plugin->api().get_extension(ARB_EXT_STATUS_LINE);
    if (ext == nullptr) return;
    const auto &status = *static_cast<const arb_game_status_line *>(ext);
    CheckLog c(report, settings);
    c.stage("arbiter.status-line/1: the line at the positions of random games");
    if (!c.expect(status.write_status != nullptr, "arbiter.status-line/1 has a null function")) return;
    constexpr const char *kExt = "arbiter.status-line/1";
    auto visit = [&](const GameState &state, int) {
        const std::string position = state.position();
        const std::string at = " (at " + position + ")";
        const auto line = checked_text(status.write_status, "write_status", state, at, c, kExt);
        if (!line) return false;
        ++report.status_lines_checked;
        c.expect(line->size() <= ARB_STATUS_LINE_MAX, std::string(kExt) + " writes " + std::to_string(line->size()) +
                                                          " bytes, more than ARB_STATUS_LINE_MAX" + at);
        c.expect(std::none_of(line->begin(), line->end(),
                              [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }),
                 std::string(kExt) + " writes a control character in '" + *line + "'" + at);
        const GameState clone = state;
        const std::string of_clone = write(status.write_status, clone, line->size() + 1).text;
        c.expect(of_clone == *line, std::string(kExt) + " gives a clone another line: '" + of_clone + "', not '" +
                                        *line + "'" + at);
        auto fresh = GameState::create(plugin);
        if (fresh && fresh->set_position(position)) {
            const std::string of_fresh = write(status.write_status, *fresh, line->size() + 1).text;
            c.expect(of_fresh == *line, std::string(kExt) + " gives another line for the same position set "
                                                            "from its text: '" + of_fresh + "', not '" + *line + "'" + at);
        }
        return true;
    };
    walk_random_games(plugin, settings, 29, report, [](const GameState &) { return true; }, visit);
}

}  // namespace arb::game
