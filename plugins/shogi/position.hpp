// A shogi position (board, both hands, side to move, move number) and its
// legal moves. A plain 9x9 square table: shogi's hands make bitboards gain
// less than in chess, and this keeps the rules readable.
//
// Squares: index = row * 9 + column, row 0 the top rank 'a' (gote's camp),
// column 0 file 9 (SFEN order: each rank lists files 9 to 1). Sente (side 0,
// upper case, USI's "black") moves up, towards row 0.
#pragma once

#include <arbiter/game.h>

#include <array>
#include <cstdint>

namespace arb::shogi {

// Piece types. Promoted types are the base type + kPromotion.
enum : uint8_t {
    kNoPiece = 0,
    kPawn = 1,
    kLance = 2,
    kKnight = 3,
    kSilver = 4,
    kBishop = 5,
    kRook = 6,
    kGold = 7,
    kKing = 8,
    kPromotion = 8,  // kPawn + kPromotion is the tokin ... kRook + kPromotion the dragon
    kTypes = 15,
};
// A board cell: type | (side << 4), 0 when empty.
inline constexpr uint8_t kGoteBit = 16;
inline constexpr int kSquares = 81;
// Hand types are kPawn .. kGold (1..7).
inline constexpr int kHandTypes = 8;

[[nodiscard]] constexpr int type_of(uint8_t cell) noexcept { return cell & 15; }
[[nodiscard]] constexpr int side_of(uint8_t cell) noexcept { return cell >> 4; }
[[nodiscard]] constexpr uint8_t make_cell(int type, int side) noexcept {
    return static_cast<uint8_t>(type | (side << 4));
}
[[nodiscard]] constexpr bool promotable(int type) noexcept { return type >= kPawn && type <= kRook; }
// The type a captured piece becomes in hand.
[[nodiscard]] constexpr int unpromoted(int type) noexcept { return type > kKing ? type - kPromotion : type; }
[[nodiscard]] constexpr int row_of(int sq) noexcept { return sq / 9; }
[[nodiscard]] constexpr int column_of(int sq) noexcept { return sq % 9; }
// Rows 0-2 are sente's promotion zone, rows 6-8 gote's.
[[nodiscard]] constexpr bool in_zone(int side, int sq) noexcept {
    return side == 0 ? row_of(sq) <= 2 : row_of(sq) >= 6;
}
// How many rows from the mover's far edge: 0 on the last rank.
[[nodiscard]] constexpr int rows_to_edge(int side, int sq) noexcept {
    return side == 0 ? row_of(sq) : 8 - row_of(sq);
}
// A piece of this type standing here could never move again: pawn and lance
// on the last rank, knight on the last two.
[[nodiscard]] constexpr bool dead_square(int type, int side, int sq) noexcept {
    if (type == kPawn || type == kLance) return rows_to_edge(side, sq) == 0;
    if (type == kKnight) return rows_to_edge(side, sq) <= 1;
    return false;
}

// Move codes: from | to << 7 | promote << 14. `from` is a square, or
// kDropBase + hand type for a drop. kDeclareWin is the entering-king
// declaration (USI `win`).
inline constexpr int kDropBase = 80;  // drop of type t: from = 80 + t (81..87)
inline constexpr arb_move kDeclareWin = 1 << 15;
[[nodiscard]] constexpr arb_move encode(int from, int to, bool promote) noexcept {
    return static_cast<arb_move>(from | (to << 7) | (promote ? 1 << 14 : 0));
}
[[nodiscard]] constexpr int move_from(arb_move m) noexcept { return m & 127; }
[[nodiscard]] constexpr int move_to(arb_move m) noexcept { return (m >> 7) & 127; }
[[nodiscard]] constexpr bool move_promotes(arb_move m) noexcept { return ((m >> 14) & 1) != 0; }
[[nodiscard]] constexpr bool is_drop(arb_move m) noexcept { return move_from(m) > kDropBase; }
[[nodiscard]] constexpr int drop_type(arb_move m) noexcept { return move_from(m) - kDropBase; }

// The most legal moves known in a shogi position is 593; the declaration adds one.
inline constexpr int kMaxMoves = 600;

struct Position {
    std::array<uint8_t, kSquares> board{};
    std::array<std::array<uint8_t, kHandTypes>, 2> hand{};  // hand[side][type], type 1..7
    std::array<int, 2> king{-1, -1};
    int side = 0;
    int move_number = 1;  // SFEN's: the number of the next ply, from 1

    [[nodiscard]] bool attacked(int sq, int by) const noexcept;
    [[nodiscard]] bool in_check() const noexcept { return attacked(king[side], side ^ 1); }
    // Does the mover's king stand attacked after the move (the move's
    // legality apart from drops' own limits)? `m` must be pseudo-legal.
    [[nodiscard]] bool leaves_king_attacked(arb_move m) const noexcept;
    // Board and hand moves only (no declaration), legal by the rules of play
    // (nifu, uchifuzume, forced promotion, drop limits, king safety).
    int legal_moves(arb_move *out) const noexcept;
    [[nodiscard]] bool has_legal_move() const noexcept;
    // Is `m` among legal_moves? Without generating them all.
    [[nodiscard]] bool is_legal(arb_move m) const noexcept;
    void play(arb_move m) noexcept;
    // Board, hands and side to move; bit 0 is whether the side to move is
    // in check (a function of the position, so keys stay exact).
    [[nodiscard]] uint64_t key() const noexcept;

    // Drop-specific rule tests, also used to explain refusals.
    [[nodiscard]] bool pawn_on_file(int side, int column) const noexcept;
    [[nodiscard]] bool drop_mates(arb_move pawn_drop) const noexcept;
    [[nodiscard]] bool gives_check(arb_move m) const noexcept;
    // Can the piece on `from` move to `to` by its moves (safety apart)?
    [[nodiscard]] bool reaches(int from, int to) const noexcept;
};

}  // namespace arb::shogi
