#include "game/board_diagram.hpp"
#include "game/plugin.hpp"
#include "plugin_tools/plugin_checker_diagram.hpp"
#include "game/status_line.hpp"

#include <arbiter/sdk/board_drawing.hpp>

#include <catch2/catch.hpp>

using namespace arb;

namespace {

game::PluginPtr plugin(const std::string &id) {
    auto found = game::discover_plugins({ARBITER_PLUGIN_DIR});
    for (auto &p : found.plugins)
        if (p->id() == id) return p;
    FAIL("plugin " << id << " not found");
    return nullptr;
}

// Gess: the position's 18 rows (19..2 over b..s) inside the empty ring of
// the 20x20 grid, as plugins/gess/README.md describes the board.
std::string gess_cells(const std::string &position) {
    std::string cells(20, '.');
    for (size_t row = 0; row < 18; ++row) cells += "." + position.substr(row * 19, 18) + ".";
    return cells + std::string(20, '.');
}

}  // namespace

TEST_CASE("a drawing text reads into its parts, with the header's defaults", "[diagram]") {
    auto d = game::parse_board_drawing("grid 3 2\nstyle points\nfiles a b c\nranks 2 1\nboard #123abc\n"
                                       "line 0 0 2 1\nframe 1 0 2 1\nempty -\npiece X cross #000000 x\n");
    REQUIRE(d.has_value());
    CHECK(d->columns == 3);
    CHECK(d->rows == 2);
    CHECK(d->points);
    CHECK(d->files == std::vector<std::string>{"a", "b", "c"});
    CHECK(d->ranks == std::vector<std::string>{"2", "1"});
    CHECK(d->board_colour == "#123abc");
    REQUIRE(d->lines.size() == 1);
    CHECK(d->lines[0].c2 == 2);
    REQUIRE(d->frames.size() == 1);
    CHECK(d->empty == '-');
    REQUIRE(d->pieces.size() == 1);
    CHECK(d->pieces[0].shape == "cross");

    auto plain = game::parse_board_drawing("grid 8 8");
    REQUIRE(plain.has_value());
    CHECK_FALSE(plain->points);
    CHECK(plain->empty == '.');
}

TEST_CASE("a bad drawing is refused naming the line and the mistake", "[diagram]") {
    struct Case {
        const char *text, *message;
    } cases[] = {
        {"", "empty"},
        {"files a b", "must start with 'grid COLUMNS ROWS'"},
        {"grid 0 3", "1..64"},
        {"grid 3 3\nfiles a b", "3 labels expected"},
        {"grid 3 3\nline 0 0 3 0", "line 2 'line 0 0 3 0': a coordinate is outside the grid"},
        {"grid 3 3\npiece X blob #000000 x", "shape is"},
        {"grid 3 3\npiece X disc red x", "#rrggbb"},
        {"grid 3 3\npiece X disc #000000 x\npiece X ring #000000 y", "already used"},
        {"grid 3 3\npiece . disc #000000 x", "also the empty cell"},
        {"grid 3 3\nshading #000000", "unknown keyword 'shading'"},
    };
    for (const auto &c : cases) {
        INFO(c.text);
        auto d = game::parse_board_drawing(c.text);
        REQUIRE_FALSE(d.has_value());
        CHECK_THAT(d.error().message, Catch::Contains(c.message));
    }
}

TEST_CASE("revision 3 labels a piece in UTF-8, turned or not, and revision 2 knows no labels", "[diagram]") {
    // 歩 is three bytes of UTF-8 (E6 AD A9).
    const std::string text = "grid 2 1\npiece P letter #111111 sente_pawn\npiece p letter #b8321f gote_pawn\n"
                             "label P \xe6\xad\xa9\nlabel p \xe6\xad\xa9 turned\n";
    auto d = game::parse_board_drawing(text, 3);
    REQUIRE(d.has_value());
    CHECK(d->pieces[0].label == "\xe6\xad\xa9");
    CHECK_FALSE(d->pieces[0].turned);
    CHECK(d->pieces[1].turned);
    auto old = game::parse_board_drawing(text, 2);
    REQUIRE_FALSE(old.has_value());
    CHECK_THAT(old.error().message, Catch::Contains("unknown keyword 'label' (before arbiter.diagram/3)"));
    struct Case {
        const char *text, *message;
    } cases[] = {
        {"grid 2 1\nlabel P x", "no piece line for this cell character before it"},
        {"grid 2 1\npiece P letter #111111 p\nlabel P x\nlabel P y", "has a label already"},
        {"grid 2 1\npiece P letter #111111 p\nlabel P x upside", "'label T TEXT turned'"},
        {"grid 2 1\npiece P letter #111111 p\nlabel P \xe6\xad", "UTF-8"},                 // a cut character
        {"grid 2 1\npiece P letter #111111 p\nlabel P 12345678901234567", "1..16 bytes"},  // 17 bytes
    };
    for (const auto &c : cases) {
        INFO(c.text);
        auto bad = game::parse_board_drawing(c.text, 3);
        REQUIRE_FALSE(bad.has_value());
        CHECK_THAT(bad.error().message, Catch::Contains(c.message));
    }
    // The SDK writes labels last, and leaves them out of the /2 text.
    auto built = sdk::BoardDrawing::squares(2, 1)
                     .piece('P', sdk::PieceShape::Letter, "#111111", "sente_pawn")
                     .label('P', "\xe6\xad\xa9")
                     .piece('p', sdk::PieceShape::Letter, "#b8321f", "gote_pawn")
                     .label('p', "\xe6\xad\xa9", true);
    CHECK(built.text() == "grid 2 1\nstyle squares\npiece P letter #111111 sente_pawn\npiece p letter #b8321f gote_pawn\n"
                          "label P \xe6\xad\xa9\nlabel p \xe6\xad\xa9 turned\n");
    CHECK(built.text_without_labels() == "grid 2 1\nstyle squares\npiece P letter #111111 sente_pawn\n"
                                         "piece p letter #b8321f gote_pawn\n");
    CHECK_THROWS_AS(sdk::BoardDrawing::squares(2, 1).label('P', "a b"), std::invalid_argument);
}

