#include "plugin_tools/plugin_checker_diagram.hpp"

#include "game/board_diagram.hpp"
#include "plugin_tools/check_buffer.hpp"
#include "plugin_tools/check_text_rule.hpp"
#include "plugin_tools/check_log.hpp"
#include "plugin_tools/check_walk.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/ext/diagram.h>
#include <arbiter/ext/status_line.h>

#include <algorithm>
#include <optional>

namespace arb::game {

namespace {

// One text of `calls` (a write_* member) at `state` under the text rule.
template <class Calls>
using WriteFn = arb_status (Calls::*)(const arb_state *, char *, uint32_t, uint32_t *) const;

template <class Calls>
std::optional<std::string> checked_text(const Calls &calls, WriteFn<Calls> fn, const std::string &what,
                                        const GameState &state, const std::string &at, CheckLog &c) {
    return checked_rule_text([&](char *buf, uint32_t cap, uint32_t *needed) { return (calls.*fn)(state.raw(), buf, cap, needed); },
                             what, at, c);
}

// The text once more, in a buffer of `cap` bytes ("" when it fails).
template <class Calls>
std::string write(const Calls &calls, WriteFn<Calls> fn, const GameState &state, size_t cap) {
    uint32_t needed = 0;
    return guarded_write(cap, [&](char *buf, size_t n) { return (calls.*fn)(state.raw(), buf, static_cast<uint32_t>(n), &needed); })
        .text;
}

// A plugin with labels ("arbiter.diagram/3") writes the same drawing without
// them under /2, which a /2 host reads.
void check_drawing_without_labels(const PluginPtr &plugin, const GameState &state, const BoardDrawing &with_labels,
                                  CheckLog &c) {
    const auto *v2 = static_cast<const arb_game_diagram_2 *>(plugin->api().get_extension(ARB_EXT_DIAGRAM_2));
    if (!c.expect(v2 != nullptr && v2->write_drawing != nullptr,
                  "arbiter.diagram/3 without arbiter.diagram/2: a host of /2 draws no board"))
        return;
    const auto text = checked_rule_text([&](char *buf, uint32_t cap, uint32_t *needed) {
        return v2->write_drawing(state.raw(), buf, cap, needed);
    }, "arbiter.diagram/2 write_drawing", " (at the start " + state.position() + ")", c);
    if (!text) return;
    auto parsed = parse_board_drawing(*text, 2);
    if (!c.expect(parsed.has_value(), "arbiter.diagram/2 drawing: " + (parsed ? std::string() : parsed.error().message)))
        return;
    bool same = parsed->pieces.size() == with_labels.pieces.size() && parsed->columns == with_labels.columns &&
                parsed->rows == with_labels.rows;
    for (size_t i = 0; same && i < parsed->pieces.size(); ++i)
        same = parsed->pieces[i].token == with_labels.pieces[i].token && parsed->pieces[i].name == with_labels.pieces[i].name;
    c.expect(same, "arbiter.diagram/2 draws other pieces than /3 (it should be /3's drawing without its labels)");
}

}  // namespace

void check_diagram(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const DiagramCalls *calls = plugin->diagram();
    const int revision = calls != nullptr ? calls->revision() : 0;
    CheckLog c(report, settings);
    if (calls == nullptr) {
        // A table the host would not use: one with a null function.
        if (plugin->api().get_extension(ARB_EXT_DIAGRAM_3) != nullptr ||
            plugin->api().get_extension(ARB_EXT_DIAGRAM_2) != nullptr || plugin->api().get_extension(ARB_EXT_DIAGRAM) != nullptr)
            c.expect(false, "arbiter.diagram has a null function");
        return;
    }
    const DiagramCalls &diagram = *calls;
    const std::string extension = "arbiter.diagram/" + std::to_string(revision);
    c.stage(extension + ": drawing and cells at the positions of random games");
    std::string drawing_text;
    std::optional<BoardDrawing> drawing;
    auto start_game = [&](const GameState &state) {
        const auto text = checked_text(diagram, &DiagramCalls::write_drawing, extension + " write_drawing", state,
                                       " (at the start " + state.position() + ")", c);
        if (!text) return false;
        drawing_text = *text;
        auto parsed = parse_board_drawing(drawing_text, revision);
        if (!c.expect(parsed.has_value(), extension + " drawing: " +
                                              (parsed ? std::string() : parsed.error().message)))
            return false;
        if (revision == 3 && !drawing) check_drawing_without_labels(plugin, state, *parsed, c);
        drawing = std::move(*parsed);
        return true;
    };
    auto visit = [&](const GameState &state, int ply) {
        const std::string position = state.position();
        const std::string at = " (at " + position + ")";
        const auto cells = checked_text(diagram, &DiagramCalls::write_cells, extension + " write_cells", state, at, c);
        if (!cells) return false;
        ++report.diagrams_checked;
        auto parsed = parse_diagram_cells(*cells, *drawing);
        c.expect(parsed.has_value(), extension + " " + (parsed ? std::string() : parsed.error().message) + at);
        const GameState clone = state;
        const std::string of_clone = write(diagram, &DiagramCalls::write_cells, clone, cells->size() + 1);
        c.expect(of_clone == *cells, extension + " write_cells gives a clone other cells: '" + of_clone +
                                         "', not '" + *cells + "'" + at);
        auto fresh = GameState::create(plugin);
        if (fresh && fresh->set_position(position)) {
            const std::string of_fresh = write(diagram, &DiagramCalls::write_cells, *fresh, cells->size() + 1);
            c.expect(of_fresh == *cells, extension + " write_cells gives other cells for the same position "
                                         "set from its text: '" + of_fresh + "', not '" + *cells + "'" + at);
        }
        if (ply % 8 == 0)
            c.expect(write(diagram, &DiagramCalls::write_drawing, state, drawing_text.size() + 1) == drawing_text,
                     extension + " write_drawing changes during a game" + at);
        return true;
    };
    walk_random_games(plugin, settings, 23, report, start_game, visit);
}

void check_status_line(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const StatusLineCalls *calls = plugin->status_line();
    CheckLog c(report, settings);
    if (calls == nullptr) {
        if (plugin->api().get_extension(ARB_EXT_STATUS_LINE_3) != nullptr ||
            plugin->api().get_extension(ARB_EXT_STATUS_LINE_2) != nullptr ||
            plugin->api().get_extension(ARB_EXT_STATUS_LINE) != nullptr)
            c.expect(false, "arbiter.status-line has a null function");
        return;
    }
    const StatusLineCalls &status = *calls;
    const std::string extension = "arbiter.status-line/" + std::to_string(status.revision());
    c.stage(extension + ": the line at the positions of random games");
    auto visit = [&](const GameState &state, int) {
        const std::string position = state.position();
        const std::string at = " (at " + position + ")";
        const auto line = checked_text(status, &StatusLineCalls::write_status, extension + " write_status", state, at, c);
        if (!line) return false;
        ++report.status_lines_checked;
        c.expect(line->size() <= ARB_STATUS_LINE_MAX, extension + " writes " + std::to_string(line->size()) +
                                                          " bytes, more than ARB_STATUS_LINE_MAX" + at);
        c.expect(std::none_of(line->begin(), line->end(),
                              [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }),
                 extension + " writes a control character in '" + *line + "'" + at);
        const GameState clone = state;
        const std::string of_clone = write(status, &StatusLineCalls::write_status, clone, line->size() + 1);
        c.expect(of_clone == *line, extension + " gives a clone another line: '" + of_clone + "', not '" +
                                        *line + "'" + at);
        // Under /3 the line may count moves of the game (checks in a row): a
        // state set from the position's text has none of them.
        if (status.revision() >= 3) return true;
        auto fresh = GameState::create(plugin);
        if (fresh && fresh->set_position(position)) {
            const std::string of_fresh = write(status, &StatusLineCalls::write_status, *fresh, line->size() + 1);
            c.expect(of_fresh == *line, extension + " gives another line for the same position set "
                                                            "from its text: '" + of_fresh + "', not '" + *line + "'" + at);
        }
        return true;
    };
    walk_random_games(plugin, settings, 29, report, [](const GameState &) { return true; }, visit);
}

}  // namespace arb::game
