#include "plugin_tools/plugin_checker.hpp"

#include "plugin_tools/check_log.hpp"
#include "game/game_state.hpp"
#include "plugin_tools/plugin_checker_abi_1_1.hpp"
#include "plugin_tools/plugin_checker_defects.hpp"
#include "plugin_tools/plugin_checker_diagram.hpp"
#include "plugin_tools/plugin_checker_engine_options.hpp"
#include "plugin_tools/plugin_checker_margin.hpp"
#include "plugin_tools/plugin_checker_near_miss.hpp"
#include "plugin_tools/plugin_checker_pgn.hpp"
#include "plugin_tools/plugin_checker_protocol.hpp"
#include "plugin_tools/plugin_checker_options.hpp"
#include "plugin_tools/plugin_checker_rule_edges.hpp"

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <sstream>

namespace arb::game {

namespace {

using Checker = CheckLog;

void check_metadata(const PluginPtr &plugin, Checker &c) {
    const arb_game_api &api = plugin->api();
    c.expect(api.abi_minor <= 1000, "abi_minor looks uninitialised");
    c.expect(api.name[0] != '\0', "empty display name");
    c.expect(api.description[0] != '\0', "empty description");
    c.expect(std::string(api.side_names[0]) != api.side_names[1], "both sides have the same name");
    std::set<std::string> names;
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &o = api.options[i];
        std::string name = o.name;
        c.expect(names.insert(name).second, "option '" + name + "' declared twice");
        c.expect(o.help[0] != '\0', "option '" + name + "' has no help text");
        auto with_default = GameState::create(plugin, {{name, o.default_value}});
        c.expect(with_default.has_value(), "option '" + name + "': its own default '" + o.default_value +
                                               "' is refused: " + (with_default ? "" : with_default.error().message));
        auto bad = GameState::create(plugin, {{name, "no-such-value-42"}});
        c.expect(!bad.has_value(), "option '" + name + "' accepts the value 'no-such-value-42'");
        if (!bad) c.expect(bad.error().message.find(name) != std::string::npos,
                           "option '" + name + "': the error for a bad value does not name the option: " +
                               bad.error().message);
        if (o.type == ARB_OPTION_CHOICE)
            for (int32_t k = 0; k < o.choice_count; ++k) {
                auto s = GameState::create(plugin, {{name, o.choices[k]}});
                c.expect(s.has_value(), "option '" + name + "': its choice '" + o.choices[k] + "' is refused");
            }
    }
    auto unknown = GameState::create(plugin, {{"no_such_option_42", "1"}});
    c.expect(!unknown.has_value(), "an unknown option is accepted");
    c.expect(api.get_extension("arbiter.no-such-extension/1") == nullptr, "get_extension answers an unknown id");
}

// Checks one position of a game in progress; fills the legal moves (and
// their texts, for the later positions' parse_move checks). Returns false
// when the plugin broke a promise that stops this game.
bool check_position(GameState &state, std::vector<arb_move> &moves, std::vector<std::string> &texts,
                    const ForeignTexts &foreign, const std::string &start, Checker &c, CheckReport &report) {
    ++report.positions;
    const arb_game_api &api = state.api();
    texts.clear();
    auto written = state.checked_position();
    if (!c.expect(written.has_value(), written ? std::string() : written.error().message)) return false;
    const std::string &pos = *written;
    std::string where = " (at " + pos + ")";
    c.expect(!pos.empty(), "write_position gave an empty string" + where);

    // Position round trip: the written string reads back to the same string.
    GameState copy = state;
    auto set = copy.set_position(pos);
    c.expect(set.has_value(), "the plugin refuses its own position string: " +
                                  (set ? std::string() : set.error().message) + where);
    if (set) c.expect(copy.position() == pos, "position does not round-trip: got " + copy.position() + where);

    auto listed = state.checked_legal_moves(moves);
    if (!c.expect(listed.has_value(), (listed ? std::string() : listed.error().message) + where)) return false;
    arb_outcome o = state.outcome();
    int side = state.side_to_move();
    check_position_distrust(state, moves, foreign, start, c);
    if (moves.empty()) {
        c.expect(o.result != ARB_RESULT_ONGOING, "no legal moves but the game is not over" + where);
        c.expect(side == ARB_SIDE_NONE, "game over but side_to_move is not ARB_SIDE_NONE" + where);
        c.expect(o.reason[0] != '\0', "game over without a reason text" + where);
        // The host cuts such a reason by a byte (GameState::outcome); the author should hear of it.
        arb_outcome raw{};
        raw.struct_size = sizeof raw;
        state.api().outcome(state.raw(), &raw);
        c.expect(std::memchr(raw.reason, '\0', sizeof raw.reason) != nullptr,
                 "the reason text fills all " + std::to_string(sizeof raw.reason) +
                     " bytes of arb_outcome.reason without a NUL" + where);
        return true;
    }
    c.expect(o.result == ARB_RESULT_ONGOING, "legal moves exist but the game is over" + where);
    c.expect(side == 0 || side == 1, "side_to_move is not 0 or 1 in a game in progress" + where);
    c.expect(static_cast<int32_t>(moves.size()) <= api.max_legal_moves, "more moves than max_legal_moves" + where);

    std::set<std::string> seen;
    std::set<arb_move> codes;
    for (arb_move m : moves) {
        c.expect(m >= 0, "negative move code" + where);
        c.expect(codes.insert(m).second, "move code listed twice" + where);
        std::string text = state.format_move(m);
        c.expect(!text.empty() && text.find_first_of(" \t\r\n") == std::string::npos,
                 "move text empty or with white space: '" + text + "'" + where);
        c.expect(seen.insert(text).second, "two legal moves format as '" + text + "'" + where);
        arb_move back = ARB_MOVE_NONE;
        std::string error;
        arb_status st = state.parse_move(text.c_str(), back, error);
        c.expect(st == ARB_OK && back == m, "legal move '" + text + "' does not parse back to itself: " + error + where);
        texts.push_back(std::move(text));
    }
    check_near_misses(state, moves, texts, where, static_cast<uint32_t>(report.positions), c, report);
    return true;
}

void check_random_games(const PluginPtr &plugin, const CheckSettings &settings, Checker &c, CheckReport &report) {
    c.stage("random games (every position)");
    std::mt19937 rng(settings.seed);
    std::vector<arb_move> moves;
    std::vector<std::string> texts;
    for (int g = 0; g < settings.random_games && !c.failed(); ++g) {
        auto created = GameState::create(plugin);
        if (!c.expect(created.has_value(), "create() with default options fails")) return;
        GameState state = std::move(*created);
        std::string start = state.position();
        ForeignTexts foreign;
        for (int ply = 0; ply < settings.max_plies && !c.failed(); ++ply) {
            if (!check_position(state, moves, texts, foreign, start, c, report)) return;
            if (moves.empty()) {
                ++report.games_finished;
                break;
            }
            foreign.remember(texts);
            arb_move chosen = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
            std::string before = state.position();
            GameState copy = state;
            auto played = copy.checked_play(chosen);
            if (!c.expect(played.has_value(), (played ? std::string() : played.error().message) + " (at " + before + ")"))
                return;
            c.expect(state.position() == before, "playing on a clone changed the original (at " + before + ")");
            (void)state.play(chosen);
            c.expect(state.position() == copy.position(), "clone and original differ after the same move (at " +
                                                               before + ")");
        }
        c.expect(state.reset() == ARB_OK, "reset fails (see the plugin's log line above)");
        c.expect(state.position() == start, "reset() does not return to the start position");
    }
}

void check_parsers_with_junk(const PluginPtr &plugin, const CheckSettings &settings, Checker &c) {
    c.stage("junk fed to set_position and parse_move");
    auto created = GameState::create(plugin);
    if (!created) return;
    GameState &state = *created;
    std::string start = state.position();
    if (start.empty()) return;  // reported by the random games
    std::mt19937 rng(settings.seed + 1);
    std::vector<std::string> inputs = {"", " ", "\n", "pass", "resign", "a", "a0", "zz99", "-1", std::string(5000, 'X'),
                                       start + " extra", start + start, " " + start};
    for (size_t cut = 0; cut < start.size(); ++cut) inputs.push_back(start.substr(0, cut));
    for (int i = 0; i < settings.fuzz_inputs / 2; ++i) {
        std::string s(std::uniform_int_distribution<size_t>(0, 64)(rng), '\0');
        for (char &ch : s) ch = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        inputs.push_back(s);
        std::string m = start;
        m[std::uniform_int_distribution<size_t>(0, m.size() - 1)(rng)] =
            static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        inputs.push_back(m);
    }
    std::vector<arb_move> legal;
    if (!state.checked_legal_moves(legal)) return;  // reported by the random games
    for (const auto &input : inputs) {
        GameState copy = state;
        auto result = copy.set_position(input);
        if (!result) {
            c.expect(!result.error().message.empty(), "set_position refuses without a message");
            c.expect(copy.position() == start, "a refused set_position changed the state");
        } else {
            GameState again = state;
            auto reread = again.set_position(copy.position());
            c.expect(reread.has_value(), "accepted position does not re-read canonically: " + copy.position());
        }
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        arb_status status = state.parse_move(input.c_str(), move, error);
        if (status != ARB_OK) c.expect(!error.empty(), "parse_move refuses without a message");
        else c.expect(std::find(legal.begin(), legal.end(), move) != legal.end(),
                      "parse_move accepts '" + input + "', which is not among the legal moves (at " + start + ")");
    }
}

}  // namespace

CheckReport check_plugin(const PluginPtr &plugin, const CheckSettings &settings) {
    CheckReport report;
    Checker c(report, settings);
    // The metadata first: everything after trusts it.
    c.stage("metadata and options");
    check_metadata(plugin, c);
    check_random_games(plugin, settings, c, report);
    check_parsers_with_junk(plugin, settings, c);
    c.stage("reset with each option's values");
    check_reset_keeps_options(plugin, c);
    c.stage("each option's values in play, after reset");
    check_options_in_play(plugin, settings, c);
    c.stage("two states from two threads at once");
    check_two_threads(plugin, settings, c);
    c.stage("rule edges (arbiter.rule-edges/1)");
    check_rule_edges(plugin, c, report);
    check_abi_1_1(plugin, settings, report);
    check_diagram(plugin, settings, report);
    check_status_line(plugin, settings, report);
    check_pgn_notation(plugin, settings, report);
    check_protocol_notation(plugin, settings, report);
    check_engine_options(plugin, settings, report);
    check_margin(plugin, settings, report);
    return report;
}

}  // namespace arb::game
