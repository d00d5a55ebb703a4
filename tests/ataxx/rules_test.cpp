// Ataxx rules through the C ABI: the reference library's results and forced
// passes (tests/data/ataxx), its half-move and move counters, flips, the
// half-move limit option, move text and move properties. Expected values
// come from the data files or from hand calculations written down here.
#include "ataxx/vectors.hpp"

#include <random>

using namespace arb;
using ataxx_test::at;

namespace {

arb_result result_named(const std::string &word) {
    if (word == "none") return ARB_RESULT_ONGOING;
    if (word == "black") return ARB_RESULT_WIN_SIDE_0;
    if (word == "white") return ARB_RESULT_WIN_SIDE_1;
    REQUIRE(word == "draw");
    return ARB_RESULT_DRAW;
}

// The half-move clock and move number, the last two fields of the text.
std::pair<int, int> counters(const game::GameState &state) {
    std::istringstream fields(state.position());
    std::string board, side;
    int halfmoves = -1, fullmoves = -1;
    fields >> board >> side >> halfmoves >> fullmoves;
    return {halfmoves, fullmoves};
}

int stones(const std::string &position) {
    int n = 0;
    for (char c : position.substr(0, position.find(' '))) n += c == 'x' || c == 'o';
    return n;
}

arb_status parse(const game::GameState &state, const std::string &text, std::string &error) {
    arb_move move = ARB_MOVE_NONE;
    return state.parse_move(text.c_str(), move, error);
}

}  // namespace

TEST_CASE("ataxx results match the reference library", "[ataxx][rules]") {
    auto lines = ataxx_test::read_lines("ataxx/results.txt");
    REQUIRE(lines.size() == 33);
    for (const auto &line : lines) {
        INFO(line.position << " (results.txt line " << line.line_no << ")");
        auto state = at(line.position);
        const arb_outcome outcome = state.outcome();
        CHECK(outcome.result == result_named(line.words[0]));
        if (outcome.result == ARB_RESULT_ONGOING) {
            CHECK(state.side_to_move() != ARB_SIDE_NONE);
            CHECK_FALSE(state.legal_moves().empty());
        } else {
            CHECK(state.side_to_move() == ARB_SIDE_NONE);
            CHECK(state.legal_moves().empty());
            CHECK(std::string(outcome.reason).size() > 0);
        }
    }
}

TEST_CASE("ataxx ends for the reasons the rules name, the count deciding all but the half-move limit",
          "[ataxx][rules]") {
    struct Case {
        const char *position, *reason;
        bool has_score;
        int black, white;
    } cases[] = {
        {"x6/7/7/7/7/7/7 o 0 1", "white has no stones left", true, 1, 0},
        {"7/7/7/7/7/7/7 x 0 1", "no stones on the board", true, 0, 0},
        {"ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1", "board full", true, 25, 24},
        {"7/7/7/7/-------/-------/xxx-ooo x 0 1", "no empty square can be reached", true, 3, 3},
        {"xxo4/7/7/7/7/7/7 x 100 1", "half-move limit: 100 plies without a clone", false, 0, 0},
    };
    for (const auto &c : cases) {
        INFO(c.position);
        const arb_outcome o = at(c.position).outcome();
        CHECK(std::string(o.reason) == c.reason);
        CHECK(o.has_score == (c.has_score ? 1 : 0));
        if (c.has_score) CHECK((o.score[0] == c.black && o.score[1] == c.white));
    }
}

TEST_CASE("ataxx: a side with no move passes with 0000 while the game goes on", "[ataxx][rules]") {
    auto lines = ataxx_test::read_lines("ataxx/passing.txt");
    REQUIRE(lines.size() == 11);
    for (const auto &line : lines) {
        INFO(line.position << " (passing.txt line " << line.line_no << ")");
        auto state = at(line.position);
        std::string error;
        if (line.words[0] == "pass") {
            CHECK(test::legal_move_texts(state) == std::vector<std::string>{"0000"});
            CHECK(state.move_flags(state.legal_moves()[0]) == ARB_MOVE_PASS);
            CHECK(state.side_to_move() != ARB_SIDE_NONE);
        } else {
            auto texts = test::legal_move_texts(state);
            CHECK(std::find(texts.begin(), texts.end(), "0000") == texts.end());
            CHECK(parse(state, "0000", error) == ARB_ERR_ILLEGAL);
            CHECK(error.find("may not pass") != std::string::npos);
        }
    }
}

