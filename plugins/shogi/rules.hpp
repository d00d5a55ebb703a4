// The rule options of shogi, as `arbiter games` lists them, and their values
// for one game. README.md explains each choice.
#pragma once

#include <arbiter/sdk/options.hpp>

namespace arb::shogi {

enum class Declaration { point27, point24 };  // same order as the option's choices

struct Rules {
    int max_moves = 320;  // plies; 0 for no limit
    Declaration declaration = Declaration::point27;
    int handicap = 0;  // index into kHandicapChoices / kHandicapStarts
};

inline constexpr const char *kDeclarationChoices[] = {"27-point", "24-point"};
inline constexpr const char *kHandicapChoices[] = {"none",       "lance",      "right-lance", "bishop",
                                                   "rook",       "rook-lance", "two-piece",   "four-piece",
                                                   "six-piece",  "eight-piece", "ten-piece"};
// The start of each handicap, the giver (uwate) as gote, to move first.
inline constexpr const char *kHandicapStarts[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
};
static_assert(std::size(kHandicapChoices) == std::size(kHandicapStarts));

inline constexpr arb_option_desc kOptionTable[] = {
    sdk::int_option("max_moves", "320", 0, 1000000,
                    "the game is drawn once this many plies are played (unless the last one mates); 0 for no limit. "
                    "Floodgate plays 256, the World Computer Shogi Championship 320"),
    sdk::choice_option("declaration", kDeclarationChoices,
                       "entering king: 27-point (CSA's rule for computer shogi: 28 points for sente, 27 for gote, "
                       "the declarer wins) or 24-point (the JSA's: 31 points win, 24 to 30 draw)"),
    sdk::choice_option("handicap", kHandicapChoices,
                       "the start: none (even game) or the pieces gote, the stronger side, removes and then moves first"),
};

[[nodiscard]] inline Rules rules_from(const sdk::Options &options) {
    Rules r;
    r.max_moves = options.integer("max_moves");
    r.declaration = static_cast<Declaration>(options.choice("declaration"));
    r.handicap = options.choice("handicap");
    return r;
}

}  // namespace arb::shogi
