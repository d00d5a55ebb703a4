#include "plugin_tools/plugin_checker_defects.hpp"

#include <algorithm>
#include <cstring>
#include <random>
#include <thread>

namespace arb::game {

namespace {

constexpr size_t kForeignKept = 48;
constexpr size_t kGuard = 64;
constexpr char kGuardByte = static_cast<char>(0xA5);

std::string at(const std::string &position) { return " (at " + position + ")"; }

// Strings no game reads as a move, or only as a move that is rarely legal.
const std::vector<std::string> &junk_texts() {
    static const std::vector<std::string> texts = {"", " ", "pass", "a0", "a1", "z26", "0", "-1", "@@",
                                                   "a1a1", "resign", "(none)", "0000", "A", "a"};
    return texts;
}

bool only_guard(const std::string &buf, size_t from) {
    return std::all_of(buf.begin() + static_cast<std::ptrdiff_t>(from), buf.end(),
                       [](char ch) { return ch == kGuardByte; });
}

void check_parse_refuses(const GameState &state, const std::vector<arb_move> &moves, const std::vector<std::string> &texts,
                         const std::string &where, CheckLog &c) {
    std::string error;
    for (const auto &text : texts) {
        arb_move move = ARB_MOVE_NONE;
        if (state.parse_move(text.c_str(), move, error) != ARB_OK) continue;
        c.expect(std::find(moves.begin(), moves.end(), move) != moves.end(),
                 "parse_move accepts '" + text + "' (code " + std::to_string(move) +
                     "), which is not among the legal moves" + where);
    }
}

void check_short_buffers(const GameState &state, const std::vector<arb_move> &moves, const std::string &position,
                         const std::string &where, CheckLog &c) {
    const arb_game_api &api = state.api();
    // One byte short of the text and its NUL.
    std::string buf(position.size() + kGuard, kGuardByte);
    arb_status status = api.write_position(state.raw(), buf.data(), position.size());
    c.expect(status == ARB_ERR_BUFFER, "write_position into a buffer one byte short gives status " +
                                           std::to_string(status) + ", not ARB_ERR_BUFFER" + where);
    c.expect(only_guard(buf, position.size()), "write_position writes past a short buffer's size" + where);
    if (moves.empty()) return;
    const std::string text = state.format_move(moves.front());
    if (text.empty()) return;
    buf.assign(text.size() + kGuard, kGuardByte);
    status = api.format_move(state.raw(), moves.front(), buf.data(), text.size());
    c.expect(status == ARB_ERR_BUFFER, "format_move into a buffer one byte short gives status " +
                                           std::to_string(status) + ", not ARB_ERR_BUFFER" + where);
    c.expect(only_guard(buf, text.size()), "format_move writes past a short buffer's size" + where);
}

void check_assign_reset(const GameState &state, const std::string &position, const std::string &start,
                        const std::string &where, CheckLog &c) {
    const arb_game_api &api = state.api();
    GameState copy = state;
    if (copy.reset() != ARB_OK) {
        c.expect(false, "reset fails (see the plugin's log line above)" + where);
        return;
    }
    c.expect(copy.position() == start, "reset does not return to the start position: " + copy.position() + where);
    api.assign(copy.raw(), state.raw());
    c.expect(copy.position() == position, "assign does not copy the position: " + copy.position() + where);
    api.reset(copy.raw());
    c.expect(copy.position() == start, "the 1.0 reset does not return to the start position" + where);
    if (ARB_API_HAS(&api, assign_ex)) {
        arb_status status = api.assign_ex(copy.raw(), state.raw());
        c.expect(status == ARB_OK, "assign_ex fails (see the plugin's log line above)" + where);
        if (status == ARB_OK)
            c.expect(copy.position() == position, "assign_ex does not copy the position" + where);
    }
}

// Plies of a seeded random game: the positions it passes through.
std::vector<std::string> play_random(const PluginPtr &plugin, uint32_t seed, int max_plies) {
    std::vector<std::string> seen;
    auto created = GameState::create(plugin);
    if (!created) return seen;
    GameState &state = *created;
    std::mt19937 rng(seed);
    std::vector<arb_move> moves;
    for (int ply = 0; ply < max_plies; ++ply) {
        seen.push_back(state.position());
        if (!state.checked_legal_moves(moves) || moves.empty()) break;
        if (state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]) != ARB_OK) break;
    }
    return seen;
}

}  // namespace

void ForeignTexts::remember(const std::vector<std::string> &legal_texts) {
    texts.insert(texts.end(), legal_texts.begin(), legal_texts.end());
    std::sort(texts.begin(), texts.end());
    texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
    if (texts.size() > kForeignKept) texts.erase(texts.begin(), texts.end() - static_cast<std::ptrdiff_t>(kForeignKept));
}

void check_position_distrust(const GameState &state, const std::vector<arb_move> &moves, const ForeignTexts &foreign,
                             const std::string &start, CheckLog &c) {
    const std::string position = state.position();
    const std::string where = at(position);
    check_parse_refuses(state, moves, foreign.texts, where, c);
    check_parse_refuses(state, moves, junk_texts(), where, c);
    check_short_buffers(state, moves, position, where, c);
    check_assign_reset(state, position, start, where, c);
}

void check_reset_keeps_options(const PluginPtr &plugin, CheckLog &c) {
    const arb_game_api &api = plugin->api();
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &o = api.options[i];
        std::vector<std::string> values;
        if (o.type == ARB_OPTION_BOOL) values = {"true", "false"};
        if (o.type == ARB_OPTION_INT) values = {std::to_string(o.min_value), std::to_string(o.max_value)};
        if (o.type == ARB_OPTION_CHOICE)
            for (int32_t k = 0; k < o.choice_count; ++k) values.emplace_back(o.choices[k]);
        for (const auto &value : values) {
            if (value == o.default_value) continue;
            auto state = GameState::create(plugin, {{o.name, value}});
            if (!state) continue;  // check_metadata reports refused values
            const std::string start = state->position();
            std::vector<arb_move> moves;
            for (int ply = 0; ply < 3 && state->checked_legal_moves(moves) && !moves.empty(); ++ply)
                if (state->play(moves.front()) != ARB_OK) break;
            const std::string setting = std::string(o.name) + "=" + value;
            if (!c.expect(state->reset() == ARB_OK, "reset fails with the option " + setting)) continue;
            c.expect(state->position() == start, "reset forgets the option " + setting + ": it gives " +
                                                     state->position() + ", a new state starts at " + start);
        }
    }
}

void check_two_threads(const PluginPtr &plugin, const CheckSettings &settings, CheckLog &c) {
    const int plies = std::min(settings.max_plies, 200);
    const uint32_t seeds[2] = {settings.seed + 101, settings.seed + 202};
    std::vector<std::string> alone[2] = {play_random(plugin, seeds[0], plies), play_random(plugin, seeds[1], plies)};
    std::vector<std::string> together[2];
    {
        std::thread other([&] { together[1] = play_random(plugin, seeds[1], plies); });
        together[0] = play_random(plugin, seeds[0], plies);
        other.join();
    }
    for (int i = 0; i < 2; ++i)
        c.expect(together[i] == alone[i], "two states used from two threads at once give other positions than "
                                          "the same games played one after the other (a shared mutable global?)");
}

}  // namespace arb::game
