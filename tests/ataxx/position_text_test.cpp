// The Ataxx position text (UAI FEN): canonical writing, the reference
// library's aliases, and refusals that name what is wrong.
#include "ataxx/vectors.hpp"

using namespace arb;

TEST_CASE("ataxx positions are written canonically", "[ataxx][position]") {
    struct Case {
        const char *read, *written;
    } cases[] = {
        {"x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/7/7/7/7/o5x x 0 1"},
        {"x5o/7/7/7/7/7/o5x o", "x5o/7/7/7/7/7/o5x o 0 1"},  // the counters may be left out together
        {"X5O/7/7/7/7/7/O5X X 3 9", "x5o/7/7/7/7/7/o5x x 3 9"},
        {"b5w/7/7/7/7/7/w5b w 0 1", "x5o/7/7/7/7/7/o5x o 0 1"},  // libataxx's aliases
        {"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"},
        {"-------/-------/-------/-------/-------/-------/------x o 0 1",
         "-------/-------/-------/-------/-------/-------/------x o 0 1"},
        {"7/7/7/7/7/7/7 x 99999 9999999", "7/7/7/7/7/7/7 x 99999 9999999"},
    };
    for (const auto &c : cases) {
        INFO(c.read);
        CHECK(ataxx_test::at(c.read).position() == c.written);
    }
    CHECK(test::new_game("ataxx").position() == "x5o/7/7/7/7/7/o5x x 0 1");
}

TEST_CASE("ataxx refuses a malformed position and keeps its own", "[ataxx][position]") {
    struct Case {
        const char *text, *message_part;
    } cases[] = {
        {"", "no board"},
        {"x5o/7/7/7/7/7/o5x", "missing the side to move"},
        {"x5o/7/7/7/7/7", "the board has 6 of its 7 rows"},
        {"x5o/7/7/7/7/7/o7 x 0 1", "rank 1: 7 empty squares from b1 run past the g file"},
        {"x5o/7/7/7/7/7/o6x x 0 1", "rank 1 has more than 7 squares"},
        {"x5o/7/7/7/7/7/o5 x 0 1", "rank 1 has 6 of its 7 squares"},
        {"x5o/7/7/7/7/6/o5x x 0 1", "rank 2 has 6 of its 7 squares"},
        {"x5o/7/7/7/7/7/o5xx x 0 1", "rank 1 has more than 7 squares"},
        {"x5o/7/7/43/7/7/o5x x 0 1", "rank 4 has two digits in a row"},
        {"x5o/7/7/7/7/7/o5q x 0 1", "unexpected 'q' on g1"},
        {"x5o/7/7/7/7/7/o5x z 0 1", "the side to move is 'z'"},
        {"x5o/7/7/7/7/7/o5x x 0", "missing the move number"},
        {"x5o/7/7/7/7/7/o5x x -1 1", "the half-move clock is '-1'"},
        {"x5o/7/7/7/7/7/o5x x 01 1", "leading zero"},
        {"x5o/7/7/7/7/7/o5x x 0 0", "the move number '0' is outside 1..9999999"},
        {"x5o/7/7/7/7/7/o5x x 100000 1", "outside 0..99999"},
        {"x5o/7/7/7/7/7/o5x x 0 1 extra", "unexpected 'extra' after the move number"},
        {"x5o/7/7/7/7/7/o5x  x 0 1", "an empty field"},
        {"x5o/7/7/7/7/7/o5x x 0 1 ", "an empty field"},
        {"startpos", "unexpected 's' on a7"},
    };
    auto state = test::new_game("ataxx");
    for (const auto &c : cases) {
        INFO("'" << c.text << "'");
        auto set = state.set_position(c.text);
        REQUIRE_FALSE(set.has_value());
        INFO(set.error().message);
        CHECK(set.error().message.find(c.message_part) != std::string::npos);
        CHECK(state.position() == "x5o/7/7/7/7/7/o5x x 0 1");
    }
}
