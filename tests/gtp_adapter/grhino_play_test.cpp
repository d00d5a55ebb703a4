// `arbiter play` with GRhino (through arbiter-gtp-adapter) against the
// generic engine arbiter-engine, both colours: the game must finish by the
// rules (no illegal move, crash or timeout), and the printed moves must
// replay in the Othello plugin to the printed final position and score.
#include "support/child_process.hpp"
#include "support/plugins.hpp"
#include "support/skip.hpp"
#include "support/programs.hpp"

#include <map>
#include <sstream>

using namespace arb;

namespace {

const std::string kGrhino = "/usr/games/gtp-rhino";

std::string bin(const std::string &program) { return arb::test::kBin + "/" + program; }

// Runs arbiter play and returns "key: value" summary lines by key.
std::map<std::string, std::string> play(const std::string &engine1, const std::string &engine2, std::string &log) {
    test::ChildProcess arbiter({bin("arbiter"), "play", "--game", "othello", "--plugin-dir", ARBITER_PLUGIN_DIR,
                                "--engine", engine1, "--engine", engine2, "--tc", "30+0.5", "--quiet"});
    std::map<std::string, std::string> summary;
    while (auto line = arbiter.read_line()) {
        log += *line + "\n";
        size_t colon = line->find(": ");
        if (colon != std::string::npos) summary[line->substr(0, colon)] = line->substr(colon + 2);
    }
    INFO(log);
    CHECK(arbiter.exit_code() == 0);
    return summary;
}

void check_finished_by_the_rules(const std::map<std::string, std::string> &summary, const std::string &log) {
    INFO(log);
    REQUIRE(summary.count("moves"));
    REQUIRE(summary.count("final position"));
    CHECK(summary.at("termination") == "game-rule");
    auto state = test::new_game("othello");
    std::istringstream moves(summary.at("moves"));
    for (std::string m; moves >> m;) test::play_text(state, m);
    CHECK(state.over());
    CHECK(state.position() == summary.at("final position"));
    arb_outcome o = state.outcome();
    CHECK(summary.at("score") == std::to_string(o.score[0]) + "-" + std::to_string(o.score[1]));
    CHECK(summary.at("reason") == o.reason);
}

}  // namespace

TEST_CASE("arbiter play: GRhino via the adapter against arbiter-engine finishes legally", "[e2e][gtp_adapter]") {
    if (access(kGrhino.c_str(), X_OK) != 0) {
        ARB_SKIP("gtp-rhino not found at " << kGrhino << " (install the Debian package grhino)");
    }
    const std::string grhino = bin("arbiter-gtp-adapter") + " -- " + kGrhino + " --level=1";
    const std::string generic = bin("arbiter-engine") + " --game othello --plugin-dir " + ARBITER_PLUGIN_DIR +
                                " --mode mcts --playouts 200 --seed 5";
    std::string log;
    SECTION("GRhino plays black") {
        auto summary = play(grhino, generic, log);
        check_finished_by_the_rules(summary, log);
    }
    SECTION("GRhino plays white") {
        auto summary = play(generic, grhino, log);
        check_finished_by_the_rules(summary, log);
    }
}
