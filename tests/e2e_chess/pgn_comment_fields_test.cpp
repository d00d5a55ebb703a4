// fastchess's `-pgnout nodes=true seldepth=true nps=true`, run as a chess
// user runs it: `arbiter match --game chess` between a scripted engine whose
// every search ends with the known line
//     info depth 5 seldepth 9 score cp 17 nodes 1234 nps 56789
// (a shell wrapper around the random generic engine that adds it before each
// bestmove) and the generic MCTS engine, which reports depth, score and nodes
// but never seldepth nor nps. The scripted engine's move comments are exactly
// {+0.17/5 <time>s, n=1234, sd=9, nps=56789}; the other engine's carry n= and
// nothing it did not send; games.jsonl keeps the values, --resume rebuilds the
// same games.pgn from it, and pgn-extract replays the games.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

namespace {

using arb::test::count_of;

namespace fs = std::filesystem;

using arb::test::kBin;

std::string quoted(const std::string &word) { return "'" + word + "'"; }

arb::test::Run arbiter(const std::string &args) {
    return arb::test::run_command(quoted(kBin + "/arbiter") + " " + args + " --plugin-dir " +
                                  quoted(ARBITER_PLUGIN_DIR) + " 2>&1");
}

int matches_of(const std::string &text, const std::regex &pattern) {
    return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

// The random generic engine, with the known info line before each of its bestmoves.
fs::path write_scripted_engine(const fs::path &dir) {
    const fs::path script = dir / "scripted.sh";
    std::ofstream out(script);
    out << "\"" << kBin << "/arbiter-engine\" --game chess --mode random | while IFS= read -r line; do\n"
        << "  case \"$line\" in\n"
        << "    bestmove*) echo 'info depth 5 seldepth 9 score cp 17 nodes 1234 nps 56789' ;;\n"
        << "  esac\n"
        << "  printf '%s\\n' \"$line\"\n"
        << "done\n";
    return script;
}

std::string engines(const fs::path &dir) {
    return "-engine cmd=/bin/sh name=scripted args=" + quoted(write_scripted_engine(dir).string()) +
           " -engine cmd=" + quoted(kBin + "/arbiter-engine") + " name=mcts args=\"--mode mcts --playouts 8\"";
}

}  // namespace

TEST_CASE("match -pgnout nodes=true seldepth=true nps=true writes fastchess's fields in the move comments",
          "[e2e][chess][pgn]") {
    const fs::path dir = arb::test::chess::fresh_dir("pgn-fields");
    const fs::path out = dir / "out";
    const std::string options = engines(dir) + " -each tc=10+0.1 -rounds 1 -games 2 -maxmoves 30 -pgnout file=" +
                                quoted((dir / "copy.pgn").string()) + " nodes=true seldepth=true nps=true";

    // The setting is in the model, and so in the printed config.
    auto printed = arbiter("match --game chess " + options + " --print-config --out " + quoted(out.string()));
    INFO(printed.output);
    REQUIRE(printed.exit_code == 0);
    CHECK_THAT(printed.output, Catch::Contains("  pgn:\n    nodes: true\n    seldepth: true\n    nps: true\n"));

    auto run = arbiter("match --game chess " + options + " --quiet --out " + quoted(out.string()));
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const std::string pgn = arb::test::chess::read(out / "games.pgn");
    const std::string jsonl = arb::test::chess::read(out / "games.jsonl");
    INFO(pgn);

    // Each scripted move: one JSON move with the values it sent, one comment with them in fastchess's order.
    const int scripted_moves = count_of(jsonl, "\"nps\":56789");
    CHECK(scripted_moves >= 2);  // each side moves at least once in each of the two games
    CHECK(count_of(jsonl, "\"seldepth\":9") == scripted_moves);
    CHECK(count_of(jsonl, "\"nodes\":1234,") == scripted_moves);
    CHECK(count_of(jsonl, "\"nps\":") == scripted_moves);  // the MCTS engine sent none
    const std::regex scripted_comment(R"(\{\+0\.17/5 [0-9.]+s, n=1234, sd=9, nps=56789\})");
    CHECK(matches_of(pgn, scripted_comment) == scripted_moves);
    CHECK(count_of(pgn, ", sd=") == scripted_moves);
    CHECK(count_of(pgn, ", nps=") == scripted_moves);
    // The MCTS engine's comments: score/depth, time and n= only (it sent no seldepth and no nps).
    const std::regex mcts_comment(R"(\{[+-][0-9]+\.[0-9]{2}/[0-9]+ [0-9.]+s, n=[0-9]+\})");
    CHECK(matches_of(pgn, mcts_comment) >= 2);

    // -pgnout's file holds the same games.
    CHECK(arb::test::chess::read(dir / "copy.pgn") == pgn);
    arb::test::chess::check_pgn_extract_replays(out / "games.pgn", 2);

    // --resume rebuilds games.pgn from games.jsonl: the same bytes.
    fs::remove(out / "games.pgn");
    auto resumed = arbiter("run --resume " + quoted(out.string()) + " --quiet");
    INFO(resumed.output);
    CHECK(resumed.exit_code == 0);
    CHECK(arb::test::chess::read(out / "games.pgn") == pgn);
    fs::remove_all(dir);
}

TEST_CASE("without the fields asked for, the same engines' comments stay score, depth and time", "[e2e][chess][pgn]") {
    const fs::path dir = arb::test::chess::fresh_dir("pgn-no-fields");
    const fs::path out = dir / "out";
    auto run = arbiter("match --game chess " + engines(dir) + " -each tc=10+0.1 -rounds 1 -games 1 -maxmoves 20 --quiet --out " +
                       quoted(out.string()));
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const std::string pgn = arb::test::chess::read(out / "games.pgn");
    INFO(pgn);
    CHECK(matches_of(pgn, std::regex(R"(\{\+0\.17/5 [0-9.]+s\})")) >= 1);
    CHECK(pgn.find(", n=") == std::string::npos);
    CHECK(pgn.find("sd=") == std::string::npos);
    CHECK(pgn.find("nps=") == std::string::npos);
    // games.jsonl keeps what the engine sent all the same.
    CHECK(arb::test::chess::read(out / "games.jsonl").find("\"seldepth\":9") != std::string::npos);
    fs::remove_all(dir);
}
