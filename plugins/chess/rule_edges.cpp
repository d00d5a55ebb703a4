// "arbiter.rule-edges/1": the chess positions where engines get the rules
// wrong. FEN ranks run 8 down to 1; moves are UCI (castling e1g1 in
// standard chess, king takes own rook in Chess960). The reasoning for each
// edge is beside it; tests/chess/rule_edges_test.cpp checks every edge
// through the ABI, and that the edges of the rule options stop holding
// under the options' other values.
#include "game.hpp"

namespace arb::chess {
namespace {

// K+R v K+R, rooks on a1 and a8, no castling rights: the rooks can shuffle
// a1-a2 and a8-a7 for ever, and no side can force anything.
constexpr const char *kRooks = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
// Two round trips: the start occurs a second and a third time.
constexpr const char *kTwoRoundTrips = "a1a2 a8a7 a2a1 a7a8 a1a2 a8a7 a2a1 a7a8";

constexpr arb_rule_edge kEdges[] = {
    // The black bishop c4 attacks f1 (c4-d3-e2-f1), the square the king
    // crosses: e1g1 is illegal, though the king is not in check and g1 is
    // free. (Written in standard notation: variant named.)
    {.rule = "castling-through-check",
     .options = "variant=standard",
     .position = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1g1",
     .failure = "castled e1g1 across f1, which the bishop on c4 attacks"},
    // The black rook g8 attacks g1 down the open g-file: the king would land
    // in check.
    {.rule = "castling-into-check",
     .options = "variant=standard",
     .position = "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1g1",
     .failure = "castled e1g1 onto g1, which the rook on g8 attacks"},
    // The bishop b4 checks e1 (b4-c3-d2-e1); castling out of check is
    // illegal even though d1 and c1 are not attacked.
    {.rule = "castling-out-of-check",
     .options = "variant=standard",
     .position = "4k3/8/8/8/1b6/8/8/R3K3 w Q - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1c1",
     .failure = "castled e1c1 out of check (the bishop on b4 gives check)"},
    // The white king goes to f1 and back: the position looks like the start
    // but the right to castle is gone, which only the history shows.
    {.rule = "castling-rights",
     .options = "variant=standard",
     .position = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
     .moves = "e1f1 a8a7 f1e1 a7a8",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1g1",
     .failure = "castled e1g1 after the king had moved (e1f1, f1e1): the right was lost"},
    // The same with the rook: h1h2 and back loses the king-side right.
    {.rule = "castling-rights",
     .options = "variant=standard",
     .position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
     .moves = "h1h2 e8d8 h2h1 d8e8",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1g1",
     .failure = "castled e1g1 after the rook had moved (h1h2, h2h1): the right was lost"},
    // c7c5 passes c6 beside the white pawn b5, but b5xc6 en passant would
    // take both b5 and c5 off rank 5, where the white king a5 and the black
    // rook h5 face each other: illegal. The rank pin engines miss.
    {.rule = "en-passant-pin",
     .options = "",
     .position = "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1",
     .moves = "c7c5",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "b5c6",
     .failure = "captured b5c6 en passant, which opens rank 5 from the rook on h5 to its king on a5"},
    // d7d5 passes d6 beside the white pawn e5, but e5 is pinned on the
    // diagonal g7-f6-e5-d4-c3 (black bishop g7, white king c3): e5xd6 leaves
    // it. (e5e6 is illegal too; the king has 7 moves.)
    {.rule = "en-passant-pin",
     .options = "",
     .position = "4k3/3p2b1/8/4P3/8/2K5/8/8 b - - 0 1",
     .moves = "d7d5",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e5d6",
     .failure = "captured e5d6 en passant with a pawn pinned to its king by the bishop on g7"},
    // d7d5 gives check (a black pawn on d5 attacks e4). The white king e4
    // cannot move: d3, e3, f3 (rook a3 on rank 3; f3 also rook f8), d4
    // (pawn c5), f4, f5 (rook f8), d5 (guarded by the pawn c6); e5 holds its
    // own pawn. Only e5xd6 en passant, taking the checking pawn, saves it.
    // An engine without that reply thinks it is mated.
    {.rule = "en-passant-check",
     .options = "",
     .position = "5r1k/3p4/2p5/2p1P3/4K3/r7/8/8 b - - 0 1",
     .moves = "d7d5",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "e5d6",
     .failure = "did not play e5d6: the en passant capture of the checking pawn is the only legal move"},
    // After d2d4 black's king h8 has no square (g8, g7 by the king f7; h7
    // by the pawn g6) and the pawn e4 is blocked by e3: the only legal move
    // is e4xd3 en passant. An engine without it calls the position stalemate.
    {.rule = "stalemate",
     .options = "",
     .position = "7k/5K2/6P1/8/4p3/4P3/3P4/8 w - - 0 1",
     .moves = "d2d4",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "e4d3",
     .failure = "did not play e4d3: not stalemate, the en passant capture is legal and the only move"},
    // Standard chess writes castling as the king's two-square move, e1g1.
    // An engine in Chess960 mode (told UCI_Chess960 true, or defaulting to
    // it: Sjaak II) writes king takes own rook, e1h1, which standard chess
    // reads as no move. Castling is the one move here that is not mated at
    // once: Ra2 holds d2, e2 and f2, so Rb1 mates after any other move
    // (Kd1, Kf1, a rook move to f1 or g1, a pawn move); after e1g1 the rook
    // f1 guards the first rank.
    {.rule = "castling-notation",
     .options = "variant=standard",
     .position = "kr6/8/8/8/8/8/r5PP/4K2R w K - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1h1",
     .failure = "castled as e1h1, king takes rook, as an engine in Chess960 mode (UCI_Chess960 true) writes it; "
                "standard chess writes castling e1g1, the only move here that Rb1 does not mate"},
    // A pawn reaching the last rank must become a queen, rook, bishop or
    // knight: e7e8 without a letter is no move (e7e8q, r, b, n are).
    {.rule = "promotion",
     .options = "",
     .position = "k7/4P3/8/8/8/8/8/K7 w - - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e7e8",
     .failure = "moved the pawn to e8 without promoting it (e7e8q, e7e8r, e7e8b or e7e8n)"},
    // draws=automatic: the position has now occurred three times, but only
    // the fifth occurrence ends the game (FIDE 9.6). An engine that counts
    // a threefold repetition as the end answers no move.
    {.rule = "repetition",
     .options = "draws=automatic",
     .position = kRooks,
     .moves = kTwoRoundTrips,
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move after a threefold repetition, but draws=automatic ends the game only at the fifth"},
    // draws=claimed: one round trip, the position's second occurrence; the
    // game goes on (the third would end it).
    {.rule = "repetition",
     .options = "draws=claimed",
     .position = kRooks,
     .moves = "a1a2 a8a7 a2a1 a7a8",
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move at the second occurrence of a position; only the third ends the game "
                "(draws=claimed)"},
    // draws=automatic: 120 plies without a capture or pawn move; the game
    // goes on until 150 (FIDE 9.6.2).
    {.rule = "fifty-moves",
     .options = "draws=automatic",
     .position = "r3k3/8/8/8/8/8/8/R3K3 w - - 120 90",
     .moves = "",
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move at 120 plies without a capture or pawn move; draws=automatic ends the game at 150"},
    // draws=claimed: 99 plies; the 50-move rule ends the game at 100, after
    // this move.
    {.rule = "fifty-moves",
     .options = "draws=claimed",
     .position = "r3k3/8/8/8/8/8/8/R3K3 w - - 99 80",
     .moves = "",
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move at 99 plies without a capture or pawn move; the 50-move rule ends the game at 100"},
    // Chess960 from start 518 (the standard array): after 1. e4 e5 2. Nf3 Nf6
    // 3. Bc4 Bc5 white may castle king-side, written king takes rook, e1h1.
    // e1g1, the standard spelling, is a two-square king move: illegal. (With
    // variant=standard e1g1 is the castling move; a start other than 518
    // puts other pieces on the first rank, and the history no longer plays.)
    {.rule = "chess960-castling",
     .options = "variant=chess960 start=518",
     .position = "",
     .moves = "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "e1g1",
     .failure = "wrote castling as e1g1; in Chess960 castling is written king takes own rook (e1h1)"},
    // Chess960: king f1, rook g1 with the castling right (X-FEN K), a black
    // rook on h1. Castling king-side puts the king on g1 and the rook on f1,
    // and then the rook h1 attacks g1: illegal. An engine that tests g1 for
    // attacks with its own rook still standing there finds it shielded.
    {.rule = "chess960-castling",
     .options = "variant=chess960",
     .position = "4k3/8/8/8/8/8/8/5KRr w K - 0 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "f1g1",
     .failure = "castled f1g1 into check: once the rook leaves g1, the rook on h1 attacks the king there"},
};

}  // namespace

std::span<const arb_rule_edge> Chess::rule_edges() { return kEdges; }

}  // namespace arb::chess
