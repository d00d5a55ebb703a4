// The rules of shogi through the loaded ABI, one rule at a time. Each
// position is set up by hand; the expected moves and results are counted in
// the comments (SFEN ranks run a, at the top, to i; files 9 to 1 in a rank).
#include "vectors.hpp"

#include "game/board_diagram.hpp"
#include "game/status_line.hpp"

#include <arbiter/ext/diagram.h>

#include <algorithm>
#include <string>
#include <utility>

using namespace arb;
using test::shogi::shogi_at;

namespace {

bool legal(const game::GameState &state, const std::string &move) {
    const auto moves = test::legal_move_texts(state);
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

std::string refusal(const game::GameState &state, const std::string &move) {
    arb_move code = ARB_MOVE_NONE;
    std::string error;
    if (state.parse_move(move.c_str(), code, error) == ARB_OK) return "accepted";
    return error;
}

void play_all(game::GameState &state, const std::string &moves) {
    size_t at = 0;
    while (at < moves.size()) {
        size_t end = moves.find(' ', at);
        if (end == std::string::npos) end = moves.size();
        test::play_text(state, moves.substr(at, end - at));
        at = end + 1;
    }
}

std::string repeat(const std::string &moves, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += (i > 0 ? " " : "") + moves;
    return out;
}

// Kings on 8a (gote) and 8i (sente), off every line through 5e; the sente
// king has 5 moves (9i 7i 9h 8h 7h).
std::string with_piece_on_5e(const std::string &piece) {
    return "1k7/9/9/9/4" + piece + "4/9/9/9/1K7 b - 1";
}

}  // namespace

TEST_CASE("shogi pieces move as the rules say, promoted ones too", "[shogi][rules]") {
    struct Case {
        const char *piece;
        size_t moves;  // the piece's, plus the king's 5
    } cases[] = {
        {"P", 1 + 5},            // 5d
        {"L", 6 + 5},            // 5d; 5c and 5b with or without promotion; 5a+ only
        {"N", 4 + 5},            // 4c and 6c, both in the zone: each with and without
        {"S", 5 + 5},            // 6d 5d 4d 6f 4f
        {"G", 6 + 5},            // 6d 5d 4d 6e 4e 5f
        {"B", 16 + 6 + 5},       // 16 diagonal squares, 6 of them in the zone (also promoting)
        {"R", 16 + 3 + 5},       // 16 on the lines, 5c 5b 5a also promoting
        {"+P", 6 + 5},           // the tokin moves as a gold
        {"+S", 6 + 5},
        {"+B", 16 + 4 + 5},      // horse: the diagonals and one orthogonal step each way
        {"+R", 16 + 4 + 5},      // dragon: the lines and one diagonal step each way
    };
    for (const auto &c : cases) {
        INFO(c.piece);
        auto state = shogi_at(with_piece_on_5e(c.piece));
        CHECK(state.legal_moves().size() == c.moves);
    }
    auto silver = shogi_at(with_piece_on_5e("S"));
    for (const char *m : {"5e6d", "5e5d", "5e4d", "5e6f", "5e4f"}) CHECK(legal(silver, m));
    CHECK_FALSE(legal(silver, "5e5f"));  // no step straight back
    // Gote's silver moves down the board.
    auto gote = shogi_at("1k7/9/9/9/4s4/9/9/9/1K7 w - 1");
    for (const char *m : {"5e6f", "5e5f", "5e4f", "5e6d", "5e4d"}) CHECK(legal(gote, m));
    CHECK_FALSE(legal(gote, "5e5d"));
    CHECK(refusal(silver, "5e5f").find("the silver on 5e cannot move to 5f") != std::string::npos);
}

TEST_CASE("shogi promotion is optional in the zone and forced where a piece could never move again", "[shogi][rules]") {
    auto state = shogi_at("4k4/6P2/8L/7N1/5P3/9/9/9/4K4 b - 1");
    // Pawn 4e to 4d: outside the zone, no promotion.
    CHECK(legal(state, "4e4d"));
    CHECK(refusal(state, "4e4d+").find("promotion zone") != std::string::npos);
    // Pawn 3b to 3a, lance 1c to 1a (or 1b), knight 2d to 3b or 1b: promotion forced.
    CHECK(legal(state, "3b3a+"));
    CHECK_FALSE(legal(state, "3b3a"));
    CHECK(refusal(state, "3b3a").find("must promote on 3a") != std::string::npos);
    CHECK(legal(state, "1c1a+"));
    CHECK_FALSE(legal(state, "1c1a"));
    CHECK(legal(state, "1c1b"));  // a lance on the second-last rank can still move
    CHECK(legal(state, "1c1b+"));
    CHECK(legal(state, "2d1b+"));
    CHECK_FALSE(legal(state, "2d1b"));
    CHECK(refusal(state, "2d1b").find("must promote") != std::string::npos);
    CHECK(refusal(state, "2d3b+").find("cannot move to 3b") != std::string::npos);  // its own pawn
    // Leaving the zone promotes too: a silver from 4c back to 5d.
    auto silver = shogi_at("4k4/9/5S3/9/9/9/9/9/4K4 b - 1");
    CHECK(legal(silver, "4c5d+"));
    CHECK(legal(silver, "4c5d"));
    // A gold and a king never promote.
    auto gold = shogi_at("4k4/9/5G3/9/9/9/9/9/4K4 b - 1");
    CHECK(refusal(gold, "4c4b+").find("a gold cannot promote") != std::string::npos);
}

TEST_CASE("shogi drops: any empty square, but no pawn or lance on the last rank, no knight on the last two",
          "[shogi][rules]") {
    // Bare kings on 8a and 8i: 79 empty squares, 8 of them on rank a, 17 on ranks a and b.
    CHECK(shogi_at("1k7/9/9/9/9/9/9/9/1K7 b P 1").legal_moves().size() == 79 - 8 + 5);
    CHECK(shogi_at("1k7/9/9/9/9/9/9/9/1K7 b L 1").legal_moves().size() == 79 - 8 + 5);
    CHECK(shogi_at("1k7/9/9/9/9/9/9/9/1K7 b N 1").legal_moves().size() == 79 - 17 + 5);
    CHECK(shogi_at("1k7/9/9/9/9/9/9/9/1K7 b G 1").legal_moves().size() == 79 + 5);
    auto state = shogi_at("1k7/9/9/9/9/9/9/9/1K7 b NLP 1");
    CHECK(refusal(state, "P*3a").find("drop on the last rank") != std::string::npos);
    CHECK(refusal(state, "L*3a").find("drop on the last rank") != std::string::npos);
    CHECK(refusal(state, "N*3b").find("drop on the last two ranks") != std::string::npos);
    CHECK(refusal(state, "S*3a").find("no silver in hand") != std::string::npos);
    CHECK(refusal(state, "P*8i").find("8i is not empty") != std::string::npos);
    CHECK(legal(state, "P*8b"));  // a check, not mate: the king takes it
    // Gote drops towards rank i.
    auto gote = shogi_at("1k7/9/9/9/9/9/9/9/1K7 w p 1");
    CHECK_FALSE(legal(gote, "P*3i"));
    CHECK(legal(gote, "P*3a"));
}

TEST_CASE("shogi nifu: no second unpromoted pawn of a side on a file", "[shogi][rules]") {
    // Sente pawn on 5g: 78 empty squares, minus 8 on rank a, minus 7 on file 5 below it.
    auto state = shogi_at("1k7/9/9/9/9/9/4P4/9/1K7 b P 1");
    CHECK(state.legal_moves().size() == 78 - 8 - 7 + 1 + 5);
    CHECK(refusal(state, "P*5e").find("nifu") != std::string::npos);
    // A tokin is no pawn, nor is a pawn of the other side.
    auto tokin = shogi_at("1k7/9/4+P4/9/9/9/9/9/1K7 b P 1");
    CHECK(legal(tokin, "P*5e"));
    auto theirs = shogi_at("1k7/9/4p4/9/9/9/9/9/1K7 b P 1");
    CHECK(legal(theirs, "P*5e"));
    // A position with two sente pawns on a file is refused.
    auto any = test::new_game("shogi");
    auto two = any.set_position("1k7/9/4P4/9/9/9/4P4/9/1K7 b - 1");
    REQUIRE_FALSE(two.has_value());
    CHECK(two.error().message.find("two pawns on file 5") != std::string::npos);
}

TEST_CASE("shogi uchifuzume: a pawn drop may not mate, a pawn move may", "[shogi][rules]") {
    // P*1b checks the king on 1a; the gold on 3b covers 2a and 2b, the
    // knight on 2d covers 1b: mate, so the drop is illegal.
    auto drop = shogi_at("8k/6G2/9/7N1/9/9/9/9/4K4 b P 1");
    CHECK_FALSE(legal(drop, "P*1b"));
    CHECK(refusal(drop, "P*1b").find("uchifuzume") != std::string::npos);
    CHECK(legal(drop, "P*1c"));
    // Without the knight the king takes the pawn: a legal check.
    CHECK(legal(shogi_at("8k/6G2/9/9/9/9/9/9/4K4 b P 1"), "P*1b"));
    // The same mate by a pawn moving from 1c is legal, and wins.
    auto move = shogi_at("8k/6G2/8P/7N1/9/9/9/9/4K4 b - 1");
    REQUIRE(legal(move, "1c1b"));
    test::play_text(move, "1c1b");
    CHECK(move.outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(move.outcome().reason) == "sente mates");
    CHECK(move.legal_moves().empty());
}

TEST_CASE("shogi check: a move may not leave the own king attacked", "[shogi][rules]") {
    // The gote rook on 5a pins the gold on 5h to the king on 5i: the gold
    // may go to 5g only; the king has 4i, 6i, 4h and 6h.
    auto state = shogi_at("k3r4/9/9/9/9/9/9/4G4/4K4 b - 1");
    CHECK(test::legal_move_texts(state) == std::vector<std::string>{"5h5g", "5i4h", "5i4i", "5i6h", "5i6i"});
    CHECK(refusal(state, "5h4h").find("king would be in check") != std::string::npos);
    // In check from a rook, a drop in between is a defence.
    auto check = shogi_at("k3r4/9/9/9/9/9/9/9/4K4 b G 1");
    CHECK(legal(check, "G*5e"));
    CHECK_FALSE(legal(check, "G*1a"));
    // The side not to move may not be in check.
    auto any = test::new_game("shogi");
    auto set = any.set_position("k3r4/9/9/9/9/9/9/9/4K4 w - 1");
    REQUIRE_FALSE(set.has_value());
    CHECK(set.error().message.find("the side not to move (sente) is in check") != std::string::npos);
}

TEST_CASE("shogi sennichite: the fourth occurrence of a position is a draw", "[shogi][rules]") {
    auto state = test::new_game("shogi");
    // The kings step aside and back: the start recurs after plies 4, 8 and 12.
    play_all(state, repeat("5i4h 5a4b 4h5i 4b5a", 2) + " 5i4h 5a4b 4h5i");
    CHECK(state.outcome().result == ARB_RESULT_ONGOING);
    test::play_text(state, "4b5a");
    CHECK(state.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(state.outcome().reason) == "sennichite: the same position for the fourth time");
    CHECK(state.legal_moves().empty());
    // Set from its text, the same position has no history: the game goes on.
    auto fresh = shogi_at(state.position());
    CHECK(fresh.outcome().result == ARB_RESULT_ONGOING);
}

TEST_CASE("shogi perpetual check: the checking side loses, and may not make the fourth occurrence itself",
          "[shogi][rules]") {
    // The rook checks from 1c and 2c, the king shuttles 1a-2a. Started with
    // gote to move in check, it is sente's 2c1c that would make the start the
    // fourth time (plies 0, 4, 8, 12): a foul, not a move.
    auto foul = shogi_at("8k/9/8R/9/9/9/9/9/4K4 w - 1");
    play_all(foul, "1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a");
    CHECK_FALSE(legal(foul, "2c1c"));
    CHECK(refusal(foul, "2c1c").find("perpetual check") != std::string::npos);
    CHECK(legal(foul, "2c3c"));  // no check, the game goes on
    // Started with sente to move, gote's 2a1a makes the start the fourth
    // time: gote's move is legal, and sente, which checked every move, loses.
    auto defended = shogi_at("8k/9/7R1/9/9/9/9/9/4K4 b - 1");
    play_all(defended, repeat("2c1c 1a2a 1c2c 2a1a", 3));
    CHECK(defended.outcome().result == ARB_RESULT_WIN_SIDE_1);
    CHECK(std::string(defended.outcome().reason) ==
          "perpetual check: sente checked on every move of a fourfold repetition");
}

TEST_CASE("shogi entering king: the 27-point declaration, 28 points for sente and 27 for gote", "[shogi][rules]") {
    // King on 5b; in the camp the rook and bishop (5 each) and eight small
    // pieces (1 each): 18 points; pawns in hand add one each.
    const std::string camp = "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b ";
    auto enough = shogi_at(camp + "10P 1");
    REQUIRE(legal(enough, "win"));
    test::play_text(enough, "win");
    CHECK(enough.outcome().result == ARB_RESULT_WIN_SIDE_0);
    CHECK(std::string(enough.outcome().reason) == "entering king: sente declared with 28 points (27-point rule)");
    auto short_of_one = shogi_at(camp + "9P 1");
    CHECK_FALSE(legal(short_of_one, "win"));
    CHECK(refusal(short_of_one, "win") == "false declaration (win): sente has 27 points, 28 are needed (27-point rule)");
    // Gote's mirror image: 27 points are enough.
    auto gote = shogi_at("K8/9/9/9/9/9/7nn/4k1sss/4gggbr w 9p 1");
    REQUIRE(legal(gote, "win"));
    test::play_text(gote, "win");
    CHECK(gote.outcome().result == ARB_RESULT_WIN_SIDE_1);
    // Nine pieces in the camp (a knight on 8d outside it): not enough, whatever the points.
    auto nine = shogi_at("RBGGG4/SSS1K4/N8/1N7/9/9/9/9/8k b GS9P 1");
    CHECK(refusal(nine, "win").find("9 pieces besides the king in the enemy camp, 10 are needed") != std::string::npos);
    // In check: no declaration (the gote gold on 5c checks the king on 5b).
    auto checked = shogi_at("RBGGG4/SSS1K4/NN2g4/9/9/9/9/9/8k b 10P 1");
    CHECK(refusal(checked, "win").find("sente is in check") != std::string::npos);
    // The king at home: no declaration.
    CHECK(refusal(test::new_game("shogi"), "win").find("not in the enemy camp") != std::string::npos);
}

TEST_CASE("shogi entering king under the 24-point rule: 31 wins, 24 to 30 draws, less is no declaration",
          "[shogi][rules]") {
    const std::string camp = "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b ";
    const game::OptionList rule = {{"declaration", "24-point"}};
    auto win = shogi_at(camp + "13P 1", rule);
    test::play_text(win, "win");
    CHECK(win.outcome().result == ARB_RESULT_WIN_SIDE_0);
    auto draw = shogi_at(camp + "6P 1", rule);  // 24 points
    test::play_text(draw, "win");
    CHECK(draw.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(draw.outcome().reason) == "entering king: sente declared with 24 points, a draw (24-point rule)");
    auto short_of_one = shogi_at(camp + "5P 1", rule);
    CHECK(refusal(short_of_one, "win") == "false declaration (win): sente has 23 points, 24 are needed (24-point rule)");
}

TEST_CASE("shogi max_moves: a draw once that many plies are played, unless the last one mates", "[shogi][rules]") {
    auto state = test::new_game("shogi", {{"max_moves", "4"}});
    play_all(state, "7g7f 3c3d 2g2f");
    CHECK(state.outcome().result == ARB_RESULT_ONGOING);
    test::play_text(state, "4c4d");
    CHECK(state.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(state.outcome().reason) == "the maximum of 4 moves was reached");
    // The SFEN's move number counts: move 5 is the fifth ply, after four.
    CHECK(shogi_at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5", {{"max_moves", "4"}})
              .outcome()
              .result == ARB_RESULT_DRAW);
    // The mate on ply 10 under max_moves=10 wins.
    auto mate = shogi_at("8k/6G2/8P/7N1/9/9/9/9/4K4 b - 10", {{"max_moves", "10"}});
    test::play_text(mate, "1c1b");
    CHECK(mate.outcome().result == ARB_RESULT_WIN_SIDE_0);
    // The default is 320 (the World Computer Shogi Championship's); 0 is no limit.
    CHECK(shogi_at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 321").outcome().result ==
          ARB_RESULT_DRAW);
    CHECK(shogi_at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 321", {{"max_moves", "0"}})
              .outcome()
              .result == ARB_RESULT_ONGOING);
}

TEST_CASE("shogi handicaps: gote removes the named pieces and moves first", "[shogi][rules]") {
    struct Case {
        const char *name;
        const char *gote_rank_a_and_b;  // the ranks that differ from the even start
        int gote_pieces;
    } cases[] = {
        {"none", "lnsgkgsnl/1r5b1", 20},     {"lance", "lnsgkgsn1/1r5b1", 19},
        {"right-lance", "1nsgkgsnl/1r5b1", 19}, {"bishop", "lnsgkgsnl/1r7", 19},
        {"rook", "lnsgkgsnl/7b1", 19},       {"rook-lance", "lnsgkgsn1/7b1", 18},
        {"two-piece", "lnsgkgsnl/9", 18},    {"four-piece", "1nsgkgsn1/9", 16},
        {"six-piece", "2sgkgs2/9", 14},      {"eight-piece", "3gkg3/9", 12},
        {"ten-piece", "4k4/9", 10},
    };
    for (const auto &c : cases) {
        INFO(c.name);
        auto state = test::new_game("shogi", {{"handicap", c.name}});
        const std::string sfen = state.position();
        CHECK(sfen.rfind(c.gote_rank_a_and_b, 0) == 0);
        const std::string board = sfen.substr(0, sfen.find(' '));
        CHECK(std::count_if(board.begin(), board.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; }) ==
              c.gote_pieces);
        CHECK(state.side_to_move() == (std::string(c.name) == "none" ? 0 : 1));
    }
}