TEST_CASE("the SDK's BoardDrawing writes what the host reads, and refuses mistakes when built", "[diagram][sdk]") {
    auto drawing = sdk::BoardDrawing::points(5, 5)
                       .files("abcde")
                       .ranks_counting(5, -1)
                       .line(0, 0, 4, 4)
                       .frame(1, 1, 3, 3)
                       .piece('T', sdk::PieceShape::Letter, "#b8321f", "tiger");
    CHECK(drawing.text() ==
          "grid 5 5\nstyle points\nfiles a b c d e\nranks 5 4 3 2 1\nline 0 0 4 4\nframe 1 1 3 3\n"
          "piece T letter #b8321f tiger\n");
    auto read = game::parse_board_drawing(drawing.text());
    REQUIRE(read.has_value());
    CHECK(read->pieces[0].token == 'T');
    CHECK_THROWS_AS(sdk::BoardDrawing::squares(3, 3).line(0, 0, 3, 0), std::invalid_argument);
    CHECK_THROWS_AS(sdk::BoardDrawing::squares(3, 3).files("ab"), std::invalid_argument);
    CHECK_THROWS_AS(sdk::BoardDrawing::squares(3, 3).piece('X', sdk::PieceShape::Disc, "black", "x"),
                    std::invalid_argument);
    CHECK(sdk::cells_in_rows("X.OO.X...", 3) == "X.O/O.X/...");
}

TEST_CASE("every shipped game draws its board and the cells of its start position", "[diagram]") {
    struct Case {
        const char *id;
        int columns, rows;
        bool points;
        size_t frames, lines;
        std::string start_cells;  // from each plugin's README
    } cases[] = {
        {"othello", 8, 8, false, 0, 0, std::string(27, '-') + "OX------XO" + std::string(27, '-')},
        {"tictactoe", 3, 3, false, 0, 0, "........."},
        {"baghchal", 5, 5, true, 0, 6, "T...T...............T...T"},
        {"gess", 20, 20, false, 1, 0, ""},
    };
    for (const auto &c : cases) {
        INFO(c.id);
        auto p = plugin(c.id);
        auto reader = game::DiagramReader::of(*p);
        REQUIRE(reader.has_value());
        auto state = game::GameState::create(p);
        REQUIRE(state.has_value());
        auto drawing = reader->drawing(*state);
        INFO((drawing ? "" : drawing.error().message));
        REQUIRE(drawing.has_value());
        CHECK(drawing->columns == c.columns);
        CHECK(drawing->rows == c.rows);
        CHECK(drawing->points == c.points);
        CHECK(drawing->frames.size() == c.frames);
        CHECK(drawing->lines.size() == c.lines);
        CHECK(drawing->files.size() == static_cast<size_t>(c.columns));
        CHECK(drawing->ranks.size() == static_cast<size_t>(c.rows));
        CHECK(drawing->pieces.size() == 2);
        auto cells = reader->cells(*state, *drawing);
        REQUIRE(cells.has_value());
        const std::string expected = std::string(c.id) == "gess" ? gess_cells(state->position()) : c.start_cells;
        CHECK(*cells == expected);
    }
}

TEST_CASE("Gess frames the 18x18 board inside its 20x20 grid, rows counted from 20 down", "[diagram]") {
    auto p = plugin("gess");
    auto state = game::GameState::create(p);
    REQUIRE(state.has_value());
    auto drawing = game::DiagramReader::of(*p)->drawing(*state);
    REQUIRE(drawing.has_value());
    REQUIRE(drawing->frames.size() == 1);
    const auto &f = drawing->frames[0];
    CHECK((f.c1 == 1 && f.r1 == 1 && f.c2 == 18 && f.r2 == 18));
    CHECK(drawing->ranks.front() == "20");
    CHECK(drawing->ranks.back() == "1");
    CHECK(drawing->files.back() == "t");
}

