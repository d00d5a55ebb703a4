// EPD and PGN opening books as fastchess and cutechess read them, through
// the openings loader: positions from EPD lines (operations ignored), SAN
// games with comments, variations, NAGs and move numbers, the plies limit,
// and a refused position or move named by its line.
#include "config/config_loader.hpp"
#include "support/plugins.hpp"

#include <filesystem>
#include <fstream>
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
