// KIF, the Kakinoki text record that shogi GUIs read and write (UTF-8 here,
// as KIF 2.0's "#KIF version=2.0 encoding=UTF-8" line says): headers, the
// start (手合割：平手, or a board diagram for any other start), one line per
// move with its time and the side's total, the ending as KIF's closing
// move (投了, 詰み, 千日手, 入玉勝ち, 切れ負け, 反則負け, 持将棋, 中断) and the
// summary line (まで…). Each record starts with the #KIF line, so that the
// records of a tournament, one after another in games.kif, can be split.
#include "record.hpp"
#include "sfen.hpp"

#include <array>
#include <cstdio>

namespace arb::shogi {
namespace {

constexpr const char *kFiles[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char *kRanks[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
// By piece type (position.hpp): the name in a move, and the one character of a diagram.
constexpr const char *kMoveNames[kTypes] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                            "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr const char *kBoardNames[kTypes] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                             "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char *kSides[2] = {"先手", "後手"};
// A hand in KIF's order: rook, bishop, gold, silver, knight, lance, pawn.
constexpr int kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};

// 2 -> 二, 10 -> 十, 18 -> 十八 (hand counts; 1 is written as nothing).
std::string kanji_count(int n) {
    std::string out;
    if (n >= 10) out += "十";
    if (n % 10 != 0) out += kRanks[n % 10];
    return out;
}

std::string hand_text(const Position &p, int side) {
    std::string out;
    for (int type : kHandOrder) {
        const int n = p.hand[static_cast<size_t>(side)][static_cast<size_t>(type)];
        if (n == 0) continue;
        if (!out.empty()) out += "　";
        out += kBoardNames[type];
        if (n > 1) out += kanji_count(n);
    }
    return out.empty() ? "なし" : out;
}

// The board diagram (BOD) of a start other than the even one.
void append_diagram(std::string &out, const Position &p) {
    out += "後手の持駒：" + hand_text(p, 1) + "\n";
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int row = 0; row < 9; ++row) {
        out += '|';
        for (int column = 0; column < 9; ++column) {
            const uint8_t cell = p.board[static_cast<size_t>(row * 9 + column)];
            if (cell == 0) {
                out += " ・";
                continue;
            }
            out += side_of(cell) == 0 ? " " : "v";
            out += kBoardNames[type_of(cell)];
        }
        out += std::string("|") + kRanks[row + 1] + "\n";
    }
    out += "+---------------------------+\n";
    out += "先手の持駒：" + hand_text(p, 0) + "\n";
    if (p.side == 1) out += "後手番\n";
}

bool is_even_start(const Position &p) {
    Position even;
    if (parse_sfen(kEvenStart, even, sdk::ErrorOut(nullptr, 0)) != ARB_OK) return false;
    return even.board == p.board && even.hand == p.hand && even.side == p.side;
}

// "2026/12/01 23:45:00" from the host's "2026-12-01T23:45:00Z".
std::string kif_date(const std::string &iso) {
    if (iso.size() < 19) return {};
    std::string out = iso.substr(0, 19);
    out[4] = out[7] = '/';
    out[10] = ' ';
    return out;
}

// "10分", "1時間30分", "45秒", "1分30秒", "0.5秒" (a fraction of a second kept).
std::string duration_text(int64_t ms) {
    const int64_t s = ms / 1000, h = s / 3600, m = s / 60 % 60, sec = s % 60, fraction = ms % 1000;
    std::string out;
    if (h > 0) out += std::to_string(h) + "時間";
    if (m > 0) out += std::to_string(m) + "分";
    if (sec > 0 || fraction > 0 || out.empty()) {
        out += std::to_string(sec);
        if (fraction > 0) {
            std::string digits = std::to_string(1000 + fraction).substr(1);
            digits.erase(digits.find_last_not_of('0') + 1);
            out += "." + digits;
        }
        out += "秒";
    }
    return out;
}

// A side's time: its main time, increment or byoyomi; the host's text for a
// control that is no clock (a time per move, a depth or node cap).
std::string time_limit(const ShogiRecord &r, int side) {
    if (r.side_base_ms[side] <= 0 && byoyomi_ms(r.side_time_text[side]) == 0) return r.side_time_text[side];
    std::string out = duration_text(r.side_base_ms[side]);
    if (r.side_increment_ms[side] > 0) out += "+" + duration_text(r.side_increment_ms[side]);
    return out;
}

void append_move(std::string &out, const Position &before, arb_move m, int previous_to) {
    const int to = move_to(m);
    if (to == previous_to) {
        out += "同　";
    } else {
        out += kFiles[9 - column_of(to)];
        out += kRanks[row_of(to) + 1];
    }
    if (is_drop(m)) {
        out += kMoveNames[drop_type(m)];
        out += "打";
        return;
    }
    const int from = move_from(m);
    out += kMoveNames[type_of(before.board[static_cast<size_t>(from)])];
    if (move_promotes(m)) out += "成";
    out += "(" + std::to_string(9 - column_of(from)) + std::to_string(row_of(from) + 1) + ")";
}

// "( 0:03/00:01:12)": the move's minutes and seconds, the side's total so far.
std::string time_field(int64_t move_ms, int64_t total_ms) {
    const int64_t move_s = move_ms / 1000, total_s = total_ms / 1000;
    char text[128];
    std::snprintf(text, sizeof text, "(%2lld:%02lld/%02lld:%02lld:%02lld)", static_cast<long long>(move_s / 60),
                  static_cast<long long>(move_s % 60), static_cast<long long>(total_s / 3600),
                  static_cast<long long>(total_s / 60 % 60), static_cast<long long>(total_s % 60));
    return text;
}

void append_line(std::string &out, int number, const std::string &move, const std::string &time) {
    char head[16];
    std::snprintf(head, sizeof head, "%4d ", number);
    out += head;
    out += move;
    if (!time.empty()) out += "   " + time;
    out += '\n';
}

}  // namespace

std::string write_kif(const ShogiRecord &r) {
    std::string out = "#KIF version=2.0 encoding=UTF-8\n";
    if (const std::string date = kif_date(r.date); !date.empty()) out += "開始日時：" + date + "\n";
    if (!r.event.empty()) out += "棋戦：" + r.event + "\n";
    if (!r.site.empty()) out += "場所：" + r.site + "\n";
    const int64_t byoyomi[2] = {byoyomi_ms(r.side_time_text[0]), byoyomi_ms(r.side_time_text[1])};
    if (r.side_time_text[0] == r.side_time_text[1]) {
        if (!r.side_time_text[0].empty()) out += "持ち時間：" + time_limit(r, 0) + "\n";
        if (byoyomi[0] > 0) out += "秒読み：" + duration_text(byoyomi[0]) + "\n";
    } else {
        for (int side = 0; side < 2; ++side) {
            out += std::string(kSides[side]) + "持ち時間：" + time_limit(r, side);
            if (byoyomi[side] > 0) out += "+秒読み" + duration_text(byoyomi[side]);
            out += "\n";
        }
    }
    if (is_even_start(r.start)) out += "手合割：平手\n";
    else append_diagram(out, r.start);
    out += "先手：" + r.names[0] + "\n";
    out += "後手：" + r.names[1] + "\n";
    out += "手数----指手---------消費時間--\n";

    Position p = r.start;
    int64_t totals[2] = {0, 0};
    int previous_to = -1;
    int number = 0;
    for (const RecordMove &m : r.moves) {
        std::string move;
        append_move(move, p, m.move, previous_to);
        std::string time;
        if (m.elapsed_ms >= 0) {
            totals[p.side] += m.elapsed_ms;
            time = time_field(m.elapsed_ms, totals[p.side]);
        }
        append_line(out, ++number, move, time);
        previous_to = move_to(m.move);
        p.play(m.move);
    }

    // The closing move, made by (or befalling) the side to move, and the summary.
    const int mover = p.side;
    const bool mover_lost = r.winner == (mover ^ 1);
    const std::string played = "まで" + std::to_string(number) + "手で";
    const std::string winner = r.winner >= 0 ? std::string(kSides[r.winner]) : std::string();
    std::string closing, summary;
    switch (r.end) {
    case RecordEnd::Resign:
        closing = "投了";
        summary = played + winner + "の勝ち";
        break;
    case RecordEnd::Mate:
        closing = "詰み";
        summary = played + winner + "の勝ち";
        break;
    case RecordEnd::Sennichite:
        closing = "千日手";
        summary = played + "千日手";
        break;
    case RecordEnd::PerpetualCheck:
        closing = mover_lost ? "反則負け" : "反則勝ち";
        summary = played + "連続王手の千日手により" + winner + "の勝ち";
        break;
    case RecordEnd::EnteringKing:
        closing = "入玉勝ち";
        summary = played + "入玉宣言により" + winner + "の勝ち";
        break;
    case RecordEnd::EnteringKingDraw:
        closing = "持将棋";
        summary = played + "入玉宣言により持将棋";
        break;
    case RecordEnd::MaxMoves:
        closing = "持将棋";
        summary = played + "最大手数により持将棋";
        break;
    case RecordEnd::TimeUp:
        closing = "切れ負け";
        summary = played + "時間切れにより" + winner + "の勝ち";
        break;
    case RecordEnd::Foul:
        closing = mover_lost ? "反則負け" : "反則勝ち";
        summary = played + (r.winner >= 0 ? std::string(kSides[r.winner ^ 1]) : std::string()) + "の反則負け";
        break;
    case RecordEnd::Draw:
        closing = "持将棋";
        summary = played + "引き分け";
        break;
    case RecordEnd::Interrupted:
        closing = "中断";
        summary = played + "中断";
        break;
    }
    append_line(out, number + 1, closing, "");
    out += summary + "\n";
    return out;
}

}  // namespace arb::shogi