TEST_CASE("ataxx counts half-moves and moves as the reference library does", "[ataxx][rules]") {
    // libataxx tests/counters.cpp: after each move, (half-move clock, move number).
    SECTION("clones reset the clock, jumps advance it") {
        auto state = test::new_game("ataxx");
        const std::tuple<const char *, int, int> moves[] = {{"g2", 0, 1},   {"a2", 0, 2},   {"g3", 0, 2},
                                                            {"a2a4", 1, 3}, {"a7a5", 2, 3}, {"a1b3", 3, 4},
                                                            {"b4", 0, 4},   {"f6", 0, 5}};
        for (const auto &[move, halfmoves, fullmoves] : moves) {
            test::play_text(state, move);
            INFO("after " << move << ": " << state.position());
            CHECK(counters(state) == std::make_pair(halfmoves, fullmoves));
        }
    }
    SECTION("a pass advances the clock") {
        auto state = at("7/7/7/7/4ooo/4ooo/4oox x 0 1");
        const std::tuple<const char *, int, int> moves[] = {{"0000", 1, 1}, {"d1", 0, 2},   {"0000", 1, 2},
                                                            {"d1b1", 2, 3}, {"0000", 3, 3}, {"a1", 0, 4}};
        for (const auto &[move, halfmoves, fullmoves] : moves) {
            test::play_text(state, move);
            INFO("after " << move << ": " << state.position());
            CHECK(counters(state) == std::make_pair(halfmoves, fullmoves));
        }
    }
}

TEST_CASE("ataxx flips every enemy stone next to the destination, after a clone or a jump", "[ataxx][rules]") {
    // By hand: white rings d4; black clones from e3 (or jumps from b4) into
    // d4 and takes the seven (eight) white neighbours; white has none left.
    SECTION("clone") {
        auto state = at("7/7/2ooo2/2o1o2/2oox2/7/7 x 0 1");
        test::play_text(state, "d4");
        CHECK(state.position() == "7/7/2xxx2/2xxx2/2xxx2/7/7 o 0 1");
        CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_0);
    }
    SECTION("jump: the source square empties") {
        auto state = at("7/7/2ooo2/1xo1o2/2ooo2/7/7 x 0 1");
        test::play_text(state, "b4d4");
        CHECK(state.position() == "7/7/2xxx2/2xxx2/2xxx2/7/7 o 1 1");
        CHECK(std::string(state.outcome().reason) == "white has no stones left");
    }
    SECTION("stones two squares away and gaps are untouched") {
        auto state = at("7/7/7/1o1-3/o2o3/7/x6 x 0 1");  // o on b4, a3 and d3; a gap on d4
        test::play_text(state, "a1b3");                     // b3 is next to a3 and b4, not to d3
        CHECK(state.position() == "7/7/7/1x1-3/xx1o3/7/7 o 1 1");
    }
}

TEST_CASE("ataxx's half-move limit is a rule option, 100 by default", "[ataxx][rules][options]") {
    // Four jumps and no clone: black a7-a5-a7, white g7-g5-g7 (by hand).
    const char *jumps[] = {"a7a5", "g7g5", "a5a7", "g5g7"};
    SECTION("halfmove_limit=4 draws after the fourth jump") {
        auto state = test::new_game("ataxx", {{"halfmove_limit", "4"}});
        for (const char *m : jumps) {
            CHECK(state.side_to_move() != ARB_SIDE_NONE);
            test::play_text(state, m);
        }
        CHECK(state.position() == "x5o/7/7/7/7/7/o5x x 4 3");
        const arb_outcome o = state.outcome();
        CHECK(o.result == ARB_RESULT_DRAW);
        CHECK(std::string(o.reason) == "half-move limit: 4 plies without a clone");
        std::string error;
        CHECK(parse(state, "g2", error) == ARB_ERR_ILLEGAL);
        CHECK(error.find("the game is over") != std::string::npos);
    }
    SECTION("the default plays on") {
        auto state = test::new_game("ataxx");
        for (const char *m : jumps) test::play_text(state, m);
        CHECK(state.outcome().result == ARB_RESULT_ONGOING);
        CHECK(at("x5o/7/7/7/7/7/o5x x 99 1").outcome().result == ARB_RESULT_ONGOING);
    }
    SECTION("out-of-range values are refused with the range") {
        for (const char *value : {"0", "1001", "ten"}) {
            auto state = game::GameState::create(test::load_plugin("ataxx"), {{"halfmove_limit", value}});
            INFO(value);
            REQUIRE_FALSE(state.has_value());
            CHECK(state.error().message.find("halfmove_limit") != std::string::npos);
        }
    }
}

