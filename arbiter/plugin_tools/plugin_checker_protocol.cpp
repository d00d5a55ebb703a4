#include "plugin_tools/plugin_checker_protocol.hpp"

#include "plugin_tools/check_buffer.hpp"
#include "plugin_tools/check_log.hpp"
#include "plugin_tools/check_text_rule.hpp"
#include "plugin_tools/check_walk.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"
#include "game/plugin_text.hpp"

#include <arbiter/ext/protocol_notation.h>

#include <optional>
#include <utility>

namespace arb::game {

namespace {

constexpr arb_protocol kMaxProtocol = 31;

using Way = ProtocolNotationCalls::Way;

std::string protocol_name(arb_protocol p) {
    switch (p) {
    case ARB_PROTOCOL_UGI: return "UGI";
    case ARB_PROTOCOL_UCI: return "UCI";
    case ARB_PROTOCOL_UAI: return "UAI";
    case ARB_PROTOCOL_USI: return "USI";
    case ARB_PROTOCOL_XBOARD: return "xboard";
    default: return "protocol " + std::to_string(p);
    }
}

class ProtocolCheck {
public:
    ProtocolCheck(const ProtocolNotationCalls &n, arb_protocol protocol, CheckLog &c, CheckReport &report)
        : n_(n), protocol_(protocol), c_(c), report_(report) {}

    bool visit(const GameState &state) {
        const std::string position = state.position();
        const std::string where = " (at " + position + ")";
        const auto out = convert(Way::PositionOut, "position_out", position, where, true);
        if (!out) return false;
        const auto back = convert(Way::PositionIn, "position_in", *out, where, false);
        if (!back) return false;
        if (!c_.expect(*back == position, prefix() + " position_out gives '" + *out + "', which position_in reads as '" +
                                              *back + "', not the position" + where))
            return false;
        std::vector<arb_move> legal;
        if (state.legal_moves(legal) != ARB_OK) return false;
        for (size_t i = 0; i < legal.size(); ++i) {
            const std::string text = state.format_move(legal[i]);
            const auto moved = convert(Way::MoveOut, "move_out", text, where, i == 0);
            if (!moved) return false;
            const auto own = convert(Way::MoveIn, "move_in", *moved, where, false);
            if (!own) return false;
            if (!c_.expect(*own == text, prefix() + " move_out gives '" + *moved + "' for '" + text +
                                             "', which move_in reads as '" + *own + "'" + where))
                return false;
        }
        report_.protocol_texts_checked += static_cast<int64_t>(legal.size()) + 1;
        return true;
    }

private:
    [[nodiscard]] std::string prefix() const {
        return "arbiter.protocol-notation/" + std::to_string(n_.revision()) + " " + protocol_name(protocol_) + ":";
    }

    // One conversion of `text`; with `buffers`, also the text rule (a /1
    // conversion named no size: its *needed is the host's guess, unchecked).
    std::optional<std::string> convert(Way way, const char *name, const std::string &text, const std::string &where,
                                       bool buffers) {
        const std::string what = prefix() + " " + name + " of '" + text + "'";
        char err[256] = "";
        auto write = [&](char *buf, uint32_t cap, uint32_t *needed) {
            return n_.convert(way, protocol_, text.c_str(), buf, cap, needed, err, sizeof err);
        };
        if (buffers) return checked_rule_text(write, what, where, c_, n_.revision() >= 2);
        TextReader reader(256);
        const TextRead r = reader.read(write);
        if (!c_.expect(r.status == ARB_OK, what + " fails with status " + std::to_string(r.status) +
                                               (err[0] == '\0' ? "" : ": " + std::string(err)) + where))
            return std::nullopt;
        return std::string(r.text);
    }

    const ProtocolNotationCalls &n_;
    arb_protocol protocol_;
    CheckLog &c_;
    CheckReport &report_;
};

}  // namespace

void check_protocol_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    // The raw masks first: Plugin::protocol_notation() hides an inconsistent table.
    const arb_game_api &api = plugin->api();
    const void *v2 = api.get_extension(ARB_EXT_PROTOCOL_NOTATION_2);
    const void *v1 = v2 != nullptr ? nullptr : api.get_extension(ARB_EXT_PROTOCOL_NOTATION);
    if (v2 == nullptr && v1 == nullptr) return;
    const std::string extension = v2 != nullptr ? ARB_EXT_PROTOCOL_NOTATION_2 : ARB_EXT_PROTOCOL_NOTATION;
    // Both revisions start with the two masks and then four function pointers.
    const auto masks = [&](auto *table) { return std::make_pair(table->protocols, table->converted); };
    const auto functions = [&](auto *table) {
        return table->position_out != nullptr && table->position_in != nullptr && table->move_out != nullptr &&
               table->move_in != nullptr;
    };
    const auto *t2 = static_cast<const arb_game_protocol_notation_2 *>(v2);
    const auto *t1 = static_cast<const arb_game_protocol_notation *>(v1);
    const auto [protocols, converted] = t2 != nullptr ? masks(t2) : masks(t1);
    const bool has_functions = t2 != nullptr ? functions(t2) : functions(t1);
    CheckLog c(report, settings);
    c.stage(extension + ": masks, and conversions in random games");
    bool consistent = c.expect((converted & ~protocols) == 0,
                               extension + " converts protocols it does not list (converted " +
                                   std::to_string(converted) + ", protocols " + std::to_string(protocols) + ")");
    consistent &= c.expect((converted & ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI)) == 0,
                           extension + " converts UGI, whose texts are the plugin's own (the host then "
                                       "ignores the extension)");
    consistent &= c.expect(converted == 0 || has_functions, extension + " converts protocols but has a null function");
    if (!consistent || plugin->protocol_notation() == nullptr) return;
    for (arb_protocol p = ARB_PROTOCOL_UGI + 1; p <= kMaxProtocol; ++p) {
        if ((converted & ARB_PROTOCOL_BIT(p)) == 0) continue;
        ProtocolCheck check(*plugin->protocol_notation(), p, c, report);
        walk_random_games(
            plugin, settings, 37 + static_cast<unsigned>(p), report, [](const GameState &) { return true; },
            [&](const GameState &state, int) { return check.visit(state); });
    }
}

}  // namespace arb::game
