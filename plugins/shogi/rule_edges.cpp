// "arbiter.rule-edges/1": the shogi positions where engines get the rules
// wrong. SFEN ranks run a (gote's side, top) to i; files 9 to 1 within a
// rank. The reasoning for each edge is beside it; tests/shogi checks every
// edge through the ABI. The edges played from the start name handicap=none,
// the start they are played from.
#include "game.hpp"

namespace arb::shogi {
namespace {

// Sente's rook shuttles 1c-2c, checking the gote king on 1a or 2a each
// time; the king shuttles 1a-2a. The position (gote to move, in check) comes
// back every four plies; after these eleven plies 2c1c would make it the
// fourth time, with every sente move since its first occurrence a check.
constexpr const char *kPerpetual = "8k/9/8R/9/9/9/9/9/4K4 w - 1";
constexpr const char *kPerpetualMoves = "1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a 2c1c 1a2a 1c2c 2a1a";

constexpr arb_rule_edge kEdges[] = {
    // 2g2f ... 2d2c+ takes gote's pawn on 2c; gote's 8-file pawn takes 8g.
    // Sente has a pawn in hand and unpromoted pawns on every file but 8 and
    // 2 (the tokin on 2c is no pawn): P*5e is a second pawn on file 5.
    {.rule = "nifu",
     .options = "handicap=none",
     .position = "",
     .moves = "2g2f 8c8d 2f2e 8d8e 2e2d 8e8f 2d2c+ 8f8g+",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "P*5e",
     .failure = "dropped a pawn on file 5, which holds its unpromoted pawn on 5g (nifu)"},
    // The same with gote to move: gote has pawns on files 9-1 but 8 and 2.
    {.rule = "nifu",
     .options = "handicap=none",
     .position = "",
     .moves = "2g2f 8c8d 2f2e 8d8e 2e2d 8e8f 2d2c+ 8f8g+ 5i4h",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "P*3e",
     .failure = "dropped a pawn on file 3, which holds its unpromoted pawn on 3c (nifu)"},
    // P*1b checks the king on 1a; 2a and 2b are the gold's, 1b the
    // knight's (2d): mate by a pawn drop, which is illegal.
    {.rule = "uchifuzume",
     .options = "",
     .position = "8k/6G2/9/7N1/9/9/9/9/4K4 b P 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "P*1b",
     .failure = "mated by dropping a pawn (uchifuzume): P*1b checks 1a, and 2a, 2b and 1b are all covered"},
    // The pawn on 3b, the lance on 1c and the knight on 2d (two ranks from
    // the end) could never move again unpromoted on rank a (or b).
    {.rule = "forced-promotion",
     .options = "",
     .position = "4k4/6P2/8L/7N1/9/9/9/9/4K4 b - 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "3b3a",
     .failure = "moved a pawn to the last rank (3b3a) without promoting it (3b3a+)"},
    {.rule = "forced-promotion",
     .options = "",
     .position = "4k4/6P2/8L/7N1/9/9/9/9/4K4 b - 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "1c1a",
     .failure = "moved a lance to the last rank (1c1a) without promoting it (1c1a+)"},
    {.rule = "forced-promotion",
     .options = "",
     .position = "4k4/6P2/8L/7N1/9/9/9/9/4K4 b - 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "2d3b",
     .failure = "moved a knight to the second-last rank (2d3b) without promoting it (2d3b+)"},
    // A pawn or lance dropped on the last rank, a knight on the last two,
    // could never move.
    {.rule = "drop-last-rank",
     .options = "",
     .position = "4k4/9/9/9/9/9/9/9/4K4 b NLP 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "P*3a",
     .failure = "dropped a pawn on the last rank (P*3a), where it could never move"},
    {.rule = "drop-last-rank",
     .options = "",
     .position = "4k4/9/9/9/9/9/9/9/4K4 b NLP 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "L*3a",
     .failure = "dropped a lance on the last rank (L*3a), where it could never move"},
    {.rule = "drop-last-rank",
     .options = "",
     .position = "4k4/9/9/9/9/9/9/9/4K4 b NLP 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "N*3b",
     .failure = "dropped a knight on the second-last rank (N*3b), where it could never move"},
    {.rule = "drop-last-rank",
     .options = "",
     .position = "4k4/9/9/9/9/9/9/9/4K4 w nlp 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "P*3i",
     .failure = "dropped a gote pawn on gote's last rank (P*3i), where it could never move"},
    // A declaration where nothing holds: the start.
    {.rule = "false-declaration",
     .options = "handicap=none",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "win",
     .failure = "declared a win (entering king) at the start, with its king at home"},
    // King on 5b, ten pieces in the camp (rook and bishop 5 points each,
    // eight small ones 1 each: 18) and nine pawns in hand: 27 points. Gote
    // would win with 27; sente needs 28.
    {.rule = "false-declaration",
     .options = "declaration=27-point",
     .position = "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 9P 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "win",
     .failure = "declared a win with 27 points as sente; the 27-point rule asks 28 of sente (27 of gote)"},
    // 28 points (rook and bishop 10, seven small pieces 7, a gold, a silver
    // and nine pawns in hand 11), but only nine pieces in the camp: the
    // knight on 8d is outside it.
    {.rule = "false-declaration",
     .options = "",
     .position = "RBGGG4/SSS1K4/N8/1N7/9/9/9/9/8k b GS9P 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "win",
     .failure = "declared a win with nine pieces in the enemy camp; ten are needed besides the king"},
    // The 24-point rule counts both sides alike and asks 24: the camp of the
    // edge above with five pawns in hand makes 23.
    {.rule = "false-declaration",
     .options = "declaration=24-point",
     .position = "RBGGG4/SSS1K4/NN7/9/9/9/9/9/8k b 5P 1",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "win",
     .failure = "declared with 23 points; the 24-point rule asks at least 24"},
    // Under max_moves=400 ply 330 is played: an engine that assumes the
    // default limit (320) takes the game for drawn and gives no move.
    {.rule = "max-moves",
     .options = "max_moves=400",
     .position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 330",
     .moves = "",
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move at ply 330; under max_moves=400 the game goes on to ply 400"},
    {.rule = "perpetual-check",
     .options = "",
     .position = kPerpetual,
     .moves = kPerpetualMoves,
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "2c1c",
     .failure = "checked with 2c1c a fourth time into the same position (perpetual check, which loses)"},
};

}  // namespace

std::span<const arb_rule_edge> Shogi::rule_edges() { return kEdges; }

}  // namespace arb::shogi
