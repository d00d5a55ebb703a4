#include "position_text.hpp"

#include "move_text.hpp"

#include <bit>

namespace arb::baghchal {

namespace {

// Reads "0".."20" (no sign, no leading zero) up to the next space or the end.
arb_status take_count(std::string_view &rest, const char *what, int &value, std::string_view whole,
                      sdk::ErrorOut err) noexcept {
    size_t n = 0;
    while (n < rest.size() && rest[n] >= '0' && rest[n] <= '9') ++n;
    if (n == 0)
        return err.fail(ARB_ERR_SYNTAX, "expected the number of %s, found %s in %s", what,
                        sdk::quoted(rest.substr(0, 8)).c_str(), sdk::quoted(whole).c_str());
    if (n > 1 && rest[0] == '0')
        return err.fail(ARB_ERR_SYNTAX, "the number of %s %s has a leading zero", what,
                        sdk::quoted(rest.substr(0, n)).c_str());
    if (n > 2)
        return err.fail(ARB_ERR_SYNTAX, "the number of %s %s is outside 0..%d", what,
                        sdk::quoted(rest.substr(0, n)).c_str(), kGoats);
    int v = 0;
    for (size_t i = 0; i < n; ++i) v = v * 10 + (rest[i] - '0');
    if (v > kGoats) return err.fail(ARB_ERR_SYNTAX, "the number of %s %d is outside 0..%d", what, v, kGoats);
    value = v;
    rest.remove_prefix(n);
    return ARB_OK;
}

arb_status expect_space(std::string_view &rest, const char *before, std::string_view whole,
                        sdk::ErrorOut err) noexcept {
    if (rest.empty())
        return err.fail(ARB_ERR_SYNTAX, "the position ends before %s in %s", before, sdk::quoted(whole).c_str());
    if (rest[0] != ' ')
        return err.fail(ARB_ERR_SYNTAX, "expected one space before %s, found %s in %s", before,
                        sdk::quoted(rest.substr(0, 1)).c_str(), sdk::quoted(whole).c_str());
    rest.remove_prefix(1);
    return ARB_OK;
}

// Checks what play can reach: every goat accounted for, four tigers, and
// counts that fit the strict alternation of turns (goats first).
arb_status check_reachable(const Position &p, int goats_to_win, sdk::ErrorOut err) noexcept {
    int tigers = std::popcount(p.tigers);
    int on_board = std::popcount(p.goats);
    if (tigers != kTigers) return err.fail(ARB_ERR_ILLEGAL, "the board has %d tigers, not %d", tigers, kTigers);
    if (on_board + p.in_hand + p.captured != kGoats)
        return err.fail(ARB_ERR_ILLEGAL, "%d goats on the board, %d in hand and %d captured do not make %d", on_board,
                        p.in_hand, p.captured, kGoats);
    if (p.captured > goats_to_win)
        return err.fail(ARB_ERR_ILLEGAL, "%d goats captured, but the game ends at %d (goats_to_win)", p.captured,
                        goats_to_win);
    if (p.captured == goats_to_win && p.side != kSideGoats)
        return err.fail(ARB_ERR_ILLEGAL, "the tigers cannot be to move after making the last of %d captures",
                        goats_to_win);
    if (p.placing()) {
        // Each drop is followed by one tiger move, so these are exact.
        int drops = kGoats - p.in_hand;
        int tiger_moves = drops - (p.side == kSideTigers ? 1 : 0);
        if (tiger_moves < 0) return err.fail(ARB_ERR_ILLEGAL, "the tigers cannot move before the first goat is dropped");
        if (p.captured > tiger_moves)
            return err.fail(ARB_ERR_ILLEGAL, "%d goats captured in only %d tiger moves", p.captured, tiger_moves);
        if (tiger_moves == 0 && p.tigers != kCorners)
            return err.fail(ARB_ERR_ILLEGAL, "the tigers have not moved yet, so they must stand on a1, e1, a5 and e5");
    }
    return ARB_OK;
}

}  // namespace

arb_status parse_position(std::string_view text, int goats_to_win, Position &out, sdk::ErrorOut err) noexcept {
    Position p;
    p.goats = 0;
    p.tigers = 0;
    for (int i = 0; i < kPoints; ++i) {
        if (static_cast<size_t>(i) >= text.size())
            return err.fail(ARB_ERR_SYNTAX, "expected 25 points a1..e5, found only %d in %s", i,
                            sdk::quoted(text).c_str());
        char c = text[static_cast<size_t>(i)];
        if (c == 'T')
            p.tigers |= bit(i);
        else if (c == 'G')
            p.goats |= bit(i);
        else if (c != '.')
            return err.fail(ARB_ERR_SYNTAX, "point %s holds %s, expected T, G or . in %s", point_name(i).c_str(),
                            sdk::quoted(text.substr(static_cast<size_t>(i), 1)).c_str(), sdk::quoted(text).c_str());
    }
    std::string_view rest = text.substr(kPoints);
    if (arb_status s = expect_space(rest, "the side to move", text, err); s != ARB_OK) return s;
    if (rest.empty() || (rest[0] != 'G' && rest[0] != 'T'))
        return err.fail(ARB_ERR_SYNTAX, "the side to move must be G or T, found %s in %s",
                        sdk::quoted(rest.substr(0, 1)).c_str(), sdk::quoted(text).c_str());
    p.side = rest[0] == 'G' ? kSideGoats : kSideTigers;
    rest.remove_prefix(1);
    if (arb_status s = expect_space(rest, "the goats in hand", text, err); s != ARB_OK) return s;
    if (arb_status s = take_count(rest, "goats in hand", p.in_hand, text, err); s != ARB_OK) return s;
    if (arb_status s = expect_space(rest, "the goats captured", text, err); s != ARB_OK) return s;
    if (arb_status s = take_count(rest, "goats captured", p.captured, text, err); s != ARB_OK) return s;
    if (!rest.empty())
        return err.fail(ARB_ERR_SYNTAX, "unexpected %s after the goats captured in %s", sdk::quoted(rest).c_str(),
                        sdk::quoted(text).c_str());
    if (arb_status s = check_reachable(p, goats_to_win, err); s != ARB_OK) return s;
    out = p;
    return ARB_OK;
}

std::string format_position(const Position &p) {
    std::string text(kPoints, '.');
    for_each_point(p.tigers, [&](int i) { text[static_cast<size_t>(i)] = 'T'; });
    for_each_point(p.goats, [&](int i) { text[static_cast<size_t>(i)] = 'G'; });
    text += p.side == kSideGoats ? " G " : " T ";
    text += std::to_string(p.in_hand);
    text += ' ';
    text += std::to_string(p.captured);
    return text;
}

}  // namespace arb::baghchal
