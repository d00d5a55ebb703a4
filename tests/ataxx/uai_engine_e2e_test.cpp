// Ataxx against a real public UAI engine: Tiktaxx by kz04px
// (https://github.com/kz04px/tiktaxx, commit 95dffff0327542c272d5c62e372534714ea3114a,
// with its submodule libataxx at 2fe5d1517c9e66fefb78cef7b3c35e5f9f1bb9ee), built
// by scripts/fetch-ataxx-engine.sh. The engine is found through
// $ARBITER_ATAXX_ENGINE or at /opt/tiktaxx/tiktaxx; without it every case
// prints "SKIPPED: ..." and ctest reports it as skipped, not passed.
//
// 1. The engine's own move generator (its 'movegen' and 'perft' commands)
//    agrees with the plugin at every position of random games, given the
//    plugin's position text as its UAI FEN and the plugin's move texts as
//    its UAI moves: the two notations are one.
// 2. The host speaks UAI to it (`arbiter check ... --protocol uai`, and a
//    gauntlet against the generic engine with no fault). This needs the UAI
//    dialect in the host; until `arbiter check --help` offers it, the case
//    is skipped and says so.
#include "ataxx/vectors.hpp"
#include "support/child_process.hpp"
#include "support/skip.hpp"
#include "support/programs.hpp"

#include <arbiter/sdk/perft.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

using namespace arb;

namespace {

using arb::test::kBin;

std::string engine_path() {
    const char *env = std::getenv("ARBITER_ATAXX_ENGINE");
    return env != nullptr && *env != '\0' ? env : "/opt/tiktaxx/tiktaxx";
}

bool engine_missing() {
    if (access(engine_path().c_str(), X_OK) == 0) return false;
    WARN("SKIPPED: no UAI Ataxx engine at " << engine_path()
                                            << " (build Tiktaxx with scripts/fetch-ataxx-engine.sh, or set "
                                               "ARBITER_ATAXX_ENGINE)");
    return true;
}

// Tiktaxx in UAI mode with a 1 MB hash, ready for commands.
class Tiktaxx {
public:
    Tiktaxx() : process_({engine_path()}) {
        process_.send("uai");
        process_.read_until("uaiok", std::chrono::seconds(20));
        process_.send("setoption name Hash value 1");
        process_.send("isready");
        process_.read_until("readyok", std::chrono::seconds(20));
    }
    ~Tiktaxx() { process_.send("quit"); }

