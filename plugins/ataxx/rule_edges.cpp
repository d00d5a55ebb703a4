// Each position is drawn by hand (the comments say what stands where);
// `arbiter plugin-check` checks that each loads and that each named move is
// illegal (or, for the jump over gaps, the only move) there.
#include "rule_edges.hpp"

namespace arb::ataxx {

namespace {

constexpr const char *kForcedPassFailure =
    "answered '0000' after the opponent's forced pass in the move history, as if the side that passed were still "
    "to move";
constexpr const char *kLimitFailure =
    "took the game for drawn by a half-move limit of 100 (answered 0000 or no move), though halfmove_limit is higher "
    "here";

constexpr arb_rule_edge kEdges[] = {
    {.rule = "no-voluntary-pass", .options = "", .position = "", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000",
     .failure = "passed (0000) while it had a legal move (a pass is legal only when forced)"},
    // Black's only stone, a1, is walled in by white on every square within
    // two (a2 b2 b1, a3 b3 c3 c2 c1): black must pass; then white moves.
    {.rule = "forced-pass", .options = "", .position = "7/7/7/7/ooo4/ooo4/xooo3 x 0 1", .moves = "0000",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000", .failure = kForcedPassFailure},
    // The same with the colours swapped: white passes, black moves.
    {.rule = "forced-pass", .options = "", .position = "7/7/7/7/xxx4/xxx4/oxxx3 o 0 1", .moves = "0000",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000", .failure = kForcedPassFailure},
    {.rule = "jump-distance", .options = "", .position = "", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a7a4",
     .failure = "jumped 3 squares (a jump goes exactly 2)"},
    // b7 is a gap beside black's a7.
    {.rule = "gap", .options = "", .position = "x-4o/7/7/7/7/7/o5x x 0 1", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "b7", .failure = "put a stone on a gap"},
    // Black's one stone, d4, is ringed by gaps; of the 16 squares two away
    // only d6 is empty (white fills the rest of the board): the jump over
    // the gap d5 is black's only move.
    {.rule = "jump-over-gap", .options = "", .position = "ooooooo/ooo1ooo/oo---oo/oo-x-oo/oo---oo/ooooooo/ooooooo x 0 1",
     .moves = "", .expect = ARB_EDGE_MUST_PLAY, .move = "d4d6",
     .failure = "missed the only move, a jump over a gap (a jump may pass over gaps)"},
    // White's jump d4c6 lands beside black's b5, which turns white: black's
    // only stone is a7, and b5d5 is no move of black's.
    {.rule = "jump-turns-stones", .options = "", .position = "x6/7/1x5/3o3/7/7/7 o 0 1", .moves = "d4c6",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "b5d5",
     .failure = "moved a stone that the opponent's jump had turned (a jump turns the stones next to where it lands, "
                "as a clone does)"},
    // Black's jump a7c7 leaves a7 empty.
    {.rule = "jump-leaves-source", .options = "", .position = "x6/7/7/7/7/7/6o x 0 1", .moves = "a7c7 g1e1",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a7a5",
     .failure = "jumped from a square its own earlier jump had left (a jumping stone leaves its square)"},
    // The clock stands at 99 of 100; black's clone b7 sets it to 0, white's
    // jump g7g5 to 1. An engine that does not reset it counts 101.
    {.rule = "clone-resets-clock", .options = "", .position = "x5o/7/7/7/7/7/o5x x 99 50", .moves = "b7 g7g5",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000",
     .failure = "took the game for over by the half-move limit after a clone, which sets the half-move clock to 0"},
    // The half-move limit under other values of its option: the clock at
    // or past UAI's 100, below the limit in force.
    {.rule = "halfmove-limit", .options = "halfmove_limit=200", .position = "x5o/7/7/7/7/7/o5x x 100 51",
     .moves = "", .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000", .failure = kLimitFailure},
    {.rule = "halfmove-limit", .options = "halfmove_limit=150", .position = "x5o/7/7/7/7/7/o5x x 98 50",
     .moves = "a7a5 g7g5", .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000", .failure = kLimitFailure},
    {.rule = "halfmove-limit", .options = "halfmove_limit=1000", .position = "x5o/7/7/7/7/7/o5x x 999 500",
     .moves = "", .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "0000", .failure = kLimitFailure},
};

}  // namespace

std::span<const arb_rule_edge> rule_edge_table() { return kEdges; }

}  // namespace arb::ataxx
