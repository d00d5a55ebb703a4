// A finished shogi game as CSA (the Computer Shogi Association's format of
// computer games and servers) records it, with the way the game ended in
// CSA's terms; KIF is kif.cpp's. The host writes games.kif and games.csa
// through "arbiter.record-formats/1" (Shogi::write_record, record.cpp);
// docs/records.md lists what each field holds.
#pragma once

#include "position.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace arb::shogi {

// How the game ended, in the terms KIF and CSA share (KIF's word beside each).
enum class RecordEnd {
    Resign,            // 投了, %TORYO (the engine resigned, or a resign adjudication)
    Mate,              // 詰み, %TSUMI (the side to move has no legal move)
    Sennichite,        // 千日手, %SENNICHITE
    PerpetualCheck,    // 反則負け/反則勝ち, %-/+ILLEGAL_ACTION: the checking side loses
    EnteringKing,      // 入玉勝ち, %KACHI (a declaration that holds)
    EnteringKingDraw,  // 持将棋, %JISHOGI (a 24-point declaration short of 31)
    MaxMoves,          // 持将棋, %MAX_MOVES (the plugin's max_moves)
    TimeUp,            // 切れ負け, %TIME_UP
    Foul,              // 反則負け/反則勝ち, %ILLEGAL_MOVE or %-/+ILLEGAL_ACTION (an illegal or
                       // unreadable move, a crash, a stall, a protocol error)
    Draw,              // 持将棋, %HIKIWAKE (an adjudicated draw, the arbiter's ply limit)
    Interrupted,       // 中断, %CHUDAN (no result: stopped, a plugin error)
};

struct RecordMove {
    arb_move move = 0;        // a board move or a drop (the declaration is RecordEnd::EnteringKing)
    int64_t elapsed_ms = -1;  // -1: an opening move, no time
};

struct ShogiRecord {
    Position start;
    std::vector<RecordMove> moves;
    RecordEnd end = RecordEnd::Interrupted;
    int winner = -1;  // 0 sente, 1 gote, -1 none (a draw, or no result)
    std::string names[2];
    std::string event, site;
    std::string date;       // "YYYY-MM-DDTHH:MM:SSZ" or ""
    std::string time_text;  // the host's time control when both sides had the same, else ""
    std::string side_time_text[2];
    int64_t side_base_ms[2] = {0, 0};     // 0: no clock
    int64_t side_increment_ms[2] = {0, 0};
};

[[nodiscard]] std::string write_csa(const ShogiRecord &record);

// "600,byoyomi=10" -> 10000; 0 when the text has no byoyomi.
[[nodiscard]] int64_t byoyomi_ms(const std::string &time_control);

}  // namespace arb::shogi
