// Othello games in GGF, the Generic Game Format of GGS that NBoard, NTest
// and Edax read: the one writer in the tree. The plugin's record extension
// ("arbiter.record-format/1", games.ggf) and the protocol adapters (NBoard's
// 'set game') both fill a ggf::Game and call write(). Example, one line:
//   (;GM[Othello]PC[arbiter]PB[edax]PW[ntest]RE[+12.00]TI[5:00]TY[8]
//     BO[8 ---------------------------O*------*O--------------------------- *]B[F5//0.51]W[D6/-1.30/0.20];)
// Property meanings follow the GGF description of GGS
// (https://www.skatgame.net/mburo/ggsa/ggf): RE is black's result in discs,
// with ":t" (time out), ":r" (resigned) or ":s" (mutual score) flags; TI is
// the clock of both sides when equal, else TB and TW give each its own.
// Depends on the standard library only, so the plugin stays self-contained.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace othello::ggf {

// The standard start in GGF's letters (a1..h8, row by row): * black, O white, - empty.
inline constexpr std::string_view kStandardBoard =
    "---------------------------O*------*O---------------------------";

struct Move {
    std::string square;             // "F5", or "PA" for a pass
    std::optional<double> eval;     // discs, from the mover's view
    std::optional<double> seconds;  // thinking time
};

struct Game {
    std::string place = "arbiter";     // PC
    std::string date;                  // DT, GGF's form ("2026.11.22_10:05:00.UTC"); empty: none
    std::string black = "?", white = "?";  // PB, PW
    std::string result = "?";          // RE: result(), or "?" for a game without one
    std::string time;                  // TI: time_control() of both sides; empty: none
    std::string black_time, white_time;  // TB, TW: each side's, when they differ (then TI is empty)
    std::string board{kStandardBoard};  // BO: 64 squares in GGF's letters
    int first = 0;                     // side to move at the start: 0 black, 1 white
    std::vector<Move> moves;
};

// The game on one line, "(;GM[Othello]...;)", without a newline. Names are
// written with '[' and ']' turned into '(' and ')', which GGF cannot hold.
std::string write(const Game &game);

struct Board {
    std::string squares;  // 64 GGF letters
    int first = 0;        // side to move
};
// The board of an Othello position string (64 squares a1..h8 as X/O/-, a
// space, X or O to move; Edax's aliases b/w, x/o, * and . are read too).
// nullopt with `error` naming the offending character.
std::optional<Board> board(std::string_view position, std::string &error);

// A square as GGF writes it: "f5" -> "F5"; "pass" (or "PA") -> "PA".
std::string move(std::string_view text);

// A clock in GGF's form: "m:ss" below an hour, else "h:mm:ss"; a time that
// is not whole seconds gets its fraction, "0:00.1" (GGS writes whole seconds
// only; readers of whole seconds cannot hold 0.1 s any other way).
std::string clock(std::chrono::milliseconds time);
// TI's (TB's, TW's) value: time/increment/extension, as GGS writes its
// clocks, eg "5:00/0:02/0:00"; a zero increment is left blank, "5:00//0:00".
// The extension (GGS's grace time, 2:00 when a reader finds none) is always
// written: the arbiter gives none.
std::string time_control(std::chrono::milliseconds base, std::chrono::milliseconds increment);

// Black's result: "+12.00", "-64.00:t", "0.00:s". flag: 0 (none), 't', 'r' or 's'.
std::string result(int black_minus_white, char flag);

// GGF's date from an ISO UTC time "2026-11-22T10:05:00Z": "2026.11.22_10:05:00.UTC";
// "" for text not of that form.
std::string date(std::string_view iso_utc);

}  // namespace othello::ggf
