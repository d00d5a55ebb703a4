#include "plugin_tools/plugin_checker_abi_1_1.hpp"

#include "plugin_tools/check_buffer.hpp"
#include "plugin_tools/check_log.hpp"
#include "plugin_tools/check_text_rule.hpp"
#include "game/game_state.hpp"
#include "game/plugin.hpp"

#include <arbiter/sdk/record_game_builder.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <tuple>

namespace arb::game {

namespace {

constexpr arb_move_flags kKnownFlags = ARB_MOVE_PASS | ARB_MOVE_IRREVERSIBLE;

using Checks = CheckLog;

std::string at(const GameState &state) { return " (at " + state.position() + ")"; }

// Reserved ids have no header yet: no plugin may answer them.
void check_reserved_ids(const arb_game_api &api, Checks &c) {
    for (const char *id : {"arbiter.players/1", "arbiter.chance/1", "arbiter.observation/1"})
        c.expect(api.get_extension(id) == nullptr, std::string("get_extension answers the reserved id ") + id);
}

// An older host's arb_outcome is shorter: nothing past its struct_size may change.
void check_outcome_sizes(const GameState &state, Checks &c) {
    const uint32_t sizes[] = {sizeof(uint32_t), offsetof(arb_outcome, has_score), offsetof(arb_outcome, score),
                              offsetof(arb_outcome, reason), offsetof(arb_outcome, reason) + 3};
    const arb_outcome full = state.outcome();
    for (uint32_t size : sizes) {
        unsigned char bytes[sizeof(arb_outcome)];
        std::memset(bytes, 0xAB, sizeof bytes);
        std::memcpy(bytes, &size, sizeof size);
        state.api().outcome(state.raw(), reinterpret_cast<arb_outcome *>(bytes));
        bool untouched = true;
        for (size_t i = size; i < sizeof bytes; ++i) untouched = untouched && bytes[i] == 0xAB;
        c.expect(untouched, "outcome() writes past an arb_outcome.struct_size of " + std::to_string(size) + at(state));
        arb_outcome seen;
        std::memcpy(&seen, bytes, sizeof seen);
        if (size >= offsetof(arb_outcome, has_score))
            c.expect(seen.result == full.result,
                     "outcome() gives another result in a shorter arb_outcome" + at(state));
    }
}

void check_create_ex(const PluginPtr &plugin, Checks &c) {
    const arb_game_api &api = plugin->api();
    char err[ARB_ERROR_SIZE] = "";
    for (uint64_t seed : {uint64_t{0}, uint64_t{12345}}) {
        auto first = GameState::create(plugin, {}, seed);
        auto second = GameState::create(plugin, {}, seed);
        if (!c.expect(first.has_value() && second.has_value(), "create_ex with default options fails")) return;
        c.expect(first->position() == second->position(),
                 "create_ex gives two start positions for the seed " + std::to_string(seed));
        std::string start = first->position();
        std::vector<arb_move> moves;
        if (first->legal_moves(moves) == ARB_OK && !moves.empty()) first->play(moves.front());
        c.expect(first->reset() == ARB_OK, "reset_ex fails");
        c.expect(first->position() == start, "reset_ex does not return to the start position of its seed");
    }
    const arb_option_value bad{"no_such_option_42", "1"};
    err[0] = '\0';
    arb_state *state = api.create_ex(&plugin->host(), 0, &bad, 1, err, sizeof err);
    c.expect(state == nullptr, "create_ex accepts an unknown option");
    if (state != nullptr) api.destroy(state);
    else c.expect(err[0] != '\0', "create_ex refuses an unknown option without a message");
}

// legal_moves_ex against legal_moves, and its two errors a host can cause.
void check_legal_moves_ex(const GameState &state, const std::vector<arb_move> &listed, Checks &c) {
    const arb_game_api &api = state.api();
    std::vector<arb_move> moves(static_cast<size_t>(api.max_legal_moves));
    int32_t count = -1;
    arb_status status = api.legal_moves_ex(state.raw(), moves.data(), api.max_legal_moves, &count);
    if (!c.expect(status == ARB_OK, "legal_moves_ex fails with status " + std::to_string(status) + at(state))) return;
    moves.resize(static_cast<size_t>(count < 0 ? 0 : count));
    std::vector<arb_move> old(static_cast<size_t>(api.max_legal_moves));
    old.resize(static_cast<size_t>(std::max(0, api.legal_moves(state.raw(), old.data(), api.max_legal_moves))));
    c.expect(moves == old, "legal_moves_ex and legal_moves list different moves" + at(state));
    c.expect(moves == listed, "legal_moves_ex lists other moves than the host saw" + at(state));
    if (api.max_legal_moves > 1) {
        count = -1;
        status = api.legal_moves_ex(state.raw(), moves.data(), api.max_legal_moves - 1, &count);
        c.expect(status == ARB_ERR_BUFFER && count == 0,
                 "legal_moves_ex with cap < max_legal_moves is not ARB_ERR_BUFFER with a count of 0" + at(state));
    }
}

void check_move_texts(const GameState &state, const std::vector<arb_move> &moves, Checks &c) {
    const arb_game_api &api = state.api();
    const size_t size = static_cast<size_t>(api.max_move_text_size);
    std::string buf(size, '\0');
    for (arb_move m : moves) {
        arb_status status = api.format_move(state.raw(), m, buf.data(), size);
        c.expect(status == ARB_OK && std::strlen(buf.c_str()) < size,
                 "a move text does not fit in max_move_text_size (" + std::to_string(size) + ")" + at(state));
    }
}

// Positions of one game, to check irreversible moves and hash keys.
struct GameMemory {
    std::set<std::string> before_irreversible;  // positions no later position may equal
    std::set<std::string> since_irreversible;
};

void check_move_flags(GameState &state, const std::vector<arb_move> &moves, arb_move chosen, GameMemory &memory,
                      Checks &c) {
    for (arb_move m : moves) {
        arb_move_flags flags = state.move_flags(m);
        const arb_move_flags known =
            kKnownFlags | (state.plugin()->move_capture_check() ? ARB_MOVE_CAPTURE | ARB_MOVE_CHECK : 0);
        c.expect((flags & ~known) == 0, "move properties set unknown bits" + at(state));
        if ((flags & ARB_MOVE_PASS) != 0) {
            GameState after = state;
            after.play(m);
            c.expect(after.side_to_move() != state.side_to_move(),
                     "a move marked as a pass leaves the same side to move" + at(state));
        }
    }
    if ((state.move_flags(chosen) & ARB_MOVE_IRREVERSIBLE) != 0) {
        memory.before_irreversible.merge(memory.since_irreversible);
        memory.since_irreversible.clear();
    }
}

// The position text without its counters: the words that are plain decimal
// numbers (chess's halfmove clock and move number), which the extension lets
// a key leave out because a repetition does not depend on them.
std::string without_counters(const std::string &text) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        size_t end = text.find(' ', i);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(i, end - i);
        if (word.empty() || word.find_first_not_of("0123456789") != std::string::npos) out += word + ' ';
        i = end + 1;
    }
    return out;
}

