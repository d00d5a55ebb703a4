// The arbiter under fastchess's name (the `fastchess` link the build leaves
// beside it) and `arbiter match` on a chess command line without --game:
// chess is taken and said once; -games 1 plays each opening once (OpenBench's
// DATAGEN), with no pentanomial in the block; -epdout writes each final
// position; standings.json counts how the games ended.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using arb::test::chess::fresh_dir;
using arb::test::chess::read;

using arb::test::kBin;

std::string engines() {
    const std::string engine = "'" + kBin + "/arbiter-engine'";
    return "-engine cmd=" + engine + " name=r1 args=\"--game chess --mode random --seed 1\" -engine cmd=" + engine +
           " name=r2 args=\"--game chess --mode random --seed 2\" -each tc=10+0.1 ";
}

}  // namespace

TEST_CASE("match without --game: proto=uci says chess, once", "[e2e][chess][fastchess]") {
    const auto dir = fresh_dir("nogame");
    auto run = arb::test::run_command("'" + kBin + "/arbiter' match " + engines() +
                                      "-each proto=uci -rounds 1 -games 2 -maxmoves 40 --out '" +
                                      (dir / "out").string() + "' 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(arb::test::count_of(run.output, "no --game given: playing chess, as proto=uci is chess's") == 1);
    CHECK_THAT(run.output, Catch::Contains("2 of 2 games played"));
    // Nothing chess-only: --game is still required.
    auto bare = arb::test::run_command("'" + kBin + "/arbiter' match " + engines() + "-rounds 1 2>&1");
    CHECK(bare.exit_code == 2);
    CHECK_THAT(bare.output, Catch::Contains("--game GAME is required"));
}

TEST_CASE("as fastchess: -games 1 plays each opening once, -epdout, how games ended in standings.json", "[e2e][chess][fastchess]") {
    const auto dir = fresh_dir("games1");
    const auto epd = dir / "final.epd";
    const std::string book = std::string(ARBITER_SOURCE_DIR) + "/configs/books/chess-8ply.epd";
    // OpenBench's DATAGEN: -games 1, openings in order.
    auto run = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/fastchess' " + engines() +
                                      "-rounds 4 -games 1 -maxmoves 40 -ratinginterval 2 -openings file=" + book +
                                      " format=epd order=sequential start=1 -epdout file=final.epd --out out 2>/dev/null");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    // Standard output alone (stderr has the arbiter's own lines): fastchess's lines only.
    CHECK(arb::test::count_of(run.output, "Started game ") == 4);
    CHECK(arb::test::count_of(run.output, "Finished game ") == 4);
    // Colours alternate by round: r1 has white in games 1 and 3.
    CHECK_THAT(run.output, Catch::Contains("Started game 1 of 4 (r1 vs r2)"));
    CHECK_THAT(run.output, Catch::Contains("Started game 2 of 4 (r2 vs r1)"));
    // A block every 2 games, no pairs: no Ptnml, no PairsRatio.
    CHECK(arb::test::count_of(run.output, "Results of r1 vs r2 (10+0.1, 1t, NULL, chess-8ply.epd):") == 2);
    CHECK_THAT(run.output, Catch::Contains("Games: 4, "));
    CHECK(run.output.find("Ptnml") == std::string::npos);
    CHECK(run.output.find("PairsRatio") == std::string::npos);
    CHECK(run.output.find("nan") == std::string::npos);
    CHECK_THAT(run.output, Catch::Matches(R"([\s\S]*\nFinished match\nTotal Time: \d\d:\d\d:\d\d \(hours:minutes:seconds\)\n\n)"));
    CHECK_THAT(run.output, Catch::StartsWith("Indexing opening suite...\nStarted game 1 of 4"));
    // Each game a position of its own: 4 different openings, 4 final positions in fastchess's EPD form.
    const std::string finals = read(epd);
    CHECK(arb::test::count_of(finals, " hmvc ") == 4);
    CHECK(arb::test::count_of(finals, "; fmvn ") == 4);
    auto standings = nlohmann::json::parse(read(dir / "out/standings.json"));
    CHECK(standings["endings"]["r1"]["games"] == 4);
    CHECK(standings["endings"]["r2"]["games"] == 4);
}
