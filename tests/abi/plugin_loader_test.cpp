// The host refuses malformed or incompatible plugins with a message that
// names the file and the problem, and never crashes on them.
#include "support/plugins.hpp"

#include <filesystem>
#include <fstream>

using namespace arb;

namespace {

std::string broken(const std::string &name) { return std::string(ARBITER_BROKEN_PLUGIN_DIR) + "/" + name; }

std::string load_error(const std::string &file) {
    auto plugin = game::Plugin::load(file);
    REQUIRE_FALSE(plugin.has_value());
    CHECK(plugin.error().message.find(file) != std::string::npos);
    return plugin.error().message;
}

}  // namespace

TEST_CASE("a plugin built for another ABI major is refused", "[abi][loader]") {
    std::string message = load_error(broken("c_plugin_v1.so"));
    CHECK(message.find("built for game ABI 99.") != std::string::npos);
}

TEST_CASE("a plugin that refuses the host is reported", "[abi][loader]") {
    CHECK(load_error(broken("c_plugin_v2.so")).find("refused game ABI 1") != std::string::npos);
}

TEST_CASE("a plugin with a null function is refused at load time", "[abi][loader]") {
    CHECK(load_error(broken("c_plugin_v3.so")).find("null entries") != std::string::npos);
}

TEST_CASE("a shared library without the entry symbol is refused", "[abi][loader]") {
    CHECK(load_error(broken("no_entry.so")).find("no 'arb_game_entry' symbol") != std::string::npos);
}

TEST_CASE("a file that is not a shared library is refused", "[abi][loader]") {
    auto dir = std::filesystem::temp_directory_path() / ("arbiter-loader-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto fake = dir / "fake.so";
    std::ofstream(fake) << "this is not an ELF file\n";
    CHECK(load_error(fake.string()).find("not a loadable shared library") != std::string::npos);
    CHECK(load_error((dir / "missing.so").string()).find("no such plugin file") != std::string::npos);

    // Discovery skips the bad file, reports it, and still finds the good ones.
    std::filesystem::copy_file(broken("c_plugin_v0.so"), dir / "cgame.so");
    game::Discovery found = game::discover_plugins({dir});
    REQUIRE(found.plugins.size() == 1);
    CHECK(found.plugins[0]->id() == "cgame");
    REQUIRE(found.problems.size() == 1);
    CHECK(found.problems[0].find("fake.so") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("an unknown game id lists the games that exist", "[abi][loader]") {
    auto plugin = game::find_plugin("no_such_game", {ARBITER_PLUGIN_DIR});
    REQUIRE_FALSE(plugin.has_value());
    CHECK(plugin.error().message.find("unknown game 'no_such_game'") != std::string::npos);
    CHECK(plugin.error().message.find("tictactoe") != std::string::npos);
    // Where it looked, and how to reach a plugin elsewhere (one built out of tree).
    CHECK(plugin.error().message.find("(searched " ARBITER_PLUGIN_DIR) != std::string::npos);
    CHECK(plugin.error().message.find("a plugin elsewhere is found with --plugin-dir DIR, with ARBITER_PLUGIN_PATH=DIR, "
                                      "or by its file's path (e.g. ./build/no_such_game.so)") != std::string::npos);
}

TEST_CASE("a C plugin's states work through the C++ wrapper", "[abi][loader]") {
    auto plugin = game::Plugin::load(broken("c_plugin_v0.so"));
    REQUIRE(plugin.has_value());
    auto state = game::GameState::create(*plugin);
    REQUIRE(state.has_value());
    CHECK(state->legal_moves().size() == 1);
    test::play_text(*state, "go");
    CHECK(state->outcome().result == ARB_RESULT_ONGOING);
    CHECK(state->side_to_move() == ARB_SIDE_1);
    test::play_text(*state, "skip");
    CHECK(state->outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(state->outcome().reason) == "the first player moved");
    auto with_option = game::GameState::create(*plugin, {{"x", "1"}});
    REQUIRE_FALSE(with_option.has_value());
    CHECK(with_option.error().message.find("unknown option") != std::string::npos);
}
