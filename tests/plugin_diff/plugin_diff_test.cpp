// game::diff_plugins: the SDK's tic-tac-toe against a second one written in
// tests/plugin_diff/tictactoe_bits.cpp (other bit layout, other move codes),
// honest and with planted differences, each of which must be found at the
// position where it first shows.
#include "plugin_tools/plugin_diff.hpp"

#include "support/plugins.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace arb;

namespace {

const std::string kDiffDir = ARBITER_TTT_DIFF_DIR;

game::PluginPtr load_file(const std::string &file) {
    auto plugin = game::Plugin::load(file);
    INFO(file << ": " << (plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

game::PluginPtr bits(const std::string &variant) { return load_file(kDiffDir + "/" + variant + "/tictactoe.so"); }

game::DiffReport diff(const game::PluginPtr &a, const game::PluginPtr &b, game::DiffSettings settings = {}) {
    auto report = game::diff_plugins(a, b, settings);
    INFO((report ? std::string() : report.error().message));
    REQUIRE(report.has_value());
    return *report;
}

// A tic-tac-toe position text ("XXXOO.... O") has a line of three of one mark.
bool has_line(const std::string &position) {
    static constexpr int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto &l : lines) {
        const char c = position[static_cast<size_t>(l[0])];
        if (c != '.' && c == position[static_cast<size_t>(l[1])] && c == position[static_cast<size_t>(l[2])])
            return true;
    }
    return false;
}

bool contains(const std::vector<std::string> &texts, const std::string &text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
}

}  // namespace

TEST_CASE("plugin diff: the SDK's tic-tac-toe and an independent one agree", "[plugin_diff]") {
    const auto sdk = test::load_plugin("tictactoe");
    const auto honest = bits("honest");
    REQUIRE(sdk->id() == honest->id());
    REQUIRE(sdk->file() != honest->file());  // two libraries of one id, loaded side by side
    game::DiffSettings settings;
    settings.games = 100;
    settings.perft_depth = 3;
    const auto report = diff(sdk, honest, settings);
    CHECK(report.agree());
    CHECK(report.games == 100);
    CHECK(report.games_disagreeing == 0);
    // A game lasts 5 to 9 plies: 6 to 10 positions each, perft at plies 0, 4 and 8.
    CHECK(report.positions >= 600);
    CHECK(report.positions <= 1000);
    CHECK(report.perft_positions >= 200);
    CHECK(report.perft_positions <= 300);
}

TEST_CASE("plugin diff: a line of three that does not end the game is found where the line is made",
          "[plugin_diff]") {
    const auto report = diff(test::load_plugin("tictactoe"), bits("plays_on_after_line"));
    REQUIRE_FALSE(report.agree());
    const game::Difference &d = *report.difference;
    CHECK(d.kind == game::DiffKind::Outcome);
    CHECK(d.position_a == d.position_b);
    CHECK(has_line(d.position_a));
    CHECK(d.moves.size() >= 5);  // the first line can be made at ply 5
    REQUIRE(d.a.size() == 1);
    REQUIRE(d.b.size() == 1);
    CHECK(d.a[0].rfind("win for ", 0) == 0);
    CHECK(d.b[0] == "ongoing");
    // The sequence reaches the position: replayed in the SDK plugin, the line comes with its last move.
    auto replay = test::new_game("tictactoe");
    for (size_t i = 0; i < d.moves.size(); ++i) {
        CHECK_FALSE(has_line(replay.position()));
        test::play_text(replay, d.moves[i]);
    }
    CHECK(replay.position() == d.position_a);
}

TEST_CASE("plugin diff: a corner forbidden once the centre is taken is found after b2, by perft",
          "[plugin_diff]") {
    const auto report = diff(test::load_plugin("tictactoe"), bits("corner_after_centre"));
    REQUIRE_FALSE(report.agree());
    const game::Difference &d = *report.difference;
    CHECK(d.kind == game::DiffKind::Moves);
    CHECK(d.moves == std::vector<std::string>{"b2"});  // the shortest way to the difference
    CHECK(d.position_a == "....X.... O");
    CHECK(d.a == std::vector<std::string>{"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"});
    CHECK(d.b == std::vector<std::string>{"a2", "a3", "b1", "b3", "c1", "c2", "c3"});
    // Found by the perft divide at the start (depth 2): after b2, 8 replies in A and 7 in B (by hand).
    REQUIRE(d.perft_ply.has_value());
    CHECK(*d.perft_ply == 0);
    CHECK(d.perft_depth == 2);
    REQUIRE(d.divide.size() == 1);
    CHECK(d.divide[0].move == "b2");
    CHECK(d.divide[0].count_a == 8);
    CHECK(d.divide[0].count_b == 7);
}

TEST_CASE("plugin diff: without perft the walk itself finds the forbidden corner", "[plugin_diff]") {
    game::DiffSettings settings;
    settings.perft_depth = 0;
    const auto report = diff(test::load_plugin("tictactoe"), bits("corner_after_centre"), settings);
    REQUIRE_FALSE(report.agree());
    const game::Difference &d = *report.difference;
    CHECK(d.kind == game::DiffKind::Moves);
    CHECK_FALSE(d.perft_ply.has_value());
    CHECK(report.perft_positions == 0);
    CHECK(contains(d.moves, "b2"));
    CHECK_FALSE(contains(d.moves, "a1"));
    CHECK(contains(d.a, "a1"));
    CHECK_FALSE(contains(d.b, "a1"));
    CHECK(d.a.size() == d.b.size() + 1);
}

TEST_CASE("plugin diff: a full board reported as a win is found at the ninth ply", "[plugin_diff]") {
    const auto report = diff(test::load_plugin("tictactoe"), bits("draw_as_win"));
    REQUIRE_FALSE(report.agree());
    const game::Difference &d = *report.difference;
    CHECK(d.kind == game::DiffKind::Outcome);
    CHECK(d.moves.size() == 9);
    CHECK(d.position_a.find('.') == std::string::npos);
    CHECK_FALSE(has_line(d.position_a));
    CHECK(d.a == std::vector<std::string>{"draw (board full)"});
    CHECK(d.b == std::vector<std::string>{"win for x (full)"});
}

TEST_CASE("plugin diff: another text for one move is found at the start", "[plugin_diff]") {
    const auto report = diff(test::load_plugin("tictactoe"), bits("upper_case_centre"));
    REQUIRE_FALSE(report.agree());
    const game::Difference &d = *report.difference;
    CHECK(d.kind == game::DiffKind::Moves);
    CHECK(d.moves.empty());
    CHECK(d.position_a == "......... X");
    CHECK(contains(d.a, "b2"));
    CHECK(contains(d.b, "B2"));
    CHECK_FALSE(contains(d.b, "b2"));
    CHECK(report.games_disagreeing == report.games);  // every game starts there
}

TEST_CASE("plugin diff: the same seed gives the same walk, another seed another", "[plugin_diff]") {
    const auto a = test::load_plugin("tictactoe");
    const auto b = bits("plays_on_after_line");
    game::DiffSettings settings;
    settings.games = 3;
    const auto first = diff(a, b, settings);
    const auto again = diff(a, b, settings);
    REQUIRE(first.difference.has_value());
    REQUIRE(again.difference.has_value());
    CHECK(first.difference->moves == again.difference->moves);
    CHECK(first.positions == again.positions);
}

TEST_CASE("plugin diff: options go to both plugins, and options neither takes are an error", "[plugin_diff]") {
    const auto honest = test::load_plugin("tictactoe");
    game::DiffSettings settings;
    settings.options = {{"rows", "3"}};
    auto refused = game::diff_plugins(honest, bits("honest"), settings);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message.find("rows") != std::string::npos);

    // Drop with win=three, whose reset() forgets it: the walks never reset, so the two agree,
    // and the option reaches both (a game under win=three ends in fewer plies than one of 8).
    const std::string drop_dir = ARBITER_DROP_PLUGIN_DIR;
    const auto drop = load_file(drop_dir + "/honest/drop.so");
    const auto drop_forgets = load_file(drop_dir + "/reset_drops_win/drop.so");
    settings.options = {{"win", "three"}};
    settings.games = 20;
    const auto report = diff(drop, drop_forgets, settings);
    CHECK(report.agree());
    CHECK(report.positions < 20 * 9);  // without the option, every game fills the 8 cells: 9 positions
}

TEST_CASE("plugin diff: a difference in one position that random games miss is found at B's rule edge there",
          "[plugin_diff][rule_edges]") {
    // edge_only forbids c3 only at "X.O.X.O.. X" (x on a1 b2, o on c1 a3), the
    // one position its rule edge lists; one random game without perft passes by.
    game::DiffSettings settings;
    settings.games = 1;
    settings.perft_depth = 0;
    const auto report = diff(test::load_plugin("tictactoe"), bits("edge_only"), settings);
    REQUIRE_FALSE(report.agree());
    CHECK(report.edges == 1);
    CHECK(report.edges_disagreeing == 1);
    CHECK(report.games_disagreeing == 0);
    const game::Difference &d = *report.difference;
    CHECK(d.game == -1);
    CHECK(d.edge == "B's rule edge 1 (c3-blocked)");
    CHECK(d.start_position == "X.O.X.O.. X");
    CHECK(d.moves.empty());
    CHECK(d.kind == game::DiffKind::Moves);
    CHECK(contains(d.a, "c3"));
    CHECK_FALSE(contains(d.b, "c3"));
    CHECK(d.a.size() == 5);  // the five empty squares
    CHECK(d.b.size() == 4);
}

TEST_CASE("plugin diff: Othello against itself walks its 8 rule edges and agrees", "[plugin_diff][rule_edges]") {
    game::DiffSettings settings;
    settings.games = 2;
    const auto othello = test::load_plugin("othello");
    const auto report = diff(othello, othello, settings);
    CHECK(report.agree());
    CHECK(report.edges == 8);  // plugins/othello/rule_edges.cpp; B's are the same, walked once
    // Each edge's moves are compared before a random game from there: more positions than the 2 games alone.
    CHECK(report.positions > 8);
}
