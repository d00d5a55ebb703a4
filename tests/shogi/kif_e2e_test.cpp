// The KIF records arbiter writes for shogi (games.kif, plugins/shogi/kif.cpp)
// read back by an independent reader, tsshogi (the record library of the
// ShogiHome GUI, npm, installed by the fixture shogi_shogiops_setup): the
// same start, the same moves, and the ending in KIF's words. The games come
// from a match whose book has a handicap start, positions with hands and a
// line after which the mock engine breaks nifu (a forfeit, 反則負け).
#include "support/child_process.hpp"
#include "support/skip.hpp"
#include "tournament/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace arb;

namespace {

const std::string kBin = ARBITER_BIN_DIR;
const std::string kNpmDir = std::string(ARBITER_BUILD_DIR) + "/npm-shogiops";
const std::string kScript = std::string(ARBITER_SOURCE_DIR) + "/tests/shogi/tsshogi_kif.mjs";
const std::string kEven = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

std::vector<std::string> lines_of(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    return out;
}

// An SFEN without its move number: tsshogi starts a record's moves at 1.
std::string board_of(const std::string &sfen) { return sfen.substr(0, sfen.rfind(' ')); }

// What tsshogi's special move should be, from the game's JSONL line.
std::string expected_special(const nlohmann::json &game) {
    const std::string termination = game["termination"], reason = game["reason"];
    if (termination == "illegal-move") return "foulLose";
    if (reason.rfind("sennichite", 0) == 0) return "repetitionDraw";
    if (reason.rfind("the maximum of", 0) == 0) return "impass";
    if (reason.find(" mates") != std::string::npos) return "mate";
    return "?" + termination + ": " + reason;
}

}  // namespace

TEST_CASE("shogi KIF records read back by tsshogi: start, moves and ending", "[e2e][shogi][records]") {
    if (test::run_command("command -v node").exit_code != 0) ARB_SKIP("node is not installed (tsshogi reads the records under node)");
    if (!std::filesystem::exists(kNpmDir + "/node_modules/tsshogi/package.json"))
        ARB_SKIP("tsshogi is not installed in " << kNpmDir << " (the fixture shogi_shogiops_setup installs it with npm; no npm, or no registry?)");

    test::TempDir dir;
    const auto book = dir.write("book.txt",
                                "2g2f 8c8d 2f2e 8d8e 2e2d 8e8f 2d2c+ 8f8g+\n"
                                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1\n"
                                "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n"
                                "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91\n");
    const auto out = dir.path() / "match";
    auto run = test::run_command(kBin + "/arbiter match --game shogi --option max_moves=160 -engine cmd=" + kBin +
                                 "/arbiter-engine name=random 'args=--game shogi --mode random --seed 7' -engine cmd=" +
                                 kBin + "/arbiter-mock-engine name=mock 'args=--game shogi --misbehave ignore-rule=nifu'" +
                                 " -each tc=10+0.1 -games 2 -rounds 4 -openings file=" + book.string() +
                                 " order=sequential --out " + out.string() + " 2>&1");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    auto read = test::run_command("node '" + kScript + "' '" + kNpmDir + "' < '" + (out / "games.kif").string() + "' 2>&1");
    INFO(read.output);
    REQUIRE(read.exit_code == 0);

    const std::vector<std::string> games = lines_of(out / "games.jsonl");
    std::vector<std::string> records;
    std::istringstream lines(read.output);
    for (std::string line; std::getline(lines, line);) records.push_back(line);
    REQUIRE(games.size() == 8);
    REQUIRE(records.size() == games.size());
    int forfeits = 0, handicaps = 0;
    for (size_t i = 0; i < games.size(); ++i) {
        const auto game = nlohmann::json::parse(games[i]);
        const auto record = nlohmann::json::parse(records[i]);
        INFO("game " << i + 1 << ": " << records[i]);
        REQUIRE_FALSE(record.contains("error"));
        const std::string start = game["opening_position"];
        std::string expected = start == kEven ? "position startpos" : "position sfen " + board_of(start) + " 1";
        std::string moves;
        for (const auto &m : game["opening_moves"]) moves += " " + m.get<std::string>();
        for (const auto &m : game["moves"]) moves += " " + m["move"].get<std::string>();
        if (!moves.empty()) expected += " moves" + moves;
        CHECK(record["usi"] == expected);
        CHECK(record["special"] == expected_special(game));
        forfeits += record["special"] == "foulLose" ? 1 : 0;
        handicaps += start.find("lnsgkgsn1/") == 0 ? 1 : 0;
    }
    CHECK(forfeits >= 1);  // the mock's nifu after the book's first line
    CHECK(handicaps == 2);
    // The lance handicap is named, the others drawn as a board.
    std::ifstream kif(out / "games.kif");
    const std::string text((std::istreambuf_iterator<char>(kif)), std::istreambuf_iterator<char>());
    CHECK(text.find("手合割：香落ち\n下手：") != std::string::npos);
    CHECK(text.find("後手の持駒：金　銀　桂　歩五\n") != std::string::npos);  // matsuri: gote holds g s n 5p
}
