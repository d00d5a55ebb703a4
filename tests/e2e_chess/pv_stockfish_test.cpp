// Stockfish (Debian's package) at fishtest's -check-mate-pvs: its PVs' moves
// pass the chess plugin's judgement in 4 games at a fixed node count. Debian's
// Stockfish (15.1) cuts mating PVs short (a "score mate -11" line with 11
// plies), which fastchess reports too: the only warning allowed is
// "Incomplete mating PV", and each one's line is checked here by counting
// its words. Without Stockfish the case says SKIPPED.
#include "e2e_chess/chess_e2e_support.hpp"
#include "support/child_process.hpp"
#include "support/cli_output.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <regex>
#include <sstream>

namespace {

// The number of plies a "score mate N" PV takes (N > 0: 2N-1, else -2N) and the PV's length in `line`.
std::pair<long, long> mate_plies_and_pv(const std::string &line) {
    std::smatch m;
    REQUIRE(std::regex_search(line, m, std::regex(R"(score mate (-?\d+))")));
    const long n = std::stol(m[1].str());
    const size_t pv = line.find(" pv ", static_cast<size_t>(m.position(0)));
    const size_t end = line.find(" :: Position", pv);
    REQUIRE(pv != std::string::npos);
    REQUIRE(end != std::string::npos);
    std::istringstream words(line.substr(pv + 4, end - pv - 4));
    long size = 0;
    for (std::string w; words >> w;) ++size;
    return {n > 0 ? 2 * n - 1 : -2 * n, size};
}

}  // namespace

TEST_CASE("stockfish at -check-mate-pvs: no PV warning but its short mating PVs", "[e2e][chess][stockfish][pv]") {
    const std::string sf = arb::test::chess::find_program({"/usr/games/stockfish", "/usr/bin/stockfish"});
    if (sf.empty()) {
        ARB_SKIP("stockfish is not installed (apt-get install stockfish)");
    }
    const auto dir = arb::test::chess::fresh_dir("pv-stockfish");
    const std::string book = std::string(ARBITER_SOURCE_DIR) + "/configs/books/chess-8ply.epd";
    auto run = arb::test::run_command(
        "cd '" + dir.string() + "' && '" + arb::test::kBin + "/fastchess' -engine cmd=" + sf + " name=sf1 -engine cmd=" +
        sf + " name=sf2 -each proto=uci tc=inf nodes=20000 option.Hash=16 -rounds 2 -games 2 -check-mate-pvs -testEnv " +
        "-openings file=" + book + " format=epd order=sequential --out out 2>/dev/null");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(arb::test::count_of(run.output, "Finished game") == 4);
    long warnings = 0;
    for (const auto &line : arb::test::lines_of(run.output)) {
        if (line.rfind("Warning;", 0) != 0) continue;
        ++warnings;
        INFO(line);
        REQUIRE(line.rfind("Warning; Incomplete mating PV - from sf", 0) == 0);
        const auto [plies, size] = mate_plies_and_pv(line);
        CHECK(size < plies);
    }
    // games.jsonl counts what was printed.
    std::istringstream records(arb::test::chess::read(dir / "out" / "games.jsonl"));
    long counted = 0;
    int games = 0;
    for (std::string line; std::getline(records, line); ++games) {
        const auto j = nlohmann::json::parse(line);
        if (j.contains("pv_warnings")) counted += j["pv_warnings"][0].get<long>() + j["pv_warnings"][1].get<long>();
    }
    CHECK(games == 4);
    CHECK(counted == warnings);
}
