// Squares, bitboards and the attack tables of the chess move generator.
// Square 0 is a1, 7 is h1, 63 is h8 (little-endian rank-file mapping).
// Sliders use the classical ray approach: a ray's attacks stop at its first
// blocker, found with one bit scan. It needs no magic numbers, and its
// tables are compile-time constants, so a state holds no pointers.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace arb::chess {

using Bitboard = uint64_t;

inline constexpr int kNoSquare = 64;

[[nodiscard]] constexpr Bitboard bit(int square) noexcept { return Bitboard{1} << square; }
[[nodiscard]] constexpr int file_of(int square) noexcept { return square & 7; }
[[nodiscard]] constexpr int rank_of(int square) noexcept { return square >> 3; }
[[nodiscard]] constexpr int square_at(int file, int rank) noexcept { return rank * 8 + file; }
[[nodiscard]] inline int lowest(Bitboard b) noexcept { return std::countr_zero(b); }
[[nodiscard]] inline int highest(Bitboard b) noexcept { return 63 - std::countl_zero(b); }
[[nodiscard]] inline int count(Bitboard b) noexcept { return std::popcount(b); }
inline int pop_lowest(Bitboard &b) noexcept {
    const int s = std::countr_zero(b);
    b &= b - 1;
    return s;
}

inline constexpr Bitboard kRank1 = 0xffULL;
inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kDarkSquares = 0xaa55aa55aa55aa55ULL;  // a1 is dark

// The eight ray directions; the first four run towards higher squares, so
// their first blocker is the lowest set bit.
enum Direction { kNorth, kEast, kNorthEast, kNorthWest, kSouth, kWest, kSouthWest, kSouthEast };
inline constexpr int kFileStep[8] = {0, 1, 1, -1, 0, -1, -1, 1};
inline constexpr int kRankStep[8] = {1, 0, 1, 1, -1, 0, -1, -1};

struct AttackTables {
    Bitboard ray[8][64]{};
    Bitboard knight[64]{};
    Bitboard king[64]{};
    Bitboard pawn[2][64]{};      // squares a pawn of that colour on the square attacks
    Bitboard between[64][64]{};  // squares strictly between two squares on one line, else 0
    Bitboard line[64][64]{};     // the whole line through two squares on one line, else 0
};

[[nodiscard]] constexpr Bitboard step_targets(int square, const int (*steps)[2], int n) {
    Bitboard b = 0;
    for (int i = 0; i < n; ++i) {
        const int f = file_of(square) + steps[i][0], r = rank_of(square) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= bit(square_at(f, r));
    }
    return b;
}

[[nodiscard]] constexpr AttackTables make_attack_tables() {
    AttackTables t;
    constexpr int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int white_pawn[2][2] = {{-1, 1}, {1, 1}};
    constexpr int black_pawn[2][2] = {{-1, -1}, {1, -1}};
    for (int s = 0; s < 64; ++s) {
        t.knight[s] = step_targets(s, knight, 8);
        t.king[s] = step_targets(s, king, 8);
        t.pawn[0][s] = step_targets(s, white_pawn, 2);
        t.pawn[1][s] = step_targets(s, black_pawn, 2);
        for (int d = 0; d < 8; ++d) {
            int f = file_of(s) + kFileStep[d], r = rank_of(s) + kRankStep[d];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                t.ray[d][s] |= bit(square_at(f, r));
                f += kFileStep[d];
                r += kRankStep[d];
            }
        }
    }
    for (int a = 0; a < 64; ++a)
        for (int d = 0; d < 8; ++d) {
            Bitboard passed = 0;
            int f = file_of(a) + kFileStep[d], r = rank_of(a) + kRankStep[d];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                const int b = square_at(f, r);
                t.between[a][b] = passed;
                t.line[a][b] = t.ray[d][a] | t.ray[(d + 4) % 8][a] | bit(a);
                passed |= bit(b);
                f += kFileStep[d];
                r += kRankStep[d];
            }
        }
    return t;
}

inline constexpr AttackTables kAttacks = make_attack_tables();

template <int D>
[[nodiscard]] inline Bitboard ray_attacks(int square, Bitboard occupied) noexcept {
    Bitboard attacks = kAttacks.ray[D][square];
    if (const Bitboard blockers = attacks & occupied) {
        const int first = D < 4 ? lowest(blockers) : highest(blockers);
        attacks ^= kAttacks.ray[D][first];
    }
    return attacks;
}

[[nodiscard]] inline Bitboard rook_attacks(int square, Bitboard occupied) noexcept {
    return ray_attacks<kNorth>(square, occupied) | ray_attacks<kEast>(square, occupied) |
           ray_attacks<kSouth>(square, occupied) | ray_attacks<kWest>(square, occupied);
}

[[nodiscard]] inline Bitboard bishop_attacks(int square, Bitboard occupied) noexcept {
    return ray_attacks<kNorthEast>(square, occupied) | ray_attacks<kNorthWest>(square, occupied) |
           ray_attacks<kSouthWest>(square, occupied) | ray_attacks<kSouthEast>(square, occupied);
}

}  // namespace arb::chess
