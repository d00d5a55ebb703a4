// The plugin checker's near-miss fuzz of parse_move
// (plugin_tools/plugin_checker_near_miss.hpp) against Breakthrough
// (broken_plugins/breakthrough.cpp) with the parse bugs an author outside
// the tree really had: a straight step that takes ("a2xa3" onto an enemy
// piece) and a target two columns away ("a2xc3"). Without the rule edge that
// names the first, both passed every earlier check (232,603 checks of the
// default plugin-check). The near misses expected below are written by hand
// from the slips the header lists.
#include "plugin_tools/plugin_checker.hpp"
#include "plugin_tools/plugin_checker_near_miss.hpp"
#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <regex>
#include <set>

using namespace arb;

namespace {

const std::string kBreakthroughDir = ARBITER_BREAKTHROUGH_PLUGIN_DIR;

game::PluginPtr load_breakthrough(const std::string &build) {
    auto plugin = game::Plugin::load(kBreakthroughDir + "/" + build + "/breakthrough.so");
    INFO(build << ": " << (plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

// The slip that made `text` from `of`, or "" when it is not among the near misses.
std::string slip_of(const std::vector<game::NearMiss> &misses, const std::string &text, const std::string &of) {
    for (const auto &m : misses)
        if (m.text == text && m.of == of) return m.slip;
    return "";
}

bool produced(const std::vector<game::NearMiss> &misses, const std::string &text) {
    return std::any_of(misses.begin(), misses.end(), [&](const game::NearMiss &m) { return m.text == text; });
}

std::string all_failures(const game::CheckReport &report) {
    std::string text;
    for (const auto &f : report.failures) text += f + "\n";
    return text;
}

// The failures that are near misses parse_move accepted, with the move text.
const std::regex kAccepted(
    "parse_move accepts '([a-h])([1-8])(x?)([a-h])([1-8])' \\(code [0-9]+\\), which is not among the legal moves: "
    "a near miss of the legal move '[a-h][1-8]x?[a-h][1-8]' \\([a-z ]+\\) \\(at [WB./]+ [wb]\\)");

}  // namespace

TEST_CASE("near misses: a square moved to a neighbour, a capture mark added or dropped, a promotion changed",
          "[abi][checker][near_miss]") {
    auto misses = game::near_misses({"b2xa3", "e7e8q", "pass", "d3"});
    CHECK(slip_of(misses, "a2xa3", "b2xa3") == "a square changed");
    CHECK(slip_of(misses, "b2xa4", "b2xa3") == "a square changed");
    CHECK(slip_of(misses, "b2a3", "b2xa3") == "the capture mark dropped");
    CHECK(slip_of(misses, "b2-a3", "b2xa3") == "the capture mark changed");
    CHECK(slip_of(misses, "a2a3", "b2xa3") == "a square changed and the capture mark dropped");
    CHECK(slip_of(misses, "e7xe8q", "e7e8q") == "a capture mark added");
    CHECK(slip_of(misses, "e7e8n", "e7e8q") == "the promotion letter changed");
    CHECK(slip_of(misses, "e7e8", "e7e8q") == "the promotion letter dropped");
    CHECK(slip_of(misses, "c4", "d3") == "a square changed");
    // Column 'a' has no left neighbour, row 1 none below; "pass" has no square.
    CHECK_FALSE(produced(misses, "b2x`3"));
    CHECK_FALSE(produced(misses, "b0xa3"));
    for (const auto &m : misses) CHECK(m.of != "pass");

    // A legal text is never its neighbour's near miss, and each comes once.
    auto both = game::near_misses({"a2a3", "a2b3"});
    CHECK_FALSE(produced(both, "a2b3"));
    CHECK_FALSE(produced(both, "a2a3"));
    std::set<std::string> once;
    for (const auto &m : both) CHECK(once.insert(m.text).second);
    // Each joint mark, alone and with a square slip.
    CHECK(produced(both, "a2xa3"));
    CHECK(produced(both, "b2xa3"));
    CHECK(produced(both, "a2:b3"));
}

TEST_CASE("the near-miss fuzz finds a parse_move that accepts a straight capture", "[abi][checker][near_miss]") {
    game::CheckReport report = game::check_plugin(load_breakthrough("straight_capture"));
    INFO(all_failures(report));
    REQUIRE_FALSE(report.ok());
    int straight = 0;
    for (const auto &failure : report.failures) {
        std::smatch m;
        REQUIRE(std::regex_search(failure, m, kAccepted));
        CHECK(m[1] == m[4]);   // the same column: a straight step
        CHECK(m[3] == "x");    // that takes: the bug; a straight step to an empty square is legal
        ++straight;
    }
    CHECK(straight > 0);
}

TEST_CASE("the near-miss fuzz finds a parse_move that accepts a square two columns away", "[abi][checker][near_miss]") {
    game::CheckReport report = game::check_plugin(load_breakthrough("wrong_square"));
    INFO(all_failures(report));
    REQUIRE_FALSE(report.ok());
    for (const auto &failure : report.failures) {
        std::smatch m;
        REQUIRE(std::regex_search(failure, m, kAccepted));
        const int columns_apart = std::abs(m.str(1)[0] - m.str(4)[0]);
        CHECK(columns_apart >= 2);
    }
}

TEST_CASE("a rule edge that parse_move accepts with an unlisted code is not called a legal move",
          "[abi][checker][near_miss]") {
    game::CheckReport report = game::check_plugin(load_breakthrough("straight_capture_edges"));
    // a2 is square 8 and a3 square 16 of breakthrough.cpp's codes (from * 64 + to): 8 * 64 + 16.
    const std::string expected =
        "rule edge 1 (no-straight-capture): must not play 'a2xa3', but parse_move accepts it as code 528, which is "
        "not among the legal moves (at BBBBBBBB/.BBBBBBB/......../......../......../B......./WWWWWWWW/WWWWWWWW w)";
    INFO(all_failures(report));
    CHECK(std::find(report.failures.begin(), report.failures.end(), expected) != report.failures.end());
}

TEST_CASE("the honest Breakthrough passes, its near misses all refused", "[abi][checker][near_miss]") {
    auto plugin = load_breakthrough("honest");
    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.near_misses_checked > 10000);
    CHECK(report.rule_edges_checked == 1);
    // 8x8: 16 white pieces, the 8 of the front row step forward: 2 at the edges, 3 elsewhere.
    auto state = game::GameState::create(plugin);
    REQUIRE(state.has_value());
    CHECK(state->legal_moves().size() == 2 * 2 + 6 * 3);
}

TEST_CASE("the shipped plugins refuse the near misses of their moves", "[abi][checker][near_miss]") {
    // chess has promotions ("e7e8q") and Ataxx jumps ("a1c3"): both kinds of slip are tried.
    for (const char *id : {"chess", "ataxx", "othello", "gess", "baghchal", "tictactoe"}) {
        game::CheckSettings settings;
        settings.random_games = 4;
        settings.max_plies = 200;
        settings.fuzz_inputs = 200;
        game::CheckReport report = game::check_plugin(test::load_plugin(id), settings);
        INFO(id);
        for (const auto &failure : report.failures) FAIL_CHECK(failure);
        CHECK(report.near_misses_checked > 100);
    }
}
