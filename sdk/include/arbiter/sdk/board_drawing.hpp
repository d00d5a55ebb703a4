// The drawing of "arbiter.diagram/3" (and /2) (<arbiter/ext/diagram.h>) built in C++:
// a plugin describes its board once and the game adapter offers the
// extension. A game class adds two members:
//
//     const arb::sdk::BoardDrawing &drawing() const {
//         static const auto d = arb::sdk::BoardDrawing::squares(8, 8)
//             .files("abcdefgh").ranks_counting(8, -1)
//             .piece('X', arb::sdk::PieceShape::Disc, "#111111", "black")
//             .piece('O', arb::sdk::PieceShape::Disc, "#f4f4f4", "white");
//         return d;
//     }
//     std::string diagram_cells() const;  // "rows/of/cells", top row first;
//         // append_diagram (arbiter/sdk/diagram.hpp) writes exactly this
//
// The builder writes the text the extension's header specifies; a mistake
// in the description (a coordinate outside the grid) throws
// std::invalid_argument when the drawing is built, not in the host.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arb::sdk {

enum class PieceShape { Disc, Ring, Square, Cross, Letter };

class BoardDrawing {
public:
    // Pieces stand in the cells of a grid of squares (chess, Othello).
    static BoardDrawing squares(int columns, int rows) { return BoardDrawing(columns, rows, "squares"); }
    // Pieces stand where lines cross (Go, Alquerque); neighbours are joined.
    static BoardDrawing points(int columns, int rows) { return BoardDrawing(columns, rows, "points"); }

    // One label per column, left to right: files("abcdefgh").
    BoardDrawing &files(std::string_view one_char_each) {
        if (static_cast<int>(one_char_each.size()) != columns_)
            throw std::invalid_argument("files: " + std::to_string(columns_) + " labels expected");
        text_ += "files";
        for (char c : one_char_each) (text_ += ' ') += c;
        text_ += '\n';
        return *this;
    }
    // Row labels as numbers: the top row is `top`, each next one `step` further
    // (ranks_counting(8, -1): 8 7 ... 1; ranks_counting(1, 1): 1 2 3).
    BoardDrawing &ranks_counting(int top, int step) {
        text_ += "ranks";
        for (int r = 0; r < rows_; ++r) text_ += ' ' + std::to_string(top + r * step);
        text_ += '\n';
        return *this;
    }
    // Row labels as given, top to bottom, one per row (1..3 characters, no
    // spaces each): Shogi's ranks a-i between two rows of its hands.
    BoardDrawing &ranks(std::initializer_list<std::string_view> labels) {
        if (static_cast<int>(labels.size()) != rows_)
            throw std::invalid_argument("ranks: " + std::to_string(rows_) + " labels expected");
        text_ += "ranks";
        for (std::string_view label : labels) {
            if (label.empty() || label.size() > 3 || label.find_first_of(" \n") != std::string_view::npos)
                throw std::invalid_argument("ranks: a label is 1 to 3 characters without spaces");
            (text_ += ' ') += label;
        }
        text_ += '\n';
        return *this;
    }
    BoardDrawing &board_colour(std::string_view hex) {
        text_ += "board " + colour(hex) + '\n';
        return *this;
    }
    // A line between the centres of two cells (column, row from the top-left).
    BoardDrawing &line(int c1, int r1, int c2, int r2) { return four("line", c1, r1, c2, r2); }
    // A thick rectangle around cells c1..c2 x r1..r2, inclusive.
    BoardDrawing &frame(int c1, int r1, int c2, int r2) { return four("frame", c1, r1, c2, r2); }
    BoardDrawing &empty(char token) {
        check_token(token);
        (text_ += "empty ") += token;
        text_ += '\n';
        return *this;
    }
    // What cell character `token` looks like; `name` is one word (the legend).
    BoardDrawing &piece(char token, PieceShape shape, std::string_view fill, std::string_view name) {
        check_token(token);
        if (name.empty() || name.find_first_of(" \n") != std::string_view::npos)
            throw std::invalid_argument("piece name must be one word");
        static constexpr const char *kShapes[] = {"disc", "ring", "square", "cross", "letter"};
        (text_ += "piece ") += token;
        text_ += std::string(" ") + kShapes[static_cast<int>(shape)] + ' ' + colour(fill) + ' ';
        (text_ += name) += '\n';
        return *this;
    }
    // How a reader writes the piece of `token` (revision 3): UTF-8, 1..16
    // bytes without spaces or control characters, e.g. shogi's kanji;
    // `turned` draws it upside down (the side facing the reader from the top).
    BoardDrawing &label(char token, std::string_view utf8, bool turned = false) {
        check_token(token);
        if (utf8.empty() || utf8.size() > 16)
            throw std::invalid_argument("label: 1 to 16 bytes");
        for (char c : utf8)
            if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) throw std::invalid_argument("label: no space or control character");
        (labels_ += "label ") += token;
        (labels_ += ' ') += utf8;
        labels_ += turned ? " turned\n" : "\n";
        return *this;
    }

    // The drawing under revision 3, with its labels.
    [[nodiscard]] std::string text() const { return text_ + labels_; }
    // The drawing under revision 2, which has no labels.
    [[nodiscard]] const std::string &text_without_labels() const noexcept { return text_; }
    [[nodiscard]] int columns() const noexcept { return columns_; }
    [[nodiscard]] int rows() const noexcept { return rows_; }

