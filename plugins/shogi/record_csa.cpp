// CSA, the Computer Shogi Association's record format (version 2.2), as
// floodgate and the CSA servers keep games: names, start time and time
// limit ($TIME_LIMIT:hh:mm+byoyomi seconds), the start (PI for the even
// one, else the nine rank lines and both hands), one line per move with
// its whole seconds (T), and the ending as CSA's special move (%TORYO,
// %TSUMI, %SENNICHITE, %KACHI, %TIME_UP, %ILLEGAL_MOVE, %+ILLEGAL_ACTION,
// %JISHOGI, %MAX_MOVES, %HIKIWAKE, %CHUDAN). Each record ends with CSA's
// game separator '/', so games.csa holds the games one after another.
#include "record.hpp"
#include "sfen.hpp"

#include <cstdio>

namespace arb::shogi {
namespace {

// By piece type (position.hpp).
constexpr const char *kCodes[kTypes] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                        "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
constexpr char kSigns[2] = {'+', '-'};
constexpr int kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};

std::string square_digits(int sq) {
    return std::to_string(9 - column_of(sq)) + std::to_string(row_of(sq) + 1);
}

bool is_even_start(const Position &p) {
    Position even;
    if (parse_sfen(kEvenStart, even, sdk::ErrorOut(nullptr, 0)) != ARB_OK) return false;
    return even.board == p.board && even.hand == p.hand && even.side == p.side;
}

void append_start(std::string &out, const Position &p) {
    if (is_even_start(p)) {
        out += "PI\n+\n";
        return;
    }
    for (int row = 0; row < 9; ++row) {
        out += "P" + std::to_string(row + 1);
        for (int column = 0; column < 9; ++column) {
            const uint8_t cell = p.board[static_cast<size_t>(row * 9 + column)];
            if (cell == 0) {
                out += " * ";
                continue;
            }
            out += kSigns[side_of(cell)];
            out += kCodes[type_of(cell)];
        }
        out += '\n';
    }
    for (int side = 0; side < 2; ++side) {
        std::string hand;
        for (int type : kHandOrder)
            for (int n = p.hand[static_cast<size_t>(side)][static_cast<size_t>(type)]; n > 0; --n)
                hand += std::string("00") + kCodes[type];
        if (!hand.empty()) out += std::string("P") + kSigns[side] + hand + "\n";
    }
    out += kSigns[p.side];
    out += '\n';
}

// "2026/12/01 23:45:00" from "2026-12-01T23:45:00Z".
std::string csa_date(const std::string &iso) {
    if (iso.size() < 19) return {};
    std::string out = iso.substr(0, 19);
    out[4] = out[7] = '/';
    out[10] = ' ';
    return out;
}

// $TIME_LIMIT:hh:mm+ss, the main time and the byoyomi, for a clock with no increment.
std::string time_limit(int64_t base_ms, int64_t byoyomi) {
    const int64_t minutes = base_ms / 60000, byoyomi_s = byoyomi / 1000;
    char text[128];
    std::snprintf(text, sizeof text, "$TIME_LIMIT:%02lld:%02lld+%02lld\n", static_cast<long long>(minutes / 60),
                  static_cast<long long>(minutes % 60), static_cast<long long>(byoyomi_s));
    return text;
}

}  // namespace

std::string write_csa(const ShogiRecord &r) {
    std::string out = "'CSA record written by arbiter\nV2.2\n";
    out += "N+" + r.names[0] + "\n";
    out += "N-" + r.names[1] + "\n";
    if (!r.event.empty()) out += "$EVENT:" + r.event + "\n";
    if (!r.site.empty()) out += "$SITE:" + r.site + "\n";
    if (const std::string date = csa_date(r.date); !date.empty()) out += "$START_TIME:" + date + "\n";
    // CSA 2.2 says main time and byoyomi only: a Fischer clock, a time per
    // move or a cap is said in a comment, in the host's words.
    if (!r.time_text.empty()) {
        const int64_t byoyomi = byoyomi_ms(r.time_text);
        if (r.side_base_ms[0] == r.side_base_ms[1] && r.side_increment_ms[0] == 0 && r.side_increment_ms[1] == 0 &&
            (r.side_base_ms[0] > 0 || byoyomi > 0) && r.side_base_ms[0] % 60000 == 0 && byoyomi % 1000 == 0)
            out += time_limit(r.side_base_ms[0], byoyomi);
    }
    for (int side = 0; side < 2; ++side)
        if (!r.side_time_text[side].empty())
            out += std::string("'time control ") + kSigns[side] + ": " + r.side_time_text[side] + "\n";
    append_start(out, r.start);

    Position p = r.start;
    for (const RecordMove &m : r.moves) {
        out += kSigns[p.side];
        const int to = move_to(m.move);
        if (is_drop(m.move)) {
            out += "00" + square_digits(to) + kCodes[drop_type(m.move)];
        } else {
            const int from = move_from(m.move);
            int type = type_of(p.board[static_cast<size_t>(from)]);
            if (move_promotes(m.move)) type += kPromotion;
            out += square_digits(from) + square_digits(to) + kCodes[type];  // the piece as it stands after the move
        }
        out += '\n';
        if (m.elapsed_ms >= 0) out += "T" + std::to_string(m.elapsed_ms / 1000) + "\n";
        p.play(m.move);
    }

    // The special move, by the side to move; a loss of the other side by a
    // foul is %+ILLEGAL_ACTION / %-ILLEGAL_ACTION, which names the offender.
    const int mover = p.side;
    auto foul_by = [&](int offender) {
        return offender == mover ? std::string("%ILLEGAL_MOVE") : std::string("%") + kSigns[offender] + "ILLEGAL_ACTION";
    };
    switch (r.end) {
    case RecordEnd::Resign: out += "%TORYO\n"; break;
    case RecordEnd::Mate: out += "%TSUMI\n"; break;
    case RecordEnd::Sennichite: out += "%SENNICHITE\n"; break;
    case RecordEnd::PerpetualCheck:
        out += std::string("%") + kSigns[r.winner >= 0 ? r.winner ^ 1 : mover] + "ILLEGAL_ACTION\n";
        out += "'perpetual check (oute sennichite)\n";
        break;
    case RecordEnd::EnteringKing: out += "%KACHI\n"; break;
    case RecordEnd::EnteringKingDraw: out += "%JISHOGI\n"; break;
    case RecordEnd::MaxMoves: out += "%MAX_MOVES\n"; break;
    case RecordEnd::TimeUp: out += "%TIME_UP\n"; break;
    case RecordEnd::Foul: out += foul_by(r.winner >= 0 ? r.winner ^ 1 : mover) + "\n"; break;
    case RecordEnd::Draw: out += "%HIKIWAKE\n"; break;
    case RecordEnd::Interrupted: out += "%CHUDAN\n"; break;
    }
    out += "'result: ";
    out += r.winner == 0 ? "sente wins" : r.winner == 1 ? "gote wins" : r.end == RecordEnd::Interrupted ? "none" : "draw";
    out += "\n/\n";
    return out;
}

}  // namespace arb::shogi
