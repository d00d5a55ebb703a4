// The board as the HTML report's viewer draws it ("arbiter.diagram/1"):
// 5x5 points joined orthogonally, with the Alquerque diagonals through the
// points whose row + column is even. Also its status line ("arbiter.status-line/1").
#include "game.hpp"
#include "position_text.hpp"

#include <arbiter/sdk/board_drawing.hpp>

namespace arb::baghchal {

const sdk::BoardDrawing &BaghChal::drawing() const {
    static const sdk::BoardDrawing kDrawing = sdk::BoardDrawing::points(5, 5)
                                                  .files("abcde")
                                                  .ranks_counting(1, 1)
                                                  .line(0, 0, 4, 4)  // the two long diagonals
                                                  .line(4, 0, 0, 4)
                                                  .line(2, 0, 0, 2)  // the diamond through the edge mid-points
                                                  .line(0, 2, 2, 4)
                                                  .line(2, 4, 4, 2)
                                                  .line(4, 2, 2, 0)
                                                  .piece('T', sdk::PieceShape::Letter, "#b8321f", "tiger")
                                                  .piece('G', sdk::PieceShape::Disc, "#7a7a7a", "goat");
    return kDrawing;
}

// The first 25 characters of the position string are the points a1..e5.
std::string BaghChal::diagram_cells() const {
    return sdk::cells_in_rows(std::string_view(position()).substr(0, 25), 5);
}

std::string BaghChal::status_line() const {
    return "goats in hand " + std::to_string(pos_.in_hand) + ", captured " + std::to_string(pos_.captured);
}

}  // namespace arb::baghchal
