// The Bagh Chal plugin's entry point and metadata.
#include "game.hpp"
#include "position_text.hpp"

namespace arb::baghchal {

const sdk::GameInfo &BaghChal::info() {
    static const sdk::GameInfo info{"baghchal",
                                    "Bagh Chal",
                                    "1.0.0",
                                    "tigers and goats on a 5x5 Alquerque board: 4 tigers hunt, 20 goats block",
                                    {"goats", "tigers"},
                                    kOptionTable,
                                    BaghChal::kMaxLegalMoves,
                                    kMaxPositionText};
    return info;
}

}  // namespace arb::baghchal

ARB_GAME_PLUGIN(arb::baghchal::BaghChal)
