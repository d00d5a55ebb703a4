// The game as a KIF record ("arbiter.record-format/2": games.kif), the text
// shogi users and GUIs read (Kakinoki's format, version 2.0, UTF-8): the
// header, the start as a handicap name or a board diagram, one line per move
// with its time, the way the game ended in KIF's own words (投了, 詰み,
// 千日手, 入玉勝ち, 持将棋, 切れ負け, 反則負け, 反則勝ち, 中断) and the
// summary line.
#include "game.hpp"

#include <cstdio>
#include <stdexcept>

namespace arb::shogi {
namespace {

constexpr const char *kFileDigits[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char *kRankKanji[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
// Move texts name a piece in full; the board diagram in one character.
constexpr const char *kMoveNames[kTypes] = {"",   "歩", "香", "桂",   "銀",   "角",   "飛", "金",
                                            "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr const char *kBoardNames[kTypes] = {"", "歩", "香", "桂", "銀", "角", "飛", "金",
                                             "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char *kHandicapNames[] = {"平手",   "香落ち",   "右香落ち", "角落ち",   "飛車落ち", "飛香落ち",
                                          "二枚落ち", "四枚落ち", "六枚落ち", "八枚落ち", "十枚落ち"};
static_assert(std::size(kHandicapNames) == std::size(kHandicapStarts));

std::string kanji_number(int n) {
    static constexpr const char *kDigits[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    if (n <= 0) return "〇";
    if (n < 10) return kDigits[n];
    if (n <= 18) return std::string("十") + (n > 10 ? kDigits[n - 10] : "");
    return std::to_string(n);
}

// "先手の持駒：飛　歩二" (なし for none).
std::string hand_line(const Position &p, int side, bool handicap) {
    static constexpr int kOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
    std::string out = side == 0 ? (handicap ? "下手" : "先手") : (handicap ? "上手" : "後手");
    out += "の持駒：";
    bool any = false;
    for (int type : kOrder) {
        const int n = p.hand[static_cast<size_t>(side)][static_cast<size_t>(type)];
        if (n == 0) continue;
        if (any) out += "　";
        any = true;
        out += kBoardNames[type];
        if (n > 1) out += kanji_number(n);
    }
    return out + (any ? "" : "なし") + "\n";
}

std::string board_diagram(const Position &p) {
    std::string out = hand_line(p, 1, false);
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int r = 0; r < 9; ++r) {
        out += '|';
        for (int c = 0; c < 9; ++c) {
            const uint8_t cell = p.board[static_cast<size_t>(r * 9 + c)];
            if (cell == 0) {
                out += " ・";
                continue;
            }
            out += side_of(cell) == 0 ? " " : "v";
            out += kBoardNames[type_of(cell)];
        }
        out += std::string("|") + kRankKanji[r + 1] + "\n";
    }
    out += "+---------------------------+\n";
    out += hand_line(p, 0, false);
    out += p.side == 0 ? "先手番\n" : "後手番\n";
    return out;
}

std::string clock_text(int64_t ms) {
    char text[32];
    const int64_t s = ms / 1000;
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                  static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
    return text;
}

// "７六歩(77)", "同　歩(77)", "２二角成(88)", "５五角打".
std::string kif_move(const Position &p, arb_move m, int previous_to) {
    const int to = move_to(m);
    std::string out;
    if (to == previous_to) {
        out = "同　";
    } else {
        out = kFileDigits[9 - column_of(to)];
        out += kRankKanji[row_of(to) + 1];
    }
    if (is_drop(m)) return out + kMoveNames[drop_type(m)] + "打";
    const int from = move_from(m);
    const int type = type_of(p.board[static_cast<size_t>(from)]);
    out += kMoveNames[type];
    // No 不成 for a move that could promote and does not: the origin square
    // says it, and readers such as tsshogi (ShogiHome's) refuse the word.
    if (move_promotes(m)) out += "成";
    char origin[32];  // "(77)"; room for any int, as the compiler cannot see 1..9
    std::snprintf(origin, sizeof origin, "(%d%d)", 9 - column_of(from), row_of(from) + 1);
    return out + origin;
}

std::string move_line(int number, const std::string &text, int64_t elapsed_ms, int64_t total_ms) {
    char head[16];
    std::snprintf(head, sizeof head, "%4d ", number);
    std::string line = head + text;
    if (elapsed_ms >= 0) {
        const int64_t s = elapsed_ms / 1000;
        char time[48];
        std::snprintf(time, sizeof time, "   (%2lld:%02lld/%s)", static_cast<long long>(s / 60),
                      static_cast<long long>(s % 60), clock_text(total_ms).c_str());
        line += time;
    }
    return line + "\n";
}

}  // namespace

std::string Shogi::write_record(const sdk::RecordGame &game) const {
    Shogi replay = *this;
    int handicap = -1;  // which named start this is, if any
    for (size_t i = 0; i < std::size(kHandicapStarts); ++i)
        if (replay.position() == kHandicapStarts[i]) handicap = static_cast<int>(i);
    const bool giver = handicap > 0;

    std::string out = "#KIF version=2.0 encoding=UTF-8\n";
    std::string date(game.date());
    if (date.size() >= 19) out += "開始日時：" + date.substr(0, 4) + "/" + date.substr(5, 2) + "/" + date.substr(8, 2) + " " +
                                  date.substr(11, 8) + "\n";
    if (!game.event().empty()) out += "棋戦：" + std::string(game.event()) + "\n";
    if (!game.site().empty()) out += "場所：" + std::string(game.site()) + "\n";
    if (!game.time_control().empty()) out += "持ち時間：" + std::string(game.time_control()) + "\n";
    if (handicap >= 0) out += std::string("手合割：") + kHandicapNames[handicap] + "\n";
    else out += board_diagram(replay.pos_);
    out += (giver ? "下手：" : "先手：") + std::string(game.player(0)) + "\n";
    out += (giver ? "上手：" : "後手：") + std::string(game.player(1)) + "\n";
    out += "手数----指手---------消費時間--\n";

    int64_t total[2] = {0, 0};
    int previous_to = -1;
    int number = 0;
    bool declared = false;
    for (int32_t i = 0; i < game.move_count(); ++i) {
        const arb_record_move rm = game.move(i);
        if (!replay.playable(rm.move) || (rm.move != kDeclareWin && !replay.pos_.is_legal(rm.move)))
            throw std::invalid_argument("move " + std::to_string(i + 1) + " is not legal where it was played");
        if (rm.move == kDeclareWin) {
            declared = true;
            replay.play(rm.move);
            break;
        }
        const int side = replay.pos_.side;
        if (rm.elapsed_ms > 0) total[side] += rm.elapsed_ms;
        out += move_line(++number, kif_move(replay.pos_, rm.move, previous_to), rm.elapsed_ms, total[side]);
        previous_to = move_to(rm.move);
        replay.play(rm.move);
    }

    // How it ended, in KIF's words, as the special move of the side to move.
    const int to_move = replay.pos_.side;
    const arb_result result = game.result();
    const int winner = result == ARB_RESULT_WIN_SIDE_0 ? 0 : result == ARB_RESULT_WIN_SIDE_1 ? 1 : -1;
    const char *special = "中断";
    switch (game.ending()) {
    case ARB_ENDING_RULE:
        switch (replay.end_) {
        case End::sennichite: special = "千日手"; break;
        case End::perpetual_check: special = winner == to_move ? "反則勝ち" : "反則負け"; break;
        case End::declared_win: special = "入玉勝ち"; break;
        case End::declared_draw:
        case End::max_moves: special = "持将棋"; break;
        case End::none: special = winner >= 0 ? "詰み" : "中断"; break;
        }
        break;
    case ARB_ENDING_TIME: special = "切れ負け"; break;
    case ARB_ENDING_RESIGN: special = "投了"; break;
    case ARB_ENDING_FORFEIT: special = winner == to_move ? "反則勝ち" : "反則負け"; break;
    case ARB_ENDING_AGREED: special = winner >= 0 ? "投了" : "持将棋"; break;
    default: break;
    }
    if (declared && game.ending() != ARB_ENDING_RULE) special = "入玉勝ち";
    out += move_line(number + 1, special, -1, 0);
    const char *names[2] = {giver ? "下手" : "先手", giver ? "上手" : "後手"};
    out += "まで" + std::to_string(number) + "手で";
    if (winner >= 0) out += std::string(names[winner]) + "の" + (std::string(special) == "入玉勝ち" ? "入玉勝ち" : "勝ち");
    else if (std::string(special) == "千日手") out += "千日手";
    else if (std::string(special) == "中断") out += "中断";
    else out += "持将棋";
    return out + "\n";
}

}  // namespace arb::shogi
