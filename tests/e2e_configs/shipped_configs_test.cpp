// The ready-to-run configs in configs/ (the README's demo among them) run
// as shipped: every game is played and recorded, and the standings are
// written. One round each keeps the suite fast.
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

using arb::test::kBin;
const std::string kConfigs = std::string(ARBITER_SOURCE_DIR) + "/configs";

size_t count_lines(const std::filesystem::path &file) {
    std::ifstream in(file);
    size_t n = 0;
    for (std::string line; std::getline(in, line);) n += !line.empty();
    return n;
}

bool sanitized_build() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#else
    return false;
#endif
}

}  // namespace

TEST_CASE("every shipped config runs to the end", "[e2e][configs]") {
    std::vector<std::string> configs;
    for (const auto &entry : std::filesystem::directory_iterator(kConfigs))
        if (entry.path().extension() == ".yaml") configs.push_back(entry.path().filename().string());
    std::sort(configs.begin(), configs.end());
    REQUIRE(configs.size() >= 4);  // one per shipped game at least

    auto out_root = std::filesystem::temp_directory_path() / ("arbiter-configs-" + std::to_string(::getpid()));
    for (const auto &config : configs) {
        // The searching games are slow under the sanitizers: there they are
        // left to the Release run.
        bool slow_game = config.rfind("gess", 0) == 0 || config.rfind("baghchal", 0) == 0 || config.rfind("chess", 0) == 0;
        if (config.find("grhino") != std::string::npos && !std::filesystem::exists("/usr/games/gtp-rhino")) {
            WARN("gtp-rhino is not installed: " << config << " not run");
            continue;
        }
        if (config.find("ntest") != std::string::npos && !std::filesystem::exists("/opt/ntest/run/ntest")) {
            WARN("NTest is not built in /opt/ntest/run: " << config << " not run");
            continue;
        }
        if (config.find("tiktaxx") != std::string::npos && !std::filesystem::exists("/opt/tiktaxx/tiktaxx")) {
            WARN("Tiktaxx is not built in /opt/tiktaxx (scripts/fetch-ataxx-engine.sh): " << config << " not run");
            continue;
        }
        if (config.find("stockfish") != std::string::npos && !std::filesystem::exists("/usr/games/stockfish")) {
            WARN("stockfish is not installed: " << config << " not run");
            continue;
        }
        if (sanitized_build() && slow_game) continue;
        auto out = out_root / config;
        // Stockfish at 10+0.1 thinks for seconds a move: here it plays a
        // fixed node count instead, which tests the same config in moments.
        const std::string faster = config.find("stockfish") != std::string::npos ? " --tc nodes=4000" : "";
        auto run = arb::test::run_command(kBin + "/arbiter run " + kConfigs + "/" + config +
                                          " --quiet --rounds 1" + faster + " --out " + out.string());
        INFO(config << "\n" << run.output);
        REQUIRE(run.exit_code == 0);
        auto standings = nlohmann::json::parse(std::ifstream(out / "standings.json"));
        REQUIRE(standings["table"].contains("engines"));
        size_t games = count_lines(out / "games.jsonl");
        CHECK(games > 0);
        double points = 0;
        int played = 0;
        for (const auto &engine : standings["table"]["engines"]) {
            points += engine["points"].get<double>();
            played += engine["games"].get<int>();
        }
        CHECK(played == static_cast<int>(2 * games));      // each game counts for both engines
        CHECK(points == static_cast<double>(games));       // one point per game
        CHECK(std::filesystem::file_size(out / "games.pgn") > 0);
    }
    std::filesystem::remove_all(out_root);
}
