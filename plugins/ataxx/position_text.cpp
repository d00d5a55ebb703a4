#include "position_text.hpp"

#include <charconv>

namespace arb::ataxx {

namespace {

using sdk::quoted;

// The aliases libataxx reads (b/B for black, w/W for white, either case).
enum class Cell { Black, White, Gap, Invalid };

Cell cell_of(char c) noexcept {
    switch (c) {
    case 'x': case 'X': case 'b': case 'B': return Cell::Black;
    case 'o': case 'O': case 'w': case 'W': return Cell::White;
    case '-': return Cell::Gap;
    default: return Cell::Invalid;
    }
}

// One counter: decimal digits only, no sign, no leading zero, in [min, max].
arb_status read_counter(std::string_view field, const char *name, int min, int max, int &out,
                        sdk::ErrorOut err) noexcept {
    int value = 0;
    const char *end = field.data() + field.size();
    auto [stop, ec] = std::from_chars(field.data(), end, value);
    const bool digits_only = !field.empty() && field[0] >= '0' && field[0] <= '9';
    if (!digits_only || ec == std::errc::invalid_argument || (ec == std::errc() && stop != end))
        return err.fail(ARB_ERR_SYNTAX, "the %s is %s; expected a whole number", name, quoted(field).c_str());
    if (field.size() > 1 && field[0] == '0')
        return err.fail(ARB_ERR_SYNTAX, "the %s %s has a leading zero", name, quoted(field).c_str());
    if (ec == std::errc::result_out_of_range || value < min || value > max)
        return err.fail(ARB_ERR_SYNTAX, "the %s %s is outside %d..%d", name, quoted(field).c_str(), min, max);
    out = value;
    return ARB_OK;
}

arb_status read_board(std::string_view board, Position &read, sdk::ErrorOut err) noexcept {
    size_t at = 0;
    for (int written = 0; written < kSide; ++written) {
        const int rank = kSide - written;
        if (written > 0) {
            if (at >= board.size())
                return err.fail(ARB_ERR_SYNTAX, "the board has %d of its 7 rows (ranks 7 to 1, joined by '/')",
                                written);
            if (board[at] != '/')
                return err.fail(ARB_ERR_SYNTAX, "rank %d has more than 7 squares: found %s where '/' should end it",
                                rank + 1, quoted(board.substr(at, 1)).c_str());
            ++at;
        }
        int column = 0;
        bool after_digit = false;
        while (column < kSide) {
            if (at >= board.size() || board[at] == '/')
                return err.fail(ARB_ERR_SYNTAX, "rank %d has %d of its 7 squares", rank, column);
            const char c = board[at++];
            const int square = (rank - 1) * kSide + column;
            if (c >= '1' && c <= '7') {
                if (after_digit)
                    return err.fail(ARB_ERR_SYNTAX, "rank %d has two digits in a row; write one count of empty squares",
                                    rank);
                if (column + (c - '0') > kSide)
                    return err.fail(ARB_ERR_SYNTAX, "rank %d: %c empty squares from %c%d run past the g file", rank, c,
                                    'a' + column, rank);
                column += c - '0';
                after_digit = true;
                continue;
            }
            after_digit = false;
            switch (cell_of(c)) {
            case Cell::Black: read.stones[0] |= bit(square); break;
            case Cell::White: read.stones[1] |= bit(square); break;
            case Cell::Gap: read.gaps |= bit(square); break;
            case Cell::Invalid:
                return err.fail(ARB_ERR_SYNTAX,
                                "unexpected %s on %c%d; a square is x, o, - (a gap) or a count 1-7 of empty squares",
                                quoted(std::string_view(&c, 1)).c_str(), 'a' + column, rank);
            }
            ++column;
        }
    }
    if (at < board.size())
        return err.fail(ARB_ERR_SYNTAX, "rank 1 has more than 7 squares: %s follows it",
                        quoted(board.substr(at)).c_str());
    return ARB_OK;
}

// The character of one square in the canonical text, '.' for empty.
char cell_char(const Position &position, int square) noexcept {
    const Bits b = bit(square);
    return (position.stones[0] & b) ? 'x' : (position.stones[1] & b) ? 'o' : (position.gaps & b) ? '-' : '.';
}

}  // namespace

arb_status read_position(std::string_view text, Position &out, sdk::ErrorOut err) noexcept {
    // The fields, split at single spaces: board, side[, half-move clock, move number].
    std::string_view fields[5];
    size_t count = 0;
    for (std::string_view rest = text; count < 5;) {
        const size_t space = rest.find(' ');
        fields[count++] = rest.substr(0, space);
        if (fields[count - 1].empty() && !text.empty())
            return err.fail(ARB_ERR_SYNTAX, "an empty field in %s (two spaces in a row, or a space at an end)",
                            quoted(text).c_str());
        if (space == std::string_view::npos) break;
        rest.remove_prefix(space + 1);
    }
    if (text.empty()) return err.fail(ARB_ERR_SYNTAX, "no board: expected a FEN such as x5o/7/7/7/7/7/o5x x 0 1");
    Position read;
    if (arb_status status = read_board(fields[0], read, err); status != ARB_OK) return status;
    if (count < 2) return err.fail(ARB_ERR_SYNTAX, "missing the side to move (x or o) after the board");
    const Cell mover = fields[1].size() == 1 ? cell_of(fields[1][0]) : Cell::Invalid;
    if (mover != Cell::Black && mover != Cell::White)
        return err.fail(ARB_ERR_SYNTAX, "the side to move is %s; expected x or o", quoted(fields[1]).c_str());
    read.side = mover == Cell::Black ? 0 : 1;
    if (count == 3) return err.fail(ARB_ERR_SYNTAX, "missing the move number after the half-move clock");
    if (count > 4)
        return err.fail(ARB_ERR_SYNTAX, "unexpected %s after the move number",
                        quoted(text.substr(static_cast<size_t>(fields[4].data() - text.data()))).c_str());
    if (count == 4) {
        if (arb_status s = read_counter(fields[2], "half-move clock", 0, kMaxHalfmoveText, read.halfmoves, err);
            s != ARB_OK)
            return s;
        if (arb_status s = read_counter(fields[3], "move number", 1, kMaxFullmoveText, read.fullmoves, err);
            s != ARB_OK)
            return s;
    }
    out = read;
    return ARB_OK;
}

std::string write_position(const Position &position) {
    std::string text;
    text.reserve(kMaxPositionSize);
    for (int rank = kSide; rank >= 1; --rank) {
        if (rank < kSide) text += '/';
        int empties = 0;
        for (int column = 0; column < kSide; ++column) {
            const char c = cell_char(position, (rank - 1) * kSide + column);
            if (c == '.') {
                ++empties;
                continue;
            }
            if (empties > 0) text += static_cast<char>('0' + empties);
            empties = 0;
            text += c;
        }
        if (empties > 0) text += static_cast<char>('0' + empties);
    }
    text += position.side == 0 ? " x " : " o ";
    text += std::to_string(position.halfmoves) + ' ' + std::to_string(position.fullmoves);
    return text;
}

std::string board_cells(const Position &position) {
    std::string cells;
    cells.reserve(55);
    for (int rank = kSide; rank >= 1; --rank) {
        if (rank < kSide) cells += '/';
        for (int column = 0; column < kSide; ++column) cells += cell_char(position, (rank - 1) * kSide + column);
    }
    return cells;
}

}  // namespace arb::ataxx
