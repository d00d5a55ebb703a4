// Chess tournaments between generic engine processes, as chess users run
// them: from the shipped PGN and EPD books, in standard chess and Chess960.
// Every games.pgn must replay without an error in pgn-extract (the Debian
// package, as chess users check PGN); without it those checks are skipped
// and say so. A book with an illegal position is refused with its line.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using arb::test::kBin;
const std::string kBooks = std::string(ARBITER_SOURCE_DIR) + "/configs/books";

using arb::test::chess::fresh_dir;
using arb::test::chess::check_pgn_extract_replays;
using arb::test::chess::read;

// A round robin of two random generic engines: 4 games, at most 160 plies.
fs::path write_config(const fs::path &dir, const std::string &options, const std::string &openings) {
    std::ofstream out(dir / "chess.yaml");
    out << "event: chess e2e\n"
        << "game: {id: chess, options: {" << options << "}}\n"
        << "engines:\n";
    for (int i = 1; i <= 2; ++i)
        out << "  - name: random" << i << "\n    command: \"" << kBin << "/arbiter-engine\"\n"
            << "    args: [--game, chess, --mode, random, --seed, \"" << i << "\"]\n";
    out << "tournament: {type: round-robin, rounds: 2, games_per_pairing: 2, seed: 3}\n"
        << openings << "concurrency: 2\ntime_control: 10+0.1\nadjudication: {max_plies: 160}\n";
    return dir / "chess.yaml";
}

// Runs the tournament and checks pgn-extract replays its PGN: every game, no error.
std::string run_and_replay(const fs::path &dir, const fs::path &config) {
    auto run = arb::test::run_command(kBin + "/arbiter run " + config.string() + " --out " + (dir / "out").string() +
                                      " 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const std::string pgn = read(dir / "out" / "games.pgn");
    check_pgn_extract_replays(dir / "out" / "games.pgn", 4);
    return pgn;
}

}  // namespace

TEST_CASE("a chess tournament from the PGN book writes SAN that pgn-extract replays", "[e2e][chess]") {
    auto dir = fresh_dir("pgn");
    auto config = write_config(dir, "variant: standard",
                               "openings: {file: \"" + kBooks + "/chess-8ply.pgn\", format: pgn, plies: 4}\n");
    const std::string pgn = run_and_replay(dir, config);
    // SAN, not UCI: the book's first moves and no four-character square pairs.
    CHECK(pgn.find("{opening}") != std::string::npos);
    CHECK(pgn.find("[Variant") == std::string::npos);
    CHECK(pgn.find(" g1f3 ") == std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a chess tournament from the EPD book writes FEN and SetUp tags", "[e2e][chess]") {
    auto dir = fresh_dir("epd");
    auto config = write_config(dir, "variant: standard",
                               "openings: {file: \"" + kBooks + "/chess-8ply.epd\", order: sequential}\n");
    const std::string pgn = run_and_replay(dir, config);
    CHECK(pgn.find("[SetUp \"1\"]") != std::string::npos);
    CHECK(pgn.find("[FEN \"") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a Chess960 tournament names its variant and start in the PGN", "[e2e][chess]") {
    auto dir = fresh_dir("960");
    auto config = write_config(dir, "variant: chess960, start: 100", "");
    const std::string pgn = run_and_replay(dir, config);
    CHECK(pgn.find("[Variant \"Chess960\"]") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("an opening book with an illegal position is refused with its line", "[e2e][chess]") {
    auto dir = fresh_dir("bad");
    {
        std::ofstream book(dir / "book.epd");
        book << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3\n"
             << "# two white kings on the third line\n"
             << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq -\n";
    }
    auto config = write_config(dir, "variant: standard", "openings: {file: book.epd}\n");
    auto run = arb::test::run_command(kBin + "/arbiter run " + config.string() + " --out " + (dir / "out").string() +
                                      " 2>&1");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK(run.output.find("book.epd:3:") != std::string::npos);
    CHECK(run.output.find("white has 2 kings") != std::string::npos);
    fs::remove_all(dir);
}
