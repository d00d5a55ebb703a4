// Board diagrams inside position strings: rows of one character per square
// joined by a separator, as in ".O.O/OOO./..." Strict reading whose messages
// name the square in the game's own notation ("unexpected 'Z' on d19"), and
// writing, shared by the games whose positions are such diagrams.
#pragma once

#include <arbiter/sdk/text.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace arb::sdk {

// How a game writes its diagram: `rows` rows of `columns` cells, the first
// cell of every row in column `first_column`, the first row written being row
// number `first_row` and each next one `row_step` (+1 or -1) further.
struct DiagramLayout {
    int columns;
    int rows;
    char first_column;
    int first_row;
    int row_step;
    char separator = '/';

    [[nodiscard]] constexpr int row_number(int written_row) const noexcept {
        return first_row + written_row * row_step;
    }
    [[nodiscard]] constexpr size_t text_size() const noexcept {
        return static_cast<size_t>(columns * rows + (rows > 0 ? rows - 1 : 0));
    }
};

// Reads one diagram from the front of `text` and removes it from `text`.
// `symbols` lists the characters a cell may hold; cells[r * columns + c]
// receives the index in `symbols` of the character of written row r, column
// c. `cells` must hold columns * rows entries. On error (ARB_ERR_SYNTAX with a
// message) `text` is unchanged, `cells` may be partly written.
inline arb_status take_diagram(std::string_view &text, const DiagramLayout &layout, std::string_view symbols,
                               std::span<uint8_t> cells, ErrorOut err) noexcept {
    if (cells.size() < static_cast<size_t>(layout.columns * layout.rows))
        return err.fail(ARB_ERR_INTERNAL, "diagram buffer too small");
    size_t at = 0;
    for (int r = 0; r < layout.rows; ++r) {
        const int row = layout.row_number(r);
        if (r > 0) {
            if (at >= text.size())
                return err.fail(ARB_ERR_SYNTAX, "the board ends after %d of %d rows", r, layout.rows);
            if (text[at] != layout.separator) {
                return err.fail(ARB_ERR_SYNTAX, "row %d is longer than %d squares: found %s where '%c' should end it",
                                layout.row_number(r - 1), layout.columns, quoted(text.substr(at, 1)).c_str(),
                                layout.separator);
            }
            ++at;
        }
        for (int c = 0; c < layout.columns; ++c, ++at) {
            const char column = static_cast<char>(layout.first_column + c);
            if (at >= text.size())
                return err.fail(ARB_ERR_SYNTAX, "row %d ends after %d of %d squares", row, c, layout.columns);
            const char ch = text[at];
            const size_t symbol = symbols.find(ch);
            if (symbol != std::string_view::npos && ch != '\0') {
                cells[static_cast<size_t>(r * layout.columns + c)] = static_cast<uint8_t>(symbol);
                continue;
            }
            if (ch == layout.separator || ch == ' ')
                return err.fail(ARB_ERR_SYNTAX, "row %d ends after %d of %d squares", row, c, layout.columns);
            return err.fail(ARB_ERR_SYNTAX, "unexpected %s on %c%d (a square holds one of '%.*s')",
                            quoted(text.substr(at, 1)).c_str(), column, row, static_cast<int>(symbols.size()),
                            symbols.data());
        }
    }
    text.remove_prefix(at);
    return ARB_OK;
}

// Writes a diagram from cells (indices into `symbols`, as take_diagram reads them).
inline void append_diagram(std::string &out, const DiagramLayout &layout, std::string_view symbols,
                           std::span<const uint8_t> cells) {
    out.reserve(out.size() + layout.text_size());
    for (int r = 0; r < layout.rows; ++r) {
        if (r > 0) out.push_back(layout.separator);
        for (int c = 0; c < layout.columns; ++c)
            out.push_back(symbols[cells[static_cast<size_t>(r * layout.columns + c)]]);
    }
}

}  // namespace arb::sdk
