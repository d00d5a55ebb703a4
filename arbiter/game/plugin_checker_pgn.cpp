#include "game/plugin_checker_pgn.hpp"

#include "game/check_buffer.hpp"
#include "game/check_log.hpp"
#include "game/check_walk.hpp"
#include "game/game_state.hpp"

#include <arbiter/ext/pgn_notation.h>

#include <algorithm>
#include <optional>
#include <string_view>

namespace arb::game {

namespace {

constexpr const char *kExt = "arbiter.pgn-notation/1";

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
    PgnCheck(const arb_game_pgn_notation &pgn, CheckLog &c, CheckReport &report) : pgn_(pgn), c_(c), report_(report) {}

    bool start_game(const GameState &state) {
        const int32_t number = pgn_.move_number(state.raw());
        last_number_ = number;
        return c_.expect(number == 1, std::string(kExt) + " move_number is " + std::to_string(number) +
                                          " at the start, 1 expected" + at(state));
    }

    bool visit(const GameState &state, int ply) {
        const std::string where = at(state);
        const int32_t number = pgn_.move_number(state.raw());
        if (ply > 0 && !c_.expect(number == last_number_ || number == last_number_ + 1,
                                  std::string(kExt) + " move_number goes from " + std::to_string(last_number_) + " to " +
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

    // The record text of one legal move, read back; the buffer rule on the first of a position.
    bool check_move(const GameState &state, arb_move move, bool buffers, const std::string &where) {
        const size_t cap = state.plugin()->max_move_text_size();
        const GuardedWrite w = guarded_write(cap, [&](char *buf, size_t n) {
            return pgn_.write_move(state.raw(), move, buf, n);
        });
        const std::string own = state.format_move(move);
        const std::string what = std::string(kExt) + " write_move of '" + own + "'";
        if (!c_.expect(!w.past_cap && w.terminated, what + " writes past " + std::to_string(cap) +
                                                        " bytes (max_move_text_size) or no NUL" + where))
            return false;
        if (!c_.expect(w.status == ARB_OK, what + " fails with status " + std::to_string(w.status) + where)) return false;
        if (!c_.expect(!w.text.empty() && std::none_of(w.text.begin(), w.text.end(),
                                                       [](char ch) { return ch == ' ' || is_control(ch); }),
                       what + " gives '" + w.text + "', not one token of printable characters" + where))
            return false;
        arb_move back = ARB_MOVE_NONE;
        char err[256] = "";
        const arb_status read = pgn_.read_move(state.raw(), w.text.c_str(), &back, err, sizeof err);
        if (!c_.expect(read == ARB_OK && back == move,
                       std::string(kExt) + " read_move of '" + w.text + "' (written for '" + own + "') " +
                           (read != ARB_OK ? "fails: " + std::string(err)
                                           : "reads back another move, '" + state.format_move(back) + "'") +
                           where))
            return false;
        if (!buffers) return true;
        for (size_t small : {w.text.size(), size_t{1}, size_t{0}}) {
            const GuardedWrite s = guarded_write(small, [&](char *buf, size_t n) {
                return pgn_.write_move(state.raw(), move, buf, n);
            });
            const std::string buffer = " with a buffer of " + std::to_string(small) + " bytes for '" + w.text + "'";
            if (!c_.expect(!s.past_cap, what + " writes past the capacity" + buffer + where)) return false;
            if (!c_.expect(s.status == ARB_ERR_BUFFER, what + " gives status " + std::to_string(s.status) +
                                                           ", not ARB_ERR_BUFFER," + buffer + where))
                return false;
            if (small > 0 && !c_.expect(s.terminated && s.text.empty(), what + " leaves text in the buffer" + buffer + where))
                return false;
        }
        return true;
    }

    // The start tags of a game starting here: the buffer rule, then each line.
    bool check_tags(const GameState &state, const std::string &where) {
        const std::string what = std::string(kExt) + " write_start_tags";
        size_t size = static_cast<size_t>(-1);
        GuardedWrite w = guarded_write(256, [&](char *buf, size_t n) {
            return pgn_.write_start_tags(state.raw(), buf, n, &size);
        });
        if (!c_.expect(!w.past_cap, what + " writes past a buffer of 256 bytes" + where)) return false;
        if (w.status == ARB_ERR_BUFFER) {
            if (!c_.expect(size != static_cast<size_t>(-1) && size >= 256,
                           what + " returns ARB_ERR_BUFFER for 256 bytes but sets *size to " + std::to_string(size) + where))
                return false;
            w = guarded_write(size + 1, [&](char *buf, size_t n) {
                return pgn_.write_start_tags(state.raw(), buf, n, &size);
            });
        }
        if (!c_.expect(w.status == ARB_OK && !w.past_cap && w.terminated,
                       what + " fails with status " + std::to_string(w.status) + " or writes past its buffer" + where))
            return false;
        const std::string tags = w.text;
        if (!c_.expect(size == tags.size(), what + " sets *size to " + std::to_string(size) + " for a text of " +
                                                std::to_string(tags.size()) + " characters" + where))
            return false;
        if (!tags.empty()) {
            if (!c_.expect(tags.back() == '\n', what + " gives '" + tags + "', which does not end with a newline" + where))
                return false;
            std::string_view rest(tags);
            while (!rest.empty()) {
                const size_t end = rest.find('\n');
                const std::string_view line = rest.substr(0, end);
                const std::string fault = tag_fault(line);
                if (!c_.expect(fault.empty(), what + " gives the line '" + std::string(line) + "': " + fault + where))
                    return false;
                rest.remove_prefix(end + 1);
            }
            for (size_t small : {tags.size(), size_t{1}, size_t{0}}) {
                size_t needed = static_cast<size_t>(-1);
                const GuardedWrite s = guarded_write(small, [&](char *buf, size_t n) {
                    return pgn_.write_start_tags(state.raw(), buf, n, &needed);
                });
                const std::string buffer = " with a buffer of " + std::to_string(small) + " bytes for " +
                                           std::to_string(tags.size()) + " characters";
                if (!c_.expect(!s.past_cap, what + " writes past the capacity" + buffer + where)) return false;
                if (!c_.expect(s.status == ARB_ERR_BUFFER && needed == tags.size(),
                               what + " gives no ARB_ERR_BUFFER with the size needed" + buffer + " (status " +
                                   std::to_string(s.status) + ", *size " + std::to_string(needed) + ")" + where))
                    return false;
                if (small > 0 && !c_.expect(s.terminated && s.text.empty(),
                                            what + " leaves text in the buffer" + buffer + where))
                    return false;
            }
        }
        return true;
    }

    const arb_game_pgn_notation &pgn_;
    CheckLog &c_;
    CheckReport &report_;
    int32_t last_number_ = 1;
};

}  // namespace

void check_pgn_notation(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    const void *ext = plugin->api().get_extension(ARB_EXT_PGN_NOTATION);
    if (ext == nullptr) return;
    const auto &pgn = *static_cast<const arb_game_pgn_notation *>(ext);
    CheckLog c(report, settings);
    c.stage("arbiter.pgn-notation/1: record moves, start tags and move numbers in random games");
    if (!c.expect(pgn.write_move != nullptr && pgn.read_move != nullptr && pgn.write_start_tags != nullptr &&
                      pgn.move_number != nullptr,
                  "arbiter.pgn-notation/1 has a null function"))
        return;
    PgnCheck check(pgn, c, report);
    walk_random_games(
        plugin, settings, 31, report, [&](const GameState &state) { return check.start_game(state); },
        [&](const GameState &state, int ply) { return check.visit(state, ply); });
}

}  // namespace arb::game