void check_hash(const GameState &state, std::map<uint64_t, std::string> &keys, Checks &c) {
    const uint64_t key = *state.hash();
    const std::string position = state.position();
    GameState copy = state;
    c.expect(copy.hash() == key, "a clone has another position hash" + at(state));
    if (copy.set_position(position))
        c.expect(copy.hash() == key, "the same position set from its text has another hash" + at(state));
    auto [it, fresh] = keys.emplace(key, position);
    c.expect(fresh || without_counters(it->second) == without_counters(position),
             "two positions share a hash (should differ): " + it->second + " and " + position);
}

// One finished (or cut) random game through "arbiter.record-format": the
// text rule (size query, exact fit, one byte short), a newline-ended text,
// the same text for a host with a shorter arb_record_game and for a larger
// move stride; the start state untouched.
void check_record_in(const RecordFormatCalls &format, const GameState &start, const std::vector<arb_move> &played,
                     Checks &c, CheckReport &report) {
    const std::string start_text = start.position();
    sdk::RecordGameBuilder builder;
    for (arb_move m : played) builder.add_move(m, 10);
    builder.result(ARB_RESULT_DRAW, ARB_ENDING_AGREED).players("first", "second").event("plugin-check");
    builder.date("2026-01-02T03:04:05Z").side_clock(0, 60000, 0, "60").side_clock(1, 60000, 0, "60");
    const arb_record_game &g = builder.game();
    auto write = [&](const arb_record_game &game, size_t cap, arb_status &status) {
        uint32_t needed = 0;
        const GuardedWrite w = guarded_write(cap, [&](char *buf, size_t n) {
            return format.write_record(start.raw(), &game, buf, static_cast<uint32_t>(n), &needed);
        });
        status = w.status;
        return w.text;
    };
    const std::string extension = "arbiter.record-format/" + std::to_string(format.revision());
    const std::string where = " writing a " + std::string(format.name()) + " record of " + std::to_string(played.size()) +
                              " moves from " + start_text;
    const auto text = checked_rule_text(
        [&](char *buf, uint32_t cap, uint32_t *needed) { return format.write_record(start.raw(), &g, buf, cap, needed); },
        extension + " write_record", where, c);
    if (!text) return;
    ++report.records_written;
    c.expect(!text->empty() && text->back() == '\n', "a record does not end with a newline" + where);
    c.expect(start.position() == start_text, "write_record changes the start state" + where);
    arb_status status = ARB_OK;
    // A host from before time_control existed.
    arb_record_game older = g;
    older.struct_size = offsetof(arb_record_game, time_control);
    (void)write(older, text->size() + 256, status);
    c.expect(status == ARB_OK, "write_record refuses a shorter arb_record_game" + where);
    // A later host with a larger move struct: the plugin must step by move_struct_size.
    struct Wider {
        arb_record_move move;
        int64_t extra;
    };
    std::vector<Wider> wider;
    for (int32_t i = 0; i < g.move_count; ++i) wider.push_back({g.moves[i], -7});
    arb_record_game wide = g;
    wide.move_struct_size = sizeof(Wider);
    wide.moves = wider.empty() ? nullptr : &wider[0].move;
    const std::string wide_text = write(wide, text->size() + 1, status);
    c.expect(status == ARB_OK && wide_text == *text,
             "write_record does not step through the moves by move_struct_size" + where);
}

