// The shogi plugin's entry point and metadata.
#include "game.hpp"

namespace arb::shogi {

const sdk::GameInfo &Shogi::info() {
    static const sdk::GameInfo info{
        .id = "shogi",
        .name = "Shogi",
        .version = "1.0.0",
        .description = "shogi on 9x9: SFEN positions, USI moves, sennichite with perpetual check, entering-king declaration",
        .side_names = {"sente", "gote"},
        .options = kOptionTable,
        .max_legal_moves = Shogi::kMaxLegalMoves,
        .max_position_size = kMaxSfenSize,
        .max_move_text_size = 8,
    };
    return info;
}

}  // namespace arb::shogi

ARB_GAME_PLUGIN(arb::shogi::Shogi)