private:
    BoardDrawing(int columns, int rows, const char *style) : columns_(columns), rows_(rows) {
        if (columns < 1 || columns > 64 || rows < 1 || rows > 64)
            throw std::invalid_argument("grid: 1..64 columns and rows");
        text_ = "grid " + std::to_string(columns) + ' ' + std::to_string(rows) + "\nstyle " + style + '\n';
    }
    BoardDrawing &four(const char *keyword, int c1, int r1, int c2, int r2) {
        for (int c : {c1, c2})
            if (c < 0 || c >= columns_) throw std::invalid_argument(std::string(keyword) + ": column outside the grid");
        for (int r : {r1, r2})
            if (r < 0 || r >= rows_) throw std::invalid_argument(std::string(keyword) + ": row outside the grid");
        text_ += std::string(keyword) + ' ' + std::to_string(c1) + ' ' + std::to_string(r1) + ' ' +
                 std::to_string(c2) + ' ' + std::to_string(r2) + '\n';
        return *this;
    }
    static void check_token(char token) {
        if (token <= ' ' || token > '~' || token == '/') throw std::invalid_argument("cell token must be printable");
    }
    static std::string colour(std::string_view hex) {
        bool ok = hex.size() == 7 && hex[0] == '#';
        for (size_t i = 1; ok && i < hex.size(); ++i)
            ok = (hex[i] >= '0' && hex[i] <= '9') || (hex[i] >= 'a' && hex[i] <= 'f') || (hex[i] >= 'A' && hex[i] <= 'F');
        if (!ok) throw std::invalid_argument("colour must be #rrggbb");
        return std::string(hex);
    }

    int columns_;
    int rows_;
    std::string text_;    // every line but the labels
    std::string labels_;  // the `label` lines, last (each after its piece)
};

// The cells text from cells written one row after another (as many position
// strings hold them): "X.OO.X..." with 3 columns gives "X.O/O.X/...".
inline std::string cells_in_rows(std::string_view flat, int columns) {
    std::string out;
    out.reserve(flat.size() + flat.size() / static_cast<size_t>(columns));
    for (size_t i = 0; i < flat.size(); ++i) {
        if (i > 0 && i % static_cast<size_t>(columns) == 0) out.push_back('/');
        out.push_back(flat[i]);
    }
    return out;
}

}  // namespace arb::sdk
