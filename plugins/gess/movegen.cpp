#include "movegen.hpp"

#include <arbiter/sdk/coords.hpp>

#include <cstdlib>

namespace gess {

namespace {

using arb::sdk::ErrorOut;

constexpr size_t at(int s) noexcept { return static_cast<size_t>(s); }

int chebyshev(int ax, int ay, int bx, int by) noexcept {
    const int dx = std::abs(ax - bx), dy = std::abs(ay - by);
    return dx > dy ? dx : dy;
}

int sign(int v) noexcept { return (v > 0) - (v < 0); }

const char *side_name(int side) noexcept { return side == 0 ? "black" : "white"; }

arb::sdk::FixedText<8> square_name(int x, int y) noexcept {
    arb::sdk::FixedText<8> text;
    arb::sdk::append_square(text, arb::sdk::Square{x, y});
    return text;
}

// The mover's rings before the move. Two ring centres are never adjacent (a
// centre's neighbours are stones), so at most 8 x 8 fit on c-r x 3-18.
struct RingList {
    int count = 0;
    int x[64];
    int y[64];

    RingList() noexcept = default;
    RingList(const Board &board, int side) noexcept {
        const Rows centres = ring_centres(board, side);
        for (int y0 = 0; y0 < kGridSize; ++y0) {
            uint32_t bits = centres[at(slot(y0))];
            while (bits != 0 && count < 64) {
                x[count] = std::countr_zero(bits) - 1;
                y[count] = y0;
                ++count;
                bits &= bits - 1;
            }
        }
    }
};

// A ring whose 3x3 square meets neither footprint is untouched by the move.
bool untouched_ring(const RingList &rings, const Move &move) noexcept {
    for (int i = 0; i < rings.count; ++i) {
        if (chebyshev(rings.x[i], rings.y[i], move.from_x, move.from_y) >= 3 &&
            chebyshev(rings.x[i], rings.y[i], move.to_x, move.to_y) >= 3)
            return true;
    }
    return false;
}

// Whether `side` still has a ring after `move`, given its rings before: the
// plain check for a single move. Failing an untouched ring, any ring after
// the move is centred within 2 rows of one of the two footprints.
bool keeps_ring(const Board &board, int side, const Move &move, const RingList &rings) noexcept {
    if (untouched_ring(rings, move)) return true;
    Board after = board;
    apply_move(after, side, move);
    return has_ring_in_rows(after, side, move.from_y - 2, move.from_y + 2) ||
           has_ring_in_rows(after, side, move.to_y - 2, move.to_y + 2);
}

// The generator's check, sharing the lifting among the moves of one piece.
// `lifted` is the board with the piece taken up; it is the same again on
// return. Lifting never makes a ring (each footprint square has an emptied
// neighbour) and destroys exactly the rings within distance 2 of the source
// centre; setting the piece down changes only the destination footprint. So
// failing an untouched ring, any ring is centred within 2 rows of the
// destination, and only those rows need searching.
bool keeps_ring_lifted(Board &lifted, int side, unsigned pattern, const Move &move, const RingList &rings) noexcept {
    if (untouched_ring(rings, move)) return true;
    Rows &own = lifted.stones[at(side)];
    Rows &opp = lifted.stones[at(side ^ 1)];
    uint32_t saved_own[3], saved_opp[3];
    const uint32_t clear = ~(7u << move.to_x);
    for (int j = 0; j < 3; ++j) {
        const size_t s = at(move.to_y + j);
        saved_own[j] = own[s];
        saved_opp[j] = opp[s];
        opp[s] &= clear;
        own[s] = ((own[s] & clear) | (((pattern >> (3 * j)) & 7u) << move.to_x)) & board_mask_of_slot(move.to_y + j);
    }
    const bool kept = has_ring_in_rows(lifted, side, move.to_y - 2, move.to_y + 2);
    for (int j = 0; j < 3; ++j) {
        own[at(move.to_y + j)] = saved_own[j];
        opp[at(move.to_y + j)] = saved_opp[j];
    }
    return kept;
}

// Any stone under the footprint centred on (x, y)?
bool covers_stone(const Rows &occupied, int x, int y) noexcept {
    return (((occupied[at(y)] | occupied[at(y + 1)] | occupied[at(y + 2)]) >> x) & 7u) != 0;
}

Rows occupied(const Board &board) noexcept {
    Rows occ;
    for (size_t i = 0; i < occ.size(); ++i) occ[i] = board.stones[0][i] | board.stones[1][i];
    return occ;
}

}  // namespace

int32_t generate_moves(const Board &board, int side, const Rules &rules, arb_move *out) noexcept {
    const Rows &own = board.stones[at(side)];
    const Rows &opp = board.stones[at(side ^ 1)];
    Rows occ = occupied(board);
    const bool check_rings = !rules.ring_lose;
    const RingList rings = check_rings ? RingList(board, side) : RingList();
    Board lifted = board;  // the board with the current piece taken up
    const int lo = rules.centre_min(), hi = rules.centre_max();
    const uint32_t centre_columns = ((2u << hi) - 1) & ~((1u << lo) - 1);  // bit x for centre x
    int32_t n = 0;
    for (int y = lo; y <= hi; ++y) {
        // Footprint of centre (x, y): slots y..y+2, bits x..x+2.
        const uint32_t own_near = own[at(y)] | own[at(y + 1)] | own[at(y + 2)];
        if (own_near == 0) continue;
        const uint32_t opp_near = opp[at(y)] | opp[at(y + 1)] | opp[at(y + 2)];
        uint32_t centres =
            (own_near | own_near >> 1 | own_near >> 2) & ~(opp_near | opp_near >> 1 | opp_near >> 2) & centre_columns;
        while (centres != 0) {
            const int x = std::countr_zero(centres);
            centres &= centres - 1;
            const unsigned pattern = footprint(own, x, y);
            unsigned rim = pattern & kRimBits;
            if (rim == 0) continue;
            // The piece is lifted: its own stones never block it.
            const uint32_t saved[3] = {occ[at(y)], occ[at(y + 1)], occ[at(y + 2)]};
            const uint32_t lift = ~(7u << x);
            occ[at(y)] &= lift;
            occ[at(y + 1)] &= lift;
            occ[at(y + 2)] &= lift;
            Rows &lifted_own = lifted.stones[at(side)];
            if (check_rings) {
                lifted_own[at(y)] &= lift;
                lifted_own[at(y + 1)] &= lift;
                lifted_own[at(y + 2)] &= lift;
            }
            const int max_steps = (pattern & kCentreBit) ? kGridSize : 3;
            while (rim != 0) {
                const int bit = std::countr_zero(rim);
                rim &= rim - 1;
                const int dx = bit % 3 - 1, dy = bit / 3 - 1;
                for (int k = 1; k <= max_steps; ++k) {
                    const int cx = x + k * dx, cy = y + k * dy;
                    if (cx < lo || cx > hi || cy < lo || cy > hi) break;
                    const Move move{x, y, cx, cy};
                    if (!check_rings || keeps_ring_lifted(lifted, side, pattern, move, rings)) out[n++] = encode(move);
                    if (covers_stone(occ, cx, cy)) break;
                    if (rules.stop_on_pushoff && leaves_board(pattern, cx, cy)) break;
                }
            }
            occ[at(y)] = saved[0];
            occ[at(y + 1)] = saved[1];
            occ[at(y + 2)] = saved[2];
            lifted_own[at(y)] = own[at(y)];
            lifted_own[at(y + 1)] = own[at(y + 1)];
            lifted_own[at(y + 2)] = own[at(y + 2)];
        }
    }
    return n;
}

arb_status check_move(const Board &board, int side, const Rules &rules, const Move &move, ErrorOut err) noexcept {
    // Names are made only for a refusal: play() checks every move it makes.
    const auto from_name = [&] { return square_name(move.from_x, move.from_y); };
    const auto to_name = [&] { return square_name(move.to_x, move.to_y); };
    const char *range = "b-s x 2-19 (centers=board18)";
    if (!rules.centre_allowed(move.from_x, move.from_y))
        return err.fail(ARB_ERR_ILLEGAL, "no piece can be centred on %s: centres must lie on %s", from_name().c_str(),
                        range);
    const unsigned pattern = footprint(board.stones[at(side)], move.from_x, move.from_y);
    if (footprint(board.stones[at(side ^ 1)], move.from_x, move.from_y) != 0) {
        return err.fail(ARB_ERR_ILLEGAL, "no %s piece on %s: its footprint holds a %s stone", side_name(side),
                        from_name().c_str(), side_name(side ^ 1));
    }
    if ((pattern & kRimBits) == 0) {
        return err.fail(ARB_ERR_ILLEGAL, "no %s piece on %s: none of the 8 squares around it holds a %s stone",
                        side_name(side), from_name().c_str(), side_name(side));
    }
    const int dx = move.to_x - move.from_x, dy = move.to_y - move.from_y;
    if (dx == 0 && dy == 0)
        return err.fail(ARB_ERR_ILLEGAL, "%s-%s does not move the piece", from_name().c_str(), to_name().c_str());
    if (dx != 0 && dy != 0 && dx != dy && dx != -dy) {
        return err.fail(ARB_ERR_ILLEGAL, "%s-%s is not along a row, column or diagonal", from_name().c_str(),
                        to_name().c_str());
    }
    const int ux = sign(dx), uy = sign(dy);
    const int steps = std::abs(dx) > std::abs(dy) ? std::abs(dx) : std::abs(dy);
    const char *direction = kDirections[at((uy + 1) * 3 + (ux + 1))].name;
    if (!(pattern & offset_bit(ux, uy))) {
        return err.fail(ARB_ERR_ILLEGAL, "the piece on %s cannot move %s: no stone on its %s square",
                        from_name().c_str(), direction, direction);
    }
    if (!(pattern & kCentreBit) && steps > 3) {
        return err.fail(ARB_ERR_ILLEGAL, "the piece on %s has no centre stone, so it moves at most 3 squares, not %d",
                        from_name().c_str(), steps);
    }
    if (!rules.centre_allowed(move.to_x, move.to_y))
        return err.fail(ARB_ERR_ILLEGAL, "the piece may not be centred on %s: centres must lie on %s",
                        to_name().c_str(), range);
    Rows occ = occupied(board);
    const uint32_t lift = ~(7u << move.from_x);
    for (int j = 0; j < 3; ++j) occ[at(move.from_y + j)] &= lift;
    for (int k = 1; k < steps; ++k) {
        const int cx = move.from_x + k * ux, cy = move.from_y + k * uy;
        if (covers_stone(occ, cx, cy)) {
            return err.fail(ARB_ERR_ILLEGAL, "the piece must stop on %s, where its footprint covers a stone",
                            square_name(cx, cy).c_str());
        }
        if (rules.stop_on_pushoff && leaves_board(pattern, cx, cy)) {
            return err.fail(ARB_ERR_ILLEGAL, "the piece must stop on %s, where it pushes a stone off the board",
                            square_name(cx, cy).c_str());
        }
    }
    if (!rules.ring_lose && !keeps_ring(board, side, move, RingList(board, side))) {
        return err.fail(ARB_ERR_ILLEGAL, "%s-%s would leave %s without a ring (ring_rule=illegal)", from_name().c_str(),
                        to_name().c_str(), side_name(side));
    }
    return ARB_OK;
}

void apply_move(Board &board, int side, const Move &move) noexcept {
    Rows &own = board.stones[at(side)];
    Rows &opp = board.stones[at(side ^ 1)];
    const unsigned pattern = footprint(own, move.from_x, move.from_y);
    const uint32_t lift = ~(7u << move.from_x);
    for (int j = 0; j < 3; ++j) own[at(move.from_y + j)] &= lift;
    // Everything under the destination footprint is captured, then the piece
    // lands; its stones outside the 18x18 board are removed.
    const uint32_t clear = ~(7u << move.to_x);
    for (int j = 0; j < 3; ++j) {
        const size_t s = at(move.to_y + j);
        opp[s] &= clear;
        own[s] = ((own[s] & clear) | (((pattern >> (3 * j)) & 7u) << move.to_x)) & board_mask_of_slot(move.to_y + j);
    }
}

}  // namespace gess
