// Every text a plugin hands the host lives in a buffer of a declared size (an
// `err` buffer of `cap` bytes, arb_outcome.reason of ARB_REASON_SIZE). The
// planted plugin c_plugin_v5 (broken_plugins/c_plugin.c, variant 5) fills each
// such buffer completely with 'Z' and writes no NUL: the host must read those
// bytes and not one past them (before the fix the reason ran into whatever
// followed it on the stack, and those bytes reached games.jsonl and games.pgn).
#include "game/game_state.hpp"
#include "game/plugin.hpp"
#include "plugin_tools/plugin_checker.hpp"

#include <catch2/catch.hpp>

#include <cstring>

using namespace arb;

namespace {

game::PluginPtr load_v5() {
    auto plugin = game::Plugin::load(std::filesystem::path(ARBITER_BROKEN_PLUGIN_DIR) / "c_plugin_v5.so");
    INFO((plugin ? "" : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

}  // namespace

TEST_CASE("a reason filling all of arb_outcome.reason without a NUL is read within its 96 bytes",
          "[abi][distrust][bounds]") {
    auto plugin = load_v5();
    auto state = game::GameState::create(plugin, {});
    REQUIRE(state.has_value());
    REQUIRE(state->set_position("end").has_value());  // c_plugin.c: "end" is over, side 0 won
    const arb_outcome outcome = state->outcome();
    CHECK(outcome.result == ARB_RESULT_WIN_SIDE_0);
    // Terminated inside the struct: the 95 bytes the contract allows, the plugin's last byte cut.
    REQUIRE(std::memchr(outcome.reason, '\0', ARB_REASON_SIZE) != nullptr);
    CHECK(std::string(outcome.reason) == std::string(ARB_REASON_SIZE - 1, 'Z'));
}

TEST_CASE("error texts filling the whole err buffer without a NUL are read within its size",
          "[abi][distrust][bounds]") {
    auto plugin = load_v5();
    const std::string all_of_err(ARB_ERROR_SIZE, 'Z');  // the host's err buffers hold ARB_ERROR_SIZE bytes
    SECTION("create") {
        auto refused = game::GameState::create(plugin, {{"no_such_option", "1"}});
        REQUIRE_FALSE(refused.has_value());
        CHECK(refused.error().message == "cgame: " + all_of_err);
    }
    auto state = game::GameState::create(plugin, {});
    REQUIRE(state.has_value());
    SECTION("set_position") {
        auto refused = state->set_position("nowhere");
        REQUIRE_FALSE(refused.has_value());
        CHECK(refused.error().message == all_of_err);
    }
    SECTION("parse_move") {
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        CHECK(state->parse_move("nonsense", move, error) == ARB_ERR_SYNTAX);
        CHECK(error == all_of_err);
    }
}

TEST_CASE("plugin-check reports a reason without a NUL", "[abi][distrust][bounds]") {
    game::CheckReport report = game::check_plugin(load_v5());
    bool named = false;
    for (const auto &f : report.failures) named = named || f.find("arb_outcome.reason without a NUL") != std::string::npos;
    CHECK(named);
}

TEST_CASE("plugin_text stops at the NUL or at the end of the buffer", "[abi][bounds]") {
    const char with_nul[4] = {'a', 'b', '\0', 'c'};
    const char without[3] = {'x', 'y', 'z'};
    CHECK(game::plugin_text(with_nul, sizeof with_nul) == "ab");
    CHECK(game::plugin_text(without, sizeof without) == "xyz");
}
