// The board as the HTML report's viewer draws it ("arbiter.diagram/1"): an
// 8x8 board with rank 8 on top and one letter token per piece.
#include "game.hpp"

#include <arbiter/sdk/board_drawing.hpp>

namespace arb::chess {

const sdk::BoardDrawing &Chess::drawing() const {
    using sdk::PieceShape;
    static const sdk::BoardDrawing kDrawing = sdk::BoardDrawing::squares(8, 8)
                                                  .files("abcdefgh")
                                                  .ranks_counting(8, -1)
                                                  .board_colour("#b58863")
                                                  .empty('.')
                                                  .piece('K', PieceShape::Letter, "#f8f8f8", "white_king")
                                                  .piece('Q', PieceShape::Letter, "#f8f8f8", "white_queen")
                                                  .piece('R', PieceShape::Letter, "#f8f8f8", "white_rook")
                                                  .piece('B', PieceShape::Letter, "#f8f8f8", "white_bishop")
                                                  .piece('N', PieceShape::Letter, "#f8f8f8", "white_knight")
                                                  .piece('P', PieceShape::Letter, "#f8f8f8", "white_pawn")
                                                  .piece('k', PieceShape::Letter, "#111111", "black_king")
                                                  .piece('q', PieceShape::Letter, "#111111", "black_queen")
                                                  .piece('r', PieceShape::Letter, "#111111", "black_rook")
                                                  .piece('b', PieceShape::Letter, "#111111", "black_bishop")
                                                  .piece('n', PieceShape::Letter, "#111111", "black_knight")
                                                  .piece('p', PieceShape::Letter, "#111111", "black_pawn");
    return kDrawing;
}

std::string Chess::diagram_cells() const {
    static constexpr char kLetters[] = "PNBRQK";
    std::string cells;
    cells.reserve(72);
    for (int rank = 7; rank >= 0; --rank) {
        if (rank < 7) cells += '/';
        for (int file = 0; file < 8; ++file) {
            const uint8_t code = pos_.at(square_at(file, rank));
            if (code == kEmpty) cells += '.';
            else cells += colour_of(code) == kWhite ? kLetters[type_of(code)] : static_cast<char>(kLetters[type_of(code)] | 0x20);
        }
    }
    return cells;
}

}  // namespace arb::chess