TEST_CASE("shogi SFEN: the canonical text, its two aliases, and refusals that name the fault", "[shogi][sfen]") {
    auto state = test::new_game("shogi");
    // Hands in SFEN's order, sente first, whatever the order read; a missing move number is 1.
    REQUIRE(state.set_position("4k4/9/9/9/9/9/9/9/4K4 w pS2P").has_value());
    CHECK(state.position() == "4k4/9/9/9/9/9/9/9/4K4 w S2Pp 1");
    struct Bad {
        const char *sfen;
        arb_status status;
        const char *says;
    } bad[] = {
        {"4k4/9/9/9/9/9/9/9/4K4 x - 1", ARB_ERR_SYNTAX, "the side to move must be 'b'"},
        {"4k4/9/9/9/9/9/9/9/4K3 b - 1", ARB_ERR_SYNTAX, "not 9 of 9"},
        {"4k4/9/9/9/9/9/9/9/5K4 b - 1", ARB_ERR_SYNTAX, "more than 9 squares"},
        {"4k4/9/9/9/9/9/9/9/4X4 b - 1", ARB_ERR_SYNTAX, "'X' in rank i is no piece"},
        {"4k4/9/9/9/+G8/9/9/9/4K4 b - 1", ARB_ERR_SYNTAX, "a gold cannot be promoted"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 1P 1", ARB_ERR_SYNTAX, "a count in hand is 2 to 18"},
        {"4k4/9/9/9/9/9/9/9/4K4 b PP 1", ARB_ERR_SYNTAX, "named twice"},
        {"4k4/9/9/9/9/9/9/9/4K4 b - 01", ARB_ERR_SYNTAX, "leading zeros"},
        {"4k4/9/9/9/9/9/9/9/4K4 b - 1 ", ARB_ERR_SYNTAX, "the move number must be a number"},
        {"4k4/9/9/9/9/9/9/9/4KK3 b - 1", ARB_ERR_ILLEGAL, "sente has two kings"},
        {"9/9/9/9/9/9/9/9/4K4 b - 1", ARB_ERR_ILLEGAL, "gote has no king"},
        {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", ARB_ERR_ILLEGAL, "the pawn on 9a could never move again"},
        {"4k4/9/9/9/9/9/9/n8/4K4 b - 1", ARB_ERR_ILLEGAL, "the knight on 9h could never move again"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 3B 1", ARB_ERR_ILLEGAL, "3 bishops on the board and in hand; the game has 2"},
    };
    for (const auto &b : bad) {
        INFO(b.sfen);
        char message[256] = "";
        CHECK(state.api().set_position(state.raw(), b.sfen, message, sizeof message) == b.status);
        CHECK(std::string(message).find(b.says) != std::string::npos);
    }
    // The state is unchanged by a refusal.
    CHECK(state.position() == "4k4/9/9/9/9/9/9/9/4K4 w S2Pp 1");
}

TEST_CASE("shogi USI move texts: board moves, promotions and drops read back, other texts are syntax errors",
          "[shogi][notation]") {
    auto state = test::new_game("shogi");
    for (const char *text : {"7g7f", "2h3h", "9i9h"}) {
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        REQUIRE(state.parse_move(text, m, error) == ARB_OK);
        CHECK(state.format_move(m) == text);
    }
    play_all(state, "7g7f 3c3d 8h2b+");
    CHECK(state.position() == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    play_all(state, "3a2b B*4e");
    CHECK(state.position() == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");
    for (const char *text : {"7g7", "7g7f++", "7j7f", "0g7f", "p*5e", "K*5e", "P-5e", "resign", "WIN", ""}) {
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        INFO(text);
        CHECK(state.parse_move(text, m, error) == ARB_ERR_SYNTAX);
    }
}

TEST_CASE("shogi draws both hands beside the board and writes them in its status line", "[shogi][diagram]") {
    auto plugin = test::load_plugin("shogi");
    auto state = shogi_at("4k4/9/9/9/9/9/9/9/4K4 w R2Pbp 7", {});
    auto reader = game::DiagramReader::of(*plugin);
    REQUIRE(reader.has_value());
    auto drawing = reader->drawing(state);
    REQUIRE(drawing.has_value());
    CHECK(drawing->columns == 9);
    CHECK(drawing->rows == 13);  // two rows of gote's hand, the board, two of sente's
    CHECK(drawing->frames.size() == 1);
    REQUIRE(drawing->ranks.size() == 13);  // BoardDrawing::ranks: labels that are no numbers
    CHECK(drawing->ranks[0] == "G");
    CHECK(drawing->ranks[2] == "a");
    CHECK(drawing->ranks[10] == "i");
    CHECK(drawing->ranks[12] == "S");
    auto cells = reader->cells(state, *drawing);
    REQUIRE(cells.has_value());
    // The reader gives the rows joined (the text has a '/' between rows).
    CHECK(*cells == std::string("bp.......") + std::string(9, '.') + "....k...." + std::string(7 * 9, '.') +
                        "....K....R2P......" + std::string(9, '.'));
    auto status = game::StatusLineReader::of(*plugin);
    REQUIRE(status);
    auto line = status->line(state);
    REQUIRE(line);
    CHECK(*line == "move 7, gote to move; in hand: sente R2P, gote bp; checks in a row: sente 0, gote 0");
}

TEST_CASE("shogi labels its pieces with the usual kanji, gote's turned, and /2 draws without them", "[shogi][diagram]") {
    auto plugin = test::load_plugin("shogi");
    REQUIRE(plugin->diagram() != nullptr);
    CHECK(plugin->diagram()->revision() == 3);
    auto state = test::new_game("shogi");
    auto drawing = game::DiagramReader::of(*plugin)->drawing(state);
    REQUIRE(drawing.has_value());
    // The kanji of the JSA's piece names: pawn 歩, lance 香, knight 桂, silver 銀,
    // gold 金, bishop 角, rook 飛, king 玉 (sente) and 王 (gote); promoted: と 杏 圭 全 馬 龍.
    const std::pair<char, const char *> expected[] = {
        {'P', "歩"}, {'L', "香"}, {'N', "桂"}, {'S', "銀"}, {'G', "金"}, {'B', "角"}, {'R', "飛"}, {'K', "玉"},
        {'T', "と"}, {'Y', "杏"}, {'M', "圭"}, {'V', "全"}, {'H', "馬"}, {'D', "龍"}};
    auto piece = [&](char token) {
        auto it = std::find_if(drawing->pieces.begin(), drawing->pieces.end(), [&](const auto &p) { return p.token == token; });
        REQUIRE(it != drawing->pieces.end());
        return *it;
    };
    for (const auto &[letter, kanji] : expected) {
        INFO(letter);
        CHECK(piece(letter).label == kanji);
        CHECK_FALSE(piece(letter).turned);
        const auto gote = piece(static_cast<char>(letter - 'A' + 'a'));
        CHECK(gote.label == (letter == 'K' ? std::string("王") : std::string(kanji)));
        CHECK(gote.turned);
    }
    CHECK(piece('2').label.empty());  // a count in hand stays a digit
    // A host of /2 gets the same pieces without labels, which /2 does not know.
    const auto *v2 = static_cast<const arb_game_diagram_2 *>(plugin->api().get_extension(ARB_EXT_DIAGRAM_2));
    REQUIRE(v2 != nullptr);
    std::string text(8192, '\0');
    uint32_t needed = 0;
    REQUIRE(v2->write_drawing(state.raw(), text.data(), static_cast<uint32_t>(text.size()), &needed) == ARB_OK);
    text.resize(needed - 1);
    CHECK(text.find("label") == std::string::npos);
    auto old = game::parse_board_drawing(text, 2);
    REQUIRE(old.has_value());
    CHECK(old->pieces.size() == drawing->pieces.size());
}

TEST_CASE("shogi's status line counts each side's checks in a row, from the game's history", "[shogi][diagram]") {
    auto plugin = test::load_plugin("shogi");
    auto status = game::StatusLineReader::of(*plugin);
    REQUIRE(status);
    CHECK(plugin->status_line()->revision() == 3);
    // The rook checks from 1c and 2c while gote's king shuttles 1a-2a: after
    // 2c1c+ 1a2a 1c2c+ sente has checked twice in a row, gote never.
    auto state = shogi_at("8k/9/7R1/9/9/9/9/9/4K4 b - 1");
    play_all(state, "2c1c 1a2a 1c2c");
    CHECK(*status->line(state) == "move 4, gote to move (in check); in hand: sente -, gote -; checks in a row: sente 2, gote 0");
    const game::GameState clone = state;
    CHECK(*status->line(clone) == *status->line(state));
    // The same position set from its text has no history: no checks counted.
    auto fresh = shogi_at(state.position());
    CHECK(*status->line(fresh) == "move 4, gote to move (in check); in hand: sente -, gote -; checks in a row: sente 0, gote 0");
    // 2a1a, then 2c3c gives no check (the rook leaves file 1 and rank a): the run ends.
    play_all(state, "2a1a 2c3c");
    CHECK(*status->line(state) == "move 6, gote to move; in hand: sente -, gote -; checks in a row: sente 0, gote 0");
}
