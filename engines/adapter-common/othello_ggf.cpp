#include "othello_ggf.hpp"

#include <cctype>
#include <cstdio>

namespace arb::adapter {

namespace {

constexpr const char *kStandardBoard = "---------------------------O*------*O---------------------------";

// The 64 squares of a position string (a1..h8, row by row from the top) in
// GGF's letters: * black, O white, - empty.
Expected<std::string> ggf_board(const std::string &fen) {
    if (fen.empty()) return std::string(kStandardBoard);
    if (fen.size() != 66 || fen[64] != ' ')
        return fail("'" + fen + "' is not an Othello position string (64 squares, a space, the side to move)");
    std::string board(64, '-');
    for (size_t i = 0; i < 64; ++i) {
        switch (fen[i]) {
        case 'X': case 'x': case 'B': case 'b': case '*': board[i] = '*'; break;
        case 'O': case 'o': case 'W': case 'w': board[i] = 'O'; break;
        case '-': case '.': break;
        default: return fail("square " + std::to_string(i + 1) + " of '" + fen + "' is neither X, O nor -");
        }
    }
    return board;
}

std::string ggf_move(const std::string &move) {
    if (move == "pass") return "PA";
    std::string upper = move;
    for (char &c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
}

}  // namespace

std::string ggf_time(std::chrono::seconds time) {
    long long s = time.count() < 0 ? 0 : time.count();
    char text[32];
    if (s < 3600) std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
    else std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

Expected<std::string> othello_ggf(const UgiPosition &position, const GgfHeader &header) {
    auto board = ggf_board(position.fen);
    if (!board) return Unexpected<Error>{board.error()};
    auto first = othello_first_mover(position.fen);
    if (!first) return Unexpected<Error>{first.error()};
    std::string text = "(;GM[Othello]PC[arbiter]PB[" + header.black + "]PW[" + header.white + "]RE[?]TI[" +
                       ggf_time(header.time.count() > 0 ? header.time : std::chrono::minutes(60)) + "]TY[8]BO[8 " +
                       *board + (*first == 0 ? " *]" : " O]");
    for (size_t i = 0; i < position.moves.size(); ++i) {
        text += (*first + static_cast<int>(i % 2)) % 2 == 0 ? "B[" : "W[";
        text += ggf_move(position.moves[i]) + "]";
    }
    return text + ";)";
}

Expected<int> othello_empty_squares(const UgiPosition &position) {
    auto board = ggf_board(position.fen);
    if (!board) return Unexpected<Error>{board.error()};
    int empty = 0;
    for (char c : *board) empty += c == '-';
    return empty;
}

}  // namespace arb::adapter
