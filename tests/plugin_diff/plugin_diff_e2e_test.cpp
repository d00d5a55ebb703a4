// `arbiter plugin-diff` as a user runs it: exit codes (0 agree, 1 differ,
// 2 usage), the text report and the --json object, on the SDK's tic-tac-toe
// and the planted differences of tests/plugin_diff/tictactoe_bits.cpp.
#include "support/child_process.hpp"
#include "support/programs.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace arb;

namespace {

using arb::test::kBin;
const std::string kSdk = std::string(ARBITER_PLUGIN_DIR) + "/tictactoe.so";

std::string bits(const std::string &variant) { return std::string(ARBITER_TTT_DIFF_DIR) + "/" + variant + "/tictactoe.so"; }

test::Run plugin_diff(const std::string &arguments) {
    return test::run_command("timeout 60 " + kBin + "/arbiter plugin-diff " + arguments + " 2>&1");
}

}  // namespace

TEST_CASE("arbiter plugin-diff: two agreeing tic-tac-toe plugins exit 0", "[e2e][plugin_diff]") {
    auto run = plugin_diff(kSdk + " " + bits("honest") + " --games 30 --depth 3");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("agree: 30 games, ") != std::string::npos);
    CHECK(run.output.find("perft divides of depth 3") != std::string::npos);
}

TEST_CASE("arbiter plugin-diff: a forbidden corner exits 1 with both move lists and the moves to it",
          "[e2e][plugin_diff]") {
    auto run = plugin_diff(kSdk + " " + bits("corner_after_centre"));
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("DIFFER at ply 1 of game 1: the legal moves differ\n") != std::string::npos);
    CHECK(run.output.find("moves from the start: b2\n") != std::string::npos);
    CHECK(run.output.find("A: moves a1 a2 a3 b1 b3 c1 c2 c3\n") != std::string::npos);
    CHECK(run.output.find("B: moves a2 a3 b1 b3 c1 c2 c3\n") != std::string::npos);
    CHECK(run.output.find("  b2  A 8  B 7\n") != std::string::npos);
}

TEST_CASE("arbiter plugin-diff --json: a stable object for tools", "[e2e][plugin_diff]") {
    auto run = test::run_command("timeout 60 " + kBin + "/arbiter plugin-diff --json " + kSdk + " " +
                                 bits("draw_as_win") + " --seed 7 --games 40");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    const auto j = nlohmann::json::parse(run.output);
    CHECK(j.at("agree") == false);
    CHECK(j.at("a").at("id") == "tictactoe");
    CHECK(j.at("b").at("file") == bits("draw_as_win"));
    CHECK(j.at("seed") == 7);
    CHECK(j.at("games") == 40);
    CHECK(j.at("depth") == 2);
    const auto &d = j.at("difference");
    CHECK(d.at("kind") == "outcome");
    CHECK(d.at("ply") == 9);
    CHECK(d.at("moves").size() == 9);
    CHECK(d.at("a") == nlohmann::json::array({"draw (board full)"}));
    CHECK(d.at("b") == nlohmann::json::array({"win for x (full)"}));
    CHECK(d.at("found_by") == "walk");
    CHECK(d.at("perft").is_null());

    auto agree = test::run_command("timeout 60 " + kBin + "/arbiter plugin-diff --json " + kSdk + " " + bits("honest"));
    INFO(agree.output);
    CHECK(agree.exit_code == 0);
    const auto k = nlohmann::json::parse(agree.output);
    CHECK(k.at("agree") == true);
    CHECK(k.at("difference").is_null());
    CHECK(k.at("games_disagreeing") == 0);
}

TEST_CASE("arbiter plugin-diff: other move texts and a missing rule are each found", "[e2e][plugin_diff]") {
    auto text = plugin_diff(kSdk + " " + bits("upper_case_centre"));
    INFO(text.output);
    CHECK(text.exit_code == 1);
    CHECK(text.output.find("DIFFER at ply 0 of game 1: the legal moves differ\n") != std::string::npos);
    CHECK(text.output.find("moves from the start: (none: the start position)\n") != std::string::npos);
    CHECK(text.output.find("B: moves B2 a1 a2 a3 b1 b3 c1 c2 c3\n") != std::string::npos);

    auto rule = plugin_diff(kSdk + " " + bits("plays_on_after_line"));
    INFO(rule.output);
    CHECK(rule.exit_code == 1);
    CHECK(rule.output.find(": the outcomes differ\n") != std::string::npos);
    CHECK(rule.output.find("\nB: ongoing\n") != std::string::npos);
}

TEST_CASE("arbiter plugin-diff: usage errors exit 2 and say why", "[e2e][plugin_diff]") {
    struct Case {
        std::string arguments;
        std::string expected;
    };
    const Case cases[] = {
        {kSdk, "give two plugins, A and B"},
        {kSdk + " " + bits("honest") + " --games 0", "arbiter plugin-diff: --games must be in 1..100000, got 0"},
        {kSdk + " " + bits("honest") + " --depth 9", "arbiter plugin-diff: --depth must be in 0..6, got 9"},
        {kSdk + " " + bits("honest") + " --option rows", "--option takes name=value, not 'rows'"},
        {kSdk + " " + bits("honest") + " --option rows=3", "rows"},
        {kSdk + " othello", "A is the game 'tictactoe' and B is 'othello'; pass --allow-different-ids"},
    };
    for (const auto &c : cases) {
        auto run = plugin_diff(c.arguments);
        INFO(c.arguments << "\n" << run.output);
        CHECK(run.exit_code == 2);
        CHECK(run.output.find(c.expected) != std::string::npos);
    }
    auto help = plugin_diff("--help");
    INFO(help.output);
    CHECK(help.exit_code == 0);
    CHECK(help.output.find("--allow-different-ids") != std::string::npos);
    CHECK(help.output.find("exit status: 0 the plugins agree, 1 they differ") != std::string::npos);

    // Told to compare other games anyway, the two differ from the start.
    auto different = plugin_diff(kSdk + " othello --allow-different-ids --games 1");
    INFO(different.output);
    CHECK(different.exit_code == 1);
    CHECK(different.output.find("DIFFER at ply 0 of game 1") != std::string::npos);
}

TEST_CASE("arbiter plugin-diff: a difference at a rule edge names the edge and the position its moves start from",
          "[e2e][plugin_diff][rule_edges]") {
    auto run = plugin_diff(kSdk + " " + bits("edge_only") + " --games 1 --depth 0");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("DIFFER at ply 0 of B's rule edge 1 (c3-blocked): the legal moves differ\n") !=
          std::string::npos);
    CHECK(run.output.find("from the position: X.O.X.O.. X\nmoves from there: (none)\n") != std::string::npos);
    CHECK(run.output.find("A: moves b1 c2 b3 a2 c3\n") == std::string::npos);  // sorted texts, not board order
    CHECK(run.output.find("A: moves a2 b1 b3 c2 c3\n") != std::string::npos);
    CHECK(run.output.find("B: moves a2 b1 b3 c2\n") != std::string::npos);
    CHECK(run.output.find("0 of 1 games and 1 of 1 rule edges disagree") != std::string::npos);
    auto json = plugin_diff(kSdk + " " + bits("edge_only") + " --games 1 --depth 0 --json");
    const auto j = nlohmann::json::parse(json.output);
    CHECK(j["edges"] == 1);
    CHECK(j["difference"]["edge"] == "B's rule edge 1 (c3-blocked)");
    CHECK(j["difference"]["start_position"] == "X.O.X.O.. X");
}
