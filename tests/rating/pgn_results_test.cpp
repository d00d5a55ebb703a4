#include "rating/pgn_results.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace arb::rating;

namespace {

std::string error_of(const std::string &pgn) {
    std::istringstream in(pgn);
    PgnResults results;
    auto read = add_pgn_results(in, "t.pgn", results);
    return read ? std::string("no error") : read.error().message;
}

// One game's tag section and movetext.
std::string game(const std::string &white, const std::string &black, const std::string &result,
                 const std::string &movetext = "1. e4 e5") {
    return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n" + movetext + " " +
           result + "\n\n";
}

}  // namespace

TEST_CASE("PGN results: names by first appearance, White's score", "[rating][pgn]") {
    std::istringstream in(
        "[Event \"x\"]\n[White \"Al \\\"pha\\\"\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
        "[White \"Beta\"]\r\n[Black \"Gamma\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. d4 1/2-1/2\r\n"
        "[White \"Gamma\"]\n[Black \"Al \\\"pha\\\"\"]\n[Result \"0-1\"]\n1. c4\n0-1\n"
        "[White \"Gamma\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n*\n");
    auto r = read_pgn_results(in);
    REQUIRE(r.has_value());
    CHECK(r->names == std::vector<std::string>{"Al \"pha\"", "Beta", "Gamma"});
    REQUIRE(r->games.size() == 3);
    CHECK(r->games[0].first == 0);
    CHECK(r->games[0].second == 1);
    CHECK(r->games[0].score == 1.0);
    CHECK(r->games[1].score == 0.5);
    CHECK(r->games[2].first == 2);
    CHECK(r->games[2].score == 0.0);
    CHECK(r->unfinished == 1);
}

TEST_CASE("PGN results: errors name the place", "[rating][pgn]") {
    std::istringstream bad_result("[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n1. e4 2-0\n");
    auto r = read_pgn_results(bad_result);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("'2-0'") != std::string::npos);

    // The game is named by the line its tags start on.
    std::istringstream missing("[Event \"e\"]\n\n1-0\n\n[White \"A\"]\n[Result \"1-0\"]\n\n1-0\n[White \"A\"]\n");
    auto m = read_pgn_results(missing);
    REQUIRE_FALSE(m.has_value());
    CHECK(m.error().message == "line 1: the game whose tags start here has no White tag");

    std::istringstream malformed("[White A]\n");
    auto t = read_pgn_results(malformed);
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().message.find("[White A]") != std::string::npos);

    std::istringstream empty("");
    auto e = read_pgn_results(empty);
    REQUIRE(e.has_value());
    CHECK(e->games.empty());
}

TEST_CASE("PGN results: movetext comments may span lines and hold brackets", "[rating][pgn]") {
    // Lichess and cutechess write [%clk ...] and [%eval ...] inside comments;
    // a wrapped comment can start a line with '['.
    std::istringstream in(game("A", "B", "1-0", "1. e4 {a comment\n[%clk 0:01:00] [%eval 0.3]\n} e5 2. Nf3 ; rest { not a comment\n2... Nc6") +
                          "%escaped line [White \"not a tag\"\n" + game("B", "A", "1/2-1/2", "1. d4 {\n[\n}"));
    auto r = read_pgn_results(in);
    REQUIRE(r.has_value());
    CHECK(r->names == std::vector<std::string>{"A", "B"});
    REQUIRE(r->games.size() == 2);
    CHECK(r->games[0].score == 1.0);
    CHECK(r->games[1].first == 1);
    CHECK(r->games[1].score == 0.5);
}

