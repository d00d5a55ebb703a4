#include "match/engine_setup.hpp"
#include "match/game_runner.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

TEST_CASE("the engine is told the game id and every rule option", "[engine_setup]") {
    auto plugin = arb::test::load_plugin("tictactoe");
    auto options = arb::match::engine_game_options(*plugin, {});
    CHECK(options.game == "tictactoe");
    CHECK(options.rules.size() == static_cast<size_t>(plugin->api().option_count));
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
