// Bagh Chal moves: their integer codes and their text, a drop "G@c3", a step
// "a1-b2" and a jump (capture) "a1xc3".
#pragma once

#include "board.hpp"

#include <arbiter/game.h>
#include <arbiter/sdk/text.hpp>

#include <string_view>

namespace arb::baghchal {

enum class MoveKind { drop, step, jump };

struct Move {
    MoveKind kind = MoveKind::drop;
    int from = -1;  // -1 for a drop
    int to = 0;
};

// Codes: bits 0-4 the target point, bits 5-9 the source, then one flag bit
// for a drop and one for a jump.
inline constexpr arb_move kDropFlag = 1 << 10;
inline constexpr arb_move kJumpFlag = 1 << 11;

[[nodiscard]] constexpr arb_move drop_code(int to) noexcept { return kDropFlag | to; }
[[nodiscard]] constexpr arb_move step_code(int from, int to) noexcept { return from << 5 | to; }
[[nodiscard]] constexpr arb_move jump_code(int from, int to) noexcept { return kJumpFlag | from << 5 | to; }

[[nodiscard]] constexpr arb_move encode(const Move &m) noexcept {
    switch (m.kind) {
    case MoveKind::drop: return drop_code(m.to);
    case MoveKind::step: return step_code(m.from, m.to);
    case MoveKind::jump: return jump_code(m.from, m.to);
    }
    return ARB_MOVE_NONE;
}

// Reads a code back; false for anything encode() cannot produce.
[[nodiscard]] bool decode(arb_move code, Move &out) noexcept;

// The point a jump passes over: points are row * 5 + column and a jump
// covers two segments of one straight line, so it is the midpoint.
[[nodiscard]] constexpr int jumped_point(int from, int to) noexcept { return (from + to) / 2; }

// Reads the text of a move (syntax only: whether it is legal is the game's
// business). ARB_ERR_SYNTAX with a message naming the fault.
arb_status parse_move_text(std::string_view text, Move &out, sdk::ErrorOut err) noexcept;

[[nodiscard]] sdk::MoveText format_move_text(const Move &m) noexcept;

// The name of a point, e.g. "c3".
[[nodiscard]] sdk::FixedText<4> point_name(int point) noexcept;

}  // namespace arb::baghchal