TEST_CASE("Ataxx draws 7x7 with rank 7 on top, its gaps as grey squares", "[diagram]") {
    auto p = plugin("ataxx");
    auto state = game::GameState::create(p);
    REQUIRE(state.has_value());
    // The reference library's start position with four gaps (c5, e5, c3, e3).
    REQUIRE(state->set_position("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").has_value());
    auto reader = game::DiagramReader::of(*p);
    REQUIRE(reader.has_value());
    auto drawing = reader->drawing(*state);
    REQUIRE(drawing.has_value());
    CHECK(drawing->columns == 7);
    CHECK(drawing->rows == 7);
    CHECK(drawing->ranks.front() == "7");
    CHECK(drawing->files.back() == "g");
    REQUIRE(drawing->pieces.size() == 3);
    const auto &gap = drawing->pieces[2];
    CHECK(gap.token == '-');
    CHECK(gap.shape == "square");
    CHECK(gap.name == "gap");
    // Grey: equal red, green and blue.
    CHECK((gap.fill.size() == 7 && gap.fill.substr(1, 2) == gap.fill.substr(3, 2) &&
           gap.fill.substr(3, 2) == gap.fill.substr(5, 2)));
    auto cells = reader->cells(*state, *drawing);
    REQUIRE(cells.has_value());
    CHECK(*cells == "x.....o" "......." "..-.-.." "......." "..-.-.." "......." "o.....x");
}

TEST_CASE("cells follow the game: a move changes the cells it should", "[diagram]") {
    auto p = plugin("othello");
    auto state = game::GameState::create(p);
    REQUIRE(state.has_value());
    auto reader = game::DiagramReader::of(*p);
    auto drawing = reader->drawing(*state);
    REQUIRE(drawing.has_value());
    arb_move move = ARB_MOVE_NONE;
    std::string error;
    REQUIRE(state->parse_move("f5", move, error) == ARB_OK);
    state->play(move);
    auto cells = reader->cells(*state, *drawing);
    REQUIRE(cells.has_value());
    // f5 = row 5 (index 4) column f (5); black takes e5 (column 4) too.
    CHECK((*cells)[4 * 8 + 5] == 'X');
    CHECK((*cells)[4 * 8 + 4] == 'X');
    CHECK((*cells)[3 * 8 + 3] == 'O');
}

TEST_CASE("cells text reads against its drawing, naming the row or character at fault", "[diagram]") {
    auto d = game::parse_board_drawing("grid 3 2\npiece X cross #000000 x\n");
    REQUIRE(d.has_value());
    auto ok = game::parse_diagram_cells("X../.X.", *d);
    REQUIRE(ok.has_value());
    CHECK(*ok == "X...X.");
    auto expect_error = [&](const std::string &text, const std::string &part) {
        auto r = game::parse_diagram_cells(text, *d);
        REQUIRE_FALSE(r.has_value());
        INFO(r.error().message);
        CHECK(r.error().message.find(part) != std::string::npos);
    };
    expect_error("X./.X.", "row 1 has 2 cells, not 3");
    expect_error("X.../.X.", "row 1 has more than 3 cells");
    expect_error("X..", "expected 2 rows of 3 cells");
    expect_error("X../.O.", "'O' is neither the empty cell nor a piece");
    expect_error(std::string("X../.\x01."), "'\\x01' is neither");
}

TEST_CASE("plugin-check's arbiter.diagram/1 checks pass for every shipped game", "[diagram][checker]") {
    game::CheckSettings settings;
    settings.random_games = 3;
    for (const char *id : {"othello", "baghchal", "gess", "ataxx", "tictactoe"}) {
        game::CheckReport report;
        game::check_diagram(plugin(id), settings, report);
        std::string failures;
        for (const auto &f : report.failures) failures += f + "\n";
        INFO(id << ":\n" << failures);
        CHECK(report.ok());
        CHECK(report.diagrams_checked > 3);  // every position of three random games
        CHECK(report.checks > 10 * report.diagrams_checked);
    }
}

TEST_CASE("the shipped games write the status line their READMEs give, and plugin-check passes it", "[diagram][checker]") {
    // Start positions by the rules: Othello 2 discs each; Bagh Chal 20 goats in
    // hand, none captured; Gess 43 stones and one ring each.
    const std::pair<const char *, const char *> starts[] = {
        {"othello", "Black 2 - White 2"},
        {"baghchal", "goats in hand 20, captured 0"},
        {"gess", "Black 43 stones, 1 ring - White 43 stones, 1 ring"},
    };
    for (const auto &[id, line] : starts) {
        auto p = plugin(id);
        auto reader = game::StatusLineReader::of(*p);
        REQUIRE(reader);
        auto state = game::GameState::create(p);
        REQUIRE(state);
        auto text = reader->line(*state);
        REQUIRE(text);
        CHECK(*text == line);
        game::CheckSettings settings;
        settings.random_games = 3;
        game::CheckReport report;
        game::check_status_line(p, settings, report);
        std::string failures;
        for (const auto &f : report.failures) failures += f + "\n";
        INFO(id << ":\n" << failures);
        CHECK(report.ok());
        CHECK(report.status_lines_checked > 3);
    }
    CHECK_FALSE(game::StatusLineReader::of(*plugin("tictactoe")));  // optional: tic-tac-toe has none
}
