// The host does not trust a plugin blindly: the "Drop" plugins with planted
// defects (broken_plugins/drop_defects.cpp) against the judge, the guarded
// buffers, the plugin checker and the lazy, crash-proof plugin discovery.
// Expected texts are the broken promises as the issue words them; each
// defect is written by hand in drop_defects.cpp, so the figures (4 moves of
// 4 columns against a declared 3, a position of 11 characters in 11 bytes)
// come from there, not from the code under test.
#include "game/game_state.hpp"
#include "game/move_judge.hpp"
#include "game/plugin.hpp"
#include "plugin_tools/plugin_checker.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <mutex>

using namespace arb;

namespace {

const std::string kDropDir = ARBITER_DROP_PLUGIN_DIR;

// What a plugin logged, and what the host reported about it.
struct LogLines {
    std::mutex mutex;
    std::vector<std::string> lines;
    game::PluginLog sink() {
        return [this](const std::string &, arb_log_level, std::string_view line) {
            std::lock_guard lock(mutex);
            lines.emplace_back(line);
        };
    }
    int count(const std::string &part) {
        std::lock_guard lock(mutex);
        int n = 0;
        for (const auto &l : lines) n += l.find(part) != std::string::npos ? 1 : 0;
        return n;
    }
};

game::PluginPtr load_drop(const std::string &defect, game::PluginLog log = game::log_to_stderr) {
    auto plugin = game::Plugin::load(kDropDir + "/" + defect + "/drop.so", std::move(log));
    INFO(defect << ": " << (plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

game::GameState drop_game(const game::PluginPtr &plugin, const game::OptionList &options = {}) {
    auto state = game::GameState::create(plugin, options);
    REQUIRE(state.has_value());
    return std::move(*state);
}

void play(game::GameState &state, const std::string &text) {
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    REQUIRE(state.parse_move(text.c_str(), move, error) == ARB_OK);
    REQUIRE(state.play(move) == ARB_OK);
}

bool has_failure(const game::CheckReport &report, const std::string &part) {
    for (const auto &f : report.failures)
        if (f.find(part) != std::string::npos) return true;
    return false;
}

std::string all_failures(const game::CheckReport &report) {
    std::string text;
    for (const auto &f : report.failures) text += f + "\n";
    return text;
}

game::CheckSettings quick_check() {
    game::CheckSettings s;
    s.random_games = 6;
    s.fuzz_inputs = 200;
    return s;
}

}  // namespace

TEST_CASE("a move parse_move accepts but legal_moves does not list is illegal, the defect named once",
          "[abi][distrust]") {
    LogLines log;
    auto plugin = load_drop("full_column", log.sink());
    game::GameState state = drop_game(plugin);
    play(state, "a");
    play(state, "a");  // two rows: column a is full
    std::vector<arb_move> legal;
    REQUIRE(state.checked_legal_moves(legal));
    REQUIRE(legal == std::vector<arb_move>{1, 2, 3});
    for (int i = 0; i < 3; ++i) {
        arb_move move = ARB_MOVE_NONE;
        std::string detail;
        CHECK(game::judge_move(state, "a", legal, move, detail) == game::MoveVerdict::Illegal);
        CHECK(detail.find("the plugin's parse_move accepted it") != std::string::npos);
    }
    CHECK(log.count("parse_move accepted 'a'") == 1);  // once per run (per loaded plugin), not per move
    arb_move move = ARB_MOVE_NONE;
    std::string detail;
    CHECK(game::judge_move(state, "b", legal, move, detail) == game::MoveVerdict::Legal);
    CHECK(move == 1);
    CHECK(game::judge_move(state, "z", legal, move, detail) == game::MoveVerdict::Unparsable);
}

TEST_CASE("the honest plugin refuses the full column itself", "[abi][distrust]") {
    game::GameState state = drop_game(load_drop("honest"));
    play(state, "a");
    play(state, "a");
    std::vector<arb_move> legal;
    REQUIRE(state.checked_legal_moves(legal));
    arb_move move = ARB_MOVE_NONE;
    std::string detail;
    CHECK(game::judge_move(state, "a", legal, move, detail) == game::MoveVerdict::Illegal);
    CHECK(detail == "column 'a' is full");
}

TEST_CASE("guard regions: a plugin writing past its declared maximum is reported, not a heap corruption",
          "[abi][distrust]") {
    SECTION("max_legal_moves one too small") {
        game::GameState state = drop_game(load_drop("max_moves", nullptr));
        std::vector<arb_move> moves;
        auto listed = state.checked_legal_moves(moves);
        REQUIRE_FALSE(listed.has_value());
        CHECK(listed.error().message == "legal_moves wrote 4 moves, max_legal_moves says 3");
        CHECK(moves.empty());
        CHECK(state.legal_moves(moves) != ARB_OK);  // the unchecked form has the room too
    }
    SECTION("max_position_size without the NUL") {
        game::GameState state = drop_game(load_drop("position_nul"));
        auto position = state.checked_position();
        REQUIRE_FALSE(position.has_value());
        CHECK(position.error().message ==
              "write_position wrote past max_position_size (11 bytes); does it count the NUL?");
        CHECK(state.position().empty());
    }
}

TEST_CASE("a failing play() is an error naming the move and the status", "[abi][distrust]") {
    game::GameState state = drop_game(load_drop("play_fails"));
    play(state, "a");
    play(state, "b");
    auto played = state.checked_play(2);
    REQUIRE_FALSE(played.has_value());
    CHECK(played.error().message == "play(2) failed with ARB_ERR_INTERNAL");
}

TEST_CASE("the SDK adapter reports an exception in reset as a status and its text", "[abi][distrust][sdk]") {
    LogLines log;
    auto plugin = load_drop("reset_throws", log.sink());
    game::GameState state = drop_game(plugin);
    CHECK(state.reset() == ARB_ERR_INTERNAL);
    CHECK(log.count("reset failed: the board was lost") == 1);
}

TEST_CASE("reset keeps the rule options (the SDK example's pattern fixed)", "[abi][distrust][sdk]") {
    game::GameState state = drop_game(load_drop("honest"), {{"rows", "3"}});
    const std::string start = state.position();
    CHECK(start == "..../..../.... x");
    play(state, "c");
    REQUIRE(state.reset() == ARB_OK);
    CHECK(state.position() == start);
    game::GameState broken = drop_game(load_drop("reset_drops_options"), {{"rows", "3"}});
    play(broken, "c");
    REQUIRE(broken.reset() == ARB_OK);
    CHECK(broken.position() == "..../.... x");  // what the old tic-tac-toe pattern does to a game with options
}

TEST_CASE("a reset that forgets an option of play keeps the start text: only play shows it", "[abi][distrust][sdk]") {
    // Drop with win=three: x's a, b, c on the bottom row win (o's replies on top of them, by hand:
    // after "a a b b c" the bottom row is x x x .). The broken reset() forgets win=three, which the
    // start text does not show, so the old start-text check passed it.
    for (const char *defect : {"honest", "reset_drops_win"}) {
        INFO(defect);
        game::GameState state = drop_game(load_drop(defect), {{"win", "three"}});
        const std::string start = state.position();
        play(state, "d");
        REQUIRE(state.reset() == ARB_OK);
        CHECK(state.position() == start);
        for (const char *move : {"a", "a", "b", "b", "c"}) play(state, move);
        CHECK(state.position() == "oo../xxx. o");
        const bool forgot = std::string(defect) == "reset_drops_win";
        CHECK(state.outcome().result == (forgot ? ARB_RESULT_ONGOING : ARB_RESULT_WIN_SIDE_0));
    }
}

TEST_CASE("plugin-check names each planted defect", "[abi][distrust][checker]") {
    struct Case {
        const char *defect;
        const char *expected;
    };
    const Case cases[] = {
        {"full_column", "which is not among the legal moves"},
        {"max_moves", "legal_moves wrote 4 moves, max_legal_moves says 3"},
        {"position_nul", "write_position wrote past max_position_size (11 bytes)"},
        {"play_fails", "play(" /* the code depends on the random game */},
        {"never_ends", "no legal moves but the game is not over"},
        {"reset_throws", "reset fails"},
        {"reset_drops_options", "reset forgets the option rows=4"},
        {"reset_drops_win", "reset forgets the option win=three in play: after reset(), the moves "},
        {"diagram_past_cap", "arbiter.diagram/3 write_cells writes past the capacity with a buffer of 9 bytes for a "
                             "text of 9 characters (at ..../.... x)"},
        {"diagram_unsteady", "arbiter.diagram/3 write_cells gives another text when asked again: 'o.../....', then "
                             "'..../....'"},
        {"diagram_bad_cells", "arbiter.diagram/3 diagram cells '"},
        {"status_line_break", "arbiter.status-line/3 writes a control character in 'pieces 1\nmore'"},
        {"status_line_unsteady", "arbiter.status-line/3 write_status gives another text when asked again"},
        // The text rule of game.h, which /2 follows: *needed counts the NUL, and no buffer asks the size.
        {"status_needed_without_nul", "arbiter.status-line/3 write_status sets *needed to 8 for a text of 8 characters "
                                      "(the rule counts the NUL: 9)"},
        {"status_no_size_query", "arbiter.status-line/3 write_status with no buffer (a size query) gives no "
                                 "ARB_ERR_BUFFER and the size needed (status 0, *needed 0)"},
    };
    for (const auto &c : cases) {
        game::CheckReport report = game::check_plugin(load_drop(c.defect, nullptr), quick_check());
        INFO(c.defect << ":\n" << all_failures(report));
        CHECK_FALSE(report.ok());
        CHECK(has_failure(report, c.expected));
    }
    game::CheckReport honest = game::check_plugin(load_drop("honest"), quick_check());
    INFO(all_failures(honest));
    CHECK(honest.ok());
    CHECK(honest.games_finished == 6);
    CHECK(honest.diagrams_checked > 6);  // every position of its random games drawn
    CHECK(honest.status_lines_checked > 6);
}

TEST_CASE("plugin-check reads a diagram's cells with the drawing's characters only", "[abi][distrust][checker]") {
    // diagram_bad_cells writes side x's pieces as 'X': the start (no piece yet) passes, and the first
    // position with an x piece fails, naming the character, the cells and the position.
    game::CheckReport report = game::check_plugin(load_drop("diagram_bad_cells", nullptr), quick_check());
    INFO(all_failures(report));
    REQUIRE(report.failures.size() == 1);  // one failing position is enough: the checks stop there
    const std::string &f = report.failures[0];
    CHECK(f.find("'X' is neither the empty cell nor a piece") != std::string::npos);
    CHECK(f.find("X") < f.find("(at "));
    CHECK(f.find("x o)") == f.size() - 4);  // the position: x has played, o to move
}

TEST_CASE("plugin-check: parse_move is tried with the moves of earlier positions", "[abi][distrust][checker]") {
    game::CheckReport report = game::check_plugin(load_drop("full_column", nullptr), quick_check());
    INFO(all_failures(report));
    bool named = false;
    for (const auto &f : report.failures)
        named = named || (f.rfind("parse_move accepts '", 0) == 0 && f.find("(at ") != std::string::npos);
    CHECK(named);
}

TEST_CASE("a broken .so in a plugin folder does not break the other games", "[abi][distrust][loader]") {
    test::TempDir dir;
    std::filesystem::copy_file(std::string(ARBITER_PLUGIN_DIR) + "/tictactoe.so", dir.path() / "tictactoe.so");
    std::filesystem::copy_file(kDropDir + "/entry_segfault/drop.so", dir.path() / "crashing.so");
    dir.write("garbage.so", "not a shared library");

    game::Discovery found = game::discover_plugins({dir.path()});
    REQUIRE(found.plugins.size() == 1);
    CHECK(found.plugins[0]->id() == "tictactoe");
    REQUIRE(found.problems.size() == 2);
    std::string problems = found.problems[0] + "\n" + found.problems[1];
    INFO(problems);
    CHECK(problems.find("crashing.so: crashed while loading (it was killed by signal 11 (SIGSEGV))") !=
          std::string::npos);
    CHECK(problems.find("garbage.so: not a loadable shared library") != std::string::npos);

    auto lazy = game::find_plugin("tictactoe", {dir.path()});
    REQUIRE(lazy.has_value());
    CHECK((*lazy)->id() == "tictactoe");
    auto crashing = game::find_plugin(dir.path().string() + "/crashing.so", {});
    REQUIRE_FALSE(crashing.has_value());
    CHECK(crashing.error().message.find("SIGSEGV") != std::string::npos);
}
