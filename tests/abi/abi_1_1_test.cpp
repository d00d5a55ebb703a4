// ABI 1.1 through the host's loader: a genuine 1.0 plugin (the C test plugin
// compiled against the frozen 1.0 header) keeps working, the new functions
// and extensions of every plugin of the build behave as game.h says, and a
// plugin writes nothing past the arb_outcome an older host gives it.
#include "plugin_tools/plugin_checker.hpp"
#include "support/plugins.hpp"

#include <arbiter/ext/move_properties.h>
#include <arbiter/ext/position_hash.h>
#include <arbiter/ext/record_format.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>

using namespace arb;

namespace {

std::string in_dir(const char *dir, const std::string &name) { return std::string(dir) + "/" + name; }

game::PluginPtr load_file(const std::string &file) {
    auto plugin = game::Plugin::load(file);
    INFO((plugin ? std::string() : plugin.error().message));
    REQUIRE(plugin.has_value());
    return *plugin;
}

game::GameState new_state(const game::PluginPtr &plugin) {
    auto state = game::GameState::create(plugin);
    REQUIRE(state.has_value());
    return std::move(*state);
}

// Number of stones ('X' or 'O') in a Gess position text, counted from the
// text itself rather than by the plugin.
int stones_in(const std::string &position) {
    return static_cast<int>(std::count_if(position.begin(), position.end(), [](char c) { return c == 'X' || c == 'O'; }));
}

}  // namespace

TEST_CASE("a 1.0 plugin loads and plays to the end on the 1.1 host", "[abi][abi11][compat]") {
    auto plugin = load_file(in_dir(ARBITER_ABI_1_0_PLUGIN_DIR, "c_plugin_abi_1_0.so"));
    const arb_game_api &api = plugin->api();
    CHECK(api.abi_minor == 0);
    CHECK(api.struct_size == offsetof(arb_game_api, get_extension) + sizeof(void *));  // 200 on LP64: the 1.0 table
    CHECK_FALSE(ARB_API_HAS(&api, max_move_text_size));
    CHECK_FALSE(ARB_API_HAS(&api, create_ex));
    // What the host assumes for fields the plugin does not have.
    CHECK(plugin->max_move_text_size() == ARB_MOVE_TEXT_SIZE);
    CHECK(plugin->move_properties() == nullptr);
    CHECK(plugin->position_hash() == nullptr);

    auto state = new_state(plugin);
    std::vector<arb_move> moves;
    REQUIRE(state.legal_moves(moves) == ARB_OK);
    REQUIRE(moves.size() == 1);
    CHECK(state.format_move(moves[0]) == "go");
    CHECK(state.move_flags(moves[0]) == 0);  // no extension: not a pass, maybe reversible
    CHECK_FALSE(state.hash().has_value());
    test::play_text(state, "go");
    game::GameState copy = state;  // clone
    copy = state;                    // assign (the 1.0 function)
    CHECK(copy.position() == "moved");
    test::play_text(state, "skip");
    REQUIRE(state.legal_moves(moves) == ARB_OK);
    CHECK(moves.empty());
    CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(state.reset() == ARB_OK);
    CHECK(state.position() == "start");

    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.games_finished == game::CheckSettings{}.random_games);
}

TEST_CASE("a 1.1 plugin logs through the host, with its own path and the game's seed", "[abi][abi11][host]") {
    std::mutex mutex;
    std::vector<std::string> lines;
    const std::string file = in_dir(ARBITER_ABI_1_1_PLUGIN_DIR, "c_plugin_abi_1_1.so");  // the frozen 1.1 build
    auto loaded = game::Plugin::load(file, [&](const std::string &id, arb_log_level level, std::string_view line) {
        std::lock_guard lock(mutex);
        lines.push_back(id + " " + std::to_string(level) + " " + std::string(line));
    });
    REQUIRE(loaded.has_value());
    const game::PluginPtr &plugin = *loaded;
    CHECK(plugin->api().abi_minor == 1);
    CHECK(std::string(plugin->host().plugin_path) == std::filesystem::absolute(file).lexically_normal().string());
    auto state = game::GameState::create(plugin, {}, 42);
    REQUIRE(state.has_value());
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "cgame11 1 created with seed 42 from " + std::string(plugin->host().plugin_path));
}

