// The Gess board as row bit masks, so that a 3x3 footprint is three shifts
// and a mask, and ring detection is a handful of operations per row.
//
// Coordinates are those of the 20x20 notation grid, 0-based: x = 0 is column
// a, y = 0 is row 1. Stones stand only on x, y in 1..18 (b-s, 2-19). A row is
// stored at index y + 1 with column x at bit x + 1, so footprints of centres
// anywhere on the grid (squares -1..20) stay inside the arrays.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace gess {

constexpr int kGridSize = 20;    // a-t, 1-20
constexpr int kFirstSquare = 1;  // b, 2
constexpr int kLastSquare = 18;  // s, 19
constexpr int kRowSlots = kGridSize + 2;
constexpr int kStonesPerSide = 43;
constexpr uint32_t kBoardColumns = ((1u << 18) - 1) << 2;  // bits of columns b..s

using Rows = std::array<uint32_t, kRowSlots>;

constexpr bool on_board(int x, int y) noexcept {
    return x >= kFirstSquare && x <= kLastSquare && y >= kFirstSquare && y <= kLastSquare;
}
constexpr uint32_t column_bit(int x) noexcept { return 1u << (x + 1); }
constexpr int slot(int y) noexcept { return y + 1; }
// Mask of the board columns in the row stored at `slot`: empty outside rows 2-19.
constexpr uint32_t board_mask_of_slot(int s) noexcept {
    return s >= slot(kFirstSquare) && s <= slot(kLastSquare) ? kBoardColumns : 0u;
}

// A 3x3 pattern of stones around a centre: bit (dy + 1) * 3 + (dx + 1) for
// the square at offset (dx, dy), dy = +1 being north. Bit 4 is the centre.
constexpr unsigned kCentreBit = 1u << 4;
constexpr unsigned kRimBits = 0x1EFu;

constexpr unsigned offset_bit(int dx, int dy) noexcept { return 1u << ((dy + 1) * 3 + (dx + 1)); }

// Three bits of `rows` under the footprint row at slot s, columns x-1..x+1.
constexpr unsigned triple(const Rows &rows, int s, int x) noexcept { return (rows[static_cast<size_t>(s)] >> x) & 7u; }

// The pattern of `rows` under the footprint centred on (x, y), which must be on the grid.
constexpr unsigned footprint(const Rows &rows, int x, int y) noexcept {
    return triple(rows, y, x) | (triple(rows, y + 1, x) << 3) | (triple(rows, y + 2, x) << 6);
}

struct Direction {
    int dx;
    int dy;
    const char *name;
};
// Indexed like the rim bits: the direction of pattern bit b is kDirections[b] (b != 4).
constexpr std::array<Direction, 9> kDirections = {{{-1, -1, "south-west"},
                                                   {0, -1, "south"},
                                                   {1, -1, "south-east"},
                                                   {-1, 0, "west"},
                                                   {0, 0, ""},
                                                   {1, 0, "east"},
                                                   {-1, 1, "north-west"},
                                                   {0, 1, "north"},
                                                   {1, 1, "north-east"}}};

// Offsets of the outermost stones of a pattern, for the push-off test.
struct Extent {
    int8_t min_dx, max_dx, min_dy, max_dy;
};
constexpr std::array<Extent, 512> make_extents() {
    std::array<Extent, 512> table{};
    for (unsigned p = 1; p < 512; ++p) {
        Extent e{2, -2, 2, -2};
        for (int b = 0; b < 9; ++b) {
            if (!(p & (1u << b))) continue;
            const int dx = b % 3 - 1, dy = b / 3 - 1;
            if (dx < e.min_dx) e.min_dx = static_cast<int8_t>(dx);
            if (dx > e.max_dx) e.max_dx = static_cast<int8_t>(dx);
            if (dy < e.min_dy) e.min_dy = static_cast<int8_t>(dy);
            if (dy > e.max_dy) e.max_dy = static_cast<int8_t>(dy);
        }
        table[p] = e;
    }
    return table;
}
inline constexpr std::array<Extent, 512> kExtents = make_extents();

