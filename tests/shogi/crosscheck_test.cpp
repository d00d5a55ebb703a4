// The legal moves of thousands of positions against an independent
// implementation: shogiops (lishogi's rules library, npm), which the
// fixture shogi_shogiops_setup installs under the build folder
// (tests/shogi/CMakeLists.txt, pinned). The positions come from seeded
// random games from the start, every handicap, and published positions
// full of drops and promotions; each is compared as its SFEN, without
// history (shogiops knows none), and the declaration `win` is left out
// (shogiops does not list it as a move).
#include "vectors.hpp"

#include "support/child_process.hpp"
#include "support/skip.hpp"
#include "tournament/temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace arb;

namespace {

const std::string kNpmDir = std::string(ARBITER_BUILD_DIR) + "/npm-shogiops";
const std::string kScript = std::string(ARBITER_SOURCE_DIR) + "/tests/shogi/shogiops_moves.mjs";

std::string joined_moves(const game::GameState &state) {
    std::string out;
    for (const std::string &m : test::legal_move_texts(state)) {
        if (m == "win") continue;
        if (!out.empty()) out += ' ';
        out += m;
    }
    return out;
}

// Positions of random games, each at most `plies` long, from `start`.
void collect(std::vector<std::string> &out, const game::GameState &base, const std::string &start, int games, int plies,
             std::mt19937 &random) {
    for (int g = 0; g < games; ++g) {
        game::GameState state = base;
        if (!start.empty()) REQUIRE(state.set_position(start).has_value());
        for (int ply = 0; ply < plies && !state.over(); ++ply) {
            out.push_back(state.position());
            const auto moves = state.legal_moves();
            state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(random)]);
        }
    }
}

}  // namespace

TEST_CASE("shogi legal moves equal shogiops' at thousands of random positions", "[shogi][crosscheck]") {
    if (test::run_command("command -v node").exit_code != 0) ARB_SKIP("node is not installed (the cross-check runs shogiops under node)");
    if (!std::filesystem::exists(kNpmDir + "/node_modules/shogiops/package.json"))
        ARB_SKIP("shogiops is not installed in " << kNpmDir << " (the fixture shogi_shogiops_setup installs it with npm; no npm, or no registry?)");

    std::mt19937 random(31);
    std::vector<std::string> positions;
    const game::GameState even = test::new_game("shogi");
    collect(positions, even, "", 12, 150, random);
    for (const char *handicap : {"lance", "bishop", "rook", "two-piece", "four-piece", "six-piece", "ten-piece"})
        collect(positions, test::new_game("shogi", {{"handicap", handicap}}), "", 2, 100, random);
    for (const auto &v : test::shogi::perft_vectors()) collect(positions, even, v.sfen, 3, 40, random);
    // The rule edges' positions: uchifuzume, forced promotions, drop limits, a pin.
    for (const char *sfen : {"8k/6G2/9/7N1/9/9/9/9/4K4 b P 1", "4k4/6P2/8L/7N1/5P3/9/9/9/4K4 b - 1",
                             "1k7/9/9/9/9/9/9/9/1K7 b NLP 1", "1k7/9/9/9/9/9/9/9/1K7 w nlp 1",
                             "k3r4/9/9/9/9/9/9/4G4/4K4 b - 1", "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 10P 1"})
        positions.emplace_back(sfen);
    REQUIRE(positions.size() >= 3000);

    test::TempDir dir;
    std::string sfens;
    for (const auto &p : positions) sfens += p + '\n';
    const auto in = dir.write("sfens.txt", sfens);
    const auto out = dir.path() / "moves.txt";
    auto run = test::run_command("node '" + kScript + "' '" + kNpmDir + "' < '" + in.string() + "' > '" + out.string() + "'");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);

    std::ifstream theirs(out);
    std::string line;
    size_t compared = 0, differ = 0;
    std::ostringstream report;
    game::GameState state = even;
    for (const auto &sfen : positions) {
        REQUIRE(std::getline(theirs, line));
        REQUIRE(state.set_position(sfen).has_value());
        const std::string ours = joined_moves(state);
        ++compared;
        if (ours != line && ++differ <= 5) report << sfen << "\n  ours:     " << ours << "\n  shogiops: " << line << "\n";
    }
    INFO(report.str());
    CHECK(compared == positions.size());
    CHECK(differ == 0);
}
