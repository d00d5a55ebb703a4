#include "nboard_text.hpp"

#include "ugi_commands.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace arb::nboard {

namespace {

std::string lower(std::string text) {
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// A double at the start of `text` ("-1.30", "+0.50"; of "a,b" the first).
std::optional<double> eval_of(const std::string &text) {
    // NBoard engines write a '+' on positive evals; the strict parser takes none.
    std::string_view number = std::string_view(text).substr(0, text.find(','));
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    return protocol::parse_decimal(number);
}

// The search depth in NBoard's depth text: leading digits ("22", "22@73%");
// nothing for percentages ("100%", "100%W": a solve, not a depth).
std::optional<long> depth_of(const std::string &text) {
    size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    if (digits < text.size() && text[digits] == '%') return std::nullopt;
    return protocol::parse_integer<long>(std::string_view(text).substr(0, digits));
}

}  // namespace

bool is_move_reply(std::string_view line) { return line.substr(0, 3) == "==="; }

std::optional<std::string> move_of_reply(std::string_view line) {
    if (!is_move_reply(line)) return std::nullopt;
    line.remove_prefix(3);
    auto w = adapter::words(line);
    if (w.empty()) return std::nullopt;
    std::string move = lower(w[0].substr(0, w[0].find('/')));
    if (move.empty()) return std::nullopt;
    if (move == "pa") return std::string("pass");
    return move;
}

std::optional<std::string> info_of_thinking(std::string_view line) {
    auto w = adapter::words(line);
    if (w.empty()) return std::nullopt;
    if (w[0] == "nodestats") {
        if (w.size() < 2 || w[1].find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        return "info nodes " + w[1];
    }
    if ((w[0] != "search" && w[0] != "book") || w.size() < 3) return std::nullopt;
    auto eval = eval_of(w[2]);
    if (!eval) return std::nullopt;
    std::string info = "info";
    // search <pv> <eval> 0 <depth>; book <pv> <eval> <games> <depth>
    if (w.size() >= 5) {
        if (auto depth = depth_of(w[4])) info += " depth " + std::to_string(*depth);
    }
    info += " score cp " + std::to_string(std::lround(*eval * 100.0));
    return info;
}

bool is_pong(std::string_view line, long long ping) {
    auto w = adapter::words(line);
    return w.size() >= 2 && w[0] == "pong" && w[1] == std::to_string(ping);
}

}  // namespace arb::nboard
