#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

TEST_CASE("the engine is told the game id and every rule option", "[engine_setup]") {
    auto plugin = arb::test::load_plugin("tictactoe");
    auto options = arb::match::engine_game_options(*plugin, {});
    CHECK(options.game == "tictactoe");
    CHECK(options.rules.size() == static_cast<size_t>(plugin->api().option_count));
}

TEST_CASE("the engine gets the plugin's own folder first, then the given folders, absolute and once",
          "[engine_setup]") {
    auto plugin = arb::test::load_plugin("tictactoe");
    const std::string own = std::filesystem::absolute(plugin->file().parent_path()).lexically_normal().string();
    auto options = arb::match::engine_game_options(*plugin, {}, {"/x/games", "rel/dir", own, "/x/games/"});
    const std::string cwd = std::filesystem::current_path().string();
    CHECK(options.plugin_dirs == std::vector<std::string>{own, "/x/games", cwd + "/rel/dir"});
}

TEST_CASE("validate_setup names a bad opening move or position", "[engine_setup]") {
    arb::match::GameSetup setup;
    setup.plugin = arb::test::load_plugin("tictactoe");
    setup.opening_moves = {"b2", "b2"};
    auto ok = arb::match::validate_setup(setup);
    REQUIRE_FALSE(ok);
    CHECK_THAT(ok.error().message, Catch::Contains("opening move 'b2'"));
    setup.opening_moves = {"b2", "a1"};
    CHECK(arb::match::validate_setup(setup));
    setup.opening_position = "XXXX";
    ok = arb::match::validate_setup(setup);
    REQUIRE_FALSE(ok);
    CHECK_THAT(ok.error().message, Catch::Contains("opening position 'XXXX'"));
}