TEST_CASE("ataxx move text: g2 clones, a1c3 jumps, 0000 passes, and refusals say why", "[ataxx][moves]") {
    auto start = test::new_game("ataxx");
    auto gaps = at("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");  // gaps on c5, e5, c3, e3
    struct Case {
        const game::GameState *state;
        const char *text;
        arb_status status;
        const char *message_part;
    } cases[] = {
        {&start, "a7b6", ARB_ERR_SYNTAX, "is a clone, written as its destination alone: 'b6'"},
        {&start, "a7d7", ARB_ERR_ILLEGAL, "d7 is not 2 squares from a7"},
        {&start, "a7a7", ARB_ERR_ILLEGAL, "a7 is not 2 squares from a7"},
        {&start, "h1", ARB_ERR_SYNTAX, "column 'h' is outside a-g"},
        {&start, "a8", ARB_ERR_SYNTAX, "row '8' is outside 1-7"},
        {&start, "A7", ARB_ERR_SYNTAX, "expected a column letter"},
        {&start, "a7a5 ", ARB_ERR_SYNTAX, "unexpected ' ' after the second square"},
        {&start, "a7-a5", ARB_ERR_SYNTAX, "expected a column letter a-g, found '-'"},
        {&start, "a1", ARB_ERR_ILLEGAL, "a1 is taken"},
        {&start, "d4", ARB_ERR_ILLEGAL, "black has no stone next to d4"},
        {&start, "g7e5", ARB_ERR_ILLEGAL, "black has no stone on g7"},
        {&start, "0000", ARB_ERR_ILLEGAL, "black may not pass"},
        {&start, "pass", ARB_ERR_SYNTAX, ""},
        {&gaps, "a7c5", ARB_ERR_ILLEGAL, "c5 is a gap"},
    };
    for (const auto &c : cases) {
        INFO("'" << c.text << "' in " << c.state->position());
        std::string error;
        CHECK(parse(*c.state, c.text, error) == c.status);
        INFO(error);
        CHECK(error.find(c.message_part) != std::string::npos);
    }
    // Every legal move's text reads back to the same code.
    for (const game::GameState *state : {&start, &gaps}) {
        for (arb_move m : state->legal_moves()) {
            arb_move back = ARB_MOVE_NONE;
            std::string error;
            REQUIRE(state->parse_move(state->format_move(m).c_str(), back, error) == ARB_OK);
            CHECK(back == m);
        }
    }
}

TEST_CASE("ataxx move properties: a clone is irreversible, a jump is not, a pass is flagged", "[ataxx][moves]") {
    // Irreversible exactly when the stone count grows (counted in the text),
    // which is exactly when the half-move clock restarts.
    std::mt19937 rng(11);
    int clones = 0, jumps = 0, passes = 0;
    for (int game = 0; game < 30; ++game) {
        auto state = test::new_game("ataxx");
        for (int ply = 0; ply < 300 && state.side_to_move() != ARB_SIDE_NONE; ++ply) {
            auto moves = state.legal_moves();
            const arb_move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
            const int before = stones(state.position());
            const arb_move_flags flags = state.move_flags(m);
            const bool pass = state.format_move(m) == "0000";
            state.play(m);
            const bool grew = stones(state.position()) > before;
            INFO(state.format_move(m));
            CHECK(flags == (pass ? ARB_MOVE_PASS : grew ? ARB_MOVE_IRREVERSIBLE : 0));
            CHECK((counters(state).first == 0) == grew);
            ++(pass ? passes : grew ? clones : jumps);
        }
    }
    CHECK(clones > 0);
    CHECK(jumps > 0);
}

TEST_CASE("ataxx hash: the board, the side and the counters", "[ataxx][hash]") {
    auto a = at("x5o/7/7/7/7/7/o5x x 0 1");
    CHECK(a.hash() == at("x5o/7/7/7/7/7/o5x x").hash());         // the same text once read
    CHECK(a.hash() != at("x5o/7/7/7/7/7/o5x x 37 1").hash());    // the clock decides the end
    CHECK(a.hash() != at("x5o/7/7/7/7/7/o5x x 0 12").hash());
    CHECK(a.hash() != at("x5o/7/7/7/7/7/o5x o 0 1").hash());
    CHECK(a.hash() != at("x5o/7/7/3-3/7/7/o5x x 0 1").hash());  // a gap counts
    CHECK(a.hash() != at("o5x/7/7/7/7/7/x5o x 0 1").hash());    // colours swapped
    // A transposition: g2 then a2, or the reverse order of clones by both sides.
    auto b = test::new_game("ataxx");
    for (const char *m : {"g2", "a2", "f1", "b1"}) test::play_text(b, m);
    auto c = test::new_game("ataxx");
    for (const char *m : {"f1", "b1", "g2", "a2"}) test::play_text(c, m);
    REQUIRE(b.position() == c.position());
    CHECK(b.hash() == c.hash());
}
