#include "position.hpp"

namespace arb::shogi {
namespace {

// The eight neighbour directions, as (row, column) steps, indexed so that
// the opposite of direction d is 7 - d. Row -1 is forward for sente.
constexpr int kDr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr int kDc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

constexpr uint8_t bits(std::initializer_list<int> dirs) {
    uint8_t m = 0;
    for (int d : dirs) m = static_cast<uint8_t>(m | (1 << d));
    return m;
}
constexpr uint8_t kGoldSteps = bits({0, 1, 2, 3, 4, 6});
constexpr uint8_t kDiagonals = bits({0, 2, 5, 7});
constexpr uint8_t kOrthogonals = bits({1, 3, 4, 6});

// Single steps and slides of each type for sente.
constexpr uint8_t kSenteSteps[kTypes] = {
    0,                          // none
    bits({1}),                  // pawn
    0,                          // lance (slides)
    0,                          // knight (jumps)
    bits({0, 1, 2, 5, 7}),      // silver
    0,                          // bishop
    0,                          // rook
    kGoldSteps,                 // gold
    0xFF,                       // king
    kGoldSteps, kGoldSteps, kGoldSteps, kGoldSteps,  // tokin, promoted lance, knight, silver
    kOrthogonals,               // horse: bishop + orthogonal steps
    kDiagonals,                 // dragon: rook + diagonal steps
};
constexpr uint8_t kSenteSlides[kTypes] = {0, 0, bits({1}), 0, 0, kDiagonals, kOrthogonals, 0, 0,
                                          0, 0, 0,         0, kDiagonals, kOrthogonals};

constexpr uint8_t mirrored(uint8_t m) {
    uint8_t r = 0;
    for (int d = 0; d < 8; ++d)
        if ((m >> d) & 1) r = static_cast<uint8_t>(r | (1 << (7 - d)));
    return r;
}

struct Tables {
    uint8_t steps[2][kTypes];
    uint8_t slides[2][kTypes];
};
constexpr Tables make_tables() {
    Tables t{};
    for (int type = 0; type < kTypes; ++type) {
        t.steps[0][type] = kSenteSteps[type];
        t.slides[0][type] = kSenteSlides[type];
        t.steps[1][type] = mirrored(kSenteSteps[type]);
        t.slides[1][type] = mirrored(kSenteSlides[type]);
    }
    return t;
}
constexpr Tables kTables = make_tables();

// Zobrist keys from a fixed splitmix64 stream.
struct Zobrist {
    uint64_t board[32][kSquares];
    uint64_t hand[2][kHandTypes][19];
    uint64_t gote_to_move;
};
constexpr uint64_t splitmix(uint64_t &state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
constexpr Zobrist make_zobrist() {
    Zobrist z{};
    uint64_t s = 0x5106'1A8B'0000'0031ULL;
    for (auto &cell : z.board)
        for (auto &k : cell) k = splitmix(s);
    for (auto &side : z.hand)
        for (auto &type : side)
            for (auto &k : type) k = splitmix(s);
    z.gote_to_move = splitmix(s);
    return z;
}
constexpr Zobrist kZobrist = make_zobrist();

constexpr bool on_board(int r, int c) { return r >= 0 && r < 9 && c >= 0 && c < 9; }

// Calls add(move) for every pseudo-legal move of the side to move whose
// only missing test is the king's safety (drop limits, nifu and forced
// promotion are applied). add returns true to stop.
template <class Add>
bool pseudo_moves(const Position &p, Add &&add) {
    const int us = p.side;
    auto target = [&](int from, int to, int type) {
        const bool zone = promotable(type) && (in_zone(us, from) || in_zone(us, to));
        if (zone && add(encode(from, to, true))) return true;
        if (!dead_square(type, us, to) && add(encode(from, to, false))) return true;
        return false;
    };
    for (int from = 0; from < kSquares; ++from) {
        const uint8_t cell = p.board[static_cast<size_t>(from)];
        if (cell == 0 || side_of(cell) != us) continue;
        const int type = type_of(cell);
        const int r = row_of(from), c = column_of(from);
        if (type == kKnight) {
            const int dr = us == 0 ? -2 : 2;
            for (int dc : {-1, 1}) {
                if (!on_board(r + dr, c + dc)) continue;
                const int to = (r + dr) * 9 + c + dc;
                const uint8_t there = p.board[static_cast<size_t>(to)];
                if (there != 0 && side_of(there) == us) continue;
                if (target(from, to, type)) return true;
            }
            continue;
        }
        const uint8_t steps = kTables.steps[us][type];
        const uint8_t slides = kTables.slides[us][type];
        for (int d = 0; d < 8; ++d) {
            const bool slide = ((slides >> d) & 1) != 0;
            if (!slide && ((steps >> d) & 1) == 0) continue;
            int rr = r + kDr[d], cc = c + kDc[d];
            while (on_board(rr, cc)) {
                const int to = rr * 9 + cc;
                const uint8_t there = p.board[static_cast<size_t>(to)];
                if (there != 0 && side_of(there) == us) break;
                if (target(from, to, type)) return true;
                if (there != 0 || !slide) break;
                rr += kDr[d];
                cc += kDc[d];
            }
        }
    }
    for (int type = kPawn; type <= kGold; ++type) {
        if (p.hand[static_cast<size_t>(us)][static_cast<size_t>(type)] == 0) continue;
        for (int to = 0; to < kSquares; ++to) {
            if (p.board[static_cast<size_t>(to)] != 0 || dead_square(type, us, to)) continue;
            if (type == kPawn && p.pawn_on_file(us, column_of(to))) continue;
            if (add(encode(kDropBase + type, to, false))) return true;
        }
    }
    return false;
}

// The full legality test of a pseudo-legal move.
bool legal_pseudo(const Position &p, arb_move m, bool in_check) {
    // A drop cannot uncover the king: only when in check can it leave it attacked.
    if (is_drop(m)) {
        if (in_check && p.leaves_king_attacked(m)) return false;
        return !(drop_type(m) == kPawn && p.gives_check(m) && p.drop_mates(m));
    }
    return !p.leaves_king_attacked(m);
}

}  // namespace

bool Position::attacked(int sq, int by) const noexcept {
    if (sq < 0) return false;
    const int r = row_of(sq), c = column_of(sq);
    for (int d = 0; d < 8; ++d) {
        int rr = r + kDr[d], cc = c + kDc[d];
        // A piece at distance k in direction d attacks sq if it moves in
        // the opposite direction, 7 - d.
        const int back = 7 - d;
        for (int k = 1; on_board(rr, cc); ++k) {
            const uint8_t cell = board[static_cast<size_t>(rr * 9 + cc)];
            if (cell != 0) {
                if (side_of(cell) == by) {
                    const int type = type_of(cell);
                    if ((kTables.slides[by][type] >> back) & 1) return true;
                    if (k == 1 && ((kTables.steps[by][type] >> back) & 1)) return true;
                }
                break;
            }
            rr += kDr[d];
            cc += kDc[d];
        }
    }
    // A knight of `by` jumps two rows forward: it stands two rows behind sq.
    const int kr = by == 0 ? r + 2 : r - 2;
    for (int dc : {-1, 1})
        if (on_board(kr, c + dc) && board[static_cast<size_t>(kr * 9 + c + dc)] == make_cell(kKnight, by)) return true;
    return false;
}

bool Position::pawn_on_file(int s, int column) const noexcept {
    const uint8_t pawn = make_cell(kPawn, s);
    for (int r = 0; r < 9; ++r)
        if (board[static_cast<size_t>(r * 9 + column)] == pawn) return true;
    return false;
}

bool Position::gives_check(arb_move m) const noexcept {
    Position next = *this;
    next.play(m);
    return next.in_check();
}

bool Position::drop_mates(arb_move m) const noexcept {
    Position next = *this;
    next.play(m);
    return !next.has_legal_move();
}

bool Position::leaves_king_attacked(arb_move m) const noexcept {
    Position next = *this;
    next.play(m);
    return next.attacked(next.king[static_cast<size_t>(side)], side ^ 1);
}

int Position::legal_moves(arb_move *out) const noexcept {
    int n = 0;
    const bool check = in_check();
    pseudo_moves(*this, [&](arb_move m) {
        if (legal_pseudo(*this, m, check)) out[n++] = m;
        return false;
    });
    return n;
}

bool Position::has_legal_move() const noexcept {
    const bool check = in_check();
    return pseudo_moves(*this, [&](arb_move m) { return legal_pseudo(*this, m, check); });
}

bool Position::is_legal(arb_move m) const noexcept {
    const bool check = in_check();
    return pseudo_moves(*this, [&](arb_move candidate) { return candidate == m && legal_pseudo(*this, m, check); });
}

bool Position::reaches(int from, int to) const noexcept {
    // Moves to the dead squares are generated with promotion only: look for both.
    return pseudo_moves(*this, [&](arb_move m) { return !is_drop(m) && move_from(m) == from && move_to(m) == to; });
}

void Position::play(arb_move m) noexcept {
    const size_t to = static_cast<size_t>(move_to(m));
    const size_t us = static_cast<size_t>(side);
    if (is_drop(m)) {
        const int type = drop_type(m);
        --hand[us][static_cast<size_t>(type)];
        board[to] = make_cell(type, side);
    } else {
        const size_t from = static_cast<size_t>(move_from(m));
        const uint8_t moving = board[from];
        const uint8_t taken = board[to];
        if (taken != 0) ++hand[us][static_cast<size_t>(unpromoted(type_of(taken)))];
        const int type = type_of(moving) + (move_promotes(m) ? kPromotion : 0);
        board[from] = 0;
        board[to] = make_cell(type, side);
        if (type == kKing) king[us] = static_cast<int>(to);
    }
    side ^= 1;
    ++move_number;
}

uint64_t Position::key() const noexcept {
    uint64_t k = side == 1 ? kZobrist.gote_to_move : 0;
    for (size_t sq = 0; sq < kSquares; ++sq)
        if (board[sq] != 0) k ^= kZobrist.board[board[sq]][sq];
    for (size_t s = 0; s < 2; ++s)
        for (size_t t = kPawn; t <= kGold; ++t) k ^= kZobrist.hand[s][t][hand[s][t] < 19 ? hand[s][t] : 18];
    return (k & ~uint64_t{1}) | (in_check() ? 1 : 0);
}

}  // namespace arb::shogi
