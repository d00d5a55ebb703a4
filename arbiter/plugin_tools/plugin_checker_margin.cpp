#include "plugin_tools/plugin_checker_margin.hpp"

#include "game/game_state.hpp"
#include "game/plugin.hpp"
#include "plugin_tools/check_log.hpp"
#include "plugin_tools/check_text_rule.hpp"
#include "plugin_tools/check_walk.hpp"

#include <arbiter/ext/margin.h>

#include <algorithm>
#include <optional>

namespace arb::game {

void check_margin(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const auto *table = static_cast<const arb_game_margin_1 *>(plugin->api().get_extension(ARB_EXT_MARGIN_1));
    if (table == nullptr) return;
    CheckLog c(report, settings);
    const std::string extension = ARB_EXT_MARGIN_1;
    if (!c.expect(table->write_unit != nullptr && table->margin != nullptr, extension + " has a null function")) return;
    c.stage(extension + ": the unit, and the margin at the end of random games");
    std::string unit;
    auto unit_at = [&](const GameState &state, const std::string &at) {
        return checked_rule_text([&](char *buf, uint32_t cap, uint32_t *needed) { return table->write_unit(state.raw(), buf, cap, needed); },
                                 extension + " write_unit", at, c);
    };
    auto start_game = [&](const GameState &state) {
        const auto text = unit_at(state, " (at the start " + state.position() + ")");
        if (!text) return false;
        unit = *text;
        c.expect(!unit.empty() && unit.size() <= ARB_MARGIN_UNIT_MAX,
                 extension + " unit '" + unit + "' is empty or longer than ARB_MARGIN_UNIT_MAX bytes");
        return c.expect(std::none_of(unit.begin(), unit.end(),
                                     [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }),
                        extension + " unit '" + unit + "' holds a control character");
    };
    auto margin_of = [&](const GameState &state, arb_status &status) {
        int32_t margin = 12345;  // not 0: a plugin that leaves it unset shows
        status = table->margin(state.raw(), &margin);
        return margin;
    };
    auto visit = [&](const GameState &state, int ply) {
        const std::string position = state.position();
        const std::string at = " (at " + position + ")";
        arb_status status = ARB_OK;
        const int32_t margin = margin_of(state, status);
        if (state.side_to_move() != ARB_SIDE_NONE) {
            if (ply % 8 == 0) {
                const auto again = unit_at(state, at);
                if (again) c.expect(*again == unit, extension + " unit changes during a game: '" + *again + "', not '" + unit + "'" + at);
            }
            return c.expect(status == ARB_ERR_ILLEGAL && margin == 0,
                            extension + " margin of a running game gives status " + std::to_string(status) +
                                " and " + std::to_string(margin) + ", not ARB_ERR_ILLEGAL and 0" + at);
        }
        if (!c.expect(status == ARB_OK, extension + " margin of a finished game gives status " + std::to_string(status) + at))
            return false;
        ++report.margins_checked;
        arb_status again_status = ARB_OK;
        c.expect(margin_of(state, again_status) == margin && again_status == ARB_OK,
                 extension + " margin changes when asked again" + at);
        const GameState clone = state;
        c.expect(margin_of(clone, again_status) == margin, extension + " margin of a clone differs" + at);
        auto fresh = GameState::create(plugin);
        if (fresh && fresh->set_position(position) && fresh->side_to_move() == ARB_SIDE_NONE)
            c.expect(margin_of(*fresh, again_status) == margin,
                     extension + " margin differs for the same position set from its text" + at);
        return true;
    };
    walk_random_games(plugin, settings, 31, report, start_game, visit);
}

}  // namespace arb::game
