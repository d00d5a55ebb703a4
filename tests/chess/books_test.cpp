// EPD and PGN opening books as fastchess and cutechess read them, through
// the openings loader: positions from EPD lines (operations ignored), SAN
// games with comments, variations, NAGs and move numbers, the plies limit,
// and a refused position or move named by its line.
#include "config/config_loader.hpp"
#include "support/plugins.hpp"

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace arb;

namespace {

namespace fs = std::filesystem;

fs::path write(const std::string &name, const std::string &text) {
    auto path = fs::temp_directory_path() / ("arbiter-books-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(path) << text;
    return path;
}

Expected<std::vector<config::Opening>> load(const fs::path &file, config::OpeningFormat format, int plies = 0) {
    config::OpeningsSection section;
    section.format = format;
    section.plies = plies;
    auto result = config::load_openings(file, test::load_plugin("chess"), {}, section);
    fs::remove(file);
    return result;
}

}  // namespace

TEST_CASE("an EPD book gives one position per line, operations ignored", "[chess][books]") {
    auto file = write("a.epd",
                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"open\";\n"
                      "\n"
                      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -\n");
    auto book = load(file, config::OpeningFormat::Epd);
    INFO((book ? "" : book.error().message));
    REQUIRE(book.has_value());
    REQUIRE(book->size() == 2);
    // No black pawn can take on e3: the canonical FEN drops the square.
    CHECK((*book)[0].position == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK((*book)[1].line == 3);
}

TEST_CASE("a PGN book gives each game's first plies in UCI", "[chess][books]") {
    auto file = write("a.pgn",
                      "[Event \"book\"]\n[Result \"*\"]\n\n"
                      "1. e4 {king's pawn} e5 2.Nf3 (2. f4 exf4) Nc6 $1 3. Bb5 a6 *\n\n"
                      "[Event \"second\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n"
                      "1. O-O Kd7 1/2-1/2\n");
    auto book = load(file, config::OpeningFormat::Pgn, 4);
    INFO((book ? "" : book.error().message));
    REQUIRE(book.has_value());
    REQUIRE(book->size() == 2);
    CHECK((*book)[0].moves == std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"});
    CHECK((*book)[0].line == 1);
    // A game from a [FEN] start becomes the position its moves reach.
    CHECK((*book)[1].moves.empty());
    CHECK((*book)[1].position == "8/3k4/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST_CASE("a PGN book with an illegal move is refused with the move's line", "[chess][books]") {
    auto file = write("b.pgn", "[Event \"book\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n");
    auto book = load(file, config::OpeningFormat::Pgn);
    REQUIRE_FALSE(book.has_value());
    CHECK(book.error().message.find(":4:") != std::string::npos);
    CHECK(book.error().message.find("move 3 'Ke3'") != std::string::npos);
}

// Issue 28, item 7: a damaged game stops the book with its place; before, a
// '{' or '(' never closed swallowed every later game, exit 0 and no word.
TEST_CASE("a PGN book with a '{' or '(' never closed in game 2 of 3 is an error at its line", "[chess][books]") {
    // The same text as tests/e2e_rate's, which `arbiter rate` refuses with the same words.
    const std::string one = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    const std::string two = "[White \"b\"]\n[Black \"a\"]\n[Result \"*\"]\n\n1. d4 ";
    const std::string three = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. c4 c5 *\n";
    auto comment = write("c.pgn", one + two + "{never closed d5 *\n\n" + three);
    const std::string comment_name = comment.string();
    auto book = load(comment, config::OpeningFormat::Pgn);
    REQUIRE_FALSE(book.has_value());
    CHECK(book.error().message == comment_name + ":11: a '{' comment that is never closed");

    auto variation = write("v.pgn", one + two + "(1. e4 d5 *\n\n" + three);
    const std::string variation_name = variation.string();
    book = load(variation, config::OpeningFormat::Pgn);
    REQUIRE_FALSE(book.has_value());
    CHECK(book.error().message ==
          variation_name + ":11: a '(' variation that is never closed (a tag section follows at line 13)");
}

// Issue 28, item 6: a book is a regular file, read a bounded line at a time.
TEST_CASE("a book that is /dev/zero, a FIFO or has a line over 1 MiB is refused naming it", "[chess][books]") {
    // Not load(): it removes the file afterwards.
    config::OpeningsSection lines;
    auto zero = config::load_openings("/dev/zero", test::load_plugin("chess"), {}, lines);
    REQUIRE_FALSE(zero.has_value());
    CHECK(zero.error().message == "/dev/zero is a device, not a regular file: the arbiter reads only regular files");

    const fs::path fifo = fs::temp_directory_path() / ("arbiter-books-" + std::to_string(::getpid()) + "-fifo.epd");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    lines.format = config::OpeningFormat::Epd;
    auto piped = config::load_openings(fifo, test::load_plugin("chess"), {}, lines);  // before: blocked in open() for ever
    fs::remove(fifo);
    REQUIRE_FALSE(piped.has_value());
    CHECK(piped.error().message == fifo.string() + " is a FIFO, not a regular file: the arbiter reads only regular files");

    auto long_line = write("long.txt", "e2e4 e7e5\n" + std::string((size_t{1} << 20) + 1, ' ') + "\n");
    const std::string long_name = long_line.string();
    auto book = load(long_line, config::OpeningFormat::Lines);
    REQUIRE_FALSE(book.has_value());
    CHECK(book.error().message == long_name +
                                      ":2: line longer than 1048576 bytes (1 MiB, the limit for a line of a config, "
                                      "book or PGN file)");
}

// Issue 28, item 9: a book move that fails says why, in words a user can act on.
TEST_CASE("book moves get hints: Chess960 castling, ambiguous SAN, upper-case promotion", "[chess][books]") {
    config::OpeningsSection lines;
    lines.format = config::OpeningFormat::Lines;
    // Chess960 start 518 is the standard array: e1g1 is the standard king step, not Chess960's castling.
    auto castle = write("960.txt", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\n");
    const std::string castle_name = castle.string();
    auto c960 = config::load_openings(castle, test::load_plugin("chess"), {{"variant", "chess960"}, {"start", "518"}}, lines);
    fs::remove(castle);
    REQUIRE_FALSE(c960.has_value());
    CHECK_THAT(c960.error().message,
               Catch::Contains(castle_name + ":1:1: opening rejected by chess: ") &&
                   Catch::Contains("e1g1 is not castling in Chess960: UCI writes castling there as the king "
                                   "taking its own rook (e1h1)"));

    auto promotion = write("promo.txt", "e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 e7e6 b7a8Q\n");
    auto promo = load(promotion, config::OpeningFormat::Lines);
    REQUIRE_FALSE(promo.has_value());
    CHECK_THAT(promo.error().message, Catch::Contains("'b7a8Q': promotion letters are lower case in UCI: b7a8q"));

    // Knights on b1 and f3 both reach d2.
    auto ambiguous = write("amb.pgn", "[Event \"a\"]\n\n1. Nf3 d5 2. d3 e5 3. Nd2 *\n");
    const std::string ambiguous_name = ambiguous.string();
    auto amb = load(ambiguous, config::OpeningFormat::Pgn);
    REQUIRE_FALSE(amb.has_value());
    CHECK_THAT(amb.error().message,
               Catch::Contains(ambiguous_name + ":3:1: opening rejected by chess: move 5 'Nd2': 'Nd2' is ambiguous: it "
                                                "names Nbd2 or Nfd2 (SAN adds the piece's file or rank)"));
}
