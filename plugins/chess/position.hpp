// One chess position and its legal moves: bitboards plus a square table,
// castling rights as rook squares (so Chess960 needs nothing special), the
// en passant square only when an en passant capture is legal, and the
// Zobrist key, kept up to date move by move.
#pragma once

#include "bitboard.hpp"

#include <arbiter/game.h>

#include <cstdint>

namespace arb::chess {

enum Colour { kWhite = 0, kBlack = 1 };
enum PieceType { kPawn = 0, kKnight, kBishop, kRook, kQueen, kKing, kNoPiece };
// A square's content: kEmpty, or colour * 8 + type.
inline constexpr uint8_t kEmpty = 0xff;
[[nodiscard]] constexpr uint8_t piece_code(int colour, int type) noexcept { return static_cast<uint8_t>(colour * 8 + type); }
[[nodiscard]] constexpr int colour_of(uint8_t code) noexcept { return code >> 3; }
[[nodiscard]] constexpr int type_of(uint8_t code) noexcept { return code & 7; }

// Castling rights: index colour * 2 + wing.
enum Wing { kKingSide = 0, kQueenSide = 1 };
[[nodiscard]] constexpr int right_index(int colour, int wing) noexcept { return colour * 2 + wing; }

// A move code (arb_move): from | to << 6 | promotion << 12 | kind << 15.
// A castling move goes from the king's square to its rook's square (UCI's
// Chess960 form), whatever the variant writes.
enum MoveKind { kNormal = 0, kCastle = 1, kEnPassant = 2 };
struct Move {
    int from = 0;
    int to = 0;
    int promotion = kNoPiece;  // kKnight..kQueen, or kNoPiece
    int kind = kNormal;
};
[[nodiscard]] constexpr arb_move encode(int from, int to, int promotion = kNoPiece, int kind = kNormal) noexcept {
    return from | to << 6 | (promotion == kNoPiece ? 0 : promotion) << 12 | kind << 15;
}
[[nodiscard]] constexpr Move decode(arb_move code) noexcept {
    const int promotion = (code >> 12) & 7;
    return {code & 63, (code >> 6) & 63, promotion == 0 ? kNoPiece : promotion, (code >> 15) & 3};
}

// Legal moves in any position: the most known is 218.
inline constexpr int kMaxMoves = 256;

class Position {
public:
    Position() noexcept {
        for (uint8_t &code : board_) code = kEmpty;
    }
    // The standard start position.
    static Position standard();

    // Squares and pieces (what the FEN reader fills in, then finish()).
    void put(int square, int colour, int type) noexcept;
    void clear() noexcept;
    // Derives the key and the legal en passant square once the fields are set.
    void finish() noexcept;

    [[nodiscard]] uint8_t at(int square) const noexcept { return board_[square]; }
    [[nodiscard]] Bitboard pieces(int colour) const noexcept { return by_colour_[colour]; }
    [[nodiscard]] Bitboard pieces(int colour, int type) const noexcept { return by_colour_[colour] & by_type_[type]; }
    [[nodiscard]] Bitboard of_type(int type) const noexcept { return by_type_[type]; }
    [[nodiscard]] Bitboard occupied() const noexcept { return by_colour_[0] | by_colour_[1]; }
    [[nodiscard]] int king(int colour) const noexcept { return lowest(pieces(colour, kKing)); }

    int side = kWhite;
    int ep = kNoSquare;          // set only when an en passant capture is legal
    int halfmove = 0;            // plies since the last capture or pawn move
    int fullmove = 1;
    uint8_t rights = 0;          // bit right_index(colour, wing)
    uint8_t rook_square[4] = {kNoSquare, kNoSquare, kNoSquare, kNoSquare};  // per right, while it lasts

    [[nodiscard]] uint64_t key() const noexcept { return key_; }
    [[nodiscard]] Bitboard attackers(int square, Bitboard occupied) const noexcept;
    [[nodiscard]] bool attacked(int square, int by, Bitboard occupied) const noexcept {
        return (attackers(square, occupied) & by_colour_[by]) != 0;
    }
    [[nodiscard]] Bitboard checkers() const noexcept { return attackers(king(side), occupied()) & by_colour_[side ^ 1]; }
    [[nodiscard]] bool in_check() const noexcept { return checkers() != 0; }

    // Writes the legal moves; returns their number (<= kMaxMoves).
    int legal_moves(arb_move *out) const noexcept;
    // Whether a code is one of the legal moves.
    [[nodiscard]] bool is_legal(arb_move code) const noexcept;
    // Whether play() can apply the code without breaking the position's
    // invariants (a piece of the side to move on `from`, no own piece or
    // king taken, a promotion only by a pawn reaching the last rank, a
    // castling with its right). Much cheaper than is_legal; a move that
    // leaves the king in check passes.
    [[nodiscard]] bool playable(arb_move code) const noexcept;
    // Plays a legal move.
    void play(arb_move code) noexcept;
    // Whether the move captures, moves a pawn, castles or loses a castling
    // right: no earlier position can recur after it.
    [[nodiscard]] bool irreversible(arb_move code) const noexcept;
    [[nodiscard]] bool is_capture(arb_move code) const noexcept;

    // Neither side can ever mate: K v K, K+minor v K, bishops of one colour only.
    [[nodiscard]] bool insufficient_material() const noexcept;

private:
    void remove(int square) noexcept;
    void add(int square, uint8_t code) noexcept;
    void set_ep_if_legal(int square) noexcept;
    [[nodiscard]] bool ep_capture_legal(int from, int to) const noexcept;
    [[nodiscard]] bool castle_legal(int right) const noexcept;
    [[nodiscard]] Bitboard pinned() const noexcept;
    [[nodiscard]] uint64_t castle_key() const noexcept;

    Bitboard by_type_[6] = {};
    Bitboard by_colour_[2] = {};
    uint8_t board_[64];
    uint64_t key_ = 0;
};

// Where the king and rook stand after castling on a wing.
[[nodiscard]] constexpr int castle_king_target(int colour, int wing) noexcept {
    return square_at(wing == kKingSide ? 6 : 2, colour == kWhite ? 0 : 7);
}
[[nodiscard]] constexpr int castle_rook_target(int colour, int wing) noexcept {
    return square_at(wing == kKingSide ? 5 : 3, colour == kWhite ? 0 : 7);
}

}  // namespace arb::chess
