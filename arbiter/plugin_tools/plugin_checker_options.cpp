#include "plugin_tools/plugin_checker_options.hpp"

#include <algorithm>
#include <random>

namespace arb::game {

namespace {

// Games checked per value: the first few whatever they show, then, among at
// most kMaxGamesPerValue, those that play otherwise under the default value:
// a game the default plays the same way cannot show a reset() that fell back
// to the defaults (a winning line that random play rarely makes is met only
// in some games).
constexpr int kGamesPerValue = 4;
constexpr int kMaxGamesPerValue = 32;
constexpr int kMaxPlies = 200;

// What a position shows of the rules: the legal moves as sorted texts and
// the outcome, e.g. "moves a b c d; ongoing" or "no moves; win for x (three in a row)".
std::string rules_seen(const GameState &state, std::vector<arb_move> &moves) {
    if (!state.checked_legal_moves(moves)) return "legal_moves fails";
    std::vector<std::string> texts;
    for (arb_move m : moves) texts.push_back(state.format_move(m));
    std::sort(texts.begin(), texts.end());
    std::string out = texts.empty() ? "no moves" : "moves";
    for (const auto &t : texts) out += " " + t;
    const arb_outcome o = state.outcome();
    const arb_game_api &api = state.api();
    switch (o.result) {
    case ARB_RESULT_ONGOING: return out + "; ongoing";
    case ARB_RESULT_DRAW: return out + "; draw (" + o.reason + ")";
    case ARB_RESULT_WIN_SIDE_0: return out + "; win for " + api.side_names[0] + " (" + o.reason + ")";
    case ARB_RESULT_WIN_SIDE_1: return out + "; win for " + api.side_names[1] + " (" + o.reason + ")";
    default: return out + "; result " + std::to_string(o.result) + " (" + o.reason + ")";
    }
}

struct Trace {
    std::vector<arb_move> moves;      // the moves played
    std::vector<std::string> seen;    // rules_seen before each move, and at the end
    std::vector<std::string> texts;   // the moves as texts, for the message
};

Trace play_new(GameState &state, std::mt19937 &rng) {
    Trace trace;
    std::vector<arb_move> moves;
    for (int ply = 0; ply <= kMaxPlies; ++ply) {
        trace.seen.push_back(rules_seen(state, moves));
        if (moves.empty() || ply == kMaxPlies) break;
        const arb_move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
        trace.texts.push_back(state.format_move(m));
        trace.moves.push_back(m);
        if (state.play(m) != ARB_OK) break;
    }
    return trace;
}

// Whether the moves of `trace`, replayed on `state`, meet other rules.
bool plays_otherwise(GameState &state, const Trace &trace) {
    std::vector<arb_move> moves;
    for (size_t ply = 0; ply < trace.seen.size(); ++ply) {
        if (rules_seen(state, moves) != trace.seen[ply]) return true;
        if (ply < trace.moves.size() && state.play(trace.moves[ply]) != ARB_OK) return true;
    }
    return false;
}

std::string first_moves(const std::vector<std::string> &texts, size_t count) {
    std::string out;
    for (size_t i = 0; i < count && i < texts.size(); ++i) out += (i ? " " : "") + texts[i];
    return out.empty() ? "none" : out;
}

}  // namespace

std::vector<std::string> values_to_try(const arb_option_desc &option) {
    std::vector<std::string> values;
    if (option.type == ARB_OPTION_BOOL) values = {"true", "false"};
    if (option.type == ARB_OPTION_INT)
        values = {std::to_string(option.min_value), option.default_value, std::to_string(option.max_value)};
    if (option.type == ARB_OPTION_CHOICE)
        for (int32_t k = 0; k < option.choice_count; ++k) values.emplace_back(option.choices[k]);
    std::vector<std::string> unique;
    for (auto &v : values)
        if (std::find(unique.begin(), unique.end(), v) == unique.end()) unique.push_back(std::move(v));
    return unique;
}

void check_options_in_play(const PluginPtr &plugin, const CheckSettings &settings, CheckLog &c) {
    const arb_game_api &api = plugin->api();
    std::mt19937 rng(settings.seed + 303);
    std::vector<arb_move> moves;
    for (int32_t i = 0; i < api.option_count && !c.too_many(); ++i) {
        const arb_option_desc &o = api.options[i];
        for (const auto &value : values_to_try(o)) {
            const OptionList options{{o.name, value}};
            const std::string setting = std::string(o.name) + "=" + value;
            const bool is_default = value == o.default_value;
            int checked = 0, revealing = 0;
            for (int g = 0; g < (is_default ? kGamesPerValue : kMaxGamesPerValue) && revealing < kGamesPerValue; ++g) {
                auto fresh = GameState::create(plugin, options);
                auto used = GameState::create(plugin, options);
                auto plain = GameState::create(plugin);
                if (!fresh || !used || !plain) break;  // check_metadata reports refused values
                const Trace trace = play_new(*fresh, rng);
                const bool reveals = !is_default && plays_otherwise(*plain, trace);
                if (reveals) ++revealing;
                else if (checked >= kGamesPerValue) continue;
                ++checked;
                for (arb_move m : trace.moves)
                    if (used->play(m) != ARB_OK) break;
                if (!c.expect(used->reset() == ARB_OK, "reset fails with the option " + setting)) break;
                bool same = true;
                for (size_t ply = 0; ply < trace.seen.size() && same; ++ply) {
                    const std::string seen = rules_seen(*used, moves);
                    same = c.expect(seen == trace.seen[ply],
                                    "reset forgets the option " + setting + " in play: after reset(), the moves " +
                                        first_moves(trace.texts, ply) + " lead to \"" + seen +
                                        "\" where a new state created with " + setting + " gives \"" +
                                        trace.seen[ply] + "\"");
                    if (same && ply < trace.moves.size() && used->play(trace.moves[ply]) != ARB_OK) break;
                }
                if (!same) break;  // one failure per value
            }
        }
    }
}

}  // namespace arb::game
