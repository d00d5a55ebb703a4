#include "game.hpp"

#include <cstdio>
#include <stdexcept>

namespace arb::shogi {
namespace {

constexpr const char *kSideNames[2] = {"sente", "gote"};
constexpr const char *kTypeNames[kTypes] = {"",       "pawn",  "lance",          "knight",          "silver",
                                            "bishop", "rook",  "gold",           "king",            "tokin",
                                            "promoted lance", "promoted knight", "promoted silver", "horse",
                                            "dragon"};

// A move of the mover into history index i gave check when the position
// there has its side to move in check: bit 0 of the key.
bool gave_check(uint64_t key) { return (key & 1) != 0; }

}  // namespace

Shogi::Shogi(const sdk::Options &options) : rules_(rules_from(options)) {
    if (parse_sfen(kHandicapStarts[rules_.handicap], start_, sdk::ErrorOut(nullptr, 0)) != ARB_OK)
        throw std::logic_error("a handicap start does not read");
    reset();
}

void Shogi::reset() {
    pos_ = start_;
    history_.clear();
    history_.push(pos_.key());
    judge_position();
}

arb_status Shogi::set_position(std::string_view text, sdk::ErrorOut err) {
    Position p;
    if (arb_status s = parse_sfen(text, p, err); s != ARB_OK) return s;
    pos_ = p;
    history_.clear();
    history_.push(pos_.key());
    judge_position();
    return ARB_OK;
}

// After a move (or a new position): the ends that do not wait for the mover
// to run out of moves.
void Shogi::judge_position() noexcept {
    end_ = End::none;
    winner_ = -1;
    const uint64_t key = history_[history_.size() - 1];
    if (history_.count(key) >= 4) {
        size_t first = 0;
        while (history_[first] != key) ++first;
        const size_t last = history_.size() - 1;
        // The side that just moved made positions last, last-2, ...; the
        // other side first+1, first+3, ...
        if (all_checks_since(first + 1, last - 1)) {
            end_ = End::perpetual_check;
            winner_ = pos_.side ^ 1;  // the checks were the side to move's
        } else if (all_checks_since(first + 2, last)) {
            end_ = End::perpetual_check;
            winner_ = pos_.side;
        } else {
            end_ = End::sennichite;
        }
        return;
    }
    if (rules_.max_moves > 0 && pos_.move_number - 1 >= rules_.max_moves && pos_.has_legal_move()) end_ = End::max_moves;
}

// Every second position from `first` to `last` (same parity) has its side
// to move in check, i.e. every move into them gave check.
bool Shogi::all_checks_since(size_t first, size_t last) const noexcept {
    if (first > last) return false;
    for (size_t i = first; i <= last; i += 2)
        if (!gave_check(history_[i])) return false;
    return true;
}

int Shogi::checks_in_a_row(int side) const noexcept {
    // The position after `side`'s last move: the last one if it moved last.
    auto at = static_cast<int64_t>(history_.size()) - (side == pos_.side ? 2 : 1);
    int streak = 0;
    for (; at >= 1 && gave_check(history_[static_cast<size_t>(at)]); at -= 2) ++streak;
    return streak;
}

int Shogi::mover_check_streak() const noexcept {
    int streak = 0;
    for (size_t i = history_.size() - 1; i >= 2; i -= 2) {
        if (!gave_check(history_[i - 1])) break;
        ++streak;
    }
    return streak;
}

bool Shogi::perpetual_check_foul(arb_move move) const noexcept {
    if (move == kDeclareWin) return false;
    Position next = pos_;
    next.play(move);
    const uint64_t key = next.key();
    if (!gave_check(key) || history_.count(key) != 3) return false;
    size_t first = 0;
    while (history_[first] != key) ++first;
    return all_checks_since(first + 2, history_.size() - 2);
}

int32_t Shogi::legal_moves(arb_move *out) const noexcept {
    if (end_ != End::none) return 0;
    int32_t n = pos_.legal_moves(out);
    // Twelve plies at least make a fourth occurrence: the mover has checked
    // five times in a row before its foul can arise.
    if (mover_check_streak() >= 5) {
        int32_t kept = 0;
        for (int32_t i = 0; i < n; ++i)
            if (!perpetual_check_foul(out[i])) out[kept++] = out[i];
        n = kept;
    }
    if (declaration_holds()) out[n++] = kDeclareWin;
    return n;
}

Declaration27 Shogi::declaration_count() const noexcept {
    Declaration27 d;
    const int us = pos_.side;
    const int king = pos_.king[static_cast<size_t>(us)];
    d.king_in_camp = in_zone(us, king);
    d.in_check = pos_.in_check();
    for (int sq = 0; sq < kSquares; ++sq) {
        const uint8_t cell = pos_.board[static_cast<size_t>(sq)];
        if (cell == 0 || side_of(cell) != us || type_of(cell) == kKing || !in_zone(us, sq)) continue;
        ++d.pieces_in_camp;
        const int base = unpromoted(type_of(cell));
        d.points += base == kBishop || base == kRook ? 5 : 1;
    }
    for (int t = kPawn; t <= kGold; ++t)
        d.points += pos_.hand[static_cast<size_t>(us)][static_cast<size_t>(t)] * (t == kBishop || t == kRook ? 5 : 1);
    return d;
}

int Shogi::declaration_threshold() const noexcept {
    if (rules_.declaration == Declaration::point24) return 24;
    return pos_.side == 0 ? 28 : 27;
}

bool Shogi::declaration_holds() const noexcept {
    const int king = pos_.king[static_cast<size_t>(pos_.side)];
    if (!in_zone(pos_.side, king)) return false;  // the common case, cheaply
    const Declaration27 d = declaration_count();
    return !d.in_check && d.pieces_in_camp >= 10 && d.points >= declaration_threshold();
}

arb_status Shogi::parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const {
    arb_move m = ARB_MOVE_NONE;
    if (arb_status s = read_usi_move(text, m, err); s != ARB_OK) return s;
    const auto q = sdk::quoted(text);
    const char *us = kSideNames[pos_.side];
    if (end_ != End::none) return err.fail(ARB_ERR_ILLEGAL, "%s: the game is over (%s)", q.c_str(), outcome().reason.c_str());
    if (m == kDeclareWin) {
        if (declaration_holds()) {
            move = m;
            return ARB_OK;
        }
        const Declaration27 d = declaration_count();
        const char *rule = rules_.declaration == Declaration::point24 ? "24-point rule" : "27-point rule";
        if (!d.king_in_camp) return err.fail(ARB_ERR_ILLEGAL, "false declaration (win): %s's king is not in the enemy camp (%s)", us, rule);
        if (d.in_check) return err.fail(ARB_ERR_ILLEGAL, "false declaration (win): %s is in check (%s)", us, rule);
        if (d.pieces_in_camp < 10)
            return err.fail(ARB_ERR_ILLEGAL, "false declaration (win): %s has %d pieces besides the king in the enemy camp, 10 are needed (%s)",
                            us, d.pieces_in_camp, rule);
        return err.fail(ARB_ERR_ILLEGAL, "false declaration (win): %s has %d points, %d are needed (%s)", us, d.points,
                        declaration_threshold(), rule);
    }
    if (pos_.is_legal(m)) {
        if (mover_check_streak() >= 5 && perpetual_check_foul(m))
            return err.fail(ARB_ERR_ILLEGAL,
                            "%s: perpetual check: the position would occur the fourth time with every move of %s since its first "
                            "occurrence a check",
                            q.c_str(), us);
        move = m;
        return ARB_OK;
    }
    // Why not: the first broken rule, in the order a reader checks them.
    const int to = move_to(m);
    const uint8_t there = pos_.board[static_cast<size_t>(to)];
    std::string square;
    append_square(square, to);
    if (is_drop(m)) {
        const int type = drop_type(m);
        if (pos_.hand[static_cast<size_t>(pos_.side)][static_cast<size_t>(type)] == 0)
            return err.fail(ARB_ERR_ILLEGAL, "%s: %s has no %s in hand", q.c_str(), us, kTypeNames[type]);
        if (there != 0) return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not empty", q.c_str(), square.c_str());
        if (dead_square(type, pos_.side, to))
            return err.fail(ARB_ERR_ILLEGAL, "%s: a %s dropped on %s could never move (drop on the last %s)", q.c_str(),
                            kTypeNames[type], square.c_str(), type == kKnight ? "two ranks" : "rank");
        if (type == kPawn && pos_.pawn_on_file(pos_.side, column_of(to)))
            return err.fail(ARB_ERR_ILLEGAL, "%s: nifu, %s already has an unpromoted pawn on file %d", q.c_str(), us, 9 - column_of(to));
        if (pos_.leaves_king_attacked(m))
            return err.fail(ARB_ERR_ILLEGAL, "%s: %s's king would stay in check", q.c_str(), us);
        return err.fail(ARB_ERR_ILLEGAL, "%s: uchifuzume, a pawn drop may not give mate", q.c_str());
    }
    const int from = move_from(m);
    const uint8_t moving = pos_.board[static_cast<size_t>(from)];
    std::string origin;
    append_square(origin, from);
    if (moving == 0 || side_of(moving) != pos_.side)
        return err.fail(ARB_ERR_ILLEGAL, "%s: %s has no piece on %s", q.c_str(), us, origin.c_str());
    const int type = type_of(moving);
    if (!pos_.reaches(from, to))
        return err.fail(ARB_ERR_ILLEGAL, "%s: the %s on %s cannot move to %s", q.c_str(), kTypeNames[type], origin.c_str(),
                        square.c_str());
    if (move_promotes(m)) {
        if (!promotable(type)) return err.fail(ARB_ERR_ILLEGAL, "%s: a %s cannot promote", q.c_str(), kTypeNames[type]);
        return err.fail(ARB_ERR_ILLEGAL, "%s: neither %s nor %s is in %s's promotion zone", q.c_str(), origin.c_str(),
                        square.c_str(), us);
    }
    if (dead_square(type, pos_.side, to))
        return err.fail(ARB_ERR_ILLEGAL, "%s: the %s must promote on %s, where it could never move again (write %s+)",
                        q.c_str(), kTypeNames[type], square.c_str(), std::string(text).c_str());
    return err.fail(ARB_ERR_ILLEGAL, "%s: %s's king would be in check", q.c_str(), us);
}

bool Shogi::playable(arb_move m) const noexcept {
    if (m == kDeclareWin) return declaration_holds();
    if (m < 0 || (m >> 15) != 0) return false;
    const int from = move_from(m), to = move_to(m);
    if (to >= kSquares) return false;
    const uint8_t there = pos_.board[static_cast<size_t>(to)];
    if (there != 0 && (side_of(there) == pos_.side || type_of(there) == kKing)) return false;
    if (is_drop(m)) {
        const int type = drop_type(m);
        return type <= kGold && !move_promotes(m) && there == 0 &&
               pos_.hand[static_cast<size_t>(pos_.side)][static_cast<size_t>(type)] > 0;
    }
    if (from >= kSquares) return false;
    const uint8_t moving = pos_.board[static_cast<size_t>(from)];
    return moving != 0 && side_of(moving) == pos_.side && (!move_promotes(m) || promotable(type_of(moving)));
}

arb_status Shogi::play(arb_move move) {
    if (end_ != End::none || !playable(move)) return ARB_ERR_ILLEGAL;
    if (move == kDeclareWin) {
        const Declaration27 d = declaration_count();
        declared_points_ = d.points;
        winner_ = pos_.side;
        end_ = rules_.declaration == Declaration::point24 && d.points < 31 ? End::declared_draw : End::declared_win;
        return ARB_OK;
    }
    pos_.play(move);
    history_.push(pos_.key());
    judge_position();
    return ARB_OK;
}

int32_t Shogi::side_to_move() const noexcept {
    if (end_ != End::none) return ARB_SIDE_NONE;
    arb_move moves[kMaxLegalMoves];
    return legal_moves(moves) > 0 ? pos_.side : ARB_SIDE_NONE;
}

sdk::Outcome Shogi::outcome() const {
    char reason[160];
    switch (end_) {
    case End::none: break;
    case End::sennichite: return sdk::Outcome::draw("sennichite: the same position for the fourth time");
    case End::perpetual_check:
        std::snprintf(reason, sizeof reason,
                      "perpetual check: %s checked on every move of a fourfold repetition",
                      kSideNames[winner_ ^ 1]);
        return sdk::Outcome::win(winner_, reason);
    case End::declared_win:
        std::snprintf(reason, sizeof reason, "entering king: %s declared with %d points (%s rule)", kSideNames[winner_],
                      declared_points_, rules_.declaration == Declaration::point24 ? "24-point" : "27-point");
        return sdk::Outcome::win(winner_, reason);
    case End::declared_draw:
        std::snprintf(reason, sizeof reason, "entering king: %s declared with %d points, a draw (24-point rule)",
                      kSideNames[winner_], declared_points_);
        return sdk::Outcome::draw(reason);
    case End::max_moves:
        std::snprintf(reason, sizeof reason, "the maximum of %d moves was reached", rules_.max_moves);
        return sdk::Outcome::draw(reason);
    }
    arb_move moves[kMaxLegalMoves];
    if (legal_moves(moves) > 0) return sdk::Outcome::ongoing();
    std::snprintf(reason, sizeof reason, pos_.in_check() ? "%s mates" : "%s wins: %s has no legal move",
                  kSideNames[pos_.side ^ 1], kSideNames[pos_.side]);
    return sdk::Outcome::win(pos_.side ^ 1, reason);
}

}  // namespace arb::shogi
