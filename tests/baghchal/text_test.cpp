// Bagh Chal position and move text through the ABI: round trips, strict
// refusals with messages naming the fault, and arbitrary bytes.
#include "vectors.hpp"

#include <random>

using namespace arb;
using namespace arb::test::baghchal;

namespace {

const std::string kStart = "T...T...............T...T G 20 0";

struct Refusal {
    std::string text;
    std::string message_part;
};

arb_status parse(const game::GameState &state, const std::string &text, std::string &error) {
    arb_move move = ARB_MOVE_NONE;
    return state.parse_move(text.c_str(), move, error);
}

}  // namespace

TEST_CASE("baghchal positions round-trip", "[baghchal][text]") {
    auto state = test::new_game("baghchal");
    for (const std::string &text : {kStart, std::string("T...T.......G.......T...T T 19 0"),
                                   std::string("TGGGTGGGGGGG.GGG...GTGGGT G 0 3"),
                                   std::string("T.G.GTTGGGTGGG..GG.G.GGGG G 0 5")}) {
        INFO(text);
        REQUIRE(state.set_position(text).has_value());
        CHECK(state.position() == text);
    }
}

TEST_CASE("baghchal refuses malformed positions, naming the fault", "[baghchal][text]") {
    const std::vector<Refusal> syntax = {
        {"", "found only 0"},
        {"T...T", "found only 5"},
        {"T...T...............T...x G 20 0", "point e5 holds 'x'"},
        {"T...T...............T...t G 20 0", "point e5"},
        {"T...T...............T...T", "ends before the side to move"},
        {"T...T...............T...T  G 20 0", "side to move must be G or T"},
        {"T...T...............T...T g 20 0", "side to move must be G or T"},
        {"T...T...............T...TG 20 0", "expected one space"},
        {"T...T...............T...T G", "ends before the goats in hand"},
        {"T...T...............T...T G 020 0", "leading zero"},
        {"T...T...............T...T G 21 0", "outside 0..20"},
        {"T...T...............T...T G 200 0", "outside 0..20"},
        {"T...T...............T...T G -1 0", "expected the number of goats in hand"},
        {"T...T...............T...T G 20", "ends before the goats captured"},
        {"T...T...............T...T G 20 ", "expected the number of goats captured"},
        {"T...T...............T...T G 20 0 ", "unexpected ' '"},
        {"T...T...............T...T G 20 0\n", "unexpected"},
        {"T...T...............T...T G 20 0 extra", "unexpected ' extra'"},
        {"T...T............ ..T...T G 20 0", "point c4 holds ' '"},
    };
    for (const auto &r : syntax) {
        auto state = test::new_game("baghchal");
        INFO("text '" << r.text << "'");
        std::string error = error_of_position(state, r.text);
        CHECK(error.find(r.message_part) != std::string::npos);
        INFO(error);
        CHECK(state.position() == kStart);
    }
}

TEST_CASE("baghchal refuses positions no game can reach", "[baghchal][text]") {
    const std::vector<Refusal> illegal = {
        {"....T...............T...T G 20 0", "3 tigers"},
        {"T...T...............T..TT G 20 0", "5 tigers"},
        {"T...T...............T...T G 19 0", "do not make 20"},
        {"T...T.G.............T...T G 20 0", "do not make 20"},
        {"T...T...............T...T T 20 0", "before the first goat"},
        {"T..T........G.......T...T T 19 0", "must stand on a1, e1, a5 and e5"},
        {"T...T...............T...T T 19 1", "1 goats captured in only 0 tiger moves"},
        {"T...T...............T...T G 14 6", "goats_to_win"},
        {"T.G.GTTGGGTGGG..GG.G.GGGG T 0 5", "tigers cannot be to move"},
    };
    for (const auto &r : illegal) {
        auto state = test::new_game("baghchal");
        INFO("text '" << r.text << "'");
        std::string error = error_of_position(state, r.text);
        INFO(error);
        CHECK(error.find(r.message_part) != std::string::npos);
        CHECK(state.api().set_position(state.raw(), r.text.c_str(), nullptr, 0) == ARB_ERR_ILLEGAL);
    }
    // The capture limit follows the option.
    auto six = test::new_game("baghchal", {{"goats_to_win", "6"}});
    REQUIRE(six.set_position("T...T...............T...T G 14 6").has_value());
    CHECK(six.outcome().result == ARB_RESULT_WIN_SIDE_1);
}

