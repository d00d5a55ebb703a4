// Moves that name two squares with a capture mark only on captures: "a2a3"
// moves, "a2xb3" takes what stands on b3 (Breakthrough's notation, and that
// of many games of one kind of piece). The mark is part of the move's one
// canonical text, so a parser must refuse a mark on a move that takes
// nothing and a capture written without it: the text alone says which, the
// position says whether it is true.
#pragma once

#include <arbiter/sdk/coords.hpp>
#include <arbiter/sdk/text.hpp>

#include <string_view>

namespace arb::sdk {

struct CaptureMove {
    Square from;
    Square to;
    bool capture = false;  // written with the mark
    friend constexpr bool operator==(const CaptureMove &, const CaptureMove &) = default;
};

// Reads exactly "<square><square>" or "<square><mark><square>" (the mark
// 'x' unless given); nothing may precede or follow. Squares follow
// take_square() (lower-case column, no leading zero). Only the text is read:
// every error is ARB_ERR_SYNTAX and quotes `text`; whether the move does
// capture is for check_capture_mark() once the position is known.
inline arb_status parse_capture_move(std::string_view text, const Grid &grid, CaptureMove &out, ErrorOut err,
                                     char mark = 'x') noexcept {
    char detail[ARB_ERROR_SIZE];
    const ErrorOut why(detail, sizeof detail);
    std::string_view rest = text;
    CaptureMove move;
    arb_status status = take_square(rest, grid, move.from, why);
    if (status == ARB_OK && !rest.empty() && rest[0] == mark) {
        move.capture = true;
        rest.remove_prefix(1);
    }
    if (status == ARB_OK && rest.empty())
        status = why.fail(ARB_ERR_SYNTAX, "expected a second square after the first");
    if (status == ARB_OK) status = take_square(rest, grid, move.to, why);
    if (status == ARB_OK && !rest.empty())
        status = why.fail(ARB_ERR_SYNTAX, "unexpected %s after the second square", quoted(rest).c_str());
    if (status != ARB_OK) return err.fail(status, "%s in the move %s", detail, quoted(text).c_str());
    out = move;
    return ARB_OK;
}

// Whether the mark of a move read from `text` agrees with the position: ARB_OK
// when `captures` (the move takes something there) equals `move.capture`,
// else ARB_ERR_ILLEGAL with a message that quotes `text` and says which way
// it is wrong. Call it after the move's other rules held, so that a move that
// is illegal anyway is refused for its real reason.
inline arb_status check_capture_mark(std::string_view text, const CaptureMove &move, bool captures, ErrorOut err,
                                     char mark = 'x') noexcept {
    if (move.capture == captures) return ARB_OK;
    FixedText<16> target;
    append_square(target, move.to);
    if (captures)
        return err.fail(ARB_ERR_ILLEGAL, "%s takes on %s: a capture is written with '%c' between the squares",
                        quoted(text).c_str(), target.c_str(), mark);
    return err.fail(ARB_ERR_ILLEGAL, "%s is marked as a capture, but it takes nothing on %s", quoted(text).c_str(),
                    target.c_str());
}

// "a2a3", or "a2xb3" when `move.capture`.
template <size_t N>
void append_capture_move(FixedText<N> &out, const CaptureMove &move, char mark = 'x') noexcept {
    append_square(out, move.from);
    if (move.capture) out.push_back(mark);
    append_square(out, move.to);
}

}  // namespace arb::sdk
