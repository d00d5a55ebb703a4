// Contract tests that every plugin of this build must pass through the C
// ABI: metadata, option handling, position round trips, clone/assign
// independence, move text round trips, and strict parsers that never crash
// on arbitrary bytes.
#include "support/plugins.hpp"

#include <random>
#include <set>

using namespace arb;

namespace {

std::vector<game::PluginPtr> all_plugins() {
    game::Discovery found = game::discover_plugins({ARBITER_PLUGIN_DIR});
    INFO("problems: " << found.problems.size());
    REQUIRE(found.problems.empty());
    REQUIRE_FALSE(found.plugins.empty());
    return found.plugins;
}

// Plays `plies` random legal moves, checking at every step what the ABI promises.
void random_walk_checks(game::GameState &state, std::mt19937 &rng, int plies) {
    std::vector<arb_move> moves;
    for (int ply = 0; ply < plies; ++ply) {
        state.legal_moves(moves);
        arb_outcome o = state.outcome();
        if (moves.empty()) {
            INFO(state.position());
            CHECK(o.result != ARB_RESULT_ONGOING);
            CHECK(state.side_to_move() == ARB_SIDE_NONE);
            CHECK(o.reason[0] != '\0');
            return;
        }
        REQUIRE(o.result == ARB_RESULT_ONGOING);
        int side = state.side_to_move();
        REQUIRE((side == 0 || side == 1));

        // position round trip
        std::string pos = state.position();
        REQUIRE_FALSE(pos.empty());
        REQUIRE(static_cast<int32_t>(pos.size()) < state.api().max_position_size);

        // every legal move formats and parses back to itself, texts unique
        std::set<std::string> texts;
        for (arb_move m : moves) {
            std::string text = state.format_move(m);
            REQUIRE_FALSE(text.empty());
            REQUIRE(text.size() < ARB_MOVE_TEXT_SIZE);
            REQUIRE(text.find(' ') == std::string::npos);
            arb_move back = ARB_MOVE_NONE;
            std::string error;
            INFO(pos << " move " << text << ": " << error);
            REQUIRE(state.parse_move(text.c_str(), back, error) == ARB_OK);
            REQUIRE(back == m);
            REQUIRE(texts.insert(text).second);
        }

        // a copy is independent of the original
        arb_move chosen = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
        game::GameState copy = state;
        copy.play(chosen);
        CHECK(state.position() == pos);
        state.play(chosen);
        CHECK(state.position() == copy.position());
    }
}

}  // namespace

TEST_CASE("every plugin has complete metadata and valid option defaults", "[abi][contract]") {
    for (const auto &plugin : all_plugins()) {
        const arb_game_api &api = plugin->api();
        INFO("plugin " << api.id);
        CHECK(api.abi_major == ARB_ABI_MAJOR);
        CHECK(api.struct_size >= sizeof(arb_game_api));
        CHECK(std::string(api.name).size() > 0);
        CHECK(std::string(api.side_names[0]) != std::string(api.side_names[1]));
        for (int32_t i = 0; i < api.option_count; ++i) {
            const arb_option_desc &o = api.options[i];
            INFO("option " << o.name);
            // Every default is accepted when given explicitly.
            auto state = game::GameState::create(plugin, {{o.name, o.default_value}});
            CHECK(state.has_value());
            // Nonsense is refused with the option's name in the message.
            auto bad = game::GameState::create(plugin, {{o.name, "no-such-value-42"}});
            REQUIRE_FALSE(bad.has_value());
            CHECK(bad.error().message.find(o.name) != std::string::npos);
        }
        auto unknown = game::GameState::create(plugin, {{"no_such_option", "1"}});
        CHECK_FALSE(unknown.has_value());
        CHECK(api.get_extension("arbiter.no-such-extension/1") == nullptr);
    }
}

TEST_CASE("every plugin round-trips positions and moves along random games", "[abi][contract]") {
    for (const auto &plugin : all_plugins()) {
        INFO("plugin " << plugin->id());
        std::mt19937 rng(12345);
        for (int game_no = 0; game_no < 4; ++game_no) {
            auto state = game::GameState::create(plugin);
            REQUIRE(state.has_value());
            std::string start = state->position();
            // The start position reads back to itself.
            auto other = game::GameState::create(plugin);
            REQUIRE(other->set_position(start).has_value());
            CHECK(other->position() == start);
            random_walk_checks(*state, rng, 400);
            // reset returns to the start
            state->reset();
            CHECK(state->position() == start);
        }
    }
}

TEST_CASE("every plugin refuses arbitrary bytes as positions and moves without crashing", "[abi][contract]") {
    for (const auto &plugin : all_plugins()) {
        INFO("plugin " << plugin->id());
        auto state = game::GameState::create(plugin);
        REQUIRE(state.has_value());
        std::string start = state->position();
        std::mt19937 rng(7);
        std::vector<std::string> inputs = {"", " ", "\n", "pass", "a", "zz99", std::string(5000, 'X'),
                                           start + " extra", start.substr(0, start.size() / 2), start.substr(1)};
        for (size_t cut = 0; cut < start.size(); cut += 7) inputs.push_back(start.substr(0, cut));
        for (int i = 0; i < 300; ++i) {
            std::string s(std::uniform_int_distribution<size_t>(0, 80)(rng), '\0');
            for (char &c : s) c = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
            inputs.push_back(s);
            // mutate one byte of the start position
            std::string m = start;
            m[std::uniform_int_distribution<size_t>(0, m.size() - 1)(rng)] =
                static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
            inputs.push_back(m);
        }
        for (const auto &input : inputs) {
            auto copy = *state;
            auto result = copy.set_position(input);
            if (!result) {
                CHECK_FALSE(result.error().message.empty());
                CHECK(copy.position() == start);  // unchanged on error
            } else {
                // Accepted input must describe a position the plugin writes back canonically and reads again.
                auto again = *state;
                CHECK(again.set_position(copy.position()).has_value());
            }
            arb_move move;
            std::string error;
            arb_status status = state->parse_move(input.c_str(), move, error);
            if (status != ARB_OK) CHECK_FALSE(error.empty());
        }
    }
}
