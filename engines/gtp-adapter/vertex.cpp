#include "vertex.hpp"

#include <cctype>

namespace arb::gtp {

namespace {

struct Square {
    char column;  // lower case
    int row;
};

// Reads "f5"/"F5": a letter within the board and a row 1..size, no leading zero.
bool parse_square(const std::string &text, int size, Square &out) {
    if (text.size() < 2 || text.size() > 3) return false;
    char column = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    if (column < 'a' || column >= 'a' + size) return false;
    if (text[1] < '1' || text[1] > '9') return false;
    int row = text[1] - '0';
    if (text.size() == 3) {
        if (text[2] < '0' || text[2] > '9') return false;
        row = row * 10 + (text[2] - '0');
    }
    if (row > size) return false;
    out = {column, row};
    return true;
}

int mapped_row(int row, const Settings &settings) {
    return settings.rows == RowOrder::BottomUp ? settings.size + 1 - row : row;
}

std::string lower(std::string text) {
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

std::string to_gtp_vertex(const std::string &move, const Settings &settings) {
    Square sq{};
    if (!parse_square(move, settings.size, sq)) return move;
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(sq.column)))) +
           std::to_string(mapped_row(sq.row, settings));
}

std::string from_gtp_vertex(const std::string &vertex, const Settings &settings) {
    Square sq{};
    if (!parse_square(vertex, settings.size, sq)) return lower(vertex);
    return std::string(1, sq.column) + std::to_string(mapped_row(sq.row, settings));
}

}  // namespace arb::gtp
