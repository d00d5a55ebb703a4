// The 7x7 Ataxx board as three 49-bit sets (black stones, white stones,
// gaps), square index row * 7 + column with a1 = 0 in the bottom-left
// corner, g7 = 48, as the UAI notation counts ranks. The two neighbourhoods
// of every square (distance 1: clone targets; distance 2: jump targets) are
// tables built at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace arb::ataxx {

using Bits = uint64_t;

inline constexpr int kSide = 7;
inline constexpr int kSquares = kSide * kSide;
inline constexpr Bits kAll = (Bits{1} << kSquares) - 1;

[[nodiscard]] constexpr int column_of(int square) noexcept { return square % kSide; }
[[nodiscard]] constexpr int row_of(int square) noexcept { return square / kSide; }
[[nodiscard]] constexpr Bits bit(int square) noexcept { return Bits{1} << square; }

namespace detail {

// Squares at Chebyshev distance exactly `distance` from each square.
constexpr std::array<Bits, kSquares> ring(int distance) noexcept {
    std::array<Bits, kSquares> table{};
    for (int s = 0; s < kSquares; ++s) {
        for (int t = 0; t < kSquares; ++t) {
            const int dc = column_of(s) > column_of(t) ? column_of(s) - column_of(t) : column_of(t) - column_of(s);
            const int dr = row_of(s) > row_of(t) ? row_of(s) - row_of(t) : row_of(t) - row_of(s);
            if ((dc > dr ? dc : dr) == distance) table[static_cast<size_t>(s)] |= bit(t);
        }
    }
    return table;
}

}  // namespace detail

inline constexpr std::array<Bits, kSquares> kCloneTargets = detail::ring(1);
inline constexpr std::array<Bits, kSquares> kJumpTargets = detail::ring(2);

static_assert(std::popcount(kCloneTargets[24]) == 8 && std::popcount(kJumpTargets[24]) == 16);  // d4
static_assert(std::popcount(kCloneTargets[0]) == 3 && std::popcount(kJumpTargets[0]) == 5);     // a1

inline constexpr Bits kFileA = 0x0040810204081ULL;  // a1, a2, ..., a7
inline constexpr Bits kFileG = kFileA << 6;

// `stones` and every square next to one of them (shifts, no loop).
[[nodiscard]] constexpr Bits grow(Bits stones) noexcept {
    const Bits row = (stones | ((stones << 1) & ~kFileA) | ((stones >> 1) & ~kFileG)) & kAll;
    return (row | (row << kSide) | (row >> kSide)) & kAll;
}

// Every square a stone of `stones` could clone to on an empty board (and the
// stones' own squares, which are never empty).
[[nodiscard]] constexpr Bits neighbours(Bits stones) noexcept { return grow(stones); }

// Every square a stone of `stones` could clone or jump to on an empty board.
[[nodiscard]] constexpr Bits reach(Bits stones) noexcept { return grow(grow(stones)); }

static_assert(neighbours(bit(24)) == (kCloneTargets[24] | bit(24)));
static_assert(reach(bit(0)) == (kCloneTargets[0] | kJumpTargets[0] | bit(0)));
static_assert(reach(bit(48)) == (kCloneTargets[48] | kJumpTargets[48] | bit(48)));

[[nodiscard]] constexpr int count(Bits set) noexcept { return std::popcount(set); }

}  // namespace arb::ataxx
