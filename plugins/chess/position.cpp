#include "position.hpp"

#include <algorithm>

namespace arb::chess {

namespace {

// Zobrist keys from a fixed splitmix64 stream, so keys (and the position
// hash the host stores) are the same in every build.
struct ZobristKeys {
    uint64_t piece[12][64]{};
    uint64_t castle[4][8]{};  // per right, per rook file: Chess960 rights differ by file
    uint64_t ep[8]{};
    uint64_t side = 0;
};

constexpr ZobristKeys make_keys() {
    ZobristKeys k;
    uint64_t state = 0x3243f6a8885a308dULL;
    auto next = [&state] {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    for (auto &piece : k.piece)
        for (auto &square : piece) square = next();
    for (auto &right : k.castle)
        for (auto &file : right) file = next();
    for (auto &file : k.ep) file = next();
    k.side = next();
    return k;
}

constexpr ZobristKeys kKeys = make_keys();

[[nodiscard]] constexpr int key_index(uint8_t code) noexcept { return colour_of(code) * 6 + type_of(code); }

}  // namespace

Position Position::standard() {
    Position p;
    p.clear();
    constexpr int back[8] = {kRook, kKnight, kBishop, kQueen, kKing, kBishop, kKnight, kRook};
    for (int f = 0; f < 8; ++f) {
        p.put(square_at(f, 0), kWhite, back[f]);
        p.put(square_at(f, 1), kWhite, kPawn);
        p.put(square_at(f, 6), kBlack, kPawn);
        p.put(square_at(f, 7), kBlack, back[f]);
    }
    p.rights = 0xf;
    p.rook_square[right_index(kWhite, kKingSide)] = square_at(7, 0);
    p.rook_square[right_index(kWhite, kQueenSide)] = square_at(0, 0);
    p.rook_square[right_index(kBlack, kKingSide)] = square_at(7, 7);
    p.rook_square[right_index(kBlack, kQueenSide)] = square_at(0, 7);
    p.finish();
    return p;
}

void Position::clear() noexcept { *this = Position(); }

void Position::put(int square, int colour, int type) noexcept { add(square, piece_code(colour, type)); }

void Position::add(int square, uint8_t code) noexcept {
    board_[square] = code;
    by_type_[type_of(code)] |= bit(square);
    by_colour_[colour_of(code)] |= bit(square);
    key_ ^= kKeys.piece[key_index(code)][square];
}

void Position::remove(int square) noexcept {
    const uint8_t code = board_[square];
    board_[square] = kEmpty;
    by_type_[type_of(code)] ^= bit(square);
    by_colour_[colour_of(code)] ^= bit(square);
    key_ ^= kKeys.piece[key_index(code)][square];
}

uint64_t Position::castle_key() const noexcept {
    uint64_t k = 0;
    for (int r = 0; r < 4; ++r)
        if (rights & (1u << r)) k ^= kKeys.castle[r][file_of(rook_square[r])];
    return k;
}

void Position::finish() noexcept {
    key_ = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != kEmpty) key_ ^= kKeys.piece[key_index(board_[s])][s];
    for (int r = 0; r < 4; ++r)
        if (!(rights & (1u << r))) rook_square[r] = kNoSquare;
    key_ ^= castle_key();
    if (side == kBlack) key_ ^= kKeys.side;
    const int target = ep;
    ep = kNoSquare;
    if (target != kNoSquare) set_ep_if_legal(target);
}

Bitboard Position::attackers(int square, Bitboard occ) const noexcept {
    return (kAttacks.pawn[kWhite][square] & pieces(kBlack, kPawn)) |
           (kAttacks.pawn[kBlack][square] & pieces(kWhite, kPawn)) | (kAttacks.knight[square] & by_type_[kKnight]) |
           (kAttacks.king[square] & by_type_[kKing]) |
           (rook_attacks(square, occ) & (by_type_[kRook] | by_type_[kQueen])) |
           (bishop_attacks(square, occ) & (by_type_[kBishop] | by_type_[kQueen]));
}

Bitboard Position::pinned() const noexcept {
    const int k = king(side);
    const int them = side ^ 1;
    const Bitboard occ = occupied();
    const Bitboard straight = kAttacks.ray[kNorth][k] | kAttacks.ray[kSouth][k] | kAttacks.ray[kEast][k] |
                              kAttacks.ray[kWest][k];
    const Bitboard diagonal = kAttacks.ray[kNorthEast][k] | kAttacks.ray[kNorthWest][k] |
                              kAttacks.ray[kSouthEast][k] | kAttacks.ray[kSouthWest][k];
    Bitboard snipers = (straight & (pieces(them, kRook) | pieces(them, kQueen))) |
                       (diagonal & (pieces(them, kBishop) | pieces(them, kQueen)));
    Bitboard result = 0;
    while (snipers) {
        const Bitboard between = kAttacks.between[k][pop_lowest(snipers)] & occ;
        if (between && !(between & (between - 1))) result |= between & by_colour_[side];
    }
    return result;
}

// The pawn on `from` takes en passant on `to`: the one capture that removes
// a piece from a square other than its target, so it is checked by playing
// it on the bitboards (the pinned-pawn and the discovered-check cases).
bool Position::ep_capture_legal(int from, int to) const noexcept {
    const int captured = to + (side == kWhite ? -8 : 8);
    const Bitboard occ = (occupied() ^ bit(from) ^ bit(captured)) | bit(to);
    const int k = king(side);
    const int them = side ^ 1;
    const Bitboard others = by_colour_[them] & ~bit(captured);
    return !((rook_attacks(k, occ) & (by_type_[kRook] | by_type_[kQueen]) & others) ||
             (bishop_attacks(k, occ) & (by_type_[kBishop] | by_type_[kQueen]) & others) ||
             (kAttacks.knight[k] & by_type_[kKnight] & others) || (kAttacks.pawn[side][k] & by_type_[kPawn] & others));
}

// After a double step: the square behind the pawn counts only when the side
// to move can take there legally (positions differ by it only then).
void Position::set_ep_if_legal(int square) noexcept {
    Bitboard takers = kAttacks.pawn[side ^ 1][square] & pieces(side, kPawn);
    while (takers)
        if (ep_capture_legal(pop_lowest(takers), square)) {
            ep = square;
            key_ ^= kKeys.ep[file_of(square)];
            return;
        }
}

// Castling on a wing: the squares both pieces cross are empty (but for the
// two), the king is not in check, crosses no attacked square, and is not
// attacked where it lands once the rook has moved (Chess960: a rook may
// have shielded that square).
bool Position::castle_legal(int right) const noexcept {
    if (!(rights & (1u << right))) return false;
    const int colour = right >> 1, wing = right & 1;
    const int k = king(colour), r = rook_square[right];
    const int kt = castle_king_target(colour, wing), rt = castle_rook_target(colour, wing);
    const Bitboard movers = bit(k) | bit(r);
    const Bitboard path = kAttacks.between[k][kt] | bit(kt) | kAttacks.between[r][rt] | bit(rt);
    const Bitboard occ = occupied();
    if (path & occ & ~movers) return false;
    const int them = colour ^ 1;
    Bitboard crossed = kAttacks.between[k][kt];
    while (crossed)
        if (attacked(pop_lowest(crossed), them, occ)) return false;
    return !attacked(kt, them, (occ ^ movers) | bit(kt) | bit(rt));
}

int Position::legal_moves(arb_move *out) const noexcept {
    int n = 0;
    const int us = side, them = us ^ 1;
    const int k = king(us);
    const Bitboard occ = occupied();
    const Bitboard own = by_colour_[us], enemy = by_colour_[them];
    const Bitboard check = attackers(k, occ) & enemy;

    Bitboard targets = kAttacks.king[k] & ~own;
    while (targets) {
        const int to = pop_lowest(targets);
        if (!attacked(to, them, occ ^ bit(k))) out[n++] = encode(k, to);
    }
    if (check & (check - 1)) return n;  // double check: only the king moves

    // Non-king moves must land on `allowed`: anywhere, or when in check on
    // the checker or between it and the king.
    const Bitboard allowed = check ? (check | kAttacks.between[k][lowest(check)]) : ~Bitboard{0};
    const Bitboard pins = pinned();
    auto pin_line = [&](int from) { return (pins & bit(from)) ? kAttacks.line[k][from] : ~Bitboard{0}; };

    for (int type = kKnight; type <= kQueen; ++type) {
        Bitboard from_set = pieces(us, type);
        while (from_set) {
            const int from = pop_lowest(from_set);
            Bitboard a = type == kKnight   ? kAttacks.knight[from]
                         : type == kBishop ? bishop_attacks(from, occ)
                         : type == kRook   ? rook_attacks(from, occ)
                                           : rook_attacks(from, occ) | bishop_attacks(from, occ);
            a &= ~own & allowed & pin_line(from);
            while (a) out[n++] = encode(from, pop_lowest(a));
        }
    }

    const int forward = us == kWhite ? 8 : -8;
    const int last_rank = us == kWhite ? 7 : 0;
    const int second_rank = us == kWhite ? 1 : 6;
    auto add_pawn = [&](int from, int to) {
        if (rank_of(to) == last_rank) {
            for (int p = kQueen; p >= kKnight; --p) out[n++] = encode(from, to, p);
        } else {
            out[n++] = encode(from, to);
        }
    };
    Bitboard pawns = pieces(us, kPawn);
    while (pawns) {
        const int from = pop_lowest(pawns);
        const Bitboard line = pin_line(from);
        const int one = from + forward;
        if (!(occ & bit(one))) {
            if (allowed & line & bit(one)) add_pawn(from, one);
            const int two = one + forward;
            if (rank_of(from) == second_rank && !(occ & bit(two)) && (allowed & line & bit(two)))
                out[n++] = encode(from, two);
        }
        Bitboard takes = kAttacks.pawn[us][from] & enemy & allowed & line;
        while (takes) add_pawn(from, pop_lowest(takes));
        if (ep != kNoSquare && (kAttacks.pawn[us][from] & bit(ep)) && ep_capture_legal(from, ep))
            out[n++] = encode(from, ep, kNoPiece, kEnPassant);
    }

    if (!check)
        for (int wing = 0; wing < 2; ++wing)
            if (castle_legal(right_index(us, wing)))
                out[n++] = encode(k, rook_square[right_index(us, wing)], kNoPiece, kCastle);
    return n;
}

bool Position::is_legal(arb_move code) const noexcept {
    arb_move moves[kMaxMoves];
    const int n = legal_moves(moves);
    return std::find(moves, moves + n, code) != moves + n;
}

bool Position::playable(arb_move code) const noexcept {
    if (code < 0 || code >= (1 << 17)) return false;
    const Move m = decode(code);
    const uint8_t piece = board_[m.from];
    if (piece == kEmpty || colour_of(piece) != side) return false;
    if (m.kind == kCastle) {
        if (type_of(piece) != kKing || m.promotion != kNoPiece) return false;
        for (int wing = 0; wing < 2; ++wing) {
            const int r = right_index(side, wing);
            if ((rights & (1u << r)) && rook_square[r] == m.to) return true;
        }
        return false;
    }
    const uint8_t target = board_[m.to];
    if (m.from == m.to || (target != kEmpty && (colour_of(target) == side || type_of(target) == kKing))) return false;
    if (m.kind == kEnPassant) return type_of(piece) == kPawn && m.to == ep && target == kEmpty;
    if (m.kind != kNormal) return false;
    const bool last_rank = rank_of(m.to) == (side == kWhite ? 7 : 0);
    if (type_of(piece) == kPawn && last_rank) return m.promotion >= kKnight && m.promotion <= kQueen;
    return m.promotion == kNoPiece;
}

bool Position::is_capture(arb_move code) const noexcept {
    const Move m = decode(code);
    return m.kind == kEnPassant || (m.kind == kNormal && board_[m.to] != kEmpty);
}

bool Position::irreversible(arb_move code) const noexcept {
    const Move m = decode(code);
    if (m.kind != kNormal || board_[m.to] != kEmpty || type_of(board_[m.from]) == kPawn) return true;
    for (int r = 0; r < 4; ++r)
        if ((rights & (1u << r)) &&
            (m.from == rook_square[r] || m.to == rook_square[r] || m.from == king(r >> 1)))
            return true;
    return false;
}

void Position::play(arb_move code) noexcept {
    const Move m = decode(code);
    const int us = side;
    const uint8_t mover = board_[m.from];
    ++halfmove;
    if (ep != kNoSquare) {
        key_ ^= kKeys.ep[file_of(ep)];
        ep = kNoSquare;
    }
    key_ ^= castle_key();
    int double_step = kNoSquare;
    if (m.kind == kCastle) {
        const int wing = m.to == rook_square[right_index(us, kKingSide)] && (rights & (1u << right_index(us, kKingSide)))
                             ? kKingSide
                             : kQueenSide;
        const uint8_t rook = board_[m.to];
        remove(m.from);
        remove(m.to);
        add(castle_king_target(us, wing), mover);
        add(castle_rook_target(us, wing), rook);
        rights &= static_cast<uint8_t>(~(3u << (us * 2)));
    } else {
        if (m.kind == kEnPassant) {
            remove(m.to - (us == kWhite ? 8 : -8));
            halfmove = 0;
        } else if (board_[m.to] != kEmpty) {
            remove(m.to);
            halfmove = 0;
        }
        remove(m.from);
        add(m.to, m.promotion == kNoPiece ? mover : piece_code(us, m.promotion));
        if (type_of(mover) == kPawn) {
            halfmove = 0;
            if (m.to - m.from == 16 || m.from - m.to == 16) double_step = (m.from + m.to) / 2;
        }
        if (type_of(mover) == kKing) rights &= static_cast<uint8_t>(~(3u << (us * 2)));
        for (int r = 0; r < 4; ++r)
            if (rook_square[r] == m.from || rook_square[r] == m.to) rights &= static_cast<uint8_t>(~(1u << r));
    }
    for (int r = 0; r < 4; ++r)
        if (!(rights & (1u << r))) rook_square[r] = kNoSquare;
    key_ ^= castle_key();
    if (us == kBlack) ++fullmove;
    side ^= 1;
    key_ ^= kKeys.side;
    if (double_step != kNoSquare) set_ep_if_legal(double_step);
}

bool Position::insufficient_material() const noexcept {
    if (by_type_[kPawn] | by_type_[kRook] | by_type_[kQueen]) return false;
    const Bitboard minors = by_type_[kKnight] | by_type_[kBishop];
    if (count(minors) <= 1) return true;
    // Any number of bishops, all on squares of one colour, and no knight.
    if (by_type_[kKnight]) return false;
    return !(minors & kDarkSquares) || !(minors & ~kDarkSquares);
}

}  // namespace arb::chess
