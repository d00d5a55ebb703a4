// Boards of points joined by straight lines in up to eight directions: the
// square grids of Othello and chess-like games (every diagonal), and the
// Alquerque boards of Bagh Chal and its relatives (diagonals only through
// every other point). The tables are built at compile time.
//
// A point is `row * Columns + column`, both 0-based; which way row 0 faces is
// the game's business (directions below say "up" for row - 1).
#pragma once

#include <array>
#include <cstdint>

namespace arb::sdk {

// Directions in clockwise order starting upwards, so the opposite of d is
// (d + 4) % 8 and the diagonal directions are the odd ones.
enum Direction : int { kUp, kUpRight, kRight, kDownRight, kDown, kDownLeft, kLeft, kUpLeft, kDirectionCount };

struct DirectionStep {
    int column;
    int row;
};
inline constexpr DirectionStep kDirectionSteps[kDirectionCount] = {
    {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};

[[nodiscard]] constexpr int opposite(int direction) noexcept { return (direction + 4) % kDirectionCount; }
[[nodiscard]] constexpr bool is_diagonal(int direction) noexcept { return (direction & 1) != 0; }

// Which diagonal segments the board draws. Orthogonal neighbours are always
// joined.
enum class Diagonals {
    none,        // a plain grid of rows and columns
    all,         // every diagonal (king moves)
    even_points  // Alquerque: diagonals only through points with (row + column) even
};

template <int Columns, int Rows>
class LineBoard {
public:
    static constexpr int kColumns = Columns;
    static constexpr int kRows = Rows;
    static constexpr int kPoints = Columns * Rows;
    static_assert(Columns > 0 && Rows > 0 && kPoints <= 64, "point sets are 64-bit masks");

    explicit constexpr LineBoard(Diagonals diagonals) noexcept {
        for (int p = 0; p < kPoints; ++p) {
            for (int d = 0; d < kDirectionCount; ++d) {
                int c = column_of(p) + kDirectionSteps[d].column;
                int r = row_of(p) + kDirectionSteps[d].row;
                bool joined = c >= 0 && c < Columns && r >= 0 && r < Rows && diagonal_allowed(diagonals, p, d);
                next_[p][d] = static_cast<int8_t>(joined ? point(c, r) : -1);
                if (joined) neighbours_[p] |= uint64_t{1} << point(c, r);
            }
        }
    }

    [[nodiscard]] static constexpr int point(int column, int row) noexcept { return row * Columns + column; }
    [[nodiscard]] static constexpr int column_of(int point) noexcept { return point % Columns; }
    [[nodiscard]] static constexpr int row_of(int point) noexcept { return point / Columns; }

    // The point one segment away in `direction`, or -1 when no line leads there.
    [[nodiscard]] constexpr int next(int point, int direction) const noexcept { return next_[point][direction]; }

    // The point `distance` segments away along one straight line, or -1.
    [[nodiscard]] constexpr int along(int point, int direction, int distance) const noexcept {
        for (int i = 0; i < distance && point >= 0; ++i) point = next(point, direction);
        return point;
    }

    // The direction in which `to` lies exactly `distance` segments from
    // `from` along a straight line, or -1 when it does not.
    [[nodiscard]] constexpr int direction_to(int from, int to, int distance) const noexcept {
        for (int d = 0; d < kDirectionCount; ++d)
            if (along(from, d, distance) == to) return d;
        return -1;
    }

    // Mask of the points one segment away (bit p for point p).
    [[nodiscard]] constexpr uint64_t neighbours(int point) const noexcept { return neighbours_[point]; }

    // Number of segments (undirected lines between neighbouring points).
    [[nodiscard]] constexpr int segment_count() const noexcept {
        int directed = 0;
        for (int p = 0; p < kPoints; ++p)
            for (int d = 0; d < kDirectionCount; ++d) directed += next_[p][d] >= 0 ? 1 : 0;
        return directed / 2;
    }

private:
    static constexpr bool diagonal_allowed(Diagonals diagonals, int p, int direction) noexcept {
        if (!is_diagonal(direction)) return true;
        switch (diagonals) {
        case Diagonals::none: return false;
        case Diagonals::all: return true;
        // A diagonal step keeps (row + column) even, so both ends qualify.
        case Diagonals::even_points: return (row_of(p) + column_of(p)) % 2 == 0;
        }
        return false;
    }

    std::array<std::array<int8_t, kDirectionCount>, kPoints> next_{};
    std::array<uint64_t, kPoints> neighbours_{};
};

}  // namespace arb::sdk
