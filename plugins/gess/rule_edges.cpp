// "arbiter.rule-edges/1": the Gess positions where engines get the rules
// wrong. All are from the start position (Black to move), whose pieces the
// rules file (/work/shared/rules/gess.md, sections 2 and 6) names: rooks on
// c3 and r3 (2-7-2), queen i3 (7-7-7), ring l3 (7-5-7: k2 l2 m2 k3 m3 k4 l4
// m4 around the empty l3, Black's only ring), pawns c7 f7 i7 l7 o7 r7.
// Rows run 1-20 bottom to top, stones stand only on b-s x 2-19. The
// reasoning for each edge is beside it; tests/gess/gess_rule_edges_test.cpp
// checks every edge through the ABI, and that each rule option's edges
// stop holding under the option's other value.
#include "rule_edges.hpp"

namespace gess {
namespace {

constexpr arb_rule_edge kEdges[] = {
    // The ring one step south: its footprint k1-m3 puts k2 l2 m2 on row 1,
    // off the board, where they are removed: Black's last ring is gone.
    // Illegal under ring_rule=illegal whatever the other options (centre l2
    // is on the board, and the first step is the one that pushes off).
    {.rule = "ring-loss",
     .options = "ring_rule=illegal",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "l3-l2",
     .failure = "played l3-l2, which pushes its own ring off the board (ring_rule=illegal: a move may not leave the "
                "mover without a ring)"},
    // The piece centred h8 holds one stone, i7 (its south-east rim), so it
    // moves south-east, 1-3 steps (no centre stone). Its footprint is empty
    // at i7 and j6; at k5 it covers j4 k4 l4 and must stop there, capturing
    // them: k4 and l4 are ring stones. Own stones are captured too.
    {.rule = "ring-loss",
     .options = "ring_rule=illegal",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "h8-k5",
     .failure = "played h8-k5, which captures its own ring stones k4 and l4 (ring_rule=illegal)"},
    // With stop_on_pushoff=false the ring may go on south past the push-off,
    // to l1 (a centre on the outer row, so centers=grid20): still its own
    // ring destroyed, still illegal under ring_rule=illegal.
    {.rule = "ring-loss",
     .options = "ring_rule=illegal stop_on_pushoff=false centers=grid20",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "l3-l1",
     .failure = "played l3-l1, which pushes its own ring off the board (ring_rule=illegal)"},
    // Under ring_rule=lose destroying the ring is legal, so only the push-off
    // rule stops l3-l1: the first step (to l2) pushes k2 l2 m2 off the board
    // and, with stop_on_pushoff=true, ends the move.
    {.rule = "stop-on-pushoff",
     .options = "ring_rule=lose stop_on_pushoff=true centers=grid20",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "l3-l1",
     .failure = "played l3-l1, going on after the step that pushed stones off the board (stop_on_pushoff=true)"},
    // The rook c3 (centre stone: unlimited range) west: at b3 its footprint
    // a2-c4 is empty but its west stone b3 -> a3 is off the board, so the
    // move ends at b3. c3-a3 is one of the rules file's 15 moves legal only
    // with stop_on_pushoff=false (and grid20: centre a3).
    {.rule = "stop-on-pushoff",
     .options = "centers=grid20 stop_on_pushoff=true",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "c3-a3",
     .failure = "played c3-a3, going on after the step that pushed a stone off the board (stop_on_pushoff=true)"},
    // Centre a2 is off the 18x18 board: under centers=board18 no piece is
    // centred there. a2-b3 is one of the rules file's 26 moves legal only
    // with grid20 (the footprint a1-b3 holds b3, which points north-east).
    {.rule = "off-board-centre",
     .options = "centers=board18",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "a2-b3",
     .failure = "moved a piece centred off the board (a2) although centers=board18"},
    // A move ending with its centre off the board: the piece d6 (footprint
    // c5-e7) holds only c7, its north-west rim stone, so it goes north-west,
    // 1-3 steps, over empty squares: c7, b8, a9. At b8 the stone c7 has
    // reached a9, off the board; with stop_on_pushoff=false the piece may go
    // on to a9, a centre on the outer column: legal with grid20 (rules file
    // 6: one of the 15), refused under board18. AbstractPlay's generator
    // lets it through (rules file 8).
    {.rule = "off-board-centre",
     .options = "centers=board18 stop_on_pushoff=false",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "d6-a9",
     .failure = "ended a move with the centre off the board (a9) although centers=board18"},
    // The rook c3 north: its footprint is empty at c4 and c5, and at c6
    // (b5-d7) covers the own pawn c7, so it must stop at c6 and capture it
    // (rules file 6: c3-c6 legal, c3-c7 and c3-c8 illegal). Any options.
    {.rule = "stop-at-stone",
     .options = "",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "c3-c7",
     .failure = "moved c3-c7 through the stone c7; a piece stops at the first step whose footprint covers a stone"},
    // The queen i3 (centre stone, all 8 directions, unlimited range) north-
    // east: after one step its footprint i3-k5 covers k3 and k4, stones of
    // the ring that are not part of the queen, so it must stop at j4: i3-k5
    // passes through stones (a multi-step diagonal, hjryan's bug 3).
    {.rule = "stop-at-stone",
     .options = "",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "i3-k5",
     .failure = "moved i3-k5 diagonally through stones; the piece must stop at j4, where its footprint first covers "
                "k3 and k4"},
    // The piece c6 holds only c7 (its north rim), no centre stone: range 1-3.
    // c6-c9 is legal (footprints at c7, c8, c9 hold nothing else; White's
    // nearest stone is c14), c6-c10 is four steps.
    {.rule = "range",
     .options = "",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "c6-c10",
     .failure = "moved a piece without a centre stone 4 squares (c6-c10); without a centre stone the range is 1 to 3"},
    // The footprint centred on the pawn c7 (b6-d8) holds only its centre
    // stone: no rim stone, no direction, not a piece.
    {.rule = "piece",
     .options = "",
     .position = "",
     .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY,
     .move = "c7-c8",
     .failure = "moved a lone stone (c7-c8): a piece needs a stone on its 8 outer squares to have a direction"},
};

}  // namespace

std::span<const arb_rule_edge> rule_edges() noexcept { return kEdges; }

}  // namespace gess
