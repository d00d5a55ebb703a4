// The named cases of section 6 of the rules: the seed's sample opening,
// captures of own stones, ring suicide, the moves that depend on the
// options, and the fastest win.
#include "gess_support.hpp"

using namespace gess_test;

namespace {

void play_all(GameState &state, const std::vector<std::string> &moves) {
    for (const std::string &m : moves) arb::test::play_text(state, m);
}

const std::string kStart =
    ".O.O.OOOOOOOO.O.O./OOO.O.OOOO.O.O.OOO/.O.O.OOOOOOOO.O.O./................../................../"
    ".O..O..O..O..O..O./................../................../................../................../"
    "................../................../.X..X..X..X..X..X./................../................../"
    ".X.X.XXXXXXXX.X.X./XXX.X.XXXX.X.X.XXX/.X.X.XXXXXXXX.X.X. b";

}  // namespace

TEST_CASE("gess starts from the rules' position with Black to move", "[gess][rules]") {
    GameState state = new_gess();
    CHECK(state.position() == kStart);
    CHECK(state.side_to_move() == 0);
    CHECK(count_stones(kStart, 'X') == 43);
    CHECK(count_stones(kStart, 'O') == 43);
    CHECK(std::string(state.api().side_names[0]) == "black");
    CHECK(std::string(state.api().side_names[1]) == "white");
    for (const char *sq : {"c2", "e2", "r2", "b3", "s3", "l4", "c7", "r7"}) CHECK(stone_at(kStart, sq) == 'X');
    for (const char *sq : {"c19", "b18", "s18", "l17", "c14", "r14"}) CHECK(stone_at(kStart, sq) == 'O');
    CHECK(stone_at(kStart, "l3") == '.');   // Black's ring centre
    CHECK(stone_at(kStart, "l18") == '.');  // White's ring centre
}

TEST_CASE("gess plays the seed's sample opening under every setting", "[gess][rules]") {
    for (const Setting &setting : all_settings()) {
        INFO(setting.label());
        GameState state = new_gess(setting);
        play_all(state, {"i6-i9", "i15-i12"});
        const int white_before = count_stones(state.position(), 'O');
        arb::test::play_text(state, "h9-i10");  // one step north-east, captures the white stone on i11
        CHECK(count_stones(state.position(), 'O') == white_before - 1);
        CHECK(stone_at(state.position(), "i11") != 'O');
        const int black_before = count_stones(state.position(), 'X');
        arb::test::play_text(state, "m15-j12");  // captures the black stone on j11
        CHECK(count_stones(state.position(), 'X') == black_before - 1);
        CHECK(stone_at(state.position(), "j11") != 'X');
        play_all(state, {"i3-i10", "i18-i12"});

        const std::string pos = state.position();
        for (const char *sq : {"h9", "i9", "j9", "h10", "i10", "j10"}) CHECK(stone_at(pos, sq) == 'X');
        for (const char *sq : {"h11", "i11", "j11", "h12", "i12", "j12", "h13", "i13", "j13"})
            CHECK(stone_at(pos, sq) == 'O');
        CHECK(count_stones(pos, 'X') == 39);
        CHECK(count_stones(pos, 'O') == 41);
        CHECK(state.side_to_move() == 0);
        CHECK(state.outcome().result == ARB_RESULT_ONGOING);
    }
}

TEST_CASE("gess rook c3 stops on its own pawn and captures it", "[gess][rules]") {
    for (const Setting &setting : all_settings()) {
        INFO(setting.label());
        GameState state = new_gess(setting);
        std::string error;
        CHECK(try_move(state, "c3-c7", &error) == ARB_ERR_ILLEGAL);
        CHECK(error.find("stop on c6") != std::string::npos);
        CHECK(try_move(state, "c3-c8") == ARB_ERR_ILLEGAL);
        arb::test::play_text(state, "c3-c6");
        const std::string pos = state.position();
        CHECK(count_stones(pos, 'X') == 42);
        for (const char *sq : {"c5", "b6", "c6", "d6", "c7"}) CHECK(stone_at(pos, sq) == 'X');
        for (const char *sq : {"c2", "b3", "c3", "d3", "c4"}) CHECK(stone_at(pos, sq) == '.');
    }
}

