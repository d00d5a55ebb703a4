// from_to.hpp: moves naming two squares, with a separator ("i6-i9") or
// without one ("a1c3", the UCI family's long form). Expected texts written
// by hand from the header's contract.
#include <arbiter/sdk/from_to.hpp>

#include <catch2/catch.hpp>

#include <string>

using namespace arb;

namespace {

constexpr sdk::Grid kGrid{7, 7};

struct Read {
    arb_status status;
    sdk::FromTo move;
    std::string error;
};

Read read(const char *text, const char *separators) {
    char error[ARB_ERROR_SIZE];
    Read r{ARB_OK, {}, ""};
    r.status = sdk::parse_from_to(text, kGrid, separators, r.move, sdk::ErrorOut(error, sizeof error));
    r.error = error;
    return r;
}

}  // namespace

TEST_CASE("from_to reads and writes two squares joined by nothing or by a separator", "[sdk][from_to]") {
    SECTION("joined: a1c3") {
        Read r = read("a1c3", "");
        REQUIRE(r.status == ARB_OK);
        CHECK(r.move.from == sdk::Square{0, 0});
        CHECK(r.move.to == sdk::Square{2, 2});
        CHECK(r.move.separator == '\0');
        sdk::MoveText text;
        sdk::append_from_to(text, r.move);
        CHECK(text.view() == "a1c3");  // no NUL written between the squares
        CHECK(text.size() == 4);
    }
    SECTION("separated: g7-e5 and g7xe5") {
        for (const char *text : {"g7-e5", "g7xe5"}) {
            Read r = read(text, "-x");
            REQUIRE(r.status == ARB_OK);
            CHECK(r.move.from == sdk::Square{6, 6});
            CHECK(r.move.to == sdk::Square{4, 4});
            sdk::MoveText back;
            sdk::append_from_to(back, r.move);
            CHECK(back.view() == text);
        }
    }
    SECTION("refusals quote the move and say what is wrong") {
        struct Case {
            const char *text, *separators, *error;
        } cases[] = {
            {"a1", "", "expected a second square after the first in the move 'a1'"},
            {"a1c3x", "", "unexpected 'x' after the second square in the move 'a1c3x'"},
            {"a1-c3", "", "expected a column letter a-g, found '-' in the move 'a1-c3'"},
            {"a1c3", "-", "expected '-' after the first square, found 'c' in the move 'a1c3'"},
            {"a1", "-", "expected '-' and a second square after the first in the move 'a1'"},
            {"a1h3", "", "column 'h' is outside a-g in the move 'a1h3'"},
        };
        for (const auto &c : cases) {
            Read r = read(c.text, c.separators);
            INFO(c.text << " with separators '" << c.separators << "'");
            CHECK(r.status == ARB_ERR_SYNTAX);
            CHECK(r.error == c.error);
        }
    }
}
