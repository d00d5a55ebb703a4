// Every plugin of this build must pass the plugin checker (the same checks
// `arbiter plugin-check` runs), and the checker must catch a planted bug.
#include "plugin_tools/plugin_checker.hpp"
#include "support/plugins.hpp"

using namespace arb;

TEST_CASE("every plugin of the build passes the plugin checker", "[abi][contract]") {
    game::Discovery found = game::discover_plugins({ARBITER_PLUGIN_DIR});
    for (const auto &problem : found.problems) FAIL_CHECK(problem);
    REQUIRE_FALSE(found.plugins.empty());
    for (const auto &plugin : found.plugins) {
        game::CheckSettings settings;
        settings.random_games = 6;
        settings.max_plies = 300;
        settings.fuzz_inputs = 600;
        game::CheckReport report = game::check_plugin(plugin, settings);
        INFO("plugin " << plugin->id());
        for (const auto &failure : report.failures) FAIL_CHECK(failure);
        CHECK(report.ok());
        CHECK(report.checks > 100);
        CHECK(report.positions > 0);
    }
}

TEST_CASE("the plugin checker finds a move that does not round-trip", "[abi][contract]") {
    auto plugin = game::Plugin::load(std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/roundtrip_bug.so");
    REQUIRE(plugin.has_value());
    game::CheckReport report = game::check_plugin(*plugin);
    REQUIRE_FALSE(report.ok());
    CHECK(report.failures.front().find("'b' does not parse back to itself") != std::string::npos);
}

TEST_CASE("a plain C99 plugin passes the checker", "[abi][contract]") {
    auto plugin = game::Plugin::load(std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/c_plugin_v0.so");
    REQUIRE(plugin.has_value());
    game::CheckReport report = game::check_plugin(*plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.games_finished == game::CheckSettings{}.random_games);
}
