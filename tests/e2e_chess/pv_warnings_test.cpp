// PV checks end to end (docs/config.md, "pv_checks"): the mock engine
// reports a PV the rules refuse and a bestmove that is not its PV's first
// move; the fastchess layout prints fastchess's warnings for both, games.jsonl
// and the standings count them per engine. -pgnout match_line= copies an
// engine's matching line into the move's PGN comment.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>

namespace {

using arb::test::kBin;
using arb::test::chess::fresh_dir;
using arb::test::chess::read;

// A plays e2e4 with the PV e2e4 e7e5 e1e8 (the king on e1 cannot reach e8);
// B answers e7e5 with the PV d7d5: one ply each (-maxmoves 1), one game.
std::string mock_match(const std::string &extra) {
    const std::string mock = "'" + kBin + "/arbiter-mock-engine'";
    return "-engine cmd=" + mock + " name=A args=\"--game chess --bestmove e2e4 --info 'info depth 2 score cp 10 pv e2e4 e7e5 e1e8'\" " +
           "-engine cmd=" + mock + " name=B args=\"--game chess --bestmove e7e5 --info 'info depth 2 score cp 5 pv d7d5'\" " +
           "-each tc=10+0.1 -rounds 1 -games 1 -maxmoves 1 " + extra;
}

}  // namespace

TEST_CASE("PV warnings in fastchess's words, counted in games.jsonl and the standings", "[e2e][chess][pv]") {
    const auto dir = fresh_dir("pv-warnings");
    auto run = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/fastchess' " + mock_match("-testEnv") +
                                      " --out out 2>/dev/null");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    // fastchess's lines (match.cpp, verifyPvLines): the parts joined by " :: " under -testEnv, the
    // moves those played before the search.
    CHECK_THAT(run.output, Catch::Contains("Warning; Illegal PV move - move e1e8 from A :: Info; info depth 2 score cp 10 "
                                           "pv e2e4 e7e5 e1e8 :: Position; startpos :: Moves; \n"));
    CHECK_THAT(run.output, Catch::Contains("Warning; Bestmove does not match beginning of last PV - move e7e5 from B :: "
                                           "Info; info depth 2 score cp 5 pv d7d5 :: Position; startpos :: Moves; e2e4\n"));
    CHECK(arb::test::count_of(run.output, "Warning;") == 2);
    const auto record = nlohmann::json::parse(read(dir / "out" / "games.jsonl"));
    CHECK(record.at("pv_warnings") == nlohmann::json::array({1, 1}));
    const auto standings = nlohmann::json::parse(read(dir / "out" / "standings.json"));
    CHECK(standings.at("endings").at("A").at("pv_warnings") == 1);
    CHECK(standings.at("endings").at("B").at("pv_warnings") == 1);
    CHECK_THAT(read(dir / "out" / "standings.txt"), Catch::Contains("rules  pv-warnings\n"));
}

TEST_CASE("PV warnings: one part a line without -testEnv, none at -pv-checks off", "[e2e][chess][pv]") {
    const auto dir = fresh_dir("pv-off");
    auto lines = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/fastchess' " + mock_match("") +
                                        " --out lines 2>/dev/null");
    REQUIRE(lines.exit_code == 0);
    CHECK_THAT(lines.output, Catch::Contains("Warning; Illegal PV move - move e1e8 from A\nInfo; info depth 2 score cp 10 "
                                             "pv e2e4 e7e5 e1e8\nPosition; startpos\nMoves; \n"));
    auto off = arb::test::run_command("cd '" + dir.string() + "' && '" + kBin + "/fastchess' " +
                                      mock_match("-pv-checks off") + " --out off 2>/dev/null");
    INFO(off.output);
    REQUIRE(off.exit_code == 0);
    CHECK(arb::test::count_of(off.output, "Warning;") == 0);
    CHECK_FALSE(nlohmann::json::parse(read(dir / "off" / "games.jsonl")).contains("pv_warnings"));
    // No warnings: the table is the one without the column.
    CHECK_THAT(read(dir / "off" / "standings.txt"), Catch::Contains("max-moves  rules\n"));
}

TEST_CASE("match_line= of -pgnout: the move's last matching line in its PGN comment and games.jsonl", "[e2e][chess][pgn]") {
    const auto dir = fresh_dir("match-line");
    const std::string mock = "'" + kBin + "/arbiter-mock-engine'";
    auto run = arb::test::run_command(
        "cd '" + dir.string() + "' && '" + kBin + "/fastchess' -engine cmd=" + mock +
        " name=A args=\"--game chess --bestmove e2e4 --info 'info string hash 3' --info 'info string hash 5'\" -engine cmd=" +
        mock + " name=B args=\"--game chess --bestmove e7e5\" -each tc=10+0.1 -rounds 1 -games 1 -maxmoves 1 " +
        "-pgnout file=g.pgn 'match_line=hash \\d' --out out 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    // The last of A's two matching lines; B printed none: its comment has no line=.
    // (The time in the comment is the search's, 0s or a few ms.)
    const std::string pgn = read(dir / "g.pgn");
    CHECK_THAT(pgn, Catch::Contains("s, line=\"info string hash 5\"} e5 {+0.00/1 "));
    CHECK(arb::test::count_of(pgn, "line=") == 1);
    const auto record = nlohmann::json::parse(read(dir / "out" / "games.jsonl"));
    CHECK(record.at("moves").at(0).at("lines") == nlohmann::json::array({"info string hash 5"}));
    CHECK_FALSE(record.at("moves").at(1).contains("lines"));
    // pgn-extract reads the comment and replays the game ("1 game matched", singular for one).
    const std::string tool = arb::test::chess::pgn_extract();
    if (tool.empty()) return;
    auto check = arb::test::run_command(tool + " -r '" + (dir / "g.pgn").string() + "' 2>&1");
    INFO(check.output);
    CHECK_THAT(check.output, Catch::Contains("1 game matched out of 1."));
}
