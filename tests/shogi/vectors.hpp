// Published shogi perft counts and the positions they were published for.
#pragma once

#include "support/plugins.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace arb::test::shogi {

struct PerftVector {
    const char *name;
    const char *sfen;
    std::vector<uint64_t> counts;  // counts[d - 1] at depth d; 0 where none was published
};

// Sources:
// - the start: 30, 900, 25470, 719731, 19861490, 547581517 (ak11's table,
//   qiita.com/ak11/items/8bd5f2bb0f5b014143c8, which most shogi move
//   generators test against; tomori-k/ShogiLibSharp PerftTests has 19861490);
// - "matsuri" (the move generation festival position of ak11's blog,
//   d.hatena.ne.jp/ak11/20110508/p1, YaneuraOu's `matsuri` command):
//   207, 28684, 4809015, 516925165 (liamt19/Peeper Logic/Util/PerftData.cs;
//   516925165 also in ShogiLibSharp's PerftTests); drops of six piece types
//   for both sides, promotions, a horse and a tokin;
// - the most legal moves known in a shogi position, 593, and 53393368 at
//   depth 3 (ShogiLibSharp's MaxLegalMoves): drops of every type, promotions;
// - two middle games and two bare kings with every other piece in hand
//   (Peeper's PerftData.cs): captures, drops, promoted rooks and a tokin.
//   (Its first position has three bishops, which this plugin refuses.)
inline const std::vector<PerftVector> &perft_vectors() {
    static const std::vector<PerftVector> v = {
        {"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
         {30, 900, 25470, 719731, 19861490, 547581517}},
        {"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
         {207, 28684, 4809015, 516925165}},
        {"max-legal-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", {593, 0, 53393368}},
        {"middle-game-91", "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
         {180, 15217, 2067680, 129175973}},
        {"middle-game-124", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
         {178, 18041, 2552846, 207741677}},
        {"bare-kings", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", {524, 248257, 112911856}},
    };
    return v;
}

inline game::GameState shogi_at(const std::string &sfen, const game::OptionList &options = {}) {
    auto state = new_game("shogi", options);
    auto set = state.set_position(sfen);
    INFO(sfen << ": " << (set ? std::string() : set.error().message));
    REQUIRE(set.has_value());
    return state;
}

}  // namespace arb::test::shogi
