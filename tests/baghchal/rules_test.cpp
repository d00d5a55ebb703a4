// Bagh Chal rules through the ABI: metadata and options, captures and the
// capture target, mandatory capture, and the "no legal move" endings.
#include "vectors.hpp"

using namespace arb;
using namespace arb::test::baghchal;

namespace {

std::string reason(const game::GameState &state) { return state.outcome().reason; }

}  // namespace

TEST_CASE("baghchal metadata and option descriptors", "[baghchal][options]") {
    auto plugin = test::load_plugin("baghchal");
    const arb_game_api &api = plugin->api();
    CHECK(std::string(api.side_names[0]) == "goats");
    CHECK(std::string(api.side_names[1]) == "tigers");
    const arb_option_desc *goats = plugin->option("goats_to_win");
    REQUIRE(goats != nullptr);
    CHECK(goats->type == ARB_OPTION_INT);
    CHECK(std::string(goats->default_value) == "5");
    CHECK(goats->min_value == 1);
    CHECK(goats->max_value == 20);
    const arb_option_desc *capture = plugin->option("capture");
    REQUIRE(capture != nullptr);
    CHECK(std::string(capture->default_value) == "optional");
    REQUIRE(capture->choice_count == 2);
    CHECK(std::string(capture->choices[1]) == "mandatory");
    const arb_option_desc *repetition = plugin->option("repetition");
    REQUIRE(repetition != nullptr);
    CHECK(std::string(repetition->default_value) == "forbid");
    REQUIRE(repetition->choice_count == 3);
    CHECK(std::string(repetition->choices[1]) == "draw3");
    CHECK(std::string(repetition->choices[2]) == "none");
}

TEST_CASE("baghchal refuses option values outside their range, naming them", "[baghchal][options]") {
    auto plugin = test::load_plugin("baghchal");
    for (const auto &[name, value] : std::vector<std::pair<std::string, std::string>>{
             {"goats_to_win", "0"}, {"goats_to_win", "21"}, {"goats_to_win", "5x"}, {"capture", "always"},
             {"repetition", "draw"}}) {
        auto state = game::GameState::create(plugin, {{name, value}});
        REQUIRE_FALSE(state.has_value());
        INFO(state.error().message);
        CHECK(state.error().message.find(name) != std::string::npos);
    }
    CHECK(game::GameState::create(plugin, {{"goats_to_win", "20"}, {"capture", "mandatory"}, {"repetition", "none"}})
              .has_value());
}

