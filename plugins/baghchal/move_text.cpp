#include "move_text.hpp"

#include <arbiter/sdk/coords.hpp>

namespace arb::baghchal {

namespace {

constexpr sdk::Grid kGrid{5, 5};

int point_of(sdk::Square s) noexcept { return s.row * 5 + s.column; }

}  // namespace

bool decode(arb_move code, Move &out) noexcept {
    if (code < 0 || code >= (kJumpFlag << 1) || ((code & kDropFlag) && (code & kJumpFlag))) return false;
    int to = code & 31;
    int from = (code >> 5) & 31;
    if (to >= kPoints || from >= kPoints) return false;
    if (code & kDropFlag) {
        if (from != 0) return false;
        out = Move{MoveKind::drop, -1, to};
        return true;
    }
    if (from == to) return false;
    out = Move{(code & kJumpFlag) ? MoveKind::jump : MoveKind::step, from, to};
    return true;
}

arb_status parse_move_text(std::string_view text, Move &out, sdk::ErrorOut err) noexcept {
    if (text.empty()) return err.fail(ARB_ERR_SYNTAX, "empty move text");
    if (text.size() >= 2 && (text[0] == 'G' || text[0] == 'g') && text[1] == '@') {
        if (text[0] == 'g') return err.fail(ARB_ERR_SYNTAX, "a drop is written with a capital G, e.g. G@c3, not %s",
                                            sdk::quoted(text).c_str());
        sdk::Square to;
        if (arb_status s = sdk::parse_square(text.substr(2), kGrid, to, err); s != ARB_OK) return s;
        out = Move{MoveKind::drop, -1, point_of(to)};
        return ARB_OK;
    }
    if (text[0] == 'G' || text[0] == 'T')
        return err.fail(ARB_ERR_SYNTAX, "%s is not a move: a drop is G@c3, a step a1-b2, a capture a1xc3",
                        sdk::quoted(text).c_str());
    std::string_view rest = text;
    sdk::Square from;
    if (arb_status s = sdk::take_square(rest, kGrid, from, err); s != ARB_OK) return s;
    if (rest.empty() || (rest[0] != '-' && rest[0] != 'x'))
        return err.fail(ARB_ERR_SYNTAX, "expected '-' (step) or 'x' (capture) after the first point in %s",
                        sdk::quoted(text).c_str());
    MoveKind kind = rest[0] == '-' ? MoveKind::step : MoveKind::jump;
    sdk::Square to;
    if (arb_status s = sdk::parse_square(rest.substr(1), kGrid, to, err); s != ARB_OK) return s;
    if (from == to) return err.fail(ARB_ERR_SYNTAX, "%s starts and ends on the same point", sdk::quoted(text).c_str());
    out = Move{kind, point_of(from), point_of(to)};
    return ARB_OK;
}

sdk::FixedText<4> point_name(int point) noexcept {
    sdk::FixedText<4> name;
    sdk::append_square(name, sdk::Square{point % 5, point / 5});
    return name;
}

sdk::MoveText format_move_text(const Move &m) noexcept {
    sdk::MoveText text;
    if (m.kind == MoveKind::drop) {
        text.append("G@").append(point_name(m.to).view());
        return text;
    }
    text.append(point_name(m.from).view());
    text.push_back(m.kind == MoveKind::step ? '-' : 'x');
    text.append(point_name(m.to).view());
    return text;
}

}  // namespace arb::baghchal
