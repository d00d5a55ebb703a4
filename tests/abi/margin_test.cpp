// "arbiter.margin/1" of the shipped games that have one (Othello, Ataxx, Bagh
// Chal): margins of final positions counted by hand, a running game refused,
// a game without margins (tic-tac-toe) without the extension, and the checker.
#include "plugin_tools/plugin_checker.hpp"
#include "support/plugins.hpp"

#include <arbiter/ext/margin.h>

#include <catch2/catch.hpp>

#include <string>

using namespace arb;

namespace {

const arb_game_margin_1 &margin_table(const game::PluginPtr &plugin) {
    const auto *table = static_cast<const arb_game_margin_1 *>(plugin->api().get_extension(ARB_EXT_MARGIN_1));
    REQUIRE(table != nullptr);
    return *table;
}

std::string unit_of(const game::PluginPtr &plugin, const game::GameState &state) {
    char buf[ARB_MARGIN_UNIT_MAX + 1];
    uint32_t needed = 0;
    REQUIRE(margin_table(plugin).write_unit(state.raw(), buf, sizeof buf, &needed) == ARB_OK);
    return buf;
}

// Side 0's margin at `position`, which must end the game.
int32_t final_margin(const std::string &game_id, const std::string &position, std::string *unit = nullptr) {
    const auto plugin = test::load_plugin(game_id);
    auto state = test::new_game(game_id);
    INFO(position);
    REQUIRE(state.set_position(position).has_value());
    REQUIRE(state.side_to_move() == ARB_SIDE_NONE);
    int32_t margin = 0;
    REQUIRE(margin_table(plugin).margin(state.raw(), &margin) == ARB_OK);
    if (unit != nullptr) *unit = unit_of(plugin, state);
    return margin;
}

}  // namespace

TEST_CASE("margins of final positions, counted by hand", "[abi][margin]") {
    std::string unit;
    // Othello, a full board: 40 black discs (X, side 0) and 24 white: 40 - 24 = +16 for Black.
    CHECK(final_margin("othello", std::string(40, 'X') + std::string(24, 'O') + " X", &unit) == 16);
    CHECK(unit == "discs");
    // Othello, White wiped out, Black's 4 discs on the centre squares (d4 e4 d5 e5) and 60 empty:
    // under tournament scoring the empties go to the winner, 4 + 60 = 64 to 0: +64.
    std::string wiped(64, '-');
    for (int square : {27, 28, 35, 36}) wiped[square] = 'X';
    CHECK(final_margin("othello", wiped + " O") == 64);
    // Ataxx, a full board: 3 rows of black stones (21) and 4 of white (28): 21 - 28 = -7 for Black.
    CHECK(final_margin("ataxx", "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1", &unit) == -7);
    CHECK(unit == "stones");
    // Bagh Chal: the tigers captured 5 goats (the default goats_to_win): -5 for the goats (side 0).
    CHECK(final_margin("baghchal", "T...T...............T...T G 15 5", &unit) == -5);
    CHECK(unit == "goats captured");
}

TEST_CASE("a running game has no margin, a game without margins no extension", "[abi][margin]") {
    const auto othello = test::load_plugin("othello");
    auto start = test::new_game("othello");
    int32_t margin = 7;
    CHECK(margin_table(othello).margin(start.raw(), &margin) == ARB_ERR_ILLEGAL);
    CHECK(margin == 0);
    CHECK(test::load_plugin("tictactoe")->api().get_extension(ARB_EXT_MARGIN_1) == nullptr);
}

TEST_CASE("the plugin checker checks the margins of Othello, Ataxx and Bagh Chal", "[abi][margin]") {
    for (const char *id : {"othello", "ataxx", "baghchal"}) {
        INFO(id);
        game::CheckSettings settings;  // fewer random games than plugin-check's 20: the margins, not the rules
        settings.random_games = 8;
        const game::CheckReport report = game::check_plugin(test::load_plugin(id), settings);
        std::string failures;
        for (const auto &f : report.failures) failures += f + "\n";
        INFO(failures);
        CHECK(report.ok());
        CHECK(report.margins_checked > 0);
    }
}
