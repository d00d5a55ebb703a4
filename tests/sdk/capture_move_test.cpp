// capture_move.hpp: two squares with a capture mark only on captures
// ("a2a3", "a2xb3"). Expected texts written by hand from the header's contract.
#include <arbiter/sdk/capture_move.hpp>

#include <catch2/catch.hpp>

#include <string>

using namespace arb;

namespace {

constexpr sdk::Grid kGrid{8, 8};

struct Read {
    arb_status status;
    sdk::CaptureMove move;
    std::string error;
};

Read read(const char *text) {
    char error[ARB_ERROR_SIZE] = "";
    Read r{ARB_OK, {}, ""};
    r.status = sdk::parse_capture_move(text, kGrid, r.move, sdk::ErrorOut(error, sizeof error));
    r.error = error;
    return r;
}

std::string written(const sdk::CaptureMove &move) {
    sdk::MoveText text;
    sdk::append_capture_move(text, move);
    return std::string(text.view());
}

std::string mark_error(const char *text, bool captures) {
    Read r = read(text);
    REQUIRE(r.status == ARB_OK);
    char error[ARB_ERROR_SIZE] = "";
    const arb_status status = sdk::check_capture_mark(text, r.move, captures, sdk::ErrorOut(error, sizeof error));
    if (status == ARB_OK) return "ok";
    CHECK(status == ARB_ERR_ILLEGAL);
    return error;
}

}  // namespace

TEST_CASE("capture_move reads and writes a move with the mark only on a capture", "[sdk][capture_move]") {
    Read plain = read("a2a3");
    REQUIRE(plain.status == ARB_OK);
    CHECK(plain.move.from == sdk::Square{0, 1});
    CHECK(plain.move.to == sdk::Square{0, 2});
    CHECK_FALSE(plain.move.capture);
    CHECK(written(plain.move) == "a2a3");

    Read capture = read("a2xb3");
    REQUIRE(capture.status == ARB_OK);
    CHECK(capture.move.from == sdk::Square{0, 1});
    CHECK(capture.move.to == sdk::Square{1, 2});
    CHECK(capture.move.capture);
    CHECK(written(capture.move) == "a2xb3");

    CHECK(written({{7, 6}, {6, 7}, true}) == "h7xg8");
    char error[ARB_ERROR_SIZE];
    sdk::CaptureMove other;
    CHECK(sdk::parse_capture_move("h7:g8", kGrid, other, sdk::ErrorOut(error, sizeof error), ':') == ARB_OK);
    CHECK(other == sdk::CaptureMove{{7, 6}, {6, 7}, true});
}

TEST_CASE("capture_move refuses text that is not such a move and quotes it", "[sdk][capture_move]") {
    struct Case {
        const char *text, *error;
    } cases[] = {
        {"a2", "expected a second square after the first in the move 'a2'"},
        {"a2x", "expected a second square after the first in the move 'a2x'"},
        {"a2-a3", "expected a column letter a-h, found '-' in the move 'a2-a3'"},
        {"a2xxb3", "column 'x' is outside a-h in the move 'a2xxb3'"},  // the second x read as a column
        {"a2a3x", "unexpected 'x' after the second square in the move 'a2a3x'"},
        {"a2i3", "column 'i' is outside a-h in the move 'a2i3'"},
        {"a2a9", "row '9' is outside 1-8 in the move 'a2a9'"},
        {"", "expected a square, found the end of the text in the move ''"},
    };
    for (const auto &c : cases) {
        Read r = read(c.text);
        INFO(c.text);
        CHECK(r.status == ARB_ERR_SYNTAX);
        CHECK(r.error == c.error);
    }
}

TEST_CASE("check_capture_mark refuses a mark on a quiet move and a capture without it", "[sdk][capture_move]") {
    CHECK(mark_error("a2a3", false) == "ok");
    CHECK(mark_error("a2xb3", true) == "ok");
    CHECK(mark_error("a2xa3", false) == "'a2xa3' is marked as a capture, but it takes nothing on a3");
    CHECK(mark_error("a2b3", true) == "'a2b3' takes on b3: a capture is written with 'x' between the squares");
}
