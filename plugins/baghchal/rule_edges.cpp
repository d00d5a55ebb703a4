// "arbiter.rule-edges/1": the Bagh Chal positions where engines get the
// rules wrong. Points are a1..e5 with row 1 at the top (a1 top-left); a
// position string lists a1..e1, a2..e2, ..., a5..e5. The hand reasoning for
// each edge is beside it; tests/baghchal/rule_edges_test.cpp checks every
// edge through the ABI, and that each rule option's edge stops holding
// under the option's other values.
#include "game.hpp"

namespace arb::baghchal {
namespace {

// S0 of the rules file (section 5): goats to move, none in hand, 3 captured.
//   row 1  T G G G T
//   row 2  G G G G G
//   row 3  G G . G G
//   row 4  G . . . G
//   row 5  T G G G T
// Its 3 captures make it a position only under goats_to_win >= 4, so the
// edges from it name goats_to_win.
constexpr const char *kS0 = "TGGGTGGGGGGG.GGG...GTGGGT G 0 3";

// The tiger cycle: tigers on b1, e1, a5 and e5, goats on every other point
// but a1, all 20 placed, none captured, goats to move.
//   row 1  . T G G T
//   rows 2-4 all goats
//   row 5  T G G G T
// The empty point runs round the triangle a1-b1-b2 (all three joined: a1-b2
// is a diagonal, as a1 is a corner): b2-a1 (goat), b1-b2 (tiger), a1-b1
// (goat), b2-a1 (tiger), b1-b2 (goat), a1-b1 (tiger) restores the position
// after six plies. At each tiger turn that tiger has exactly one move, the
// step onto the empty point: its other neighbours hold goats and every jump
// lands on a goat (from b1: d1; from b2: d2, b4, d4; from a1: a3, c3). The
// other tigers sit in corners whose three neighbours and three landing
// points are goats throughout.
constexpr const char *kCycle = ".TGGTGGGGGGGGGGGGGGGTGGGT G 0 0";

constexpr arb_rule_edge kEdges[] = {
    // Placement: 1 goat in hand, goats to move, empty c3 and e4.
    //   T G G G T / G G G G G / G G . G G / G G G G . / T G G G T
    // The only legal moves are the drops G@c3 and G@e4; the goat on c2 may
    // not step to c3 while a goat is in hand. Captures play no part (none
    // is possible for goats), so any options.
    {.rule = "goat-placement",
     .options = "",
     .position = "TGGGTGGGGGGG.GGGGGG.TGGGT G 1 0",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "c2-c3",
     .failure = "stepped a goat (c2-c3) while a goat was still in hand; goats are dropped until all 20 are placed"},
    // The same position: G@c3 is the 20th drop; the tigers' only move is then
    // e5-e4 (a1, e1 and a5 are boxed in by goats and every landing point is
    // taken), which empties e5. The goats now have none in hand: they must
    // step (d5-e5 or d4-e5, a diagonal from the even point d4), and the drop
    // G@e5 an engine still placing would play is illegal.
    {.rule = "placement-end",
     .options = "",
     .position = "TGGGTGGGGGGG.GGGGGG.TGGGT G 1 0",
     .moves = "G@c3 e5-e4",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "G@e5",
     .failure = "dropped a goat (G@e5) after the 20th drop; from then on goats only step"},
    // All 20 goats placed, 2 of them captured: 18 on the board, empty c3, d4
    // and e4. An engine that counts goats on the board instead of goats
    // placed believes 2 are still in hand and drops one (G@c3): illegal.
    // 2 captures need goats_to_win >= 3.
    {.rule = "placement-end",
     .options = "goats_to_win=5",
     .position = "TGGGTGGGGGGG.GGGGG..TGGGT G 0 2",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "G@c3",
     .failure = "dropped a goat (G@c3) although all 20 were placed (2 were captured, which does not give them back)"},
    // Tigers to move during placement (17 in hand, so 3 drops and 2 tiger
    // moves were made): tigers b1, e1, a5, e5; goats c2, a3, c4.
    //   . T . . T / . . G . . / G . . . . / . . G . . / T . . . T
    // b1 is an odd point (column 1 + row 0): it has no diagonal lines, so
    // b1xd3 over c2 is no jump of the board. An engine with diagonals
    // everywhere plays it. No tiger can capture at all (c2 is jumpable only
    // along c1-c2-c3 or b2-c2-d2, with no tiger on them), so capture=mandatory
    // changes nothing.
    {.rule = "board-lines",
     .options = "",
     .position = ".T..T..G..G......G..T...T T 17 0",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "b1xd3",
     .failure = "jumped b1xd3 along a diagonal that is not a line of the board (only points with row + column even "
                "have diagonals)"},
    // One goat dropped on b2 (19 in hand), tigers on their corners: a1xc3
    // captures it along the long diagonal. With capture=mandatory that is
    // the only legal move, so the step a5-b4 of another tiger is illegal.
    {.rule = "mandatory-capture",
     .options = "capture=mandatory",
     .position = "T...T.G.............T...T T 19 0",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "a5-b4",
     .failure = "stepped a5-b4 although a tiger could capture (a1xc3) and capture=mandatory"},
    // The same position: a1xc3 is the one capture (only b2 holds a goat,
    // and only a1 stands behind it on a line with c3 empty), so with
    // capture=mandatory it is the only legal move.
    {.rule = "mandatory-capture",
     .options = "capture=mandatory",
     .position = "T...T.G.............T...T T 19 0",
     .moves = "",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "a1xc3",
     .failure = "did not capture a1xc3, the only legal move under capture=mandatory"},
    // Tigers to move, 1 goat in hand; tigers a1, e1, b3, c5, empty c2 and d3.
    //   T G G G T / G G . G G / G T G . G / G G G G G / G G T G G
    // No tiger can step: a1, e1 and c5 touch only goats, and b3 (an odd
    // point) touches a3, c3, b2, b4, all goats. The jumps: a1 lands on c1,
    // a3, c3; e1 on c1, e3, c3; c5 on a5, e5, c3, a3, e3 (all goats); b3
    // over c3 lands on d3, empty. So b3xd3 is the only move: the tigers are
    // not trapped. (c2 is reachable by no tiger.)
    {.rule = "trapped-tigers",
     .options = "",
     .position = "TGGGTGG.GGGTG.GGGGGGGGTGG T 1 0",
     .moves = "",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "b3xd3",
     .failure = "did not play b3xd3, the tigers' only move (they are not trapped: they can jump)"},
    // 5 goats captured under goats_to_win=6: the game goes on. 15 goats on
    // the board, none in hand, goats to move.
    //   T G G G T / G G G G G / G . . . G / G G . G G / T . G . T
    // An engine that ends the game at 5 captures answers no move.
    {.rule = "capture-target",
     .options = "goats_to_win=6",
     .position = "TGGGTGGGGGG...GGG.GGT.G.T G 0 5",
     .moves = "",
     .expect = ARB_EDGE_ANY_LEGAL,
     .move = "",
     .failure = "gave no legal move after the 5th capture, but goats_to_win=6: the game goes on"},
    // The rules file's repetition vector: from S0, c2-c3 a5-b4 c3-c2 leaves
    // the tigers to move, and b4-a5 would recreate S0 (board and side to
    // move). The legal tiger moves are a1xc3 b4-c3 b4-c4 e1xc3 e5-d4; under
    // draw3 or none b4-a5 is a sixth. capture is named: under mandatory the
    // captures a1xc3 and e1xc3 would forbid b4-a5 anyway.
    {.rule = "repetition",
     .options = "repetition=forbid capture=optional goats_to_win=5",
     .position = kS0,
     .moves = "c2-c3 a5-b4 c3-c2",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "b4-a5",
     .failure = "played b4-a5, which recreates an earlier position (repetition=forbid)"},
    // A goat move that repeats: from S0, c2-c3 (goats) a5-b4 (tigers) d3-d4
    // (goats) b4-a5 (tigers, back to a5: a new position, as d3 has moved).
    // Now d4-d3 would give the board after c2-c3 with the tigers to move
    // again, a position of this game: forbidden.
    {.rule = "repetition",
     .options = "repetition=forbid capture=optional goats_to_win=5",
     .position = kS0,
     .moves = "c2-c3 a5-b4 d3-d4 b4-a5",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "d4-d3",
     .failure = "played d4-d3, which recreates an earlier position (repetition=forbid)"},
    // The tiger cycle, run once and then five plies more: the tigers, to
    // move, have one move, a1-b1, which brings back the start position (goats
    // to move) for the third time. Under draw3 that move is legal (it draws
    // the game); an engine that applies the forbid rule finds no move.
    // Under forbid the history itself stops at its sixth ply.
    {.rule = "repetition-draw3",
     .options = "repetition=draw3",
     .position = kCycle,
     .moves = "b2-a1 b1-b2 a1-b1 b2-a1 b1-b2 a1-b1 b2-a1 b1-b2 a1-b1 b2-a1 b1-b2",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "a1-b1",
     .failure = "did not play a1-b1, the tigers' only move: under repetition=draw3 a repeating move is legal (the "
                "third occurrence draws)"},
    // The cycle run twice and five plies more: the start position has
    // occurred three times (under draw3 the game would have ended at ply 12).
    // With repetition=none the game goes on, and a1-b1 is again the only move.
    {.rule = "repetition-none",
     .options = "repetition=none",
     .position = kCycle,
     .moves = "b2-a1 b1-b2 a1-b1 b2-a1 b1-b2 a1-b1 b2-a1 b1-b2 a1-b1 b2-a1 b1-b2 a1-b1 "
              "b2-a1 b1-b2 a1-b1 b2-a1 b1-b2",
     .expect = ARB_EDGE_MUST_PLAY,
     .move = "a1-b1",
     .failure = "did not play a1-b1, the tigers' only move: under repetition=none a position may occur any number of "
                "times"},
};

}  // namespace

std::span<const arb_rule_edge> BaghChal::rule_edges() { return kEdges; }

}  // namespace arb::baghchal
