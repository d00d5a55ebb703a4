// Gess texts: the position string of the rules file and the move notation
// "i6-i9" (the footprint's centre before and after the move).
#pragma once

#include "board.hpp"
#include "movegen.hpp"

#include <arbiter/sdk/diagram.hpp>
#include <arbiter/sdk/text.hpp>

#include <string>
#include <string_view>

namespace gess {

// Rows 19 down to 2, columns b-s, then " b" or " w" for the side to move.
inline constexpr arb::sdk::DiagramLayout kDiagram{kLastSquare - kFirstSquare + 1, kLastSquare - kFirstSquare + 1, 'b',
                                                  kLastSquare + 1, -1};
inline constexpr std::string_view kCellSymbols = ".XO";  // empty, black (side 0), white (side 1)
inline constexpr int32_t kMaxPositionSize = static_cast<int32_t>(kDiagram.text_size()) + 2 + 1;

inline constexpr std::string_view kStartPosition =
    ".O.O.OOOOOOOO.O.O./OOO.O.OOOO.O.O.OOO/.O.O.OOOOOOOO.O.O./................../................../"
    ".O..O..O..O..O..O./................../................../................../................../"
    "................../................../.X..X..X..X..X..X./................../................../"
    ".X.X.XXXXXXXX.X.X./XXX.X.XXXX.X.X.XXX/.X.X.XXXXXXXX.X.X. b";

struct Position {
    Board board;
    int to_move = 0;
};

// Strict: only the exact canonical form is read. More than 43 stones of a
// colour is ARB_ERR_ILLEGAL (stones are never added in play).
arb_status parse_position(std::string_view text, Position &out, arb::sdk::ErrorOut err) noexcept;
std::string write_position(const Position &position);

// Reads "<square>-<square>" over the 20x20 grid a-t x 1-20.
arb_status parse_move_text(std::string_view text, Move &out, arb::sdk::ErrorOut err) noexcept;
arb::sdk::MoveText move_text(const Move &move) noexcept;

}  // namespace gess
