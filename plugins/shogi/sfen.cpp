#include "sfen.hpp"

#include <array>

namespace arb::shogi {
namespace {

constexpr char kLetters[] = " PLNSBRGK";  // by type 1..8
// SFEN writes the hand in this order: rook, bishop, gold, silver, knight, lance, pawn.
constexpr int kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
// How many pieces of each type the game has (both sides, board and hands).
constexpr int kTotal[kHandTypes + 1] = {0, 18, 4, 4, 4, 2, 2, 4, 2};
constexpr const char *kTypeNames[kHandTypes + 1] = {"", "pawns", "lances", "knights", "silvers",
                                                    "bishops", "rooks", "golds", "kings"};

int type_of_letter(char c) {
    const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    for (int t = kPawn; t <= kKing; ++t)
        if (kLetters[t] == upper) return t;
    return 0;
}

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

}  // namespace

char piece_letter(int type) noexcept { return kLetters[type]; }

void append_square(std::string &out, int sq) {
    out += static_cast<char>('9' - column_of(sq));
    out += static_cast<char>('a' + row_of(sq));
}

std::string write_sfen(const Position &p) {
    std::string out;
    out.reserve(96);
    for (int r = 0; r < 9; ++r) {
        if (r > 0) out += '/';
        int empty = 0;
        for (int c = 0; c < 9; ++c) {
            const uint8_t cell = p.board[static_cast<size_t>(r * 9 + c)];
            if (cell == 0) {
                ++empty;
                continue;
            }
            if (empty > 0) out += static_cast<char>('0' + empty);
            empty = 0;
            int type = type_of(cell);
            if (type > kKing) {
                out += '+';
                type -= kPromotion;
            }
            const char letter = kLetters[type];
            out += side_of(cell) == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
        }
        if (empty > 0) out += static_cast<char>('0' + empty);
    }
    out += p.side == 0 ? " b " : " w ";
    bool any = false;
    for (size_t s = 0; s < 2; ++s)
        for (int type : kHandOrder) {
            const int n = p.hand[s][static_cast<size_t>(type)];
            if (n == 0) continue;
            any = true;
            if (n > 1) out += std::to_string(n);
            out += s == 0 ? kLetters[type] : static_cast<char>(kLetters[type] - 'A' + 'a');
        }
    if (!any) out += '-';
    out += ' ';
    out += std::to_string(p.move_number);
    return out;
}

arb_status parse_sfen(std::string_view text, Position &out, sdk::ErrorOut err) {
    const auto q = sdk::quoted(text);
    Position p;
    size_t i = 0;
    int row = 0, column = 0;
    // The board: nine ranks, top first, each of nine files.
    for (;; ++i) {
        if (i >= text.size()) return err.fail(ARB_ERR_SYNTAX, "the board ends early in %s", q.c_str());
        const char ch = text[i];
        if (ch == ' ') break;
        if (ch == '/') {
            if (column != 9) return err.fail(ARB_ERR_SYNTAX, "rank %c has %d squares, not 9, in %s", 'a' + row, column, q.c_str());
            if (++row > 8) return err.fail(ARB_ERR_SYNTAX, "more than 9 ranks in %s", q.c_str());
            column = 0;
            continue;
        }
        if (ch >= '1' && ch <= '9') {
            column += ch - '0';
            if (column > 9) return err.fail(ARB_ERR_SYNTAX, "rank %c has more than 9 squares in %s", 'a' + row, q.c_str());
            if (i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9')
                return err.fail(ARB_ERR_SYNTAX, "two digits in a row in rank %c of %s", 'a' + row, q.c_str());
            continue;
        }
        bool promoted = false;
        char letter = ch;
        if (ch == '+') {
            if (i + 1 >= text.size()) return err.fail(ARB_ERR_SYNTAX, "'+' ends %s", q.c_str());
            promoted = true;
            letter = text[++i];
        }
        const int type = type_of_letter(letter);
        if (type == 0)
            return err.fail(ARB_ERR_SYNTAX, "'%c' in rank %c is no piece (P L N S G B R K, lower case for gote) in %s",
                            letter, 'a' + row, q.c_str());
        if (promoted && !promotable(type))
            return err.fail(ARB_ERR_SYNTAX, "'+%c': a %s cannot be promoted, in %s", letter,
                            type == kGold ? "gold" : "king", q.c_str());
        if (column >= 9) return err.fail(ARB_ERR_SYNTAX, "rank %c has more than 9 squares in %s", 'a' + row, q.c_str());
        const int side = is_upper(letter) ? 0 : 1;
        const int sq = row * 9 + column;
        p.board[static_cast<size_t>(sq)] = make_cell(type + (promoted ? kPromotion : 0), side);
        if (type == kKing) {
            if (p.king[static_cast<size_t>(side)] >= 0)
                return err.fail(ARB_ERR_ILLEGAL, "%s has two kings in %s", side == 0 ? "sente" : "gote", q.c_str());
            p.king[static_cast<size_t>(side)] = sq;
        }
        ++column;
    }
    if (row != 8 || column != 9)
        return err.fail(ARB_ERR_SYNTAX, "the board has %d ranks (the last of %d squares), not 9 of 9, in %s", row + 1,
                        column, q.c_str());
    // The side to move.
    ++i;
    if (i >= text.size() || (text[i] != 'b' && text[i] != 'w'))
        return err.fail(ARB_ERR_SYNTAX, "the side to move must be 'b' (sente) or 'w' (gote) in %s", q.c_str());
    p.side = text[i] == 'b' ? 0 : 1;
    ++i;
    if (i >= text.size() || text[i] != ' ')
        return err.fail(ARB_ERR_SYNTAX, "a space and the pieces in hand ('-' for none) must follow the side in %s", q.c_str());
    ++i;
    // The hands.
    if (i < text.size() && text[i] == '-') {
        ++i;
    } else {
        std::array<std::array<bool, kHandTypes>, 2> seen{};
        bool any = false;
        while (i < text.size() && text[i] != ' ') {
            int count = 1;
            if (text[i] >= '0' && text[i] <= '9') {
                if (text[i] == '0' || (text[i] == '1' && (i + 1 >= text.size() || text[i + 1] < '0' || text[i + 1] > '9')))
                    return err.fail(ARB_ERR_SYNTAX, "a count in hand is 2 to 18 (one piece has none), in %s", q.c_str());
                count = text[i] - '0';
                ++i;
                if (i < text.size() && text[i] >= '0' && text[i] <= '9') count = count * 10 + (text[i++] - '0');
                if (count > 18) return err.fail(ARB_ERR_SYNTAX, "a count in hand is 2 to 18, in %s", q.c_str());
            }
            if (i >= text.size()) return err.fail(ARB_ERR_SYNTAX, "a count in hand without its piece in %s", q.c_str());
            const int type = type_of_letter(text[i]);
            if (type == 0 || type == kKing)
                return err.fail(ARB_ERR_SYNTAX, "'%c' is no piece in hand (R B G S N L P, lower case for gote) in %s",
                                text[i], q.c_str());
            const size_t side = is_upper(text[i]) ? 0 : 1;
            if (seen[side][static_cast<size_t>(type)])
                return err.fail(ARB_ERR_SYNTAX, "'%c' is named twice in the hands of %s", text[i], q.c_str());
            seen[side][static_cast<size_t>(type)] = true;
            p.hand[side][static_cast<size_t>(type)] = static_cast<uint8_t>(count);
            any = true;
            ++i;
        }
        if (!any) return err.fail(ARB_ERR_SYNTAX, "the pieces in hand are missing ('-' for none) in %s", q.c_str());
    }
    // The move number (optional: read as 1).
    if (i < text.size()) {
        if (text[i] != ' ' || i + 1 >= text.size())
            return err.fail(ARB_ERR_SYNTAX, "a single space and the move number must follow the hands in %s", q.c_str());
        ++i;
        if (text[i] == '0') return err.fail(ARB_ERR_SYNTAX, "the move number must be a positive number without leading zeros in %s", q.c_str());
        int64_t number = 0;
        for (; i < text.size(); ++i) {
            if (text[i] < '0' || text[i] > '9' || number > 100'000'000)
                return err.fail(ARB_ERR_SYNTAX, "the move number must be a number from 1 to 1000000000, the last field of %s",
                                q.c_str());
            number = number * 10 + (text[i] - '0');
        }
        p.move_number = static_cast<int>(number);
    }

    // Now the rules: what no game can reach.
    int counts[kHandTypes + 1] = {};
    for (size_t s = 0; s < 2; ++s)
        for (int t = kPawn; t <= kGold; ++t) counts[t] += p.hand[s][static_cast<size_t>(t)];
    for (int sq = 0; sq < kSquares; ++sq) {
        const uint8_t cell = p.board[static_cast<size_t>(sq)];
        if (cell == 0) continue;
        ++counts[unpromoted(type_of(cell))];
        std::string where;
        append_square(where, sq);
        if (dead_square(type_of(cell), side_of(cell), sq))
            return err.fail(ARB_ERR_ILLEGAL, "the %s on %s could never move again, in %s",
                            type_of(cell) == kPawn ? "pawn" : type_of(cell) == kLance ? "lance" : "knight", where.c_str(),
                            q.c_str());
    }
    for (int t = kPawn; t <= kKing; ++t)
        if (counts[t] > kTotal[t])
            return err.fail(ARB_ERR_ILLEGAL, "%d %s on the board and in hand; the game has %d, in %s", counts[t],
                            kTypeNames[t], kTotal[t], q.c_str());
    for (int s = 0; s < 2; ++s) {
        if (p.king[static_cast<size_t>(s)] < 0)
            return err.fail(ARB_ERR_ILLEGAL, "%s has no king in %s", s == 0 ? "sente" : "gote", q.c_str());
        for (int c = 0; c < 9; ++c) {
            int pawns = 0;
            for (int r = 0; r < 9; ++r) pawns += p.board[static_cast<size_t>(r * 9 + c)] == make_cell(kPawn, s) ? 1 : 0;
            if (pawns > 1)
                return err.fail(ARB_ERR_ILLEGAL, "%s has two pawns on file %d (nifu) in %s", s == 0 ? "sente" : "gote",
                                9 - c, q.c_str());
        }
    }
    if (p.attacked(p.king[static_cast<size_t>(p.side ^ 1)], p.side))
        return err.fail(ARB_ERR_ILLEGAL, "the side not to move (%s) is in check in %s", p.side == 0 ? "gote" : "sente",
                        q.c_str());
    out = p;
    return ARB_OK;
}

std::string write_usi_move(arb_move m) {
    if (m == kDeclareWin) return "win";
    std::string out;
    if (is_drop(m)) {
        out += kLetters[drop_type(m)];
        out += '*';
    } else {
        append_square(out, move_from(m));
    }
    append_square(out, move_to(m));
    if (move_promotes(m)) out += '+';
    return out;
}

arb_status read_usi_move(std::string_view text, arb_move &out, sdk::ErrorOut err) {
    if (text == "win") {
        out = kDeclareWin;
        return ARB_OK;
    }
    auto square = [&](size_t at) -> int {
        if (at + 2 > text.size()) return -1;
        const char f = text[at], r = text[at + 1];
        if (f < '1' || f > '9' || r < 'a' || r > 'i') return -1;
        return (r - 'a') * 9 + ('9' - f);
    };
    const auto q = sdk::quoted(text);
    if (text.size() == 4 && text[1] == '*') {
        const int type = type_of_letter(text[0]);
        if (type == 0 || type == kKing || !is_upper(text[0]))
            return err.fail(ARB_ERR_SYNTAX, "%s: a drop is an upper-case piece of the hand (P L N S G B R), '*' and a square",
                            q.c_str());
        const int to = square(2);
        if (to < 0) return err.fail(ARB_ERR_SYNTAX, "%s: a square is a file 1-9 and a rank a-i (5e)", q.c_str());
        out = encode(kDropBase + type, to, false);
        return ARB_OK;
    }
    if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
        const int from = square(0), to = square(2);
        if (from < 0 || to < 0)
            return err.fail(ARB_ERR_SYNTAX, "%s: a move is two squares, each a file 1-9 and a rank a-i (7g7f), and '+' to promote",
                            q.c_str());
        out = encode(from, to, text.size() == 5);
        return ARB_OK;
    }
    return err.fail(ARB_ERR_SYNTAX, "%s is no USI move (7g7f, 8h2b+, P*5e, or win to declare)", q.c_str());
}

}  // namespace arb::shogi
