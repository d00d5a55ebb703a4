// Moves written as two squares joined by a separator character ("i6-i9",
// "a1xc3") or by nothing at all ("a1c3", the UCI family's long notation),
// shared by the grid games whose moves name a start and an end: strict
// reading with messages that quote the whole move, and writing.
#pragma once

#include <arbiter/sdk/coords.hpp>
#include <arbiter/sdk/text.hpp>

#include <string_view>

namespace arb::sdk {

struct FromTo {
    Square from;
    Square to;
    char separator = '-';  // '\0': the squares are joined directly
};

// Reads exactly "<square><separator><square>", the separator being one of
// the characters in `separators`, or "<square><square>" when `separators` is
// empty (then out.separator is '\0'); nothing may precede or follow. Squares
// follow take_square() (lower-case column, no leading zero). Every error is
// ARB_ERR_SYNTAX and its message quotes `text`.
inline arb_status parse_from_to(std::string_view text, const Grid &grid, std::string_view separators, FromTo &out,
                                ErrorOut err) noexcept {
    char detail[ARB_ERROR_SIZE];
    const ErrorOut why(detail, sizeof detail);
    std::string_view rest = text;
    FromTo move;
    move.separator = '\0';
    arb_status status = take_square(rest, grid, move.from, why);
    if (status == ARB_OK && !separators.empty()) {
        if (rest.empty()) {
            status = why.fail(ARB_ERR_SYNTAX, "expected '%c' and a second square after the first", separators[0]);
        } else if (separators.find(rest[0]) == std::string_view::npos) {
            status = why.fail(ARB_ERR_SYNTAX, "expected '%c' after the first square, found %s", separators[0],
                              quoted(rest.substr(0, 1)).c_str());
        } else {
            move.separator = rest[0];
            rest.remove_prefix(1);
        }
    }
    if (status == ARB_OK && separators.empty() && rest.empty())
        status = why.fail(ARB_ERR_SYNTAX, "expected a second square after the first");
    if (status == ARB_OK) status = take_square(rest, grid, move.to, why);
    if (status == ARB_OK && !rest.empty())
        status = why.fail(ARB_ERR_SYNTAX, "unexpected %s after the second square", quoted(rest).c_str());
    if (status != ARB_OK) return err.fail(status, "%s in the move %s", detail, quoted(text).c_str());
    out = move;
    return ARB_OK;
}

template <size_t N>
void append_from_to(FixedText<N> &out, const FromTo &move) noexcept {
    append_square(out, move.from);
    if (move.separator != '\0') out.push_back(move.separator);
    append_square(out, move.to);
}

}  // namespace arb::sdk
