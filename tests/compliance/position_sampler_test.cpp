// The positions `arbiter check` probes engines with: the sampler must find
// them under every setting of every rule option of every shipped game (Gess
// under ring_rule=lose stop_on_pushoff=false gave none, so no engine passed).
#include "compliance/position_sampler.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace arb;

namespace {

// Every game shipped in plugins/.
const std::vector<std::string> kShippedGames{"ataxx", "baghchal", "chess", "gess", "othello", "shogi", "tictactoe"};

// The values tried for one option: both of a bool, every choice, and the
// least, default and largest integer.
std::vector<std::string> values_of(const arb_option_desc &d) {
    switch (d.type) {
    case ARB_OPTION_BOOL: return {"true", "false"};
    case ARB_OPTION_CHOICE: return std::vector<std::string>(d.choices, d.choices + d.choice_count);
    default: {
        std::vector<std::string> v{std::to_string(d.min_value), d.default_value, std::to_string(d.max_value)};
        return v;
    }
    }
}

// Every combination of the option values (the product over the options).
std::vector<game::OptionList> all_settings(const arb_game_api &api) {
    std::vector<game::OptionList> settings{{}};
    for (int32_t i = 0; i < api.option_count; ++i) {
        std::vector<game::OptionList> longer;
        for (const auto &base : settings)
            for (const auto &value : values_of(api.options[i])) {
                auto s = base;
                s.emplace_back(api.options[i].name, value);
                longer.push_back(std::move(s));
            }
        settings = std::move(longer);
    }
    return settings;
}

std::string describe(const game::OptionList &options) {
    std::string text;
    for (const auto &[name, value] : options) text += " " + name + "=" + value;
    return text.empty() ? " (defaults)" : text;
}

}  // namespace

TEST_CASE("check's random positions exist under every rule option setting of every shipped game", "[compliance]") {
    constexpr int kWanted = 12;  // arbiter check's default --positions
    int settings_tried = 0;
    for (const auto &id : kShippedGames) {
        auto plugin = game::find_plugin(id, {ARBITER_PLUGIN_DIR});
        INFO("game " << id);
        REQUIRE(plugin.has_value());
        for (const auto &options : all_settings((*plugin)->api())) {
            INFO("options" << describe(options));
            ++settings_tried;
            auto probes = compliance::random_probes(*plugin, options, 1, kWanted);
            REQUIRE(probes.size() == kWanted);
            std::vector<arb_move> legal;
            for (const auto &p : probes) {
                INFO("probe " << p.position);
                CHECK_FALSE(p.moves.empty());
                // The moves replay from the start, each legal, to the position given.
                auto replay = game::GameState::create(*plugin, options);
                REQUIRE(replay.has_value());
                for (const auto &m : p.moves) {
                    arb_move move = ARB_MOVE_NONE;
                    std::string error;
                    REQUIRE(replay->parse_move(m.c_str(), move, error) == ARB_OK);
                    replay->legal_moves(legal);
                    REQUIRE(std::find(legal.begin(), legal.end(), move) != legal.end());
                    REQUIRE(replay->play(move) == ARB_OK);
                }
                CHECK(replay->position() == p.position);
                // The game goes on there, with a choice the arbiter would ask an engine for.
                replay->legal_moves(legal);
                REQUIRE_FALSE(legal.empty());
                CHECK_FALSE((legal.size() == 1 && (replay->move_flags(legal[0]) & ARB_MOVE_PASS) != 0));
                CHECK(replay->outcome().result == ARB_RESULT_ONGOING);
                // The position string alone sets up a state (the 'fen' forms of the check).
                auto from_text = game::GameState::create(*plugin, options);
                REQUIRE(from_text.has_value());
                CHECK(from_text->set_position(p.position).has_value());
            }
        }
    }
    // By hand from `arbiter games`: ataxx 3, baghchal 3*2*3, chess 2*2*3, gess 2*2*2, othello 1,
    // shogi 3*2*11 (max_moves least/default/largest, two declaration rules, eleven starts), tictactoe 1.
    CHECK(settings_tried == 3 + 18 + 12 + 8 + 1 + 66 + 1);
}

TEST_CASE("check's random positions are the same for the same seed and differ for another", "[compliance]") {
    auto plugin = game::find_plugin("othello", {ARBITER_PLUGIN_DIR});
    REQUIRE(plugin.has_value());
    auto a = compliance::random_probes(*plugin, {}, 5, 6), b = compliance::random_probes(*plugin, {}, 5, 6),
         c = compliance::random_probes(*plugin, {}, 6, 6);
    REQUIRE(a.size() == 6);
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i].moves == b[i].moves);
    bool differ = false;
    for (size_t i = 0; i < a.size() && i < c.size(); ++i) differ = differ || a[i].moves != c[i].moves;
    CHECK(differ);
}
