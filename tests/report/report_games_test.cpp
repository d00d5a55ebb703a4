#include "game/plugin.hpp"
#include "output/report_games.hpp"

#include "report/payload_decoder.hpp"
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

}  // namespace

TEST_CASE("a game's boards decode, ply by ply, to the positions the plugin reaches", "[report]") {
    auto p = plugin("tictactoe");
    output::ReportGames games(p, {});
    REQUIRE(games.drawing().has_value());
    auto g = test::sample_game(0);  // opening b2, then a1 c3 a3 a2 c1
    games.add(g);
    games.add(test::sample_game(1));
    const auto decoded = test::decode_payload(games.payload());
    const auto &j = decoded.json;
    REQUIRE(j["board"]["columns"] == 3);
    REQUIRE(j["starts"].size() == 1);  // both games start from the same position: stored once
    // Each move text once, the most played first: b2 a1 c3 a3 a2 c1 twice over.
    CHECK(j["moves"].size() == 6);
    REQUIRE(decoded.games.size() == 2);
    const auto &game = decoded.games[0];
    CHECK(game.facts["n"] == 1);
    CHECK(game.facts["k"] == 6);
    CHECK(game.facts["o"] == 1);
    CHECK(game.facts["r"] == "1-0");
    CHECK(game.facts["t"] == "game-rule");
    CHECK(game.moves == std::vector<std::string>{"b2", "a1", "c3", "a3", "a2", "c1"});
    CHECK(game.times == std::vector<std::string>{"10", "11", "12", "f", "14"});  // the forced move is marked, not timed
    CHECK(game.scores == std::vector<std::string>{"", "-35", "", "", ""});
    CHECK(game.depths == std::vector<std::string>{"", "", "4", "", ""});
    // Replaying by hand: X b2, O a1, X c3, O a3, X a2, O c1 (a1 top-left, rows from the top).
    const std::vector<std::string> expected = {".........", "....X....", "O...X....", "O...X...X",
                                               "O...X.O.X", "O..XX.O.X", "O.OXX.O.X"};
    CHECK(game.boards == expected);
    CHECK(decoded.games[1].boards == expected);
    CHECK_FALSE(game.facts.contains("err"));
}

TEST_CASE("each distinct change of a move is stored once, and moves by how often they were played", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    for (int i = 0; i < 3; ++i) games.add(test::sample_game(i));  // the same six plies each time
    auto other = test::sample_game(3);
    other.record.opening_moves = {"a1"};  // then a1 is taken: the engines' a1 cannot be replayed
    other.record.moves.resize(1);
    games.add(other);
    const auto decoded = test::decode_payload(games.payload());
    // a1 was played 4 times (first), the others 3 times, in first-seen order.
    CHECK(decoded.json["moves"] == nlohmann::json({"a1", "b2", "c3", "a3", "a2", "c1"}));
    // Changes: per move D, then per change C and a (gap, character) pair per cell, a byte each. a1 made
    // two distinct changes ("O at 0" in the sample games, three times; "X at 0" opening the fourth
    // game, once), the other moves one each: 1 + 2 * (1 + 2) bytes for a1, then 5 * (1 + 1 + 2).
    CHECK(decoded.stream_sizes.at("changes") == 1 + 2 * 3 + 5 * 4);
    CHECK(decoded.games[3].moves == std::vector<std::string>{"a1", "a1"});
    CHECK(decoded.games[3].boards == std::vector<std::string>{".........", "X........"});
    CHECK(decoded.games[3].facts["v"] == 1);
    // One byte per ply with a board: 3 games of 6, then 1.
    CHECK(decoded.stream_sizes.at("boards") == 19);
    for (int i = 0; i < 3; ++i) CHECK(decoded.games[static_cast<size_t>(i)].boards.back() == "O.OXX.O.X");
}

