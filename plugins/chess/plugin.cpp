// The chess plugin's entry point and metadata.
#include "game.hpp"

namespace arb::chess {

const sdk::GameInfo &Chess::info() {
    static const sdk::GameInfo info{"chess",
                                    "Chess",
                                    "1.0.0",
                                    "chess and Chess960: FEN/X-FEN positions, UCI moves, SAN records",
                                    {"white", "black"},
                                    kOptionTable,
                                    Chess::kMaxLegalMoves,
                                    kMaxFenSize};
    return info;
}

}  // namespace arb::chess

ARB_GAME_PLUGIN(arb::chess::Chess)
