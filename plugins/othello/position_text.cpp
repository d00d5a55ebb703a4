#include "position_text.hpp"

#include <arbiter/sdk/coords.hpp>

namespace othello {

namespace {

using arb::sdk::quoted;

enum class Cell { Black, White, Empty, Invalid };

// Edax's board_set aliases: b/x/* black, o/w white (any case), '-'/'.' empty.
Cell cell_of(char c) noexcept {
    switch (c) {
    case 'X': case 'x': case 'B': case 'b': case '*': return Cell::Black;
    case 'O': case 'o': case 'W': case 'w': return Cell::White;
    case '-': case '.': return Cell::Empty;
    default: return Cell::Invalid;
    }
}

arb::sdk::FixedText<4> square_name(int square) noexcept {
    arb::sdk::FixedText<4> name;
    arb::sdk::append_square(name, {square % 8, square / 8});
    return name;
}

}  // namespace

arb_status read_position(std::string_view text, Discs &out, arb::sdk::ErrorOut err) noexcept {
    Discs read;
    const size_t squares = text.size() < 64 ? text.size() : 64;
    for (size_t i = 0; i < squares; ++i) {
        Bits bit = Bits{1} << i;
        switch (cell_of(text[i])) {
        case Cell::Black: read.black |= bit; break;
        case Cell::White: read.white |= bit; break;
        case Cell::Empty: break;
        case Cell::Invalid:
            return err.fail(ARB_ERR_SYNTAX,
                            "square %s (character %zu) holds %s; expected X, O or - (aliases b x * o w .)",
                            square_name(static_cast<int>(i)).c_str(), i + 1, quoted(text.substr(i, 1)).c_str());
        }
    }
    if (text.size() < 64)
        return err.fail(ARB_ERR_SYNTAX, "only %zu of the 64 squares (a1..h8) before the end of the text", text.size());
    if (text.size() == 64)
        return err.fail(ARB_ERR_SYNTAX, "missing ' X' or ' O' (the side to move) after the 64 squares");
    if (text[64] != ' ')
        return err.fail(ARB_ERR_SYNTAX, "expected one space after the 64 squares, found %s",
                        quoted(text.substr(64, 1)).c_str());
    if (text.size() == 65) return err.fail(ARB_ERR_SYNTAX, "missing the side to move (X or O) after the space");
    const Cell side = cell_of(text[65]);
    if (side != Cell::Black && side != Cell::White)
        return err.fail(ARB_ERR_SYNTAX, "side to move is %s; expected X or O (aliases b x * o w)",
                        quoted(text.substr(65, 1)).c_str());
    if (text.size() > 66)
        return err.fail(ARB_ERR_SYNTAX, "unexpected %s after the side to move", quoted(text.substr(66)).c_str());
    // Discs are never removed, so every reachable position has its centre filled.
    for (int square : {27, 28, 35, 36}) {
        if (((read.black | read.white) & (Bits{1} << square)) == 0)
            return err.fail(ARB_ERR_ILLEGAL, "centre square %s is empty; no Othello game can reach that",
                            square_name(square).c_str());
    }
    read.side = side == Cell::Black ? 0 : 1;
    out = read;
    return ARB_OK;
}

std::string write_position(const Discs &discs) {
    std::string text(kPositionLength, '-');
    for (int i = 0; i < 64; ++i) {
        Bits bit = Bits{1} << i;
        if (discs.black & bit) text[static_cast<size_t>(i)] = 'X';
        else if (discs.white & bit) text[static_cast<size_t>(i)] = 'O';
    }
    text[64] = ' ';
    text[65] = discs.side == 0 ? 'X' : 'O';
    return text;
}

}  // namespace othello