TEST_CASE("PGN results: byte order mark, CRLF, several tags on a line, no movetext", "[rating][pgn]") {
    std::istringstream in("\xEF\xBB\xBF[White \"A\"] [Black \"B\"]\r\n[Result \"0-1\"]\r\n\r\n"
                          "[White \"C\"][Black \"A\"][Result \"1-0\"]\n");
    auto r = read_pgn_results(in);
    REQUIRE(r.has_value());
    CHECK(r->names == std::vector<std::string>{"A", "B", "C"});
    REQUIRE(r->games.size() == 2);
    CHECK(r->games[0].score == 0.0);
    CHECK(r->games[1].first == 2);
    CHECK(r->games[1].second == 0);
}

TEST_CASE("PGN results: several files make one pool, and a failed file adds nothing", "[rating][pgn]") {
    PgnResults results;
    std::istringstream first(game("A", "B", "1-0") + game("B", "C", "*"));
    auto read = add_pgn_results(first, "one.pgn", results);
    REQUIRE(read.has_value());
    CHECK(*read == 2);  // "*" counts as a game read, not as a rated one
    CHECK(results.unfinished == 1);
    std::istringstream second(game("C", "A", "0-1") + game("D", "B", "1/2-1/2"));
    read = add_pgn_results(second, "two.pgn", results);
    REQUIRE(read.has_value());
    CHECK(*read == 2);
    CHECK(results.names == std::vector<std::string>{"A", "B", "C", "D"});
    REQUIRE(results.games.size() == 3);
    CHECK(results.games[1].first == 2);  // C, named first in the file before
    CHECK(results.games[1].second == 0);
    CHECK(results.games[2].first == 3);

    std::istringstream broken(game("E", "A", "1-0") + "[White E]\n");
    auto failed = add_pgn_results(broken, "three.pgn", results);
    REQUIRE_FALSE(failed.has_value());
    CHECK(results.names.size() == 4);
    CHECK(results.games.size() == 3);
}

TEST_CASE("PGN results: each error names file, line and the text", "[rating][pgn]") {
    CHECK(error_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"\n") ==
          "t.pgn:3: malformed tag line '[Result \"1-0\"' (a tag is [Name \"value\"])");
    CHECK(error_of(game("A", "B", "1-0") + "  [White A]\n") ==
          "t.pgn:7: malformed tag line '[White A]' (a tag is [Name \"value\"])");
    CHECK(error_of("[White \"A\x01\n") == "t.pgn:1: malformed tag line '[White \"A\\x01' (a tag is [Name \"value\"])");
    CHECK(error_of("[White \"A\"] x\n") == "t.pgn:1: malformed tag line '[White \"A\"] x' (a tag is [Name \"value\"])");
    CHECK(error_of("[ \"A\"]\n") == "t.pgn:1: malformed tag line '[ \"A\"]' (a tag is [Name \"value\"])");
    // The movetext's "2-0" (line 11) is read before the game's Result tag is looked at.
    CHECK(error_of(game("A", "B", "1-0") + game("A", "B", "2-0")) ==
          "t.pgn:11: unknown result '2-0' (PGN's results are 1-0, 0-1, 1/2-1/2 and *)");
    CHECK(error_of(game("A", "A", "1-0")) == "t.pgn:1: 'A' plays against itself");
    CHECK(error_of("[White \"A\"]\n[Black \"\"]\n[Result \"1-0\"]\n\n1-0\n") ==
          "t.pgn:1: the game whose tags start here has no Black tag");
    // Two games run together: the movetext of the first is missing.
    CHECK(error_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[White \"C\"]\n") ==
          "t.pgn:4: a second White tag in one game (does a blank line or the movetext of the game before end too "
          "early?)");
    CHECK(error_of(game("A", "B", "1-0", "1. e4 {never closed\n") + game("B", "A", "1-0")) ==
          "t.pgn:5: a '{' comment that is never closed");
    // Not PGN: games.jsonl given by mistake.
    CHECK(error_of("{\"index\": 0, \"result\": \"1-0\"}\n") ==
          "t.pgn:1: text before any tag section: '{\"index\": 0, \"result\": \"1-0\"}' (a PGN game starts with "
          "tags such as [White \"name\"])");
}