TEST_CASE("a move text longer than 31 characters passes whole through the host", "[abi][abi11][move-text]") {
    const std::string go = "go-on-with-a-move-text-longer-than-31-characters";  // as c_plugin_long spells it
    REQUIRE(go.size() > ARB_MOVE_TEXT_SIZE);
    auto plugin = load_file(in_dir(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_long.so"));
    CHECK(plugin->max_move_text_size() == 64);
    auto state = new_state(plugin);
    auto moves = state.legal_moves();
    REQUIRE(moves.size() == 1);
    CHECK(state.format_move(moves[0]) == go);
    test::play_text(state, go);
    CHECK(state.position() == "moved");
    game::CheckReport report = game::check_plugin(plugin);
    for (const auto &failure : report.failures) FAIL_CHECK(failure);
}

TEST_CASE("a 1.1 table with a null function in its 1.1 part is refused", "[abi][abi11][loader]") {
    auto plugin = game::Plugin::load(in_dir(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_v4.so"));
    REQUIRE_FALSE(plugin.has_value());
    CHECK(plugin.error().message.find("null entries (ABI 1.1 part)") != std::string::npos);
}

TEST_CASE("legal_moves_ex tells a finished game from a too small buffer", "[abi][abi11]") {
    auto state = test::new_game("tictactoe");
    const arb_game_api &api = state.api();
    REQUIRE(ARB_API_HAS(&api, legal_moves_ex));
    arb_move moves[9];
    int32_t count = -1;
    CHECK(api.legal_moves_ex(state.raw(), moves, 9, &count) == ARB_OK);
    CHECK(count == 9);
    CHECK(api.legal_moves_ex(state.raw(), moves, 8, &count) == ARB_ERR_BUFFER);
    CHECK(count == 0);
    for (const char *m : {"a1", "a2", "b1", "b2", "c1"}) test::play_text(state, m);
    count = -1;
    CHECK(api.legal_moves_ex(state.raw(), moves, 9, &count) == ARB_OK);
    CHECK(count == 0);  // over, and said so without an error
    CHECK(api.reset_ex(state.raw()) == ARB_OK);
    CHECK(state.position() == "......... X");
}

TEST_CASE("no plugin writes past the arb_outcome.struct_size of an older host", "[abi][abi11][outcome]") {
    std::vector<game::PluginPtr> plugins;
    for (const char *id : {"tictactoe", "othello", "baghchal", "gess", "ataxx"}) plugins.push_back(test::load_plugin(id));
    plugins.push_back(load_file(in_dir(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_v0.so")));
    std::mt19937 rng(5);
    for (const auto &plugin : plugins) {
        // A finished game, so that every field has something to write.
        auto state = new_state(plugin);
        std::vector<arb_move> moves;
        for (int ply = 0; ply < 2000 && state.legal_moves(moves) == ARB_OK && !moves.empty(); ++ply)
            state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
        const arb_outcome full = state.outcome();
        INFO(plugin->id() << " at " << state.position());
        REQUIRE(full.result != ARB_RESULT_ONGOING);
        const uint32_t sizes[] = {4, offsetof(arb_outcome, has_score), offsetof(arb_outcome, score),
                                  offsetof(arb_outcome, reason), offsetof(arb_outcome, reason) + 5};
        for (uint32_t size : sizes) {
            unsigned char bytes[sizeof(arb_outcome)];
            std::memset(bytes, 0xAB, sizeof bytes);
            std::memcpy(bytes, &size, sizeof size);
            plugin->api().outcome(state.raw(), reinterpret_cast<arb_outcome *>(bytes));
            INFO("struct_size " << size);
            for (size_t i = size; i < sizeof bytes; ++i) REQUIRE(bytes[i] == 0xAB);
            arb_outcome seen;
            std::memcpy(&seen, bytes, sizeof seen);
            if (size >= offsetof(arb_outcome, has_score)) CHECK(seen.result == full.result);
        }
    }
}

TEST_CASE("move properties mark passes and irreversible moves, whatever the text", "[abi][abi11][properties]") {
    SECTION("othello: a forced pass is a pass, a disc is irreversible") {
        auto state = test::new_game("othello");
        for (arb_move m : state.legal_moves()) CHECK(state.move_flags(m) == ARB_MOVE_IRREVERSIBLE);
        REQUIRE(state.set_position("OX------" "--------" "--------" "---OO---" "---OO---" "--------" "--------"
                                   "-------- X").has_value());
        auto moves = state.legal_moves();
        REQUIRE(moves.size() == 1);
        CHECK(state.move_flags(moves[0]) == ARB_MOVE_PASS);
    }
    SECTION("baghchal: drops and captures are irreversible, steps are not") {
        auto state = test::new_game("baghchal");
        arb_move move = ARB_MOVE_NONE;
        std::string error;
        REQUIRE(state.parse_move("G@c3", move, error) == ARB_OK);
        CHECK(state.move_flags(move) == ARB_MOVE_IRREVERSIBLE);
        test::play_text(state, "G@b2");
        REQUIRE(state.parse_move("a1-b1", move, error) == ARB_OK);  // a tiger steps
        CHECK(state.move_flags(move) == 0);
        REQUIRE(state.parse_move("a1xc3", move, error) == ARB_OK);  // and can capture b2
        CHECK(state.move_flags(move) == ARB_MOVE_IRREVERSIBLE);
    }
    SECTION("gess: irreversible exactly when stones leave the board (counted in the position text)") {
        auto state = test::new_game("gess");
        std::mt19937 rng(3);
        int irreversible = 0, reversible = 0;
        for (int ply = 0; ply < 120 && !state.over(); ++ply) {
            auto moves = state.legal_moves();
            arb_move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
            const int before = stones_in(state.position());
            const arb_move_flags flags = state.move_flags(m);
            state.play(m);
            const bool removed = stones_in(state.position()) < before;
            CHECK(flags == (removed ? ARB_MOVE_IRREVERSIBLE : 0));
            ++(removed ? irreversible : reversible);
        }
        CHECK(irreversible > 0);
        CHECK(reversible > 0);
    }
    SECTION("the C plugin's pass is written 'skip' and is still a pass") {
        auto state = new_state(load_file(in_dir(ARBITER_BROKEN_PLUGIN_DIR, "c_plugin_v0.so")));
        test::play_text(state, "go");
        auto moves = state.legal_moves();
        REQUIRE(moves.size() == 1);
        CHECK(state.format_move(moves[0]) == "skip");
        CHECK(state.move_flags(moves[0]) == ARB_MOVE_PASS);
    }
}

TEST_CASE("position hashes agree on transpositions and tell positions apart", "[abi][abi11][hash]") {
    SECTION("tictactoe: two move orders, one position, one key") {
        auto a = test::new_game("tictactoe");
        auto b = test::new_game("tictactoe");
        for (const char *m : {"a1", "b2", "c1"}) test::play_text(a, m);
        for (const char *m : {"c1", "b2", "a1"}) test::play_text(b, m);
        REQUIRE(a.position() == b.position());
        REQUIRE(a.hash().has_value());
        CHECK(*a.hash() == *b.hash());
        auto c = test::new_game("tictactoe");
        for (const char *m : {"b2", "a1", "c1"}) test::play_text(c, m);  // X and O swapped on a1, b2
        CHECK(*c.hash() != *a.hash());
    }
    SECTION("othello: the same position set from its text has the same key") {
        auto played = test::new_game("othello");
        for (const char *m : {"f5", "d6", "c3", "d3", "c4"}) test::play_text(played, m);
        auto set = test::new_game("othello");
        REQUIRE(set.set_position(played.position()).has_value());
        CHECK(played.hash() == set.hash());
        CHECK(played.hash() != test::new_game("othello").hash());
    }
    SECTION("distinct positions of random games have distinct keys") {
        for (const char *id : {"othello", "baghchal", "gess", "ataxx"}) {
            std::map<uint64_t, std::string> seen;
            std::mt19937 rng(9);
            int collisions = 0;
            for (int game = 0; game < 20; ++game) {
                auto state = test::new_game(id);
                for (int ply = 0; ply < 60 && !state.over(); ++ply) {
                    auto [it, fresh] = seen.emplace(*state.hash(), state.position());
                    if (!fresh && it->second != state.position()) ++collisions;
                    auto moves = state.legal_moves();
                    state.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
                }
            }
            INFO(id << ": " << seen.size() << " keys");
            CHECK(seen.size() > 200);
            CHECK(collisions == 0);
        }
    }
}

TEST_CASE("plugin-check writes records through arbiter.record-format/1 where a plugin has it", "[abi][abi11][record]") {
    for (const char *id : {"othello", "tictactoe"}) {
        auto plugin = test::load_plugin(id);
        game::CheckSettings settings;
        settings.random_games = 4;
        game::CheckReport report = game::check_plugin(plugin, settings);
        INFO(id);
        for (const auto &failure : report.failures) FAIL_CHECK(failure);
        // Othello has the extension (3 of the random games are written); tic-tac-toe has not.
        CHECK(report.records_written == (plugin->record_format() != nullptr ? 3 : 0));
        CHECK((plugin->record_format() != nullptr) == (std::string(id) == "othello"));
    }
}
