#include "notation.hpp"

#include <arbiter/sdk/from_to.hpp>

#include <array>
#include <cstdint>

namespace gess {

namespace {

constexpr arb::sdk::Grid kNotationGrid{kGridSize, kGridSize};
constexpr int kDiagramCells = kDiagram.columns * kDiagram.rows;

// Written row r, column c of the diagram as grid coordinates.
constexpr int cell_x(int c) noexcept { return kFirstSquare + c; }
constexpr int cell_y(int r) noexcept { return kLastSquare - r; }

}  // namespace

arb_status parse_position(std::string_view text, Position &out, arb::sdk::ErrorOut err) noexcept {
    std::string_view rest = text;
    std::array<uint8_t, kDiagramCells> cells{};
    if (arb_status s = arb::sdk::take_diagram(rest, kDiagram, kCellSymbols, cells, err); s != ARB_OK) return s;
    if (rest.empty()) return err.fail(ARB_ERR_SYNTAX, "the position ends after the board; expected ' b' or ' w'");
    if (rest[0] != ' ')
        return err.fail(ARB_ERR_SYNTAX, "expected a space after the board, found %s",
                        arb::sdk::quoted(rest.substr(0, 1)).c_str());
    rest.remove_prefix(1);
    if (rest.empty() || (rest[0] != 'b' && rest[0] != 'w')) {
        return err.fail(ARB_ERR_SYNTAX, "expected 'b' or 'w' for the side to move, found %s",
                        arb::sdk::quoted(rest.substr(0, 1)).c_str());
    }
    const int to_move = rest[0] == 'b' ? 0 : 1;
    rest.remove_prefix(1);
    if (!rest.empty())
        return err.fail(ARB_ERR_SYNTAX, "unexpected %s after the side to move", arb::sdk::quoted(rest).c_str());

    Position position;
    position.to_move = to_move;
    for (int r = 0; r < kDiagram.rows; ++r)
        for (int c = 0; c < kDiagram.columns; ++c) {
            const uint8_t cell = cells[static_cast<size_t>(r * kDiagram.columns + c)];
            if (cell != 0) position.board.put(cell - 1, cell_x(c), cell_y(r));
        }
    for (int side = 0; side < 2; ++side) {
        const int n = position.board.count(side);
        if (n > kStonesPerSide) {
            return err.fail(ARB_ERR_ILLEGAL, "%s has %d stones; a side starts with %d and never gains any",
                            side == 0 ? "black" : "white", n, kStonesPerSide);
        }
    }
    out = position;
    return ARB_OK;
}

std::string write_position(const Position &position) {
    std::array<uint8_t, kDiagramCells> cells{};
    for (int r = 0; r < kDiagram.rows; ++r)
        for (int c = 0; c < kDiagram.columns; ++c) {
            uint8_t cell = 0;
            if (position.board.has(0, cell_x(c), cell_y(r)))
                cell = 1;
            else if (position.board.has(1, cell_x(c), cell_y(r)))
                cell = 2;
            cells[static_cast<size_t>(r * kDiagram.columns + c)] = cell;
        }
    std::string out;
    arb::sdk::append_diagram(out, kDiagram, kCellSymbols, cells);
    out += position.to_move == 0 ? " b" : " w";
    return out;
}

arb_status parse_move_text(std::string_view text, Move &out, arb::sdk::ErrorOut err) noexcept {
    arb::sdk::FromTo parsed;
    if (arb_status s = arb::sdk::parse_from_to(text, kNotationGrid, "-", parsed, err); s != ARB_OK) return s;
    out = Move{parsed.from.column, parsed.from.row, parsed.to.column, parsed.to.row};
    return ARB_OK;
}

arb::sdk::MoveText move_text(const Move &move) noexcept {
    arb::sdk::MoveText text;
    arb::sdk::append_from_to(text, arb::sdk::FromTo{{move.from_x, move.from_y}, {move.to_x, move.to_y}, '-'});
    return text;
}

}  // namespace gess
