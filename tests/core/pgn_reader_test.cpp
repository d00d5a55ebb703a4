// The one PGN reader: games split with the line of everything, and every
// damaged game an error at the place the damage starts. Before, the book
// reader let a '{' or '(' never closed swallow every later game in silence.
#include "core/pgn_reader.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace arb;

namespace {

struct Read {
    std::vector<PgnGame> games;
    std::string error;
};

Read read(const std::string &text) {
    std::istringstream in(text);
    LineReader lines(in, "b.pgn", kTextLineLimit);
    PgnReader reader(lines);
    Read r;
    for (;;) {
        auto game = reader.next();
        if (!game) {
            r.error = game.error().message;
            break;
        }
        if (!*game) break;
        r.games.push_back(std::move(**game));
    }
    return r;
}

std::vector<std::string> texts(const PgnGame &g) {
    std::vector<std::string> out;
    for (const auto &m : g.moves) out.push_back(m.text);
    return out;
}

const std::string kGame1 = "[Event \"one\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";        // lines 1-5
const std::string kGame3 = "[Event \"three\"]\n[Result \"*\"]\n\n1. c4 c5 *\n";          // after game 2

}  // namespace

TEST_CASE("PGN reader: tags, main line, result and lines", "[core][pgn]") {
    auto r = read("\xEF\xBB\xBF[Event \"a\"] [FEN \"x\"]\r\n[Result \"1-0\"]\r\n\r\n"
                  "1. e4 {a [%clk 0:01]\n comment} e5 2.Nf3 (2. f4 (2. d4) exf4) Nc6 $1 ; to the end ( {\n"
                  "%escaped [White \"no\"]\n3... a6 1-0\n"
                  "[Event \"b\"]\n\n*\n");
    INFO(r.error);
    REQUIRE(r.error.empty());
    REQUIRE(r.games.size() == 2);
    const PgnGame &g = r.games[0];
    CHECK(g.line == 1);
    REQUIRE(g.tag("FEN") != nullptr);
    CHECK(g.tag("FEN")->value == "x");
    CHECK(g.tag("Result")->line == 2);
    CHECK(texts(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "a6"});
    CHECK(g.moves[1].line == 5);
    CHECK(g.moves[4].line == 7);
    CHECK(g.result == "1-0");
    CHECK(r.games[1].line == 8);
    CHECK(r.games[1].result == "*");
}

TEST_CASE("PGN reader: a '{' never closed in game 2 of 3 is an error at its line", "[core][pgn]") {
    auto r = read(kGame1 + "[Event \"two\"]\n[Result \"*\"]\n\n1. d4 {never closed d5 *\n\n" + kGame3);
    CHECK(r.error == "b.pgn:9: a '{' comment that is never closed");
}

TEST_CASE("PGN reader: a '(' never closed in game 2 of 3 is an error at its line", "[core][pgn]") {
    auto r = read(kGame1 + "[Event \"two\"]\n[Result \"*\"]\n\n1. d4 (1. e4 d5 *\n\n" + kGame3);
    CHECK(r.error == "b.pgn:9: a '(' variation that is never closed (a tag section follows at line 11)");
    auto last = read(kGame1 + "1. d4 (1. e4\n");
    CHECK(last.error == "b.pgn:6: a '(' variation that is never closed");
    auto stray = read(kGame1 + "[Event \"two\"]\n\n1. d4 ) d5 *\n");
    CHECK(stray.error == "b.pgn:8: a ')' that closes no '(' variation");
}

TEST_CASE("PGN reader: moves without a result, a bad tag line, a tag twice", "[core][pgn]") {
    CHECK(read(kGame1 + "[Event \"two\"]\n\n1. d4 d5\n\n" + kGame3).error ==
          "b.pgn:6: the game that starts here has moves but no result (1-0, 0-1, 1/2-1/2 or *) before the tags at "
          "line 10: is it cut off?");
    CHECK(read(kGame1 + "[Event \"two\"]\n\n1. d4 d5").error ==
          "b.pgn:6: the game that starts here has moves but no result (1-0, 0-1, 1/2-1/2 or *) before the end of the "
          "file: is it cut off?");
    CHECK(read("[Event \"a\"]\n[Result \"*\"\n").error ==
          "b.pgn:2: malformed tag line '[Result \"*\"' (a tag is [Name \"value\"])");
    CHECK(read("[Event \"a\"]\n[Event \"b\"]\n").error ==
          "b.pgn:2: a second Event tag in one game (does a blank line or the movetext of the game before end too "
          "early?)");
}

TEST_CASE("PGN reader: games without tags, a line over the limit", "[core][pgn]") {
    auto r = read("e4 e5 *\nd4 d5 1/2-1/2\n");
    REQUIRE(r.error.empty());
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[1].line == 2);
    CHECK(texts(r.games[1]) == std::vector<std::string>{"d4", "d5"});
    CHECK(read(kGame1 + "{" + std::string(kTextLineLimit.bytes, 'x') + "}\n").error ==
          "b.pgn:6: line longer than 1048576 bytes (1 MiB, the limit for a line of a config, book or PGN file)");
}
