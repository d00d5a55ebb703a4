// The board as the HTML report's viewer draws it ("arbiter.diagram/3"): the
// 9x9 board framed between two rows of gote's hand above and two of
// sente's below, and the status line ("arbiter.status-line/3").
//
// Cells are ASCII letters (the diagram's cells allow nothing else): the
// USI letters, upper case for sente, and one letter per promoted piece
// (T tokin, Y promoted lance, M promoted knight, V promoted silver, H horse,
// D dragon); a hand is its SFEN text ("2P" = two pawns) laid into cells.
// Each piece letter has its kanji as a label, gote's turned as on a board.
#include "game.hpp"

namespace arb::shogi {
namespace {

constexpr char kCellLetters[kTypes + 1] = " PLNSBRGKTYMVHD";
constexpr const char *kPieceNames[kTypes] = {"",       "pawn",  "lance",  "knight", "silver",  "bishop",  "rook", "gold",
                                             "king",   "tokin", "promoted_lance", "promoted_knight", "promoted_silver",
                                             "horse",  "dragon"};
// The usual kanji, by type; the king is 玉 for sente and 王 for gote, as
// most boards and diagrams print them.
constexpr const char *kKanji[kTypes] = {"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char *kGoteKing = "王";
constexpr int kHandRows = 2;
constexpr int kRows = 9 + 2 * kHandRows;

sdk::BoardDrawing make_drawing() {
    auto d = sdk::BoardDrawing::squares(9, kRows)
                 .files("987654321")
                 .ranks({"G", "G", "a", "b", "c", "d", "e", "f", "g", "h", "i", "S", "S"})
                 .board_colour("#e8c98a")
                 .frame(0, kHandRows, 8, kHandRows + 8)
                 .empty('.');
    for (int type = kPawn; type < kTypes; ++type) {
        const char letter = kCellLetters[type];
        d.piece(letter, sdk::PieceShape::Letter, "#111111", std::string("sente_") + kPieceNames[type]);
        d.piece(static_cast<char>(letter - 'A' + 'a'), sdk::PieceShape::Letter, "#b8321f",
                std::string("gote_") + kPieceNames[type]);
    }
    for (int type = kPawn; type < kTypes; ++type) {
        const char letter = kCellLetters[type];
        d.label(letter, kKanji[type]);
        d.label(static_cast<char>(letter - 'A' + 'a'), type == kKing ? kGoteKing : kKanji[type], true);
    }
    for (char digit = '0'; digit <= '9'; ++digit) d.piece(digit, sdk::PieceShape::Letter, "#555555", "count_in_hand");
    return d;
}

// The SFEN text of one side's hand ("R2P"; "" for none), in SFEN's order.
std::string hand_text(const Position &p, int side) {
    static constexpr int kOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
    std::string out;
    for (int type : kOrder) {
        const int n = p.hand[static_cast<size_t>(side)][static_cast<size_t>(type)];
        if (n == 0) continue;
        if (n > 1) out += std::to_string(n);
        const char letter = piece_letter(type);
        out += side == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
    }
    return out;
}

void append_hand_rows(std::string &cells, const std::string &hand) {
    for (int i = 0; i < 9 * kHandRows; ++i) {
        if (i % 9 == 0 && !cells.empty()) cells += '/';
        cells += i < static_cast<int>(hand.size()) ? hand[static_cast<size_t>(i)] : '.';
    }
}

}  // namespace

const sdk::BoardDrawing &Shogi::drawing() const {
    static const sdk::BoardDrawing kDrawing = make_drawing();
    return kDrawing;
}

std::string Shogi::diagram_cells() const {
    std::string cells;
    cells.reserve(static_cast<size_t>(kRows * 10));
    append_hand_rows(cells, hand_text(pos_, 1));
    for (int r = 0; r < 9; ++r) {
        cells += '/';
        for (int c = 0; c < 9; ++c) {
            const uint8_t cell = pos_.board[static_cast<size_t>(r * 9 + c)];
            if (cell == 0) {
                cells += '.';
                continue;
            }
            const char letter = kCellLetters[type_of(cell)];
            cells += side_of(cell) == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
        }
    }
    append_hand_rows(cells, hand_text(pos_, 0));
    return cells;
}

std::string Shogi::status_line() const {
    std::string line = "move " + std::to_string(pos_.move_number) + ", " + (pos_.side == 0 ? "sente" : "gote") + " to move";
    if (pos_.in_check()) line += " (in check)";
    const std::string sente = hand_text(pos_, 0), gote = hand_text(pos_, 1);
    line += "; in hand: sente " + (sente.empty() ? std::string("-") : sente) + ", gote " +
            (gote.empty() ? std::string("-") : gote);
    line += "; checks in a row: sente " + std::to_string(checks_in_a_row(0)) + ", gote " +
            std::to_string(checks_in_a_row(1));
    return line;
}

}  // namespace arb::shogi