// Every format of the plugin (shogi has two).
void check_record(const PluginPtr &plugin, const GameState &start, const std::vector<arb_move> &played, Checks &c,
                  CheckReport &report) {
    for (const RecordFormatCalls &format : plugin->record_formats()) check_record_in(format, start, played, c, report);
}

void check_random_games(const PluginPtr &plugin, const CheckSettings &settings, Checks &c, CheckReport &report) {
    const arb_game_api &api = plugin->api();
    const bool has_1_1 = ARB_API_HAS(&api, legal_moves_ex);
    const bool has_flags = plugin->move_properties() != nullptr;
    const bool has_hash = plugin->position_hash() != nullptr;
    const bool has_record = plugin->record_format() != nullptr;
    std::mt19937 rng(settings.seed + 11);
    std::map<uint64_t, std::string> keys;
    std::vector<arb_move> moves;
    const int games = std::min(settings.random_games, 8);
    for (int g = 0; g < games && !c.too_many(); ++g) {
        auto created = GameState::create(plugin, {}, static_cast<uint64_t>(g));
        if (!created) return;  // check_plugin reports it
        GameState state = std::move(*created);
        const GameState start = state;
        std::vector<arb_move> played;
        GameMemory memory;
        for (int ply = 0; ply < settings.max_plies && !c.too_many(); ++ply) {
            const std::string position = state.position();
            if (has_flags)
                c.expect(memory.before_irreversible.count(position) == 0,
                         "a position from before an irreversible move occurs again: " + position);
            memory.since_irreversible.insert(position);
            if (has_hash) check_hash(state, keys, c);
            auto listed = state.checked_legal_moves(moves);
            if (!c.expect(listed.has_value(), (listed ? std::string() : listed.error().message) + at(state))) return;
            if (has_1_1) {
                check_legal_moves_ex(state, moves, c);
                check_move_texts(state, moves, c);
            }
            check_outcome_sizes(state, c);
            if (moves.empty()) break;
            arb_move chosen = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
            if (has_flags) check_move_flags(state, moves, chosen, memory, c);
            if (has_1_1 && ply % 7 == 3) {
                GameState copy = state;
                copy.play(chosen);
                c.expect(api.assign_ex(copy.raw(), state.raw()) == ARB_OK, "assign_ex fails" + at(state));
                c.expect(copy.position() == position, "assign_ex does not copy the position" + at(state));
            }
            state.play(chosen);
            played.push_back(chosen);
        }
        if (has_record && g < 3) check_record(plugin, start, played, c, report);
    }
}

}  // namespace

void check_abi_1_1(const PluginPtr &plugin, const CheckSettings &settings, CheckReport &report) {
    Checks c(report, settings);
    c.stage("ABI 1.1 functions and extensions");
    const arb_game_api &api = plugin->api();
    check_reserved_ids(api, c);
    if (ARB_API_HAS(&api, legal_moves_ex)) {
        c.expect(api.max_move_text_size >= 2, "max_move_text_size is below 2");
        check_create_ex(plugin, c);
    }
    check_random_games(plugin, settings, c, report);
}

}  // namespace arb::game
