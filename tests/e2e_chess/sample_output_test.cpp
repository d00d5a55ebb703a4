// -sample (output.sample) end to end: two mock engines with scripted scores
// play chess; every engine move becomes one line of the sample file, with
// the score its engine said and the game's result from the mover's side.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

namespace {

using arb::test::chess::fresh_dir;
using arb::test::chess::read;

using arb::test::kBin;

std::string mock_engines(const std::string &game) {
    const std::string mock = "'" + kBin + "/arbiter-mock-engine'";
    return "-engine cmd=" + mock + " name=m1 args=\"--game " + game + " --seed 1 --scores 11,22,33\" -engine cmd=" +
           mock + " name=m2 args=\"--game " + game + " --seed 2 --scores -5,-6\" -each tc=10+0.1 ";
}

using arb::test::lines_of;

}  // namespace

TEST_CASE("sample output: each engine move's position, its engine's score, the result from the mover's side", "[e2e][chess][sample]") {
    const auto dir = fresh_dir("sample");
    auto run = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/arbiter' match --game chess " +
                                      mock_engines("chess") +
                                      "-rounds 1 -games 2 -maxmoves 6 -sample file=s.csv freq=1 --out out 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const auto rows = lines_of(read(dir / "s.csv"));
    // Game 1: m1 (white) says 11, 22, 33, m2 -5, -6, -5 in turn, from the start position.
    REQUIRE(rows.size() >= 5);
    CHECK(rows[0].rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,11,", 0) == 0);
    CHECK(rows[1].find(" b KQkq - 0 1,-5,") != std::string::npos);
    CHECK(rows[2].find(",22,") != std::string::npos);
    CHECK(rows[3].find(",-6,") != std::string::npos);
    CHECK(rows[4].find(",33,") != std::string::npos);
    // One line per engine move of games.jsonl, in order, with its cp and the result for the side that moved.
    size_t row = 0;
    std::istringstream jsonl(read(dir / "out/games.jsonl"));
    for (std::string line; std::getline(jsonl, line);) {
        const auto game = nlohmann::json::parse(line);
        const std::string result = game["result"];
        int side = 0;
        for (const auto &m : game["moves"]) {
            REQUIRE(row < rows.size());
            const std::string mover_result = result == "1/2-1/2" ? "1" : (result == "1-0") == (side == 0) ? "2" : "0";
            const std::string tail = "," + std::to_string(m["cp"].get<int>()) + "," + mover_result;
            INFO(rows[row]);
            CHECK(rows[row].size() > tail.size());
            CHECK(rows[row].compare(rows[row].size() - tail.size(), tail.size(), tail) == 0);
            ++row;
            side = 1 - side;
        }
    }
    CHECK(row == rows.size());
    CHECK(row > 0);
}

TEST_CASE("sample output, quiet=y: refused for a game whose plugin does not say capture and check", "[e2e][sample]") {
    const auto dir = fresh_dir("sample-quiet");
    auto run = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/arbiter' match --game tictactoe " +
                                      mock_engines("tictactoe") + "-rounds 1 -sample file=s.csv quiet=y --out out 2>&1");
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("arbiter.move-properties/2"));
    // c-chess-cli's words that are not done here say so.
    auto bin = arb::test::run_command("'" + kBin + "/arbiter' match --game chess " + mock_engines("chess") +
                                      "-sample file=s.bin format=bin resolve=y 2>&1");
    CHECK(bin.exit_code == 2);
    CHECK_THAT(bin.output, Catch::Contains("only format=csv") && Catch::Contains("quiet=y leaves"));
}