TEST_CASE("baghchal refuses malformed move text, naming the fault", "[baghchal][text]") {
    auto state = test::new_game("baghchal");
    const std::vector<Refusal> syntax = {
        {"", "empty"},
        {"G@", "expected a square"},
        {"G@f3", "column 'f'"},
        {"G@c6", "row '6'"},
        {"G@c0", "row '0'"},
        {"G@c3 ", "unexpected ' '"},
        {"g@c3", "capital G"},
        {"G3", "not a move"},
        {"Tc3", "not a move"},
        {"a1", "expected '-' (step) or 'x'"},
        {"a1-", "expected a square"},
        {"a1+b2", "expected '-' (step) or 'x'"},
        {"a1-b2-c3", "unexpected '-c3'"},
        {"A1-b2", "column letter"},
        {"a1-a1", "same point"},
        {"a01-b2", "leading zero"},
        {"pass", "column 'p' is outside a-e"},
    };
    for (const auto &r : syntax) {
        INFO("text '" << r.text << "'");
        std::string error;
        CHECK(parse(state, r.text, error) == ARB_ERR_SYNTAX);
        INFO(error);
        CHECK(error.find(r.message_part) != std::string::npos);
    }
}

TEST_CASE("baghchal explains why a well-formed move is illegal", "[baghchal][text]") {
    auto state = test::new_game("baghchal");
    std::string error;
    CHECK(parse(state, "a1-b2", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("in hand") != std::string::npos);
    CHECK(parse(state, "G@a1", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("a1 is not empty") != std::string::npos);
    test::play_text(state, "G@b2");
    const std::vector<Refusal> tiger = {
        {"G@c3", "tigers' turn"},
        {"b1-c1", "no tiger on b1"},
        {"a1-c1", "c1 is not next to a1 (a capture is written a1xc1)"},
        {"a1-c2", "no line joins a1 to c2"},
        {"e1-d2", ""},  // legal: checked below
        {"a1xb1", "b1 is next to a1 (a step is written a1-b1)"},
        {"a1xc1", "no goat on b1"},
        {"a1xd4", "not two points from a1"},
        {"b2-c3", "no tiger on b2"},
    };
    for (const auto &r : tiger) {
        INFO(r.text);
        arb_status status = parse(state, r.text, error);
        INFO(error);
        if (r.message_part.empty()) {
            CHECK(status == ARB_OK);
        } else {
            CHECK(status == ARB_ERR_ILLEGAL);
            CHECK(error.find(r.message_part) != std::string::npos);
        }
    }
    // A goat on b2 shields c3 from a1 only if c3 is occupied.
    CHECK(parse(state, "a1xc3", error) == ARB_OK);
    auto full = test::new_game("baghchal");
    REQUIRE(full.set_position("TGGGTGGGGGGG.GGG...GTGGGT G 0 3").has_value());
    CHECK(parse(full, "b2-b1", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("b1 is not empty") != std::string::npos);
    CHECK(parse(full, "b2xb4", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("goats never capture") != std::string::npos);
    CHECK(parse(full, "G@c3", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("all 20 goats are placed") != std::string::npos);
    CHECK(parse(full, "a1-b1", error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("no goat on a1") != std::string::npos);
}

TEST_CASE("baghchal survives random and truncated text", "[baghchal][text]") {
    auto state = test::new_game("baghchal");
    REQUIRE(state.set_position("TGGGTGGGGGGG.GGG...GTGGGT G 0 3").has_value());
    const std::string base = state.position();
    std::vector<std::string> inputs;
    for (const std::string &s : {base, std::string("a1xc3"), std::string("G@c3"), std::string("c2-c3")})
        for (size_t cut = 0; cut <= s.size(); ++cut) inputs.push_back(s.substr(0, cut));
    std::mt19937 rng(99);
    const std::string alphabet = "TG.@-x abcdef0123456789\t\n\xff";
    for (int i = 0; i < 2000; ++i) {
        std::string s(std::uniform_int_distribution<size_t>(0, 40)(rng), '\0');
        if (i % 2 == 0) {
            for (char &c : s) c = alphabet[std::uniform_int_distribution<size_t>(0, alphabet.size() - 1)(rng)];
        } else {
            for (char &c : s) c = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        }
        inputs.push_back(s);
        std::string mutated = base;
        mutated[std::uniform_int_distribution<size_t>(0, base.size() - 1)(rng)] = s.empty() ? '?' : s[0];
        inputs.push_back(mutated);
    }
    for (const auto &input : inputs) {
        INFO("input '" << input << "'");
        game::GameState copy = state;
        auto set = copy.set_position(input);
        if (set) {
            CHECK(copy.position() == input);  // only canonical text is accepted
        } else {
            CHECK_FALSE(set.error().message.empty());
            CHECK(copy.position() == base);
        }
        std::string error;
        arb_move move = ARB_MOVE_NONE;
        arb_status status = state.parse_move(input.c_str(), move, error);
        if (status == ARB_OK) {
            CHECK(state.format_move(move) == input);
        } else {
            CHECK((status == ARB_ERR_SYNTAX || status == ARB_ERR_ILLEGAL));
            CHECK_FALSE(error.empty());
        }
    }
}