// Whether some stone of pattern p, centred on (x, y), lies off the 18x18 board.
constexpr bool leaves_board(unsigned p, int x, int y) noexcept {
    const Extent &e = kExtents[p];
    return x + e.min_dx < kFirstSquare || x + e.max_dx > kLastSquare || y + e.min_dy < kFirstSquare ||
           y + e.max_dy > kLastSquare;
}

struct Board {
    std::array<Rows, 2> stones{};  // [side][slot]

    [[nodiscard]] bool has(int side, int x, int y) const noexcept {
        return (stones[static_cast<size_t>(side)][static_cast<size_t>(slot(y))] & column_bit(x)) != 0;
    }
    void put(int side, int x, int y) noexcept {
        stones[static_cast<size_t>(side)][static_cast<size_t>(slot(y))] |= column_bit(x);
    }
    [[nodiscard]] int count(int side) const noexcept {
        int n = 0;
        for (uint32_t row : stones[static_cast<size_t>(side)]) n += std::popcount(row);
        return n;
    }
    friend bool operator==(const Board &, const Board &) = default;
};

// Ring centres of `side`, one bit per centre in the layout of stone rows
// (centre x at bit x + 1 of slot y + 1): eight own stones around an empty square.
inline Rows ring_centres(const Board &board, int side) noexcept {
    const Rows &own = board.stones[static_cast<size_t>(side)];
    const Rows &opp = board.stones[static_cast<size_t>(side ^ 1)];
    Rows out{};
    // Ring centres lie on c-r x 3-18 (x, y in 2..17): the ring's stones must be on the board.
    for (int y = kFirstSquare + 1; y <= kLastSquare - 1; ++y) {
        const uint32_t below = own[static_cast<size_t>(slot(y - 1))];
        const uint32_t middle = own[static_cast<size_t>(slot(y))];
        const uint32_t above = own[static_cast<size_t>(slot(y + 1))];
        const uint32_t empty = ~(middle | opp[static_cast<size_t>(slot(y))]);
        // bit b of a full triple: bits b-1, b, b+1 all set (b = x + 1 for centre x).
        const uint32_t full_below = below & (below << 1) & (below >> 1);
        const uint32_t full_above = above & (above << 1) & (above >> 1);
        const uint32_t sides = (middle << 1) & (middle >> 1);
        out[static_cast<size_t>(slot(y))] = full_below & full_above & sides & empty & kBoardColumns;
    }
    return out;
}

// Whether `side` has a ring centred on a row y_min..y_max (clipped to the
// rows where ring centres can be).
inline bool has_ring_in_rows(const Board &board, int side, int y_min, int y_max) noexcept {
    const Rows &own = board.stones[static_cast<size_t>(side)];
    const Rows &opp = board.stones[static_cast<size_t>(side ^ 1)];
    if (y_min < kFirstSquare + 1) y_min = kFirstSquare + 1;
    if (y_max > kLastSquare - 1) y_max = kLastSquare - 1;
    for (int y = y_min; y <= y_max; ++y) {
        const uint32_t below = own[static_cast<size_t>(slot(y - 1))];
        const uint32_t middle = own[static_cast<size_t>(slot(y))];
        const uint32_t above = own[static_cast<size_t>(slot(y + 1))];
        const uint32_t empty = ~(middle | opp[static_cast<size_t>(slot(y))]);
        if (below & (below << 1) & (below >> 1) & above & (above << 1) & (above >> 1) & (middle << 1) & (middle >> 1) &
            empty)
            return true;
    }
    return false;
}

inline bool has_ring(const Board &board, int side) noexcept {
    return has_ring_in_rows(board, side, kFirstSquare + 1, kLastSquare - 1);
}

}  // namespace gess