    // The engine's legal moves after `position` ('movegen' prints "i: move"), sorted.
    std::vector<std::string> moves(const std::string &position_command) {
        process_.send(position_command);
        process_.send("movegen");
        process_.send("isready");
        std::vector<std::string> lines;
        REQUIRE(process_.wait_for("readyok", std::chrono::seconds(20), &lines).has_value());
        std::vector<std::string> out;
        for (const auto &line : lines) {
            const size_t colon = line.find(": ");
            if (colon != std::string::npos) out.push_back(line.substr(colon + 2));
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    uint64_t perft(const std::string &fen, int depth) {
        process_.send("position fen " + fen);
        process_.send("perft " + std::to_string(depth));
        const std::string line = process_.read_until("depth ", std::chrono::seconds(60));
        return std::stoull(line.substr(line.rfind(' ') + 1));
    }

private:
    test::ChildProcess process_;
};

}  // namespace

TEST_CASE("Tiktaxx's move generator agrees with the plugin in UAI text at every position of random games",
          "[e2e][ataxx][uai]") {
    if (engine_missing()) return;
    Tiktaxx engine;
    const std::vector<std::string> starts = {"x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
                                             "x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1", "7/7/7/7/4ooo/4ooo/4oox x 0 1"};
    std::mt19937 rng(18);
    int positions = 0, passes = 0, finished = 0;
    for (int game = 0; game < 12; ++game) {
        const std::string start = starts[static_cast<size_t>(game) % starts.size()];
        auto state = ataxx_test::at(start);
        std::string moves;
        for (int ply = 0; ply < 400; ++ply) {
            INFO("game " << game << " from " << start << ", moves" << moves << "; position " << state.position());
            // The move list of the plugin's FEN, and of the start FEN with the moves played.
            const auto ours = test::legal_move_texts(state);
            CHECK(engine.moves("position fen " + state.position()) == ours);
            if (ply % 8 == 0) CHECK(engine.moves("position fen " + start + " moves" + moves) == ours);
            ++positions;
            if (ours.empty()) {
                ++finished;
                break;
            }
            const auto legal = state.legal_moves();
            const arb_move m = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
            passes += state.format_move(m) == "0000";
            moves += " " + state.format_move(m);
            state.play(m);
        }
    }
    CHECK(positions > 500);
    CHECK(finished > 0);
    CHECK(passes > 0);  // the fourth start position begins with a forced pass
}

TEST_CASE("Tiktaxx's perft equals the reference vectors the plugin passes", "[e2e][ataxx][uai]") {
    if (engine_missing()) return;
    Tiktaxx engine;
    for (const auto &line : ataxx_test::read_lines("ataxx/perft.txt")) {
        const int depth = static_cast<int>(std::min<size_t>(line.words.size(), 4));
        INFO(line.position << " depth " << depth);
        CHECK(engine.perft(line.position, depth) == std::stoull(line.words[static_cast<size_t>(depth - 1)]));
    }
}

TEST_CASE("arbiter checks Tiktaxx over UAI and plays a gauntlet against the generic engine with no fault",
          "[e2e][ataxx][uai]") {
    if (engine_missing()) return;
    const auto help = test::run_command(kBin + "/arbiter check --help");
    if (help.output.find("uai") == std::string::npos) {
        ARB_SKIP("this arbiter does not speak UAI yet (arbiter check --help names no 'uai')");
    }
    const std::string plugins = std::string(" --plugin-dir ") + ARBITER_PLUGIN_DIR;
    auto check = test::run_command(kBin + "/arbiter check --game ataxx" + plugins + " --engine '" + engine_path() +
                                   "' --protocol uai --margin 1000");  // a loaded CI machine: Tiktaxx uses all of movetime
    INFO(check.output);
    CHECK(check.exit_code == 0);

    const auto dir = std::filesystem::temp_directory_path() / ("arbiter-tiktaxx-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    {
        std::ofstream config(dir / "gauntlet.yaml");
        config << "event: Tiktaxx gauntlet\n"
                  "game: {id: ataxx}\n"
                  "engines:\n"
                  "  - name: tiktaxx\n"
                  "    command: " << engine_path() << "\n"
                  "    protocol: uai\n"
                  "    options: {Hash: 8}\n"
                  "  - name: mcts-300\n"
                  "    command: " << kBin << "/arbiter-engine\n"
                  "    args: [--game, ataxx, --plugin-dir, " << ARBITER_PLUGIN_DIR << ", --mode, mcts, --playouts, \"300\", --seed, \"1\"]\n"
                  "tournament: {type: gauntlet, rounds: 2, games_per_pairing: 2, seed: 1}\n"
                  "concurrency: 2\n"
                  "time_control: 10+0.1\n";
    }
    auto run = test::run_command(kBin + "/arbiter run " + (dir / "gauntlet.yaml").string() + plugins +
                                 " --quiet --out " + (dir / "out").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    std::ifstream games(dir / "out" / "games.jsonl");
    int played = 0;
    for (std::string line; std::getline(games, line);) {
        if (line.empty()) continue;
        const auto game = nlohmann::json::parse(line);
        INFO(line);
        const std::string termination = game["termination"].get<std::string>();
        CHECK((termination == "game-rule" || termination == "max-plies"));  // no engine fault
        ++played;
    }
    CHECK(played == 4);
    std::filesystem::remove_all(dir);
}
