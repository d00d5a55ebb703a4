#include "game.hpp"

#include "position_text.hpp"

#include <algorithm>
#include <stdexcept>

namespace arb::baghchal {

void BaghChal::reset() {
    pos_ = Position{};
    drawn_ = false;
    history_.clear();
}

arb_status BaghChal::set_position(std::string_view text, sdk::ErrorOut err) {
    Position p;
    if (arb_status s = parse_position(text, rules_.goats_to_win, p, err); s != ARB_OK) return s;
    pos_ = p;
    drawn_ = false;
    restart_history();
    return ARB_OK;
}

std::string BaghChal::position() const { return format_position(pos_); }

// A drop or a capture can never be undone, so no position before it can
// recur: the history restarts with the position it produced. Positions of
// the placement phase differ in goats in hand and are never recorded.
void BaghChal::restart_history() {
    history_.clear();
    if (!pos_.placing() && rules_.repetition != Repetition::none) history_.push(pos_.key());
}

uint64_t BaghChal::key_after_step(int from, int to) const noexcept {
    const uint64_t moved = uint64_t{bit(from) | bit(to)} << (pos_.side == kSideGoats ? 0 : kPoints);
    return pos_.key() ^ moved ^ (uint64_t{1} << (2 * kPoints));
}

bool BaghChal::tiger_can_capture() const noexcept {
    const Mask empty = pos_.empty();
    bool found = false;
    for_each_point(pos_.tigers, [&](int t) {
        const PointLines &lines = kLines[t];
        for (int j = 0; j < lines.jump_count; ++j)
            if ((pos_.goats & bit(lines.over[j])) && (empty & bit(lines.land[j]))) found = true;
    });
    return found;
}

int32_t BaghChal::generate(arb_move *out, bool repetition) const noexcept {
    if (decided()) return 0;
    const Mask empty = pos_.empty();
    const bool check = repetition && forbids_repetition();
    int32_t n = 0;
    if (pos_.side == kSideGoats) {
        if (pos_.placing()) {
            for_each_point(empty, [&](int p) { out[n++] = drop_code(p); });
            return n;
        }
        for_each_point(pos_.goats, [&](int g) {
            for_each_point(kLines[g].neighbours & empty, [&](int to) {
                if (!check || !step_repeats(g, to)) out[n++] = step_code(g, to);
            });
        });
        return n;
    }
    for_each_point(pos_.tigers, [&](int t) {
        const PointLines &lines = kLines[t];
        for (int j = 0; j < lines.jump_count; ++j)
            if ((pos_.goats & bit(lines.over[j])) && (empty & bit(lines.land[j]))) out[n++] = jump_code(t, lines.land[j]);
    });
    if (rules_.mandatory_capture && n > 0) return n;
    for_each_point(pos_.tigers, [&](int t) {
        for_each_point(kLines[t].neighbours & empty, [&](int to) {
            if (!check || !step_repeats(t, to)) out[n++] = step_code(t, to);
        });
    });
    return n;
}

bool BaghChal::playable(const Move &m) const noexcept {
    if (decided() || !(pos_.empty() & bit(m.to))) return false;
    const bool goats = pos_.side == kSideGoats;
    switch (m.kind) {
    case MoveKind::drop: return goats && pos_.placing();
    case MoveKind::step:
        return (goats ? !pos_.placing() && (pos_.goats & bit(m.from)) : (pos_.tigers & bit(m.from))) &&
               (kLines[m.from].neighbours & bit(m.to));
    case MoveKind::jump: {
        // Two segments with the midpoint between them form one straight line.
        const int over = jumped_point(m.from, m.to);
        return !goats && (pos_.tigers & bit(m.from)) && (pos_.goats & bit(over)) &&
               (kLines[m.from].neighbours & bit(over)) && (kLines[over].neighbours & bit(m.to));
    }
    }
    return false;
}

arb_status BaghChal::play(arb_move code) {
    Move m;
    if (!decode(code, m) || !playable(m)) return ARB_ERR_ILLEGAL;
    switch (m.kind) {
    case MoveKind::drop:
        pos_.goats |= bit(m.to);
        --pos_.in_hand;
        pos_.side = kSideTigers;
        if (!pos_.placing()) restart_history();
        break;
    case MoveKind::jump:
        pos_.tigers ^= bit(m.from) | bit(m.to);
        pos_.goats &= ~bit(jumped_point(m.from, m.to));
        ++pos_.captured;
        pos_.side = kSideGoats;
        if (!pos_.placing()) restart_history();
        break;
    case MoveKind::step:
        (pos_.side == kSideGoats ? pos_.goats : pos_.tigers) ^= bit(m.from) | bit(m.to);
        pos_.side ^= 1;
        if (pos_.placing() || rules_.repetition == Repetition::none) break;
        history_.push(pos_.key());
        if (rules_.repetition == Repetition::draw3 && history_.count(pos_.key()) >= 3) drawn_ = true;
        break;
    }
    return ARB_OK;
}

sdk::Outcome BaghChal::outcome() const {
    if (pos_.captured >= rules_.goats_to_win) {
        sdk::ReasonText reason("the tigers captured ");
        reason.append_int(pos_.captured).append(pos_.captured == 1 ? " goat" : " goats");
        return sdk::Outcome::win(kSideTigers, reason.view());
    }
    if (drawn_) return sdk::Outcome::draw("the same position occurred for the third time (repetition=draw3)");
    arb_move moves[kMaxLegalMoves];
    if (generate(moves, true) > 0) return sdk::Outcome::ongoing();
    const bool by_repetition = forbids_repetition() && generate(moves, false) > 0;
    const int winner = 1 - pos_.side;
    if (pos_.side == kSideTigers)
        return sdk::Outcome::win(winner, by_repetition ? "every tiger move would repeat a position (repetition=forbid)"
                                                       : "the tigers cannot move");
    return sdk::Outcome::win(winner, by_repetition ? "every goat move would repeat a position (repetition=forbid)"
                                                   : "the goats cannot move");
}

int32_t BaghChal::side_to_move() const {
    return outcome().result == ARB_RESULT_ONGOING ? pos_.side : ARB_SIDE_NONE;
}

arb_move_flags BaghChal::move_properties(arb_move code) const noexcept {
    Move m;
    if (!decode(code, m) || m.kind == MoveKind::step) return 0;
    return ARB_MOVE_IRREVERSIBLE;
}

uint64_t BaghChal::hash() const noexcept {
    // key() takes bits 0-50; the counts (0..20 each) take 5 bits each above.
    static_assert(2 * kPoints + 1 + 5 + 5 <= 64);
    const uint64_t counts = uint64_t(pos_.in_hand) | uint64_t(pos_.captured) << 5;
    return sdk::mix(pos_.key() | counts << (2 * kPoints + 1));
}

sdk::MoveText BaghChal::format_move(arb_move code) const {
    Move m;
    if (!decode(code, m)) throw std::invalid_argument("not a Bagh Chal move code");
    return format_move_text(m);
}

arb_status BaghChal::parse_move(std::string_view text, arb_move &move, sdk::ErrorOut err) const {
    Move m;
    if (arb_status s = parse_move_text(text, m, err); s != ARB_OK) return s;
    if (arb_status s = explain_illegal(m, err); s != ARB_OK) return s;
    // The checks above mirror the generator; agreeing with it is what counts.
    arb_move moves[kMaxLegalMoves];
    const int32_t n = generate(moves, true);
    const arb_move code = encode(m);
    if (std::find(moves, moves + n, code) == moves + n)
        return err.fail(ARB_ERR_ILLEGAL, "%s is not legal in this position", format_move_text(m).c_str());
    move = code;
    return ARB_OK;
}

// Names the first rule a well-formed move breaks, or returns ARB_OK.
arb_status BaghChal::explain_illegal(const Move &m, sdk::ErrorOut err) const {
    const sdk::MoveText name = format_move_text(m);
    const char *move = name.c_str();
    if (sdk::Outcome o = outcome(); o.result != ARB_RESULT_ONGOING)
        return err.fail(ARB_ERR_ILLEGAL, "%s: the game is over (%s)", move, o.reason.c_str());
    const Mask empty = pos_.empty();
    const bool goats = pos_.side == kSideGoats;
    if (m.kind == MoveKind::drop) {
        if (!goats) return err.fail(ARB_ERR_ILLEGAL, "%s: it is the tigers' turn, and only goats are dropped", move);
        if (!pos_.placing())
            return err.fail(ARB_ERR_ILLEGAL, "%s: all %d goats are placed, goats now step along the lines", move,
                            kGoats);
        if (!(empty & bit(m.to))) return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not empty", move, point_name(m.to).c_str());
        return ARB_OK;
    }
    const auto from = point_name(m.from);
    const auto target = point_name(m.to);
    if (goats) {
        if (pos_.placing())
            return err.fail(ARB_ERR_ILLEGAL,
                            "%s: goats may move only once all %d are placed (%d still in hand: drop one, e.g. G@c3)",
                            move, kGoats, pos_.in_hand);
        if (m.kind == MoveKind::jump) return err.fail(ARB_ERR_ILLEGAL, "%s: goats never capture", move);
        if (!(pos_.goats & bit(m.from))) return err.fail(ARB_ERR_ILLEGAL, "%s: no goat on %s", move, from.c_str());
    } else if (!(pos_.tigers & bit(m.from))) {
        return err.fail(ARB_ERR_ILLEGAL, "%s: no tiger on %s (it is the tigers' turn)", move, from.c_str());
    }
    if (m.kind == MoveKind::step) {
        if (!(kLines[m.from].neighbours & bit(m.to))) {
            if (kLineBoard.direction_to(m.from, m.to, 2) >= 0)
                return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not next to %s (a capture is written %sx%s)", move,
                                target.c_str(), from.c_str(), from.c_str(), target.c_str());
            return err.fail(ARB_ERR_ILLEGAL, "%s: no line joins %s to %s", move, from.c_str(), target.c_str());
        }
        if (!(empty & bit(m.to))) return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not empty", move, target.c_str());
        if (!goats && rules_.mandatory_capture && tiger_can_capture())
            return err.fail(ARB_ERR_ILLEGAL, "%s: a tiger can capture, and capture is mandatory", move);
        if (forbids_repetition() && step_repeats(m.from, m.to))
            return err.fail(ARB_ERR_ILLEGAL, "%s would repeat an earlier position (repetition is forbidden)", move);
        return ARB_OK;
    }
    if (kLineBoard.direction_to(m.from, m.to, 2) < 0) {
        if (kLines[m.from].neighbours & bit(m.to))
            return err.fail(ARB_ERR_ILLEGAL, "%s: %s is next to %s (a step is written %s-%s)", move, target.c_str(),
                            from.c_str(), from.c_str(), target.c_str());
        return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not two points from %s along a line", move, target.c_str(),
                        from.c_str());
    }
    const int over = jumped_point(m.from, m.to);
    if (!(pos_.goats & bit(over)))
        return err.fail(ARB_ERR_ILLEGAL, "%s: no goat on %s to capture", move, point_name(over).c_str());
    if (!(empty & bit(m.to))) return err.fail(ARB_ERR_ILLEGAL, "%s: %s is not empty", move, target.c_str());
    return ARB_OK;
}

}  // namespace arb::baghchal