TEST_CASE("gess ring suicide is illegal with ring_rule=illegal and loses with lose", "[gess][rules]") {
    // l3-l2, l3-k2, l3-m2 push ring stones onto row 1; h8-k5 captures k4 and l4; j3-j6.
    const std::vector<std::string> suicides = {"l3-l2", "l3-k2", "l3-m2", "h8-k5", "j3-j6"};
    for (const Setting &setting : all_settings()) {
        INFO(setting.label());
        for (const std::string &move : suicides) {
            INFO(move);
            GameState state = new_gess(setting);
            std::string error;
            if (setting.ring_rule == "illegal") {
                CHECK(try_move(state, move, &error) == ARB_ERR_ILLEGAL);
                CHECK(error.find("without a ring") != std::string::npos);
            } else {
                arb::test::play_text(state, move);
                const arb_outcome o = state.outcome();
                CHECK(o.result == ARB_RESULT_WIN_SIDE_1);
                CHECK(std::string(o.reason) == "black left itself without a ring");
                CHECK(state.side_to_move() == ARB_SIDE_NONE);
                CHECK(state.legal_moves().empty());
            }
        }
    }
}

TEST_CASE("gess centres off the 18x18 board are legal only with centers=grid20", "[gess][rules]") {
    const std::vector<std::string> grid20_only = {"a2-b3", "a3-b3", "a4-b3", "b1-c2", "c1-c2", "d1-c2", "d1-e2",
                                                  "e1-e2", "f1-e2", "f1-g2", "g1-g2", "g1-h2", "h1-g2", "h1-h2",
                                                  "h1-i2", "i1-h2", "i1-i2", "o1-p2", "p1-p2", "q1-p2", "q1-r2",
                                                  "r1-r2", "s1-r2", "t2-s3", "t3-s3", "t4-s3"};
    REQUIRE(grid20_only.size() == 26);
    GameState grid20 = new_gess({"grid20", "illegal", true});
    GameState board18 = new_gess({"board18", "illegal", true});
    for (const std::string &move : grid20_only) {
        INFO(move);
        CHECK(is_legal(grid20, move));
        std::string error;
        CHECK(try_move(board18, move, &error) == ARB_ERR_ILLEGAL);
        CHECK(error.find("centers=board18") != std::string::npos);
    }
    // Removing them from grid20's list leaves exactly board18's.
    std::vector<std::string> rest;
    for (const std::string &m : arb::test::legal_move_texts(grid20))
        if (std::find(grid20_only.begin(), grid20_only.end(), m) == grid20_only.end()) rest.push_back(m);
    CHECK(rest == arb::test::legal_move_texts(board18));
}

TEST_CASE("gess stop_on_pushoff=false adds exactly the 15 listed first moves", "[gess][rules]") {
    const std::vector<std::string> extra = {"c3-a3", "c3-c1", "d6-a9", "d7-a7", "d8-a5", "e3-e1", "g3-g1", "h3-h1",
                                            "i3-i1", "p3-p1", "q6-t9", "q7-t7", "q8-t5", "r3-r1", "r3-t3"};
    GameState stopping = new_gess({"grid20", "illegal", true});
    GameState sliding = new_gess({"grid20", "illegal", false});
    for (const std::string &move : extra) {
        INFO(move);
        std::string error;
        CHECK(try_move(stopping, move, &error) == ARB_ERR_ILLEGAL);
        CHECK(error.find("off the board") != std::string::npos);
        CHECK(is_legal(sliding, move));
    }
    std::vector<std::string> with = arb::test::legal_move_texts(sliding);
    std::vector<std::string> without = arb::test::legal_move_texts(stopping);
    std::vector<std::string> added;
    std::set_difference(with.begin(), with.end(), without.begin(), without.end(), std::back_inserter(added));
    std::vector<std::string> sorted_extra = extra;
    std::sort(sorted_extra.begin(), sorted_extra.end());
    CHECK(added == sorted_extra);
    CHECK(with.size() == without.size() + 15);
    // Stones pushed past the edge are gone: of the rook c3-a3 only d3 lands
    // on the board (on b3); c2, b3, c3 and c4 end on column a, row 1 or beyond.
    arb::test::play_text(sliding, "c3-a3");
    const std::string pos = sliding.position();
    CHECK(count_stones(pos, 'X') == 39);
    CHECK(stone_at(pos, "b3") == 'X');
    for (const char *sq : {"c2", "c3", "d3", "c4", "b2", "b4"}) CHECK(stone_at(pos, sq) == '.');
}

