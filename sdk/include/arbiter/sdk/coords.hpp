// Square coordinates written as a column letter and a row number ("c9",
// "t20"), shared by every grid game: strict parsing with messages that name
// what is wrong, and formatting.
#pragma once

#include <arbiter/sdk/text.hpp>

#include <string_view>

namespace arb::sdk {

// A grid of `columns` x `rows` squares, columns lettered from 'a', rows
// numbered from 1. Whether row 1 is at the top or the bottom is the game's
// business: this only maps text to (column, row) numbers, both 0-based.
struct Grid {
    int columns;
    int rows;

    [[nodiscard]] constexpr bool contains(int column, int row) const noexcept {
        return column >= 0 && column < columns && row >= 0 && row < rows;
    }
};

struct Square {
    int column = 0;  // 0-based: 'a' is 0
    int row = 0;     // 0-based: "1" is 0
    friend constexpr bool operator==(Square, Square) = default;
};

// Reads one square from the front of `text` and removes it from `text`, so a
// move such as "a1-b2" is read square, separator, square. Lower-case letters
// only; the row has no leading zero. On error, `text` is unchanged.
inline arb_status take_square(std::string_view &text, const Grid &grid, Square &out, ErrorOut err) noexcept {
    if (text.empty()) return err.fail(ARB_ERR_SYNTAX, "expected a square, found the end of the text");
    char letter = text[0];
    if (letter < 'a' || letter > 'z') {
        return err.fail(ARB_ERR_SYNTAX, "expected a column letter a-%c, found %s", 'a' + grid.columns - 1,
                        quoted(text.substr(0, 1)).c_str());
    }
    int column = letter - 'a';
    if (column >= grid.columns)
        return err.fail(ARB_ERR_SYNTAX, "column '%c' is outside a-%c", letter, 'a' + grid.columns - 1);
    size_t i = 1;
    int row = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i <= 3) {
        row = row * 10 + (text[i] - '0');
        ++i;
    }
    if (i == 1) {
        return err.fail(ARB_ERR_SYNTAX, "expected a row number after '%c', found %s", letter,
                        quoted(text.substr(1, 1)).c_str());
    }
    if (text[1] == '0' && i > 2)
        return err.fail(ARB_ERR_SYNTAX, "row %s has a leading zero", quoted(text.substr(1, i - 1)).c_str());
    if (row < 1 || row > grid.rows)
        return err.fail(ARB_ERR_SYNTAX, "row %s is outside 1-%d", quoted(text.substr(1, i - 1)).c_str(), grid.rows);
    out = Square{column, row - 1};
    text.remove_prefix(i);
    return ARB_OK;
}

// Reads exactly one square: nothing may follow it.
inline arb_status parse_square(std::string_view text, const Grid &grid, Square &out, ErrorOut err) noexcept {
    std::string_view rest = text;
    arb_status status = take_square(rest, grid, out, err);
    if (status != ARB_OK) return status;
    if (!rest.empty())
        return err.fail(ARB_ERR_SYNTAX, "unexpected %s after the square in %s", quoted(rest).c_str(),
                        quoted(text).c_str());
    return ARB_OK;
}

template <size_t N>
void append_square(FixedText<N> &out, Square square) noexcept {
    out.push_back(static_cast<char>('a' + square.column));
    out.append_int(square.row + 1);
}

}  // namespace arb::sdk
