// Option declarations and value checks of the engine-side UGI helper.
#include <arbiter/ugi/option_spec.hpp>

#include <catch2/catch.hpp>

using namespace arb::ugi;

TEST_CASE("option lines in UCI form", "[ugi][options]") {
    CHECK(OptionSpec::check("misere", false).line() == "option name misere type check default false");
    CHECK(OptionSpec::spin("seed", 1, 0, 100).line() == "option name seed type spin default 1 min 0 max 100");
    CHECK(OptionSpec::combo("mode", "mcts", {"random", "mcts"}).line() ==
          "option name mode type combo default mcts var random var mcts");
    CHECK(OptionSpec::string("game", "").line() == "option name game type string default <empty>");
    CHECK(OptionSpec::string("game", "othello").line() == "option name game type string default othello");
    CHECK(OptionSpec::button("Clear Hash").line() == "option name Clear Hash type button");
}

TEST_CASE("values are checked against the declaration", "[ugi][options]") {
    auto spin = OptionSpec::spin("start", 10, 1, 50);
    CHECK(spin.check_value("1").empty());
    CHECK(spin.check_value("50").empty());
    CHECK(spin.check_value("51") == "option 'start': expected 1..50, got '51'");
    CHECK(spin.check_value("x") == "option 'start': expected an integer, got 'x'");
    CHECK(!spin.check_value("").empty());
    CHECK(!spin.check_value("5 ").empty());
    auto check = OptionSpec::check("misere", true);
    CHECK(check.check_value("false").empty());
    CHECK(check.check_value("yes") == "option 'misere': expected true or false, got 'yes'");
    auto combo = OptionSpec::combo("capture", "optional", {"optional", "mandatory"});
    CHECK(combo.check_value("mandatory").empty());
    CHECK(combo.check_value("Mandatory") == "option 'capture': expected one of optional, mandatory, got 'Mandatory'");
    CHECK(OptionSpec::string("path", "").check_value("any thing").empty());
    CHECK(!OptionSpec::button("go").check_value("x").empty());
}

TEST_CASE("option names compare without regard to case", "[ugi][options]") {
    CHECK(same_option_name("Hash", "hash"));
    CHECK(same_option_name("max_take", "MAX_TAKE"));
    CHECK(!same_option_name("seed", "seeds"));
}
