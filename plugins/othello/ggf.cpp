#include "ggf.hpp"

#include <cctype>
#include <cstdio>

namespace othello::ggf {

namespace {

std::string property_text(std::string_view text) {
    std::string out(text);
    for (char &c : out) {
        if (c == '[') c = '(';
        if (c == ']') c = ')';
    }
    return out;
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

}  // namespace

std::string write(const Game &game) {
    std::string text = "(;GM[Othello]PC[" + property_text(game.place) + "]";
    if (!game.date.empty()) text += "DT[" + game.date + "]";
    text += "PB[" + property_text(game.black) + "]PW[" + property_text(game.white) + "]RE[" + game.result + "]";
    if (!game.time.empty()) text += "TI[" + game.time + "]";
    if (!game.black_time.empty()) text += "TB[" + game.black_time + "]";
    if (!game.white_time.empty()) text += "TW[" + game.white_time + "]";
    text += "TY[8]BO[8 " + game.board + (game.first == 0 ? " *]" : " O]");
    int side = game.first;
    for (const Move &m : game.moves) {
        text += side == 0 ? "B[" : "W[";
        text += m.square;
        if (m.eval || m.seconds) {
            text += "/";
            if (m.eval) text += number(*m.eval);
            if (m.seconds) text += "/" + number(*m.seconds);
        }
        text += "]";
        side ^= 1;
    }
    return text + ";)";
}

std::optional<Board> board(std::string_view position, std::string &error) {
    if (position.size() != 66 || position[64] != ' ') {
        error = "'" + std::string(position) + "' is not an Othello position string (64 squares, a space, the side to move)";
        return std::nullopt;
    }
    Board out{std::string(64, '-'), 0};
    for (size_t i = 0; i < 64; ++i) {
        switch (position[i]) {
        case 'X': case 'x': case 'B': case 'b': case '*': out.squares[i] = '*'; break;
        case 'O': case 'o': case 'W': case 'w': out.squares[i] = 'O'; break;
        case '-': case '.': break;
        default:
            error = "square " + std::to_string(i + 1) + " of '" + std::string(position) + "' is neither X, O nor -";
            return std::nullopt;
        }
    }
    switch (position[65]) {
    case 'X': case 'x': case 'B': case 'b': case '*': out.first = 0; break;
    case 'O': case 'o': case 'W': case 'w': out.first = 1; break;
    default:
        error = "the side to move of '" + std::string(position) + "' is neither X nor O";
        return std::nullopt;
    }
    return out;
}

std::string move(std::string_view text) {
    if (text == "pass" || text == "PA" || text == "pa") return "PA";
    std::string upper(text);
    for (char &c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
}

std::string clock(std::chrono::milliseconds time) {
    const long long ms = time.count() < 0 ? 0 : time.count();
    const long long s = ms / 1000;
    char text[64];
    if (s < 3600) std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
    else std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    std::string out = text;
    if (ms % 1000 != 0) {
        std::snprintf(text, sizeof text, ".%03lld", ms % 1000);
        out += text;
        while (out.back() == '0') out.pop_back();  // "0:00.100" -> "0:00.1"
    }
    return out;
}

std::string time_control(std::chrono::milliseconds base, std::chrono::milliseconds increment) {
    return clock(base) + "/" + (increment.count() > 0 ? clock(increment) : std::string()) + "/0:00";
}

std::string result(int black_minus_white, char flag) {
    std::string text = (black_minus_white > 0 ? "+" : "") + number(black_minus_white);
    if (flag != 0) text += std::string(":") + flag;
    return text;
}

std::string date(std::string_view iso) {
    // "2026-11-22T10:05:00Z"
    if (iso.size() != 20 || iso[4] != '-' || iso[7] != '-' || iso[10] != 'T' || iso[13] != ':' || iso[16] != ':' ||
        iso[19] != 'Z')
        return "";
    std::string out(iso.substr(0, 19));
    out[4] = '.';
    out[7] = '.';
    out[10] = '_';
    return out + ".UTC";
}

}  // namespace othello::ggf
