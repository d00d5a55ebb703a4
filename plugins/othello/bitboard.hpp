// Othello on two 64-bit boards: bit n is square n = (row-1)*8 + column, so
// a1 is bit 0, h1 bit 7 and h8 bit 63 (row 1 at the top). Shifting by 1
// moves a disc one column right, by 8 one row down; the masks stop lines
// from wrapping round the board's sides. Nothing here allocates or branches
// on the board size: move generation is shift-and-mask over all 8
// directions at once, the cost of a copy-make perft through the ABI.
#pragma once

#include <bit>
#include <cstdint>

namespace othello {

using Bits = uint64_t;

inline constexpr Bits kNotColumnA = 0xfefefefefefefefeULL;  // clears bits that wrapped onto column a
inline constexpr Bits kNotColumnH = 0x7f7f7f7f7f7f7f7fULL;  // clears bits that wrapped onto column h
inline constexpr Bits kCentre = (Bits{1} << 27) | (Bits{1} << 28) | (Bits{1} << 35) | (Bits{1} << 36);

// One step in each direction, with the wrap masks applied.
inline constexpr Bits east(Bits b) noexcept { return (b << 1) & kNotColumnA; }
inline constexpr Bits west(Bits b) noexcept { return (b >> 1) & kNotColumnH; }
inline constexpr Bits south(Bits b) noexcept { return b << 8; }
inline constexpr Bits north(Bits b) noexcept { return b >> 8; }
inline constexpr Bits south_east(Bits b) noexcept { return (b << 9) & kNotColumnA; }
inline constexpr Bits south_west(Bits b) noexcept { return (b << 7) & kNotColumnH; }
inline constexpr Bits north_east(Bits b) noexcept { return (b >> 7) & kNotColumnA; }
inline constexpr Bits north_west(Bits b) noexcept { return (b >> 9) & kNotColumnH; }

// Empty squares from which `step` runs over >= 1 opponent discs onto a
// player disc, i.e. placements legal in that one direction. A line holds at
// most 6 discs between its ends, hence the 5 extra steps.
template <Bits (*Step)(Bits)>
constexpr Bits moves_one_way(Bits player, Bits opponent, Bits empty) noexcept {
    Bits run = Step(player) & opponent;
    run |= Step(run) & opponent;
    run |= Step(run) & opponent;
    run |= Step(run) & opponent;
    run |= Step(run) & opponent;
    run |= Step(run) & opponent;
    return Step(run) & empty;
}

// All squares where `player` may place a disc.
constexpr Bits legal_placements(Bits player, Bits opponent) noexcept {
    const Bits empty = ~(player | opponent);
    return moves_one_way<east>(player, opponent, empty) | moves_one_way<west>(player, opponent, empty) |
           moves_one_way<south>(player, opponent, empty) | moves_one_way<north>(player, opponent, empty) |
           moves_one_way<south_east>(player, opponent, empty) |
           moves_one_way<south_west>(player, opponent, empty) |
           moves_one_way<north_east>(player, opponent, empty) |
           moves_one_way<north_west>(player, opponent, empty);
}

// Opponent discs turned in one direction by a disc placed on `placed`.
template <Bits (*Step)(Bits)>
constexpr Bits flips_one_way(Bits placed, Bits player, Bits opponent) noexcept {
    Bits run = 0;
    Bits next = Step(placed);
    while (next & opponent) {
        run |= next;
        next = Step(next);
    }
    return (next & player) ? run : 0;
}

// Every opponent disc turned by placing on `square` (0 when it flips none).
constexpr Bits flips(int square, Bits player, Bits opponent) noexcept {
    const Bits placed = Bits{1} << square;
    return flips_one_way<east>(placed, player, opponent) | flips_one_way<west>(placed, player, opponent) |
           flips_one_way<south>(placed, player, opponent) | flips_one_way<north>(placed, player, opponent) |
           flips_one_way<south_east>(placed, player, opponent) |
           flips_one_way<south_west>(placed, player, opponent) |
           flips_one_way<north_east>(placed, player, opponent) |
           flips_one_way<north_west>(placed, player, opponent);
}

inline constexpr int count(Bits b) noexcept { return std::popcount(b); }

}  // namespace othello
