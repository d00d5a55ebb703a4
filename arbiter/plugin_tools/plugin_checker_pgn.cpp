#include "plugin_tools/plugin_checker_pgn.hpp"

#include "plugin_tools/check_buffer.hpp"
#include "plugin_tools/check_log.hpp"
#include "plugin_tools/check_text_rule.hpp"
#include "plugin_tools/check_walk.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/ext/pgn_notation.h>

#include <algorithm>
#include <optional>
#include <string_view>

namespace arb::game {

namespace {

bool is_control(char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }

// Why `line` is not a tag pair `[Name "Value"]` the host may write, or "".
std::string tag_fault(std::string_view line) {
    if (line.size() < 6 || line.front() != '[' || line.back() != ']') return "not of the form [Name \"Value\"]";
    const size_t space = line.find(' ');
    if (space == std::string_view::npos) return "no space after the name";
    const std::string_view name = line.substr(1, space - 1);
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char ch) {
            return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
        }))
        return "a name of other characters than letters, digits and '_'";
    for (const char *roster : {"Event", "Site", "Date", "Round", "White", "Black", "Result"})
        if (name == roster) return "a tag of the Seven Tag Roster, which the host writes";
    const std::string_view value = line.substr(space + 1, line.size() - space - 2);
    if (value.size() < 2 || value.front() != '"' || value.back() != '"') return "a value not in double quotes";
    for (size_t i = 1; i + 1 < value.size(); ++i) {
        if (is_control(value[i])) return "a control character in the value";
        if (value[i] == '\\') {
            if (i + 2 >= value.size() || (value[i + 1] != '"' && value[i + 1] != '\\')) return "a lone backslash";
            ++i;
        } else if (value[i] == '"') {
            return "a double quote inside the value";
        }
    }
    return {};
}

class PgnCheck {
public:
    PgnCheck(const PgnNotationCalls &pgn, CheckLog &c, CheckReport &report)
        : pgn_(pgn), extension_("arbiter.pgn-notation/" + std::to_string(pgn.revision())), c_(c), report_(report) {}

    bool start_game(const GameState &state) {
        const int32_t number = pgn_.move_number(state.raw());
        last_number_ = number;
        return c_.expect(number == 1, extension_ + " move_number is " + std::to_string(number) +
                                          " at the start, 1 expected" + at(state));
    }

    bool visit(const GameState &state, int ply) {
        const std::string where = at(state);
        const int32_t number = pgn_.move_number(state.raw());
        if (ply > 0 && !c_.expect(number == last_number_ || number == last_number_ + 1,
                                  extension_ + " move_number goes from " + std::to_string(last_number_) + " to " +
                                      std::to_string(number) + " in one ply" + where))
            return false;
        last_number_ = number;
        if (!check_tags(state, where)) return false;
        std::vector<arb_move> legal;
        if (state.legal_moves(legal) != ARB_OK) return false;
        for (size_t i = 0; i < legal.size(); ++i)
            if (!check_move(state, legal[i], i == 0, where)) return false;
        report_.pgn_moves_checked += static_cast<int64_t>(legal.size());
        return true;
    }

private:
    static std::string at(const GameState &state) { return " (at " + state.position() + ")"; }

    // The record text of one legal move, read back; the text rule on the first of a position.
    bool check_move(const GameState &state, arb_move move, bool buffers, const std::string &where) {
        const std::string own = state.format_move(move);
        const std::string what = extension_ + " write_move of '" + own + "'";
        auto write = [&](char *buf, uint32_t cap, uint32_t *needed) {
            return pgn_.write_move(state.raw(), move, buf, cap, needed);
        };
        std::optional<std::string> text;
        if (buffers) {
            // A /1 write_move named no size: only its bound, max_move_text_size.
            text = checked_rule_text(write, what, where, c_, pgn_.revision() >= 2);
        } else {
            const auto cap = static_cast<uint32_t>(state.plugin()->max_move_text_size());
            uint32_t needed = 0;
            const GuardedWrite w = guarded_write(cap, [&](char *buf, size_t n) { return write(buf, static_cast<uint32_t>(n), &needed); });
            if (c_.expect(w.status == ARB_OK && !w.past_cap && w.terminated,
                          what + " fails (status " + std::to_string(w.status) + ") or writes past " +
                              std::to_string(cap) + " bytes (max_move_text_size)" + where))
                text = w.text;
        }
        if (!text) return false;
        if (!c_.expect(!text->empty() && std::none_of(text->begin(), text->end(),
                                                      [](char ch) { return ch == ' ' || is_control(ch); }),
                       what + " gives '" + *text + "', not one token of printable characters" + where))
            return false;
        arb_move back = ARB_MOVE_NONE;
        char err[256] = "";
        const arb_status read = pgn_.read_move(state.raw(), text->c_str(), &back, err, sizeof err);
        return c_.expect(read == ARB_OK && back == move,
                         extension_ + " read_move of '" + *text + "' (written for '" + own + "') " +
                             (read != ARB_OK ? "fails: " + std::string(err)
                                             : "reads back another move, '" + state.format_move(back) + "'") +
                             where);
    }

    // The start tags of a game starting here: the text rule, then each line.
    bool check_tags(const GameState &state, const std::string &where) {
        const std::string what = extension_ + " write_start_tags";
        const auto tags = checked_rule_text(
            [&](char *buf, uint32_t cap, uint32_t *needed) { return pgn_.write_start_tags(state.raw(), buf, cap, needed); },
            what, where, c_);
        if (!tags) return false;
        if (tags->empty()) return true;
        if (!c_.expect(tags->back() == '\n', what + " gives '" + *tags + "', which does not end with a newline" + where))
            return false;
        std::string_view rest(*tags);
        while (!rest.empty()) {
            const size_t end = rest.find('\n');
            const std::string_view line = rest.substr(0, end);
            const std::string fault = tag_fault(line);
            if (!c_.expect(fault.empty(), what + " gives the line '" + std::string(line) + "': " + fault + where))
                return false;
            rest.remove_prefix(end + 1);
        }
        return true;
    }

    const PgnNotationCalls &pgn_;
    const std::string extension_;
    CheckLog &c_;
    CheckReport &report_;
    int32_t last_number_ = 1;
};

}  // namespace

void check_pgn_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const PgnNotationCalls *pgn = plugin->pgn_notation();
    CheckLog c(report, settings);
    if (pgn == nullptr) {
        if (plugin->api().get_extension(ARB_EXT_PGN_NOTATION_2) != nullptr ||
            plugin->api().get_extension(ARB_EXT_PGN_NOTATION) != nullptr)
            c.expect(false, "arbiter.pgn-notation has a null function");
        return;
    }
    c.stage("arbiter.pgn-notation/" + std::to_string(pgn->revision()) +
            ": record moves, start tags and move numbers in random games");
    PgnCheck check(*pgn, c, report);
    walk_random_games(
        plugin, settings, 31, report, [&](const GameState &state) { return check.start_game(state); },
        [&](const GameState &state, int ply) { return check.visit(state, ply); });
}

}  // namespace arb::game
