#include "engine/ugi_parse.hpp"

#include <charconv>

namespace arb::engine {
namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r'; }

template <class Int>
bool parse_int(std::string_view text, Int &out) noexcept {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size();
}

void append_number(std::string &out, int64_t value) {
    char buf[24];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
    (void)ec;
    out.append(buf, ptr);
}

void append_field(std::string &out, const char *key, int64_t value) {
    out += ' ';
    out += key;
    out += ' ';
    append_number(out, value);
}

}  // namespace

std::string_view next_token(std::string_view &rest) noexcept {
    size_t i = 0;
    while (i < rest.size() && is_space(rest[i])) ++i;
    size_t j = i;
    while (j < rest.size() && !is_space(rest[j])) ++j;
    std::string_view token = rest.substr(i, j - i);
    rest.remove_prefix(j);
    return token;
}

std::string_view first_token(std::string_view line) noexcept { return next_token(line); }

void parse_info_line(std::string_view line, SearchInfo &info) noexcept {
    std::string_view rest = line;
    if (next_token(rest) != "info") return;
    for (std::string_view key = next_token(rest); !key.empty(); key = next_token(rest)) {
        if (key == "string" || key == "pv") return;
        if (key == "depth") {
            int v = 0;
            if (parse_int(next_token(rest), v)) info.depth = v;
        } else if (key == "nodes") {
            int64_t v = 0;
            if (parse_int(next_token(rest), v)) info.nodes = v;
        } else if (key == "score") {
            std::string_view kind = next_token(rest);
            int v = 0;
            if (kind == "cp") {
                if (parse_int(next_token(rest), v)) info.score_cp = v;
            } else if (kind == "mate") {
                if (parse_int(next_token(rest), v)) info.score_cp = v > 0 ? kMateScore : -kMateScore;
            }
        }
    }
}

std::string_view parse_bestmove(std::string_view line) noexcept {
    std::string_view rest = line;
    if (next_token(rest) != "bestmove") return {};
    return next_token(rest);
}

std::string parse_option_name(std::string_view line) {
    std::string_view rest = line;
    if (next_token(rest) != "option" || next_token(rest) != "name") return {};
    std::string name;
    for (std::string_view token = next_token(rest); !token.empty() && token != "type"; token = next_token(rest)) {
        if (!name.empty()) name += ' ';
        name += token;
    }
    return name;
}

void append_go_line(std::string &out, const GoCommand &go) {
    out += "go";
    if (go.p1time) append_field(out, "p1time", go.p1time->count());
    if (go.p2time) append_field(out, "p2time", go.p2time->count());
    if (go.p1inc) append_field(out, "p1inc", go.p1inc->count());
    if (go.p2inc) append_field(out, "p2inc", go.p2inc->count());
    if (go.movestogo) append_field(out, "movestogo", *go.movestogo);
    if (go.movetime) append_field(out, "movetime", go.movetime->count());
    if (go.depth) append_field(out, "depth", *go.depth);
    if (go.nodes) append_field(out, "nodes", *go.nodes);
}

}  // namespace arb::engine