TEST_CASE("baghchal start position and first moves", "[baghchal][rules]") {
    auto state = test::new_game("baghchal");
    CHECK(state.position() == "T...T...............T...T G 20 0");
    CHECK(state.side_to_move() == ARB_SIDE_0);
    CHECK(state.legal_moves().size() == 21);
    test::play_text(state, "G@c3");
    CHECK(state.side_to_move() == ARB_SIDE_1);
    CHECK(state.position() == "T...T.......G.......T...T T 19 0");
    // A drop next to no tiger leaves the tigers their 12 steps.
    CHECK(state.legal_moves().size() == 12);
    // Goats may not move while goats are in hand.
    test::play_text(state, "a1-b2");
    arb_move move;
    std::string error;
    CHECK(state.parse_move("c3-c4", move, error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("in hand") != std::string::npos);
    state.reset();
    CHECK(state.position() == "T...T...............T...T G 20 0");
}

TEST_CASE("baghchal capture removes the goat and the target ends the game", "[baghchal][rules]") {
    auto state = test::new_game("baghchal", {{"goats_to_win", "2"}});
    test::play_text(state, "G@b1");
    test::play_text(state, "a1xc1");
    CHECK(state.position() == "..T.T...............T...T G 19 1");
    CHECK_FALSE(state.over());
    test::play_text(state, "G@d2");
    auto moves = test::legal_move_texts(state);
    CHECK(std::count(moves.begin(), moves.end(), "c1xe3") == 1);
    CHECK(std::count(moves.begin(), moves.end(), "e1xc3") == 1);
    test::play_text(state, "c1xe3");
    CHECK(state.position() == "....T.........T.....T...T G 18 2");
    arb_outcome o = state.outcome();
    CHECK(o.result == ARB_RESULT_WIN_SIDE_1);
    CHECK(std::string(o.reason) == "the tigers captured 2 goats");
    CHECK(state.legal_moves().empty());
    CHECK(state.side_to_move() == ARB_SIDE_NONE);
    arb_move move;
    std::string error;
    CHECK(state.parse_move("G@c3", move, error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("game is over") != std::string::npos);
}

TEST_CASE("baghchal capture is optional by default and mandatory on request", "[baghchal][rules]") {
    auto optional = test::new_game("baghchal");
    auto mandatory = test::new_game("baghchal", kMandatory);
    for (auto *state : {&optional, &mandatory}) test::play_text(*state, "G@b1");
    auto all = test::legal_move_texts(optional);
    CHECK(all.size() == 12);
    CHECK(std::count(all.begin(), all.end(), "a1xc1") == 1);
    CHECK(test::legal_move_texts(mandatory) == std::vector<std::string>{"a1xc1"});
    arb_move move;
    std::string error;
    CHECK(mandatory.parse_move("e5-d4", move, error) == ARB_ERR_ILLEGAL);
    CHECK(error.find("mandatory") != std::string::npos);
    CHECK(optional.parse_move("e5-d4", move, error) == ARB_OK);
}

TEST_CASE("baghchal goats win when the tigers cannot move, even during placement", "[baghchal][rules]") {
    // From the rules file: tigers on a1, e1, b3, c5; c2 and a4 are out of reach.
    for (const auto &options : {kOptional, kMandatory}) {
        auto state = test::new_game("baghchal", options);
        REQUIRE(state.set_position("T.GGTGG.GGGTGGG.GGGGGGTGG G 2 0").has_value());
        CHECK_FALSE(state.over());
        test::play_text(state, "G@b1");
        CHECK(state.position() == "TGGGTGG.GGGTGGG.GGGGGGTGG T 1 0");
        arb_outcome o = state.outcome();
        CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
        CHECK(reason(state) == "the tigers cannot move");
        CHECK(state.legal_moves().empty());
        CHECK(state.side_to_move() == ARB_SIDE_NONE);
    }
}

TEST_CASE("baghchal tigers win when the goats cannot move", "[baghchal][rules]") {
    // a1 is the only empty point and only tigers touch it.
    auto state = test::new_game("baghchal");
    REQUIRE(state.set_position(".TGGTTTGGGGGGGGGGGGGGGGGG G 0 0").has_value());
    CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_1);
    CHECK(reason(state) == "the goats cannot move");
    CHECK(state.legal_moves().empty());
    // The same board with the tigers to move is an ordinary position.
    REQUIRE(state.set_position(".TGGTTTGGGGGGGGGGGGGGGGGG T 0 0").has_value());
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"a2-a1", "b1-a1", "b2-a1"});
}

TEST_CASE("baghchal play refuses codes that are not moves here, leaving the state", "[baghchal][rules]") {
    auto state = test::new_game("baghchal");
    const std::vector<arb_move> drops = state.legal_moves();
    test::play_text(state, "G@b1");
    const std::string before = state.position();
    // Drops are not tiger moves; garbage codes are nothing at all.
    for (arb_move code : drops) CHECK(state.api().play(state.raw(), code) == ARB_ERR_ILLEGAL);
    for (arb_move code : {-5, 1 << 20, 0x7fffffff}) CHECK(state.api().play(state.raw(), code) == ARB_ERR_ILLEGAL);
    CHECK(state.position() == before);
    // Every legal move is accepted.
    for (arb_move code : state.legal_moves()) {
        game::GameState copy = state;
        CHECK(copy.api().play(copy.raw(), code) == ARB_OK);
    }
}