TEST_CASE("scores and depths are stored against the same side's previous figure", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    auto g = test::sample_game(0);
    const std::optional<int> scores[] = {100, 2000, 98, std::nullopt, -5};
    for (size_t i = 0; i < 5; ++i) {
        g.record.moves[i].info.score_cp = scores[i];
        g.record.moves[i].info.depth = static_cast<int>(20 + i);
        g.record.moves[i].forced = false;
    }
    games.add(g);
    const auto decoded = test::decode_payload(games.payload());
    CHECK(decoded.games[0].scores == std::vector<std::string>{"100", "2000", "98", "", "-5"});
    CHECK(decoded.games[0].depths == std::vector<std::string>{"20", "21", "22", "23", "24"});
    // Against 0, 0, 100, -, 98: zigzag(100) + 1 = 201, zigzag(2000) + 1 = 4001, zigzag(-2) + 1 = 4,
    // none = 0, zigzag(-103) + 1 = 206; two bytes wide for 4001 > 255.
    CHECK(decoded.columns.at("scores") == std::vector<uint64_t>{201, 4001, 4, 0, 206});
    CHECK(decoded.widths.at("scores") == 2);
    CHECK(decoded.stream_sizes.at("scores") == 10);
    // Depths 20 21 22 23 24: 41, 43, then +2 against two moves before: zigzag(2) + 1 = 5.
    CHECK(decoded.columns.at("depths") == std::vector<uint64_t>{41, 43, 5, 5, 5});
    CHECK(decoded.widths.at("depths") == 1);
    // Times 10..14 ms (none forced here): ms + 1.
    CHECK(decoded.columns.at("times") == std::vector<uint64_t>{11, 12, 13, 14, 15});
}

TEST_CASE("a game the plugin cannot replay keeps its moves and says why", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    auto g = test::sample_game(0);
    g.record.moves[1].text = "b2";  // ply 3: taken by the opening move
    games.add(g);
    const auto decoded = test::decode_payload(games.payload());
    const auto &game = decoded.games[0];
    CHECK(game.moves == std::vector<std::string>{"b2", "a1", "b2", "a3", "a2", "c1"});
    CHECK(game.boards.size() == 3);  // the start and two plies
    CHECK(game.facts["v"] == 2);
    CHECK_THAT(game.facts["err"].get<std::string>(), Catch::Contains("ply 3 'b2' cannot be replayed"));
}

TEST_CASE("without the diagram extension every ply's position text is kept", "[report]") {
    // The C test plugin (tests/abi/broken_plugins/c_plugin.c, variant 0) has no diagrams: "go", then
    // "skip", through the positions "start", "moved" and "end".
    game::PluginPtr cgame;
    for (auto &p : game::discover_plugins({ARBITER_BROKEN_PLUGIN_DIR}).plugins)
        if (p->id() == "cgame") cgame = p;
    REQUIRE(cgame);
    output::ReportGames games(cgame, {});
    CHECK_FALSE(games.drawing().has_value());
    CHECK(games.drawing_error().empty());  // not an error: the extension is optional
    auto g = test::sample_game(0);
    g.record.opening_moves.clear();
    g.record.moves.resize(2);
    g.record.moves[0].text = "go";
    g.record.moves[1].text = "skip";
    games.add(g);
    const auto decoded = test::decode_payload(games.payload());
    CHECK(decoded.json["board"].is_null());
    CHECK(decoded.stream_sizes.at("changes") == 0);
    CHECK(decoded.stream_sizes.at("boards") == 0);
    CHECK(decoded.games[0].moves == std::vector<std::string>{"go", "skip"});
    CHECK(decoded.games[0].boards == std::vector<std::string>{"start", "moved", "end"});
}

TEST_CASE("each position's status line travels with its board, each distinct line once", "[report]") {
    // Othello from the start: f5 (black flips e5), d6 (white flips e5), c3 (black flips d4).
    // Counted by hand: start 2-2; after f5 black 4 - white 1; after d6 3-3; after c3 5-2.
    auto p = plugin("othello");
    output::ReportGames games(p, {});
    auto g = test::sample_game(0);
    g.record.opening_moves.clear();
    g.record.moves.resize(3);
    const char *texts[] = {"f5", "d6", "c3"};
    for (size_t i = 0; i < 3; ++i) g.record.moves[i].text = texts[i];
    games.add(g);
    games.add(g);  // the same lines again: no new entries in "statuses"
    const auto decoded = test::decode_payload(games.payload());
    REQUIRE(decoded.json.contains("statuses"));
    CHECK(decoded.json["statuses"].size() == 1 + 4);  // "" and four distinct lines
    const std::vector<std::string> expected = {"Black 2 - White 2", "Black 4 - White 1", "Black 3 - White 3",
                                               "Black 5 - White 2"};
    REQUIRE(decoded.games.size() == 2);
    CHECK(decoded.games[0].statuses == expected);
    CHECK(decoded.games[1].statuses == expected);
}

