// A real USI engine from Debian (fairy-stockfish, whose default variant is
// shogi) against the generic engine (arbiter-engine, which plays any
// plugin's game) in a short tournament: a byoyomi clock, an SFEN book with
// an entering-king position (sente may declare at once) and a
// repetition-prone one (bare kings and golds), the plugin's move limit
// short. No game may end by a fault the arbiter made: every ending is the
// rules', a resignation or a move limit, and the records (games.kif,
// games.csa) hold every game. Skipped when the engine is not installed.
#include "support/programs.hpp"
#include "support/temp_dir.hpp"
#include "support/child_process.hpp"
#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace arb;

namespace {

std::string read(const std::filesystem::path &file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

size_t count(const std::string &text, const std::string &what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

}  // namespace

TEST_CASE("fairy-stockfish against the generic engine: sennichite and entering-king openings, byoyomi, no fault",
          "[e2e][shogi][usi]") {
    const std::string engine = "/usr/games/fairy-stockfish";
    if (!std::filesystem::exists(engine)) ARB_SKIP(engine << " not found (install the Debian package fairy-stockfish)");
    test::TempDir dir;
    dir.write("book.sfen",
              "# entering king: sente's king in gote's camp, ten pieces beside it, 28 points: it may declare\n"
              "sfen RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 10P 1\n"
              "# bare kings with a gold each: the kings walk to and fro\n"
              "sfen 4k4/4g4/9/9/9/9/9/4G4/4K4 b - 1\n");
    const std::string bin = arb::test::kBin;
    auto config = dir.write("shogi.yaml", "game: {id: shogi, options: {max_moves: 40}}\n"
                                          "engines:\n"
                                          "  - name: fairy-stockfish\n"
                                          "    command: " + engine + "\n"
                                          "    protocol: usi\n"
                                          "    options: {Threads: 1, Hash: 16}\n"
                                          "  - name: generic\n"
                                          "    command: " + bin + "/arbiter-engine\n"
                                          "    args: [--game, shogi, --mode, random, --seed, '5']\n"
                                          "openings: {file: book.sfen, order: sequential}\n"
                                          "tournament: {rounds: 1, games_per_pairing: 4}\n"
                                          "time_control: byoyomi=0.1\n");
    auto run = test::run_command(bin + "/arbiter run " + config.string() + " --quiet --plugin-dir " + ARBITER_PLUGIN_DIR +
                                 " --out " + (dir.path() / "out").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const std::string games = read(dir.path() / "out" / "games.jsonl");
    INFO(games);
    CHECK(count(games, "\n") == 4);
    // Every game ended by the rules (mate, sennichite, declaration, the move limit) or a resignation.
    CHECK(count(games, "\"termination\":\"game-rule\"") + count(games, "\"termination\":\"resignation\"") == 4);
    // Both openings were played, each from its own start.
    CHECK(count(games, "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 10P 1") >= 2);
    CHECK(count(games, "4k4/4g4/9/9/9/9/9/4G4/4K4 b - 1") >= 2);
    // The shogi records hold the four games.
    CHECK(count(read(dir.path() / "out" / "games.kif"), "#KIF version=2.0") == 4);
    CHECK(count(read(dir.path() / "out" / "games.csa"), "\n/\n") == 4);
}
