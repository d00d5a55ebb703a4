// The Edax position string: the aliases accepted on input, the canonical
// form always written back, and refusals that name the offending text.
#include "support/plugins.hpp"

using namespace arb;

namespace {

const std::string kStart = "---------------------------OX------XO--------------------------- X";

std::string refusal(const std::string &text) {
    auto state = test::new_game("othello");
    auto set = state.set_position(text);
    INFO("position " << text);
    REQUIRE_FALSE(set.has_value());
    CHECK(state.position() == kStart);  // unchanged on error
    return set.error().message;
}

std::string canonical(const std::string &text) {
    auto state = test::new_game("othello");
    auto set = state.set_position(text);
    INFO("position " << text << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state.position();
}

}  // namespace

TEST_CASE("othello positions accept Edax's aliases and write the canonical form", "[othello][position]") {
    CHECK(canonical(kStart) == kStart);
    CHECK(canonical("...........................ox......xo........................... x") == kStart);
    CHECK(canonical("...........................WB......BW........................... b") == kStart);
    CHECK(canonical("---------------------------w*------*w--------------------------- *") == kStart);
    CHECK(canonical("---------------------------OX------XO--------------------------- o") ==
          "---------------------------OX------XO--------------------------- O");
    CHECK(canonical("---------------------------OX------XO--------------------------- W") ==
          "---------------------------OX------XO--------------------------- O");
}

TEST_CASE("othello positions refuse malformed text, naming what is wrong", "[othello][position]") {
    std::string bad = kStart;
    bad[2] = 'Z';
    CHECK(refusal(bad).find("square c1 (character 3) holds 'Z'") != std::string::npos);
    bad = kStart;
    bad[63] = '0';
    CHECK(refusal(bad).find("square h8") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 40)).find("only 40 of the 64 squares") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 64)).find("missing") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 65)).find("side to move") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 64) + "X").find("expected one space after the 64 squares, found 'X'") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 64) + "  X").find("side to move is ' '") != std::string::npos);
    CHECK(refusal(kStart.substr(0, 64) + " Y").find("side to move is 'Y'") != std::string::npos);
    CHECK(refusal(kStart + " ").find("unexpected ' '") != std::string::npos);
    CHECK(refusal(kStart + "\n").find("\\x0a") != std::string::npos);
    CHECK(refusal("-" + kStart).find("expected one space") != std::string::npos);
    CHECK(refusal("").find("only 0 of the 64") != std::string::npos);
}

TEST_CASE("othello positions refuse an empty centre square as unreachable", "[othello][position]") {
    std::string bad = kStart;
    bad[36] = '-';  // e5
    auto state = test::new_game("othello");
    auto set = state.set_position(bad);
    REQUIRE_FALSE(set.has_value());
    CHECK(set.error().message.find("centre square e5 is empty") != std::string::npos);
    // The ABI reports it as ARB_ERR_ILLEGAL (well-formed but impossible), not a syntax error.
    char err[ARB_ERROR_SIZE];
    CHECK(state.api().set_position(state.raw(), bad.c_str(), err, sizeof err) == ARB_ERR_ILLEGAL);
    CHECK(state.api().set_position(state.raw(), "xyz", err, sizeof err) == ARB_ERR_SYNTAX);
}
