#include "game/plugin_checker_protocol.hpp"

#include "game/check_buffer.hpp"
#include "game/check_log.hpp"
#include "game/check_walk.hpp"
#include "game/game_state.hpp"

#include <arbiter/ext/protocol_notation.h>

#include <optional>

namespace arb::game {

namespace {

constexpr const char *kExt = "arbiter.protocol-notation/1";
constexpr arb_protocol kMaxProtocol = 31;

using ConvertFn = arb_status(ARB_CALL *)(arb_protocol, const char *, char *, size_t);

std::string protocol_name(arb_protocol p) {
    switch (p) {
    case ARB_PROTOCOL_UGI: return "UGI";
    case ARB_PROTOCOL_UCI: return "UCI";
    case ARB_PROTOCOL_UAI: return "UAI";
    case ARB_PROTOCOL_USI: return "USI";
    default: return "protocol " + std::to_string(p);
    }
}

class ProtocolCheck {
public:
    ProtocolCheck(const arb_game_protocol_notation &n, arb_protocol protocol, CheckLog &c, CheckReport &report)
        : n_(n), protocol_(protocol), c_(c), report_(report) {}

    bool visit(const GameState &state) {
        const std::string position = state.position();
        const std::string where = " (at " + position + ")";
        const auto out = convert(n_.position_out, "position_out", position, where, true);
        if (!out) return false;
        const auto back = convert(n_.position_in, "position_in", *out, where, false);
        if (!back) return false;
        if (!c_.expect(*back == position, prefix() + " position_out gives '" + *out + "', which position_in reads as '" +
                                              *back + "', not the position" + where))
            return false;
        std::vector<arb_move> legal;
        if (state.legal_moves(legal) != ARB_OK) return false;
        for (size_t i = 0; i < legal.size(); ++i) {
            const std::string text = state.format_move(legal[i]);
            const auto moved = convert(n_.move_out, "move_out", text, where, i == 0);
            if (!moved) return false;
            const auto own = convert(n_.move_in, "move_in", *moved, where, false);
            if (!own) return false;
            if (!c_.expect(*own == text, prefix() + " move_out gives '" + *moved + "' for '" + text +
                                             "', which move_in reads as '" + *own + "'" + where))
                return false;
        }
        report_.protocol_texts_checked += static_cast<int64_t>(legal.size()) + 1;
        return true;
    }

private:
    [[nodiscard]] std::string prefix() const { return std::string(kExt) + " " + protocol_name(protocol_) + ":"; }

    // One conversion of `text`; with `buffers`, also the buffer rule.
    std::optional<std::string> convert(ConvertFn fn, const char *name, const std::string &text, const std::string &where,
                                       bool buffers) {
        const std::string what = prefix() + " " + name + " of '" + text + "'";
        size_t cap = 256;
        GuardedWrite w;
        for (int attempt = 0; attempt < 3; ++attempt, cap *= 16) {
            w = guarded_write(cap, [&](char *buf, size_t n) { return fn(protocol_, text.c_str(), buf, n); });
            if (!c_.expect(!w.past_cap, what + " writes past a buffer of " + std::to_string(cap) + " bytes" + where))
                return std::nullopt;
            if (w.status != ARB_ERR_BUFFER) break;
        }
        if (!c_.expect(w.status == ARB_OK && w.terminated, what + " fails with status " + std::to_string(w.status) +
                                                              (w.text.empty() ? "" : ": " + w.text) + where))
            return std::nullopt;
        if (buffers) {
            for (size_t small : {w.text.size(), size_t{0}}) {
                const GuardedWrite s =
                    guarded_write(small, [&](char *buf, size_t n) { return fn(protocol_, text.c_str(), buf, n); });
                const std::string buffer = " with a buffer of " + std::to_string(small) + " bytes for '" + w.text + "'";
                if (!c_.expect(!s.past_cap, what + " writes past the capacity" + buffer + where)) return std::nullopt;
                if (!c_.expect(s.status == ARB_ERR_BUFFER, what + " gives status " + std::to_string(s.status) +
                                                               ", not ARB_ERR_BUFFER," + buffer + where))
                    return std::nullopt;
            }
        }
        return w.text;
    }

    const arb_game_protocol_notation &n_;
    arb_protocol protocol_;
    CheckLog &c_;
    CheckReport &report_;
};

}  // namespace

void check_protocol_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    // The raw table: Plugin::protocol_notation() hides an inconsistent one.
    const void *ext = plugin->api().get_extension(ARB_EXT_PROTOCOL_NOTATION);
    if (ext == nullptr) return;
    const auto &n = *static_cast<const arb_game_protocol_notation *>(ext);
    CheckLog c(report, settings);
    c.stage("arbiter.protocol-notation/1: masks, and conversions in random games");
    bool consistent = c.expect((n.converted & ~n.protocols) == 0,
                               std::string(kExt) + " converts protocols it does not list (converted " +
                                   std::to_string(n.converted) + ", protocols " + std::to_string(n.protocols) + ")");
    consistent &= c.expect((n.converted & ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI)) == 0,
                           std::string(kExt) + " converts UGI, whose texts are the plugin's own (the host then "
                                               "ignores the extension)");
    consistent &= c.expect(n.converted == 0 || (n.position_out != nullptr && n.position_in != nullptr &&
                                                n.move_out != nullptr && n.move_in != nullptr),
                           std::string(kExt) + " converts protocols but has a null function");
    if (!consistent) return;
    for (arb_protocol p = ARB_PROTOCOL_UGI + 1; p <= kMaxProtocol; ++p) {
        if ((n.converted & ARB_PROTOCOL_BIT(p)) == 0) continue;
        ProtocolCheck check(n, p, c, report);
        walk_random_games(
            plugin, settings, 37 + static_cast<unsigned>(p), report, [](const GameState &) { return true; },
            [&](const GameState &state, int) { return check.visit(state); });
    }
}

}  // namespace arb::game
