// output.engine_stderr: per-game (and `arbiter match -engine-stderr per-game`): each game's
// engines' stderr in engine-stderr/game-<N>-<engine>.txt, only the lines of that game (an
// engine reused across games too), named in the game's games.jsonl line; a crashing engine's
// last words are in its file.
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace arb;
namespace fs = std::filesystem;

namespace {

using arb::test::kArbiter;
using arb::test::kMock;

// The mock's --stderr-each-go line: "go N (game G, its go M)", G counting its new-game words.
struct GoLine {
    int game = 0, go_in_game = 0;
};

std::vector<GoLine> go_lines(const std::vector<std::string> &lines) {
    static const std::regex kGo(R"(go \d+ \(game (\d+), its go (\d+)\))");
    std::vector<GoLine> out;
    std::smatch m;
    for (const auto &line : lines)
        if (std::regex_match(line, m, kGo)) out.push_back({std::stoi(m[1]), std::stoi(m[2])});
    return out;
}

int run(const test::TempDir &dir, const std::vector<std::string> &args) {
    std::vector<std::string> argv{kArbiter};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--plugin-dir", ARBITER_PLUGIN_DIR});
    const fs::path log = dir.path() / "log.txt";
    test::ChildProcess child(argv, log);
    const auto code = child.exit_code(std::chrono::seconds(60));
    INFO(test::read_file(log.string()));
    REQUIRE(code);
    return *code;
}

}  // namespace

TEST_CASE("engine_stderr per-game: each game's engines' stderr in its own files, named in games.jsonl",
          "[e2e][records][stderr]") {
    test::TempDir dir;
    // "one" plays all four games in one process (reused); "two/x" crashes at its sixth go overall
    // (in game 2 at the latest: tic-tac-toe gives each side at most 5 moves), is restarted, and
    // crashes again at the restarted process's sixth go.
    auto engine = [](const std::string &name, const std::string &extra) {
        return "  - {name: \"" + name + "\", command: \"" + kMock + "\", args: [--game, tictactoe, --stderr-each-go" +
               extra + ", --plugin-dir, \"" + ARBITER_PLUGIN_DIR + "\"]}\n";
    };
    std::ofstream(dir.path() / "c.yaml") << "event: stderr\ngame: tictactoe\nengines:\n" << engine("one", "")
                                         << engine("two/x", ", --misbehave, crash, --at-move, \"6\"")
                                         << "tournament: {rounds: 1, games_per_pairing: 4, seed: 5}\nconcurrency: 1\n"
                                            "time_control: 20+0.2\noutput: {engine_stderr: per-game}\n";
    const fs::path out = dir.path() / "out";
    REQUIRE(run(dir, {"run", (dir.path() / "c.yaml").string(), "--out", out.string(), "-q"}) == 0);

    std::istringstream records(test::read_file((out / "games.jsonl").string()));
    std::set<int> games_of_one;
    int crashes = 0, games = 0;
    for (std::string line; std::getline(records, line);) {
        const auto j = nlohmann::json::parse(line);
        if (!j.contains("index")) continue;
        ++games;
        const int number = j["index"].get<int>() + 1;
        REQUIRE(j.contains("stderr_files"));
        const auto files = j["stderr_files"].get<std::vector<std::string>>();
        CHECK(files.size() == 2);
        for (const auto &file : files) {
            INFO(file);
            // The engine's name cannot make a path: its '/' is a '_'.
            CHECK(file.rfind("engine-stderr/game-" + std::to_string(number) + "-", 0) == 0);
            CHECK(file.find('/', std::string("engine-stderr/").size()) == std::string::npos);
            const auto lines = test::lines_of(test::read_file((out / file).string()));
            const auto gos = go_lines(lines);
            REQUIRE_FALSE(gos.empty());
            // Only this game's lines, all of them: one game of the engine's, its goes from 1 on.
            for (size_t k = 0; k < gos.size(); ++k) {
                CHECK(gos[k].game == gos[0].game);
                CHECK(gos[k].go_in_game == static_cast<int>(k) + 1);
            }
            if (file.find("-one.txt") != std::string::npos) games_of_one.insert(gos[0].game);
            if (j["termination"] == "crash" && file.find("two_x") != std::string::npos) {
                ++crashes;
                CHECK(lines.back() == "arbiter-mock-engine: crashing on go 6 (exit status 3)");
            }
        }
    }
    CHECK(games == 4);
    CHECK(crashes >= 1);
    // One process for "one": its games 1 to 4, one per file.
    CHECK(games_of_one == std::set<int>{1, 2, 3, 4});
}

TEST_CASE("match -engine-stderr per-game keeps the games' engine stderr, and without it there is none",
          "[e2e][match][stderr]") {
    test::TempDir dir;
    const std::string engines = "-engine cmd=" + kMock + " name=A args=\"--game tictactoe --stderr-each-go\" -engine cmd=" +
                                kMock + " name=B args=\"--game tictactoe --stderr-each-go\"";
    auto arbiter = [&](const std::string &args) {
        return test::run_command("'" + kArbiter + "' match --game tictactoe " + engines + " -each tc=10+0.1 -rounds 1 " +
                                 args + " --plugin-dir '" + ARBITER_PLUGIN_DIR + "'");
    };
    const auto with = arbiter("-engine-stderr per-game --out '" + (dir.path() / "with").string() + "'");
    INFO(with.output);
    REQUIRE(with.exit_code == 0);
    CHECK(fs::exists(dir.path() / "with" / "engine-stderr" / "game-1-A.txt"));
    CHECK(fs::exists(dir.path() / "with" / "engine-stderr" / "game-1-B.txt"));
    const auto without = arbiter("--out '" + (dir.path() / "without").string() + "'");
    REQUIRE(without.exit_code == 0);
    CHECK_FALSE(fs::exists(dir.path() / "without" / "engine-stderr"));
    CHECK(test::read_file((dir.path() / "without" / "games.jsonl").string()).find("stderr_files") == std::string::npos);
    const auto bad = arbiter("-engine-stderr always --out '" + (dir.path() / "bad").string() + "'");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Catch::Contains("-engine-stderr"));
}
