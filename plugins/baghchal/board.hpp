// The Bagh Chal board: 25 points a1..e5 (row 1 at the top) on an Alquerque
// grid, as 32-bit point masks, and the position as a plain value.
#pragma once

#include <arbiter/sdk/line_board.hpp>

#include <array>
#include <bit>
#include <cstdint>

namespace arb::baghchal {

inline constexpr int kPoints = 25;
inline constexpr int kGoats = 20;
inline constexpr int kTigers = 4;
inline constexpr int kSideGoats = 0;
inline constexpr int kSideTigers = 1;

using Mask = uint32_t;  // bit p set: point p (= row * 5 + column)

[[nodiscard]] constexpr Mask bit(int point) noexcept { return Mask{1} << point; }
inline constexpr Mask kAllPoints = (Mask{1} << kPoints) - 1;
inline constexpr Mask kCorners = bit(0) | bit(4) | bit(20) | bit(24);

// Calls f(point) for every point in the mask, lowest first.
template <class F>
constexpr void for_each_point(Mask mask, F &&f) {
    while (mask != 0) {
        f(std::countr_zero(mask));
        mask &= mask - 1;
    }
}

// What a piece on a point can reach: neighbours along a line, and the jumps
// (over a neighbour to the point straight behind it).
struct PointLines {
    Mask neighbours = 0;
    int jump_count = 0;
    std::array<int8_t, 8> over{};
    std::array<int8_t, 8> land{};
};

inline constexpr sdk::LineBoard<5, 5> kLineBoard{sdk::Diagonals::even_points};

inline constexpr std::array<PointLines, kPoints> kLines = [] {
    std::array<PointLines, kPoints> lines{};
    for (int p = 0; p < kPoints; ++p) {
        lines[p].neighbours = static_cast<Mask>(kLineBoard.neighbours(p));
        for (int d = 0; d < sdk::kDirectionCount; ++d) {
            int over = kLineBoard.next(p, d);
            int land = kLineBoard.along(p, d, 2);
            if (over < 0 || land < 0) continue;
            lines[p].over[lines[p].jump_count] = static_cast<int8_t>(over);
            lines[p].land[lines[p].jump_count] = static_cast<int8_t>(land);
            ++lines[p].jump_count;
        }
    }
    return lines;
}();

// A position: the board, the side to move and the goat counts. It says
// nothing about history.
struct Position {
    Mask goats = 0;
    Mask tigers = kCorners;
    int side = kSideGoats;
    int in_hand = kGoats;
    int captured = 0;

    [[nodiscard]] Mask empty() const noexcept { return kAllPoints & ~(goats | tigers); }
    [[nodiscard]] bool placing() const noexcept { return in_hand > 0; }

    // Board and side to move, exactly (25 + 25 + 1 bits): the identity that
    // the repetition rules compare once every goat is placed.
    [[nodiscard]] uint64_t key() const noexcept {
        return uint64_t{goats} | uint64_t{tigers} << kPoints | uint64_t(side) << (2 * kPoints);
    }
    friend bool operator==(const Position &, const Position &) = default;
};

}  // namespace arb::baghchal
