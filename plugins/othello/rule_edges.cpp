// Each edge was found in random games and checked against an independent
// model of the rules (a Python script, with the rule in question switched
// off to get the move an engine ignoring it plays); `arbiter plugin-check`
// checks that each loads and that each named move is illegal here.
#include "rule_edges.hpp"

namespace othello {

namespace {

constexpr arb_rule_edge kEdges[] = {
    {.rule = "no-voluntary-pass", .options = "", .position = "", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "pass",
     .failure = "passed while it had a legal placement (a pass is legal only when forced)"},
    // Black has no placement after these eight plies (white does): the pass
    // is black's only move, and white is to move after it.
    {.rule = "forced-pass", .options = "", .position = "", .moves = "d3 c3 e6 d2 d1 e1 b2 c1 pass",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "pass",
     .failure = "answered 'pass' after the opponent's forced pass in the move history, as if the side that passed "
                "were still to move"},
    // The same for white, from a position text.
    {.rule = "forced-pass", .options = "",
     .position = "----------------X-OOO---XXOOO---X-OOO-----O-------O------------- O", .moves = "pass",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "pass",
     .failure = "answered 'pass' after the opponent's forced pass in the move history, as if the side that passed "
                "were still to move"},
    // c3 meets white on d4 and e5, then the empty f6: nothing is bracketed.
    {.rule = "outflank", .options = "", .position = "", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "c3",
     .failure = "placed a disc that turns nothing (a line of opponent discs must end at a disc of the mover)"},
    {.rule = "empty-square", .options = "", .position = "", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "d4",
     .failure = "placed a disc on a taken square"},
    // Black's c4 turns d4 (towards e4) and d5 (towards e6): an engine that
    // turns only the first line it finds leaves d5 white, and then b3 would
    // turn c4 for white -- but c4's line ends on d5, black for real.
    {.rule = "flip-all-lines", .options = "", .position = "", .moves = "e6 d6 c4",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "b3",
     .failure = "played as if the previous placement had turned only one of its lines (every bracketed line turns)"},
    {.rule = "flip-all-lines", .options = "",
     .position = "---------------------------OX------OX------OX------------------- X", .moves = "c4",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "b3",
     .failure = "played as if the previous placement had turned only one of its lines (every bracketed line turns)"},
    // From a7 a square index stepping west reaches h6, g6 and f6 (white),
    // then e6 (black): a bracket only for an engine whose lines wrap round
    // the board's edge.
    {.rule = "no-wrap", .options = "", .position = "", .moves = "e6 f6 g6 g7 c4 h6",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a7",
     .failure = "bracketed discs along a line that wraps round the edge of the board (a7 to h6 is no line)"},
};

}  // namespace

std::span<const arb_rule_edge> rule_edge_table() { return kEdges; }

}  // namespace othello
