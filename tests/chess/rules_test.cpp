// The rules of chess through the loaded ABI: castling, en passant,
// promotion, the ends of a game and the draw rules. Each position is set up
// by hand; the expected moves and results are worked out in the comments.
#include "support/plugins.hpp"

#include <arbiter/ext/move_properties.h>

#include <algorithm>
#include <string>

using namespace arb;

namespace {

game::GameState at(const std::string &fen, const game::OptionList &options = {}) {
    auto state = test::new_game("chess", options);
    auto set = state.set_position(fen);
    INFO(fen << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state;
}

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

void play_all(game::GameState &state, std::initializer_list<const char *> moves) {
    for (const char *m : moves) test::play_text(state, m);
}

}  // namespace

TEST_CASE("chess castling: not through, out of or into check", "[chess][rules]") {
    // A black rook on f8 attacks f1, which the king crosses to g1; c1 and d1 are free.
    auto through = at("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK_FALSE(legal(through, "e1g1"));
    CHECK(legal(through, "e1c1"));
    // The rook on e7 checks the king: no castling at all.
    auto out_of = at("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK_FALSE(legal(out_of, "e1g1"));
    CHECK_FALSE(legal(out_of, "e1c1"));
    // b1 is attacked, but only the rook crosses it: queenside castling stays legal.
    auto rook_path = at("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK(legal(rook_path, "e1c1"));
    test::play_text(rook_path, "e1c1");
    CHECK(rook_path.position() == "1r2k3/8/8/8/8/8/8/2KR3R b - - 1 1");
}

TEST_CASE("chess960 castling is written king-takes-rook and checks the king's landing square", "[chess][rules]") {
    auto c960 = at("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {{"variant", "chess960"}});
    CHECK(legal(c960, "e1h1"));
    CHECK(legal(c960, "e1a1"));
    CHECK_FALSE(legal(c960, "e1g1"));
    test::play_text(c960, "e1h1");
    CHECK(c960.position() == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    // The standard variant writes the king's two-square step and explains the other form.
    auto standard = at("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK(legal(standard, "e1g1"));
    CHECK(refusal(standard, "e1h1").find("two-square step (e1g1)") != std::string::npos);
    // King on g1 and rook on h1: castling moves only the rook (g1h1 -> king g1, rook f1).
    auto null_king = at("1rk5/8/8/8/8/8/8/1R4KR w H - 0 1", {{"variant", "chess960"}});
    test::play_text(null_king, "g1h1");
    CHECK(null_king.position() == "1rk5/8/8/8/8/8/8/1R3RK1 b - - 1 1");
    // King c1, rook b1, black queen a1: after c1b1 the rook leaves b1 and the queen
    // would check the king on c1, so the castling is not legal.
    auto shield = at("2k5/8/8/8/8/8/8/qRK5 w B - 0 1", {{"variant", "chess960"}});
    CHECK_FALSE(legal(shield, "c1b1"));
}

TEST_CASE("chess en passant: the pinned pawn, check evasion and the horizontal double pin", "[chess][rules]") {
    // b5xc6 would leave the a5 king open to the h5 rook along the fifth rank;
    // with no legal capture the FEN does not keep the en passant square.
    auto pinned = at("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    CHECK_FALSE(legal(pinned, "b5c6"));
    CHECK(pinned.position() == "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1");
    // A free capture keeps its square.
    auto free = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    CHECK(legal(free, "e5d6"));
    CHECK(free.position() == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    test::play_text(free, "e5d6");
    CHECK(free.position() == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    // d2-d4 checks the e5 king; e4xd3 en passant removes the checker.
    auto evasion = at("8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1");
    CHECK(legal(evasion, "e4d3"));
    // d4 and e4 both leave the fourth rank: the h4 queen would check the a4 king.
    auto double_pin = at("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    CHECK_FALSE(legal(double_pin, "e4d3"));
}

TEST_CASE("chess promotion to each piece, and a pawn on the last rank must promote", "[chess][rules]") {
    auto state = at("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    for (const char *m : {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}) CHECK(legal(state, m));
    CHECK(refusal(state, "e7e8").find("must promote") != std::string::npos);
    auto queen = state;
    test::play_text(queen, "e7e8q");
    CHECK(queen.position() == "4Q3/6k1/8/8/8/8/8/4K3 b - - 0 1");
    CHECK_FALSE(queen.over());
    // King and knight against king: no mate is possible, the game is drawn at once.
    test::play_text(state, "e7e8n");
    CHECK(state.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(state.outcome().reason).find("insufficient material") != std::string::npos);
}

TEST_CASE("chess checkmate and stalemate", "[chess][rules]") {
    auto fools = test::new_game("chess");
    play_all(fools, {"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(fools.outcome().result == ARB_RESULT_WIN_SIDE_1);
    CHECK(std::string(fools.outcome().reason) == "black mates");
    CHECK(fools.side_to_move() == ARB_SIDE_NONE);
    CHECK(fools.legal_moves().empty());
    // Black king h8, white queen f7 and king g6: g8, g7 and h7 are covered, h8 is not attacked.
    auto stalemate = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(stalemate.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(stalemate.outcome().reason) == "stalemate");
}

TEST_CASE("chess 50 and 75 moves: a draw unless the last move mates", "[chess][rules]") {
    auto fifty = at("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    test::play_text(fifty, "a1a2");
    CHECK(fifty.outcome().result == ARB_RESULT_DRAW);
    CHECK(std::string(fifty.outcome().reason).find("50 moves") != std::string::npos);
    // FIDE's automatic rule waits for 75 moves (150 plies).
    auto automatic = at("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", {{"draws", "automatic"}});
    test::play_text(automatic, "a1a2");
    CHECK_FALSE(automatic.over());
    auto seventy_five = at("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", {{"draws", "automatic"}});
    test::play_text(seventy_five, "a1a2");
    CHECK(std::string(seventy_five.outcome().reason).find("75 moves") != std::string::npos);
    // Rh8 mates on the 100th reversible ply: a7 and b7 are the white king's, b8 the rook's.
    auto mate = at("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    test::play_text(mate, "h1h8");
    CHECK(mate.outcome().result == ARB_RESULT_WIN_SIDE_0);
}

TEST_CASE("chess repetition: threefold by default, fivefold under draws=automatic", "[chess][rules]") {
    // Both knights out and back twice: the start position occurs for the third time.
    auto state = test::new_game("chess");
    play_all(state, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    CHECK_FALSE(state.over());
    test::play_text(state, "f6g8");
    CHECK(std::string(state.outcome().reason) == "threefold repetition");
    CHECK(state.outcome().result == ARB_RESULT_DRAW);
    auto five = test::new_game("chess", {{"draws", "automatic"}});
    for (int i = 0; i < 3; ++i) play_all(five, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK_FALSE(five.over());  // the fourth occurrence
    play_all(five, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK(std::string(five.outcome().reason).find("fifth time") != std::string::npos);
}

TEST_CASE("chess insufficient material: KvK, K+minor v K, bishops on one colour", "[chess][rules]") {
    CHECK(at("4k3/8/8/8/8/8/8/4K3 w - - 0 1").over());
    CHECK(at("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").over());
    // c1 and g1 are both dark squares.
    CHECK(at("4k3/8/8/8/8/8/8/2B1K1b1 w - - 0 1").over());
    // f1 is light: bishops of opposite colours can still mate.
    CHECK_FALSE(at("4k3/8/8/8/8/8/8/2B1Kb2 w - - 0 1").over());
    CHECK_FALSE(at("4k3/8/8/8/8/8/8/1N2Kn2 w - - 0 1").over());
}

TEST_CASE("chess irreversible moves and the position hash", "[chess][rules]") {
    auto state = at("r3k2r/8/8/8/3p4/8/4P3/R3K1NR w KQkq - 0 1");
    auto flags = [&](const char *text) {
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        REQUIRE(state.parse_move(text, m, error) == ARB_OK);
        return state.move_flags(m);
    };
    CHECK(flags("g1f3") == 0);                      // a knight move: reversible
    CHECK(flags("e2e4") == ARB_MOVE_IRREVERSIBLE);  // a pawn move
    CHECK(flags("e1c1") == ARB_MOVE_IRREVERSIBLE);  // castling
    CHECK((flags("a1a8") & ARB_MOVE_IRREVERSIBLE) != 0);  // a capture
    CHECK(flags("e1f1") == ARB_MOVE_IRREVERSIBLE);  // loses both castling rights
    CHECK(flags("h1h2") == ARB_MOVE_IRREVERSIBLE);  // loses one
    // Same pieces, different castling rights: different positions, different hashes.
    CHECK(state.hash() != at("r3k2r/8/8/8/3p4/8/4P3/R3K1NR w Qkq - 0 1").hash());
    // e2e4 allows d4xe3, so the en passant square is part of the position.
    test::play_text(state, "e2e4");
    CHECK(state.position() == "r3k2r/8/8/8/3pP3/8/8/R3K1NR b KQkq e3 0 1");
}

TEST_CASE("chess move properties /2: capture and check, exactly", "[chess][rules]") {
    auto state = at("r3k2r/8/8/8/3p4/8/4P3/R3K1NR w KQkq - 0 1");
    REQUIRE(state.plugin()->move_capture_check());
    auto flags = [&](const char *text) {
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        REQUIRE(state.parse_move(text, m, error) == ARB_OK);
        return state.move_flags(m);
    };
    CHECK(flags("g1f3") == 0);
    CHECK(flags("e2e4") == ARB_MOVE_IRREVERSIBLE);
    // Rxa8 takes the rook and attacks the king along the empty eighth rank.
    CHECK(flags("a1a8") == (ARB_MOVE_IRREVERSIBLE | ARB_MOVE_CAPTURE | ARB_MOVE_CHECK));
    // A check that takes nothing (no castling rights left: reversible), and en passant (a capture).
    state = at("4k3/8/8/3pP3/8/8/8/4K2R w - d6 0 1");
    CHECK(flags("h1h8") == ARB_MOVE_CHECK);
    CHECK(flags("e5d6") == (ARB_MOVE_IRREVERSIBLE | ARB_MOVE_CAPTURE));
}

TEST_CASE("chess FEN is read strictly and written canonically", "[chess][rules]") {
    auto state = test::new_game("chess");
    auto error = [&](const std::string &fen) {
        auto set = state.set_position(fen);
        return set ? std::string("accepted") : set.error().message;
    };
    CHECK(error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -") ==
          "accepted");  // four fields, as in EPD
    CHECK(state.position() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1").find("'X' is not a FEN piece") !=
          std::string::npos);
    CHECK(error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1").find("7 squares") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").find("white has 2 kings") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").find("first or the last rank") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/4K2R b - - 0 1") == "accepted");
    CHECK(error("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").find("not to move (black) is in check") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/4K3 w K - 0 1").find("no white rook") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/4K2R w H - 0 1").find("for Chess960") != std::string::npos);
    CHECK(error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").find("no pawn can just have passed") != std::string::npos);
    // Chess960 reads Shredder-FEN and writes X-FEN: KQkq for the outermost rooks.
    auto c960 = test::new_game("chess", {{"variant", "chess960"}});
    REQUIRE(c960.set_position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"));
    CHECK(c960.position() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    // An inner rook keeps its file letter: rooks b1 and c1 (king d1), the right is c1's.
    REQUIRE(c960.set_position("3k4/8/8/8/8/8/8/1RRK4 w C - 0 1"));
    CHECK(c960.position() == "3k4/8/8/8/8/8/8/1RRK4 w C - 0 1");
}