TEST_CASE("gess fastest wins take three plies under every setting", "[gess][rules]") {
    const std::vector<std::vector<std::string>> lines = {
        {"i3-i6", "h14-k14", "j6-j16"}, {"e3-e5", "l18-l15", "e6-l13"}, {"i3-i6", "l18-l15", "j6-j13"}};
    for (const Setting &setting : all_settings()) {
        for (const auto &line : lines) {
            INFO(setting.label() << " " << line[0] << " " << line[1] << " " << line[2]);
            GameState state = new_gess(setting);
            play_all(state, {line[0], line[1]});
            CHECK(state.outcome().result == ARB_RESULT_ONGOING);
            arb::test::play_text(state, line[2]);
            const arb_outcome o = state.outcome();
            CHECK(o.result == ARB_RESULT_WIN_SIDE_0);
            CHECK(std::string(o.reason) == "white has no ring left");
            CHECK(state.side_to_move() == ARB_SIDE_NONE);
            CHECK(state.legal_moves().empty());
            std::string error;
            CHECK(try_move(state, "i6-i9", &error) == ARB_ERR_ILLEGAL);
            CHECK(error == "the game is over");
        }
    }
}

TEST_CASE("gess reads the outcome of a set position from the rings alone", "[gess][rules]") {
    // White without a ring (l19 removed), either side to move: Black has won.
    // The side not to move is the one that moved last.
    std::string no_white_ring = kStart;
    set_stone(no_white_ring, "l19", '.');
    GameState state = new_gess();
    REQUIRE(state.set_position(no_white_ring).has_value());
    CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(state.outcome().reason) == "white left itself without a ring");
    CHECK(state.legal_moves().empty());
    no_white_ring.back() = 'w';
    REQUIRE(state.set_position(no_white_ring).has_value());
    CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(state.outcome().reason) == "white has no ring left");
    CHECK(state.side_to_move() == ARB_SIDE_NONE);
    // Neither side with a ring: the side that moved last loses.
    std::string none = no_white_ring;
    set_stone(none, "l2", '.');
    REQUIRE(state.set_position(none).has_value());  // white to move: Black moved last
    CHECK(state.outcome().result == ARB_RESULT_WIN_SIDE_1);
}

TEST_CASE("gess option values are checked at create", "[gess][rules]") {
    auto plugin = arb::test::load_plugin("gess");
    CHECK(plugin->api().option_count == 3);
    for (const auto &[name, value] : std::vector<std::pair<std::string, std::string>>{
             {"centers", "grid18"}, {"ring_rule", "draw"}, {"stop_on_pushoff", "yes"}}) {
        auto state = GameState::create(plugin, {{name, value}});
        REQUIRE_FALSE(state.has_value());
        CHECK(state.error().message.find(name) != std::string::npos);
    }
}

TEST_CASE("gess play refuses codes that are not legal moves and keeps the state", "[gess][rules]") {
    GameState state = new_gess();
    const std::string start = state.position();
    // -1, past the last code, a1-a1, c3-c7 (blocked at c6), White's i15-i12 with Black to move.
    const arb_move c3_c7 = (2 * 20 + 2) * 400 + 6 * 20 + 2;
    const arb_move i15_i12 = (14 * 20 + 8) * 400 + 11 * 20 + 8;
    for (arb_move code : {arb_move{-1}, arb_move{400 * 400}, arb_move{0}, c3_c7, i15_i12}) {
        INFO("code " << code);
        CHECK(state.api().play(state.raw(), code) == ARB_ERR_ILLEGAL);
        CHECK(state.position() == start);
    }
    const arb_move c3_c6 = (2 * 20 + 2) * 400 + 5 * 20 + 2;
    CHECK(state.format_move(c3_c6) == "c3-c6");
    CHECK(state.api().play(state.raw(), c3_c6) == ARB_OK);
    CHECK(state.position() != start);
}
