// LineBoard: the segment counts of known boards and straight-line walks.
#include <arbiter/sdk/line_board.hpp>

#include <catch2/catch.hpp>

#include <bit>

using namespace arb::sdk;

namespace {

using Alquerque = LineBoard<5, 5>;
constexpr Alquerque kAlquerque{Diagonals::even_points};

int jump_count(const Alquerque &board) {
    int n = 0;
    for (int p = 0; p < Alquerque::kPoints; ++p)
        for (int d = 0; d < kDirectionCount; ++d) n += board.along(p, d, 2) >= 0 ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("line_board: the Alquerque board has 40 orthogonal and 16 diagonal segments", "[sdk][line_board]") {
    static_assert(kAlquerque.segment_count() == 56);
    CHECK(LineBoard<5, 5>(Diagonals::none).segment_count() == 40);
    CHECK(jump_count(kAlquerque) == 80);  // 40 straight triples, both ways
    // c3 reaches all eight neighbours, b3 only its four.
    CHECK(std::popcount(kAlquerque.neighbours(Alquerque::point(2, 2))) == 8);
    CHECK(std::popcount(kAlquerque.neighbours(Alquerque::point(1, 2))) == 4);
    // The short diagonal c1-b2-a3.
    CHECK(kAlquerque.direction_to(Alquerque::point(2, 0), Alquerque::point(0, 2), 2) == kDownLeft);
    CHECK(kAlquerque.along(Alquerque::point(2, 0), kDownLeft, 3) == -1);
    // No diagonal through b1.
    CHECK(kAlquerque.next(Alquerque::point(1, 0), kDownRight) == -1);
}

TEST_CASE("line_board: a full grid is a king-move board", "[sdk][line_board]") {
    constexpr LineBoard<8, 8> board{Diagonals::all};
    // 2 * 8 * 7 orthogonal + 2 * 7 * 7 diagonal segments.
    CHECK(board.segment_count() == 112 + 98);
    CHECK(std::popcount(board.neighbours(0)) == 3);
    CHECK(std::popcount(board.neighbours(LineBoard<8, 8>::point(3, 3))) == 8);
    CHECK(board.direction_to(0, 63, 7) == kDownRight);
    CHECK(board.direction_to(0, 62, 7) == -1);
    for (int d = 0; d < kDirectionCount; ++d) CHECK(opposite(opposite(d)) == d);
    CHECK(board.next(board.next(27, kUp), opposite(kUp)) == 27);
}
