#include "plugin_tools/plugin_checker_near_miss.hpp"

#include "core/quote.hpp"

#include <algorithm>
#include <functional>
#include <random>
#include <set>

namespace arb::game {

namespace {

bool lower_letter(char ch) { return ch >= 'a' && ch <= 'z'; }
bool digit(char ch) { return ch >= '0' && ch <= '9'; }
bool letter(char ch) { return lower_letter(ch) || (ch >= 'A' && ch <= 'Z'); }

struct SquareAt {
    size_t start;
    size_t length;
    int column;  // 0 for 'a'
    int row;     // as written
};

// The squares of a move text, left to right: a lower-case letter and one to
// three digits ("e4", "t19"), the digits not followed by a further digit.
std::vector<SquareAt> squares_in(const std::string &text) {
    std::vector<SquareAt> found;
    for (size_t i = 0; i + 1 < text.size(); ++i) {
        if (!lower_letter(text[i]) || !digit(text[i + 1])) continue;
        size_t end = i + 1;
        int row = 0;
        while (end < text.size() && digit(text[end]) && end - i <= 3) row = row * 10 + (text[end++] - '0');
        if (end < text.size() && digit(text[end])) continue;  // too long for a square
        found.push_back({i, end - i, text[i] - 'a', row});
        i = end - 1;
    }
    return found;
}

std::string square_text(int column, int row) { return std::string(1, static_cast<char>('a' + column)) + std::to_string(row); }

// What may join two squares of a move: nothing ("a1c3") or a mark.
constexpr const char *kJoints[] = {"", "x", "-", ":"};

bool is_joint(std::string_view between) {
    return std::any_of(std::begin(kJoints), std::end(kJoints), [&](const char *j) { return between == j; });
}

const char *joint_slip(std::string_view from, std::string_view to) {
    if (from.empty()) return "a capture mark added";
    if (to.empty()) return "the capture mark dropped";
    return "the capture mark changed";
}

// Every text that moves one square of `text` to one of its eight neighbours.
void square_slips(const std::string &text, const std::vector<SquareAt> &squares,
                  const std::function<void(std::string, std::string)> &emit) {
    for (const SquareAt &s : squares)
        for (int dc = -1; dc <= 1; ++dc)
            for (int dr = -1; dr <= 1; ++dr) {
                const int column = s.column + dc, row = s.row + dr;
                if ((dc == 0 && dr == 0) || column < 0 || column > 25 || row < 1) continue;
                std::string changed = text;
                changed.replace(s.start, s.length, square_text(column, row));
                emit(std::move(changed), "a square changed");
            }
}

// Appends the near misses of one legal `text` that are not in `seen` (and
// adds them to it).
void near_misses_of(const std::string &text, std::set<std::string> &seen, std::vector<NearMiss> &out) {
    auto emit = [&](std::string candidate, std::string slip) {
        if (seen.insert(candidate).second) out.push_back({std::move(candidate), text, std::move(slip)});
    };
    const std::vector<SquareAt> squares = squares_in(text);
    if (squares.empty()) return;
    square_slips(text, squares, emit);
    // The mark between two squares, alone and with each square slip.
    for (size_t k = 0; k + 1 < squares.size(); ++k) {
        const size_t from = squares[k].start + squares[k].length;
        const std::string between = text.substr(from, squares[k + 1].start - from);
        if (!is_joint(between)) continue;
        for (const char *joint : kJoints) {
            if (between == joint) continue;
            std::string changed = text;
            changed.replace(from, between.size(), joint);
            const std::string slip = joint_slip(between, joint);
            square_slips(changed, squares_in(changed),
                         [&](std::string both, const std::string &) { emit(std::move(both), "a square changed and " + slip); });
            emit(std::move(changed), slip);
        }
    }
    // A promotion: one letter, or '=' and a letter, after the last square.
    const SquareAt &last = squares.back();
    const size_t end = last.start + last.length;
    std::string_view suffix = std::string_view(text).substr(end);
    const bool with_equals = !suffix.empty() && suffix[0] == '=';
    if (with_equals) suffix.remove_prefix(1);
    if (suffix.size() == 1 && letter(suffix[0])) {
        const bool upper = !lower_letter(suffix[0]);
        for (char piece : {'q', 'r', 'b', 'n'}) {
            const char written = upper ? static_cast<char>(piece - 'a' + 'A') : piece;
            if (written == suffix[0]) continue;
            emit(text.substr(0, text.size() - 1) + written, "the promotion letter changed");
        }
        emit(text.substr(0, end), "the promotion letter dropped");
    }
}

}  // namespace

std::vector<NearMiss> near_misses(const std::vector<std::string> &legal) {
    std::set<std::string> seen(legal.begin(), legal.end());
    std::vector<NearMiss> out;
    for (const std::string &text : legal) near_misses_of(text, seen, out);
    return out;
}

void check_near_misses(const GameState &state, const std::vector<arb_move> &moves, const std::vector<std::string> &texts,
                       const std::string &where, uint32_t seed, CheckLog &c, CheckReport &report) {
    // The near misses of legal texts taken in a random order, until there
    // are a few times the sample (a chess position has some 2000: making them
    // all cost more than parsing the sample), then the sample of those.
    std::mt19937 rng(seed);
    std::vector<size_t> order(texts.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::set<std::string> seen(texts.begin(), texts.end());
    std::vector<NearMiss> tries;
    for (size_t i = 0; i < order.size() && tries.size() < 4 * kNearMissesPerPosition; ++i)
        near_misses_of(texts[order[i]], seen, tries);
    if (tries.size() > kNearMissesPerPosition) {
        std::shuffle(tries.begin(), tries.end(), rng);
        tries.resize(kNearMissesPerPosition);
    }
    std::string error;
    for (const NearMiss &miss : tries) {
        arb_move move = ARB_MOVE_NONE;
        error.clear();
        const arb_status status = state.parse_move(miss.text.c_str(), move, error);
        ++report.near_misses_checked;
        if (status != ARB_OK) {
            c.expect(!error.empty(), error.empty() ? "parse_move refuses the near miss " + quote(miss.text) +
                                                         " without a message" + where
                                                   : std::string());
            continue;
        }
        const bool listed = std::find(moves.begin(), moves.end(), move) != moves.end();
        c.expect(listed, listed ? std::string()
                                : "parse_move accepts " + quote(miss.text) + " (code " + std::to_string(move) +
                                      "), which is not among the legal moves: a near miss of the legal move " +
                                      quote(miss.of) + " (" + miss.slip + ")" + where);
        if (c.too_many()) return;
    }
}

}  // namespace arb::game
