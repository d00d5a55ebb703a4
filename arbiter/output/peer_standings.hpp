// The standings in the layout fastchess or cutechess-cli print them, for
// scripts written against those lines (`arbiter match -output format=...`):
//
//   fastchess, two engines:            cutechess-cli, two engines:
//   ------------------------------     Score of A vs B: 12 - 8 - 20  [0.550] 40
//   Results of A vs B (10+0.1, 1t, NULL, book.epd):   Elo difference: 34.9 +/- 71.3, LOS: 83.3 %, DrawRatio: 50.0 %
//   Elo: 34.86 +/- 71.33, nElo: ...    SPRT: llr 0.12 (4.1%), lbound -2.94, ubound 2.94
//   LOS: ..., DrawRatio: ..., PairsRatio: ...
//   Games: 40, Wins: 12, Losses: 8, Draws: 20, Points: 22.0 (55.00 %)
//   Ptnml(0-2): [LL, LD, WL+DD, WD, WW], WL/DD Ratio: ...
//   LLR: ... (with an SPRT)
//   ------------------------------
//
// and a ranking table in each layout for more engines. The figures are the
// arbiter's own (the head-to-head pentanomial where pairs are complete).
#pragma once

#include "output/standings.hpp"

#include <optional>
#include <string>

namespace arb::output {

enum class PeerLayout { Fastchess, Cutechess };

struct PeerContext {
    std::string time_control;  // as the arbiter writes it, e.g. "10+0.1"
    std::string threads;       // the engines' Threads option, empty: not set
    std::string hash;          // the engines' Hash option (MB), empty: not set
    std::string book;          // the openings file's name without its folder, empty: none
    // fastchess reports game pairs (Ptnml, PairsRatio) only when each pairing plays 2 games
    // (-games 2); otherwise the block has neither and the draw ratio is per game.
    bool pentanomial = true;
    std::optional<rating::SprtConfig> sprt;
};

std::string peer_standings_text(PeerLayout layout, const Standings &standings, const PeerContext &context);

}  // namespace arb::output
