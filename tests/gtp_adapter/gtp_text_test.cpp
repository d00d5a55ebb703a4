// GTP text details: reply framing and the square names between our
// notation and the engine's.
#include "gtp_reply.hpp"
#include "vertex.hpp"

#include <catch2/catch.hpp>

#include <deque>

using namespace arb::gtp;

namespace {

Reply read_from(std::deque<std::string> lines) {
    auto reply = read_reply([&]() -> std::optional<std::string> {
        if (lines.empty()) return std::nullopt;
        std::string l = lines.front();
        lines.pop_front();
        return l;
    });
    REQUIRE(reply.has_value());
    return *reply;
}

}  // namespace

TEST_CASE("gtp replies: success, failure, ids, several lines, CR", "[gtp_adapter]") {
    Reply r = read_from({"= F5", ""});
    CHECK(r.ok);
    CHECK(r.text == "F5");
    r = read_from({"? illegal move\r", "\r"});
    CHECK_FALSE(r.ok);
    CHECK(r.text == "illegal move");
    r = read_from({"=12 pass", ""});
    CHECK(r.text == "pass");
    r = read_from({"", "noise before the reply", "= Next move: Black", "    a b c", "  1 . . .", ""});
    CHECK(r.text == "Next move: Black\n    a b c\n  1 . . .");
    r = read_from({"=", ""});
    CHECK(r.ok);
    CHECK(r.text.empty());
    auto gone = read_reply([]() -> std::optional<std::string> { return std::nullopt; });
    REQUIRE_FALSE(gone.has_value());
    CHECK(gone.error().message.find("closed its output") != std::string::npos);
}

TEST_CASE("gtp vertices: upper case out, lower case back, rows flipped for bottom-up engines", "[gtp_adapter]") {
    Settings top;
    CHECK(to_gtp_vertex("f5", top) == "F5");
    CHECK(to_gtp_vertex("a1", top) == "A1");
    CHECK(to_gtp_vertex("pass", top) == "pass");
    CHECK(from_gtp_vertex("F5", top) == "f5");
    CHECK(from_gtp_vertex("h8", top) == "h8");
    CHECK(from_gtp_vertex("PASS", top) == "pass");
    CHECK(from_gtp_vertex("resign", top) == "resign");
    CHECK(from_gtp_vertex("Z9", top) == "z9");  // not on the board: passed on for the arbiter to refuse

    Settings bottom;
    bottom.rows = RowOrder::BottomUp;
    CHECK(to_gtp_vertex("f5", bottom) == "F4");
    CHECK(to_gtp_vertex("a1", bottom) == "A8");
    CHECK(from_gtp_vertex("C3", bottom) == "c6");
    CHECK(from_gtp_vertex(to_gtp_vertex("h8", bottom), bottom) == "h8");
    CHECK(to_gtp_vertex("i1", bottom) == "i1");  // off an 8x8 board: unchanged
}
