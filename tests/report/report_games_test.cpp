#include "game/plugin.hpp"
#include "output/report_games.hpp"

#include "tournament/sample_games.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace arb;

namespace {

game::PluginPtr plugin(const std::string &id) {
    for (auto &p : game::discover_plugins({ARBITER_PLUGIN_DIR}).plugins)
        if (p->id() == id) return p;
    FAIL("plugin " << id << " not found");
    return nullptr;
}

// The viewer's decoding (report.js), written again here from its description.
std::string apply_changes(std::string cells, const std::string &ply, int width) {
    const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+_";
    for (size_t at = 0; at + static_cast<size_t>(width) < ply.size() + 1; at += static_cast<size_t>(width) + 1) {
        size_t index = 0;
        for (int d = 0; d < width; ++d) index = index * 64 + digits.find(ply[at + static_cast<size_t>(d)]);
        cells[index] = ply[at + static_cast<size_t>(width)];
    }
    return cells;
}

}  // namespace

TEST_CASE("cell changes name each changed cell in base-64 digits of a fixed width", "[report]") {
    CHECK(output::index_width(9) == 1);
    CHECK(output::index_width(64) == 1);
    CHECK(output::index_width(65) == 2);
    CHECK(output::index_width(400) == 2);
    CHECK(output::index_width(4096) == 2);
    CHECK(output::index_width(4097) == 3);
    CHECK(output::encode_cell_changes("....", "..X.", 1) == "CX");
    CHECK(output::encode_cell_changes("....", "....", 1) == "");
    // Cell 399 of a Gess board: 399 = 6 * 64 + 15 -> "G", "P".
    std::string before(400, '.'), after(400, '.');
    after[399] = 'O';
    after[0] = 'X';
    CHECK(output::encode_cell_changes(before, after, 2) == "AAXGPO");
}

TEST_CASE("a game's boards decode, ply by ply, to the positions the plugin reaches", "[report]") {
    auto p = plugin("tictactoe");
    output::ReportGames games(p, {});
    REQUIRE(games.drawing().has_value());
    auto g = test::sample_game(0);  // opening b2, then a1 c3 a3 a2 c1
    games.add(g);
    games.add(test::sample_game(1));
    auto j = nlohmann::json::parse(games.json());
    REQUIRE(j["board"]["columns"] == 3);
    REQUIRE(j["board"]["width"] == 1);
    REQUIRE(j["starts"].size() == 1);  // both games start from the same position: stored once
    const auto &game = j["games"][0];
    CHECK(game["n"] == 1);
    CHECK(game["m"] == "b2 a1 c3 a3 a2 c1");
    CHECK(game["o"] == 1);
    CHECK(game["ms"] == "10,11,12,f,14");  // the forced move is marked, not timed
    CHECK(game["sc"] == ",-35,,,");
    CHECK(game["d"] == ",,4,,");
    CHECK(game["r"] == "1-0");
    CHECK(game["t"] == "game-rule");
    // Replaying by hand: X b2, O a1, X c3, O a3, X a2, O c1 (a1 top-left, rows from the top).
    const std::string expected[] = {".........", "....X....", "O...X....", "O...X...X",
                                    "O...X.O.X", "O..XX.O.X", "O.OXX.O.X"};
    std::string cells = j["starts"][0];
    CHECK(cells == expected[0]);
    std::string plies = game["x"];
    std::vector<std::string> split;
    for (size_t at = 0;;) {
        size_t space = plies.find(' ', at);
        split.push_back(plies.substr(at, space - at));
        if (space == std::string::npos) break;
        at = space + 1;
    }
    REQUIRE(split.size() == 6);
    for (size_t i = 0; i < split.size(); ++i) {
        cells = apply_changes(cells, split[i], 1);
        CHECK(cells == expected[i + 1]);
    }
    CHECK_FALSE(game.contains("err"));
}

TEST_CASE("a game the plugin cannot replay keeps its moves and says why", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    auto g = test::sample_game(0);
    g.record.moves[1].text = "b2";  // ply 3: taken by the opening move
    games.add(g);
    auto j = nlohmann::json::parse(games.json());
    const auto &game = j["games"][0];
    CHECK(game["m"] == "b2 a1 b2 a3 a2 c1");
    CHECK_THAT(game["err"].get<std::string>(), Catch::Contains("ply 3 'b2' cannot be replayed"));
}
