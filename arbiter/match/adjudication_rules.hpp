// When a game is decided by the arbiter rather than played out: a ply limit
// and score-based resign and draw rules (see Adjudicator). A plain value the
// config layer reads and the game runner applies.
#pragma once

namespace arb::match {

struct AdjudicationRules {
    int max_plies = 0;  // 0: no limit; else a draw at this many plies (engine moves + opening moves)
    struct Resign {
        bool enabled = false;
        int score_cp = 1000;   // both engines agree the loser is at least this far behind
        int move_count = 3;    // for this many consecutive moves each
        // true: the winner's scores must agree (at least +score_cp); false:
        // the loser's own scores suffice (the peers' default, -resign twosided=false).
        bool two_sided = true;
    } resign;
    struct Draw {
        bool enabled = false;
        int score_cp = 10;     // both scores within +-score_cp
        int move_count = 8;    // for this many consecutive moves each
        int min_ply = 40;      // not before this ply
    } draw;
};

}  // namespace arb::match
