// A 1.0, a 1.1 and a 1.2 plugin in real games: `arbiter play` between two
// arbiter-engine processes, each engine loading the same plugin file.
//
// The C test plugin's only move for the second player is a pass written
// "skip". The 1.1 build marks it ARB_MOVE_PASS, so the arbiter plays it
// without asking the engine; the 1.0 build cannot say so, so the engine is
// asked and plays it itself. Neither depends on the text "pass".
#include "support/cli_output.hpp"
#include "support/process_scan.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using arb::test::field;

using arb::test::kBin;

arb::test::Run play_c_game(const std::string &dir, const std::string &file, const std::string &id) {
    const std::string engine = kBin + "/arbiter-engine --mode random --plugin-dir " + dir + " --game " + id;
    return arb::test::run_command(kBin + "/arbiter play --game " + dir + "/" + file + " --tc 5+0.1 --engine '" +
                                  engine + " --seed 1' --engine '" + engine + " --seed 2'");
}

}  // namespace

TEST_CASE("a 1.0 plugin plays a whole game on the 1.1 host, its pass asked of the engine", "[e2e][abi][compat]") {
    auto run = play_c_game(ARBITER_ABI_1_0_PLUGIN_DIR, "c_plugin_abi_1_0.so", "cgame10");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "moves") == "go skip");
    CHECK(field(run.output, "termination") == "game-rule");
    CHECK(field(run.output, "result").rfind("1-0", 0) == 0);
    CHECK(field(run.output, "reason") == "the first player moved");
    CHECK(run.output.find("(forced pass)") == std::string::npos);
}

TEST_CASE("a 1.1 plugin's pass is played by the arbiter because the plugin marks it", "[e2e][abi][compat]") {
    auto run = play_c_game(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_v0.so", "cgame");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "moves") == "go skip");
    CHECK(field(run.output, "result").rfind("1-0", 0) == 0);
    CHECK(run.output.find("2. p2 skip (forced pass)") != std::string::npos);
}

TEST_CASE("a move text longer than 31 characters crosses the arbiter and the engines whole", "[e2e][abi][compat]") {
    auto run = play_c_game(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_long.so", "cgamelong");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "moves") == "go-on-with-a-move-text-longer-than-31-characters skip");
    CHECK(field(run.output, "termination") == "game-rule");
}

TEST_CASE("a 1.1 plugin from the frozen 1.1 headers plays a whole game on the 1.2 host", "[e2e][abi][compat]") {
    auto run = play_c_game(ARBITER_ABI_1_1_PLUGIN_DIR, "c_plugin_abi_1_1.so", "cgame11");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    CHECK(field(run.output, "moves") == "go skip");
    CHECK(field(run.output, "termination") == "game-rule");
    CHECK(field(run.output, "result").rfind("1-0", 0) == 0);
    CHECK(run.output.find("2. p2 skip (forced pass)") != std::string::npos);  // its 1.1 move properties are read
}

TEST_CASE("arbiter plugin-check passes the frozen 1.0 and 1.1 plugins and the 1.2 build, naming the revision checked",
          "[e2e][abi][compat][checker]") {
    struct Case {
        std::string file, abi, status_line;
    };
    const std::vector<Case> cases{
        {std::string(ARBITER_ABI_1_0_PLUGIN_DIR) + "/c_plugin_abi_1_0.so", "game ABI 1.0", ""},
        {std::string(ARBITER_ABI_1_1_PLUGIN_DIR) + "/c_plugin_abi_1_1.so", "game ABI 1.1", "(arbiter.status-line/1)"},
        {std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/c_plugin_v0.so", "game ABI 1.2", "(arbiter.status-line/2)"},
    };
    for (const auto &c : cases) {
        auto run = arb::test::run_command(kBin + "/arbiter plugin-check " + c.file + " --games 4 --fuzz 200");
        INFO(c.file << ":\n" << run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find(c.abi) != std::string::npos);
        CHECK(run.output.find(" 0 failed;") != std::string::npos);
        if (!c.status_line.empty()) CHECK(run.output.find(" status lines " + c.status_line) != std::string::npos);
        else CHECK(run.output.find(" status lines ") == std::string::npos);
    }
}