TEST_CASE("a game without status lines carries no status column", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    games.add(test::sample_game(0));
    const auto decoded = test::decode_payload(games.payload());
    CHECK_FALSE(decoded.json.contains("statuses"));
    CHECK(decoded.columns.count("status") == 0);
    CHECK(decoded.games[0].statuses.empty());
}

TEST_CASE("a game's time control in the report comes from its record, per side", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    games.add(test::sample_game(0));  // a record that does not say: no figure
    auto g = test::sample_game(1);
    g.record.played_under.time_control[0] = *core::TimeControl::parse("10+0.1");
    g.record.played_under.time_control[1] = *core::TimeControl::parse("5+0.05");
    games.add(g);
    const auto decoded = test::decode_payload(games.payload());
    REQUIRE(decoded.games.size() == 2);
    CHECK_FALSE(decoded.games[0].facts.contains("tc"));
    CHECK(decoded.games[1].facts["tc"] == nlohmann::json::array({"10+0.1", "5+0.05"}));
}

TEST_CASE("a chess game's moves carry the plugin's SAN beside the UCI texts", "[report]") {
    output::ReportGames games(plugin("chess"), {});
    match::FinishedGame g = test::sample_game(0);
    g.record.opening_moves = {"e2e4"};
    g.record.moves.clear();
    // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O (SAN written by hand from the moves)
    for (const char *m : {"e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"}) {
        match::MoveRecord mr;
        mr.text = m;
        g.record.moves.push_back(mr);
    }
    games.add(g);
    const auto decoded = test::decode_payload(games.payload());
    REQUIRE(decoded.games.size() == 1);
    CHECK(decoded.games[0].moves ==
          std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"});
    CHECK(decoded.games[0].notations ==
          std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"});
}

TEST_CASE("a plugin without a record notation carries no notation column", "[report]") {
    output::ReportGames games(plugin("tictactoe"), {});
    games.add(test::sample_game(0));
    const auto decoded = test::decode_payload(games.payload());
    CHECK_FALSE(decoded.json.contains("notations"));
    CHECK(decoded.games.at(0).notations.empty());
}

TEST_CASE("a shogi game's status lines count the checks in a row of its replay, and pieces carry kanji when asked",
          "[report][shogi]") {
    // The rook checks from 1c, then 2c, while gote's king steps 1a-2a: sente's
    // checks in a row go 0, 1, 1, 2 (counted by hand; gote never checks).
    auto g = test::sample_game(0);
    g.record.opening_position = "8k/9/7R1/9/9/9/9/9/4K4 b - 1";
    g.record.opening_moves.clear();
    g.record.moves.resize(3);
    const char *texts[] = {"2c1c", "1a2a", "1c2c"};
    for (size_t i = 0; i < 3; ++i) g.record.moves[i].text = texts[i];
    output::ReportGames letters(plugin("shogi"), {});
    letters.add(g);
    const auto decoded = test::decode_payload(letters.payload());
    const std::string hands = "; in hand: sente -, gote -; checks in a row: sente ";
    const std::vector<std::string> expected = {"move 1, sente to move" + hands + "0, gote 0",
                                               "move 2, gote to move (in check)" + hands + "1, gote 0",
                                               "move 3, sente to move" + hands + "1, gote 0",
                                               "move 4, gote to move (in check)" + hands + "2, gote 0"};
    REQUIRE(decoded.games.size() == 1);
    CHECK(decoded.games[0].statuses == expected);
    // Letters (the default): the drawing has no labels.
    CHECK_FALSE(decoded.json["board"]["pieces"]["P"].contains("label"));
    // Labels: sente's pawn 歩 upright, gote's turned, gote's king 王.
    output::ReportGames kanji(plugin("shogi"), {}, 2, true);
    kanji.add(g);
    const auto board = test::decode_payload(kanji.payload()).json["board"];
    CHECK(board["pieces"]["P"]["label"] == "\xe6\xad\xa9");  // 歩
    CHECK_FALSE(board["pieces"]["P"].contains("turned"));
    CHECK(board["pieces"]["p"]["turned"] == true);
    CHECK(board["pieces"]["k"]["label"] == "\xe7\x8e\x8b");  // 王
    CHECK_FALSE(board["pieces"]["2"].contains("label"));     // a count in hand stays a digit
}
