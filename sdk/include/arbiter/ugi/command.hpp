// The commands a UGI host (arbiter) sends to an engine, as value types, and a
// strict parser for one input line. Header-only, C++20, no dependencies.
//
// parse_command() never throws on bad input and never crashes: any line it
// cannot read becomes Invalid{message}, the message naming the offending text.
// See docs/protocol.md for what arbiter sends and when.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

namespace arb::ugi {

struct Empty {};        // a blank line (ignored by engines)
struct Ugi {};          // "ugi": identify, declare options, answer "ugiok"
struct IsReady {};      // "isready": answer "readyok"
struct NewGame {};      // "uginewgame"
struct Stop {};         // "stop": end the search now, still answer "bestmove"
struct Quit {};         // "quit": exit

// "setoption name <name> [value <value>]". The name and value may contain
// spaces (kept single-spaced); a missing "value" part leaves value empty.
struct SetOption {
    std::string name;
    std::optional<std::string> value;
};

// "position startpos|fen <position> [moves <m1> <m2> ...]". `fen` is empty
// for startpos; its tokens are joined by single spaces.
struct Position {
    bool startpos = true;
    std::string fen;
    std::vector<std::string> moves;
};

// "go ...". p1 is side 0 (the side that moves first), p2 side 1. Times are
// milliseconds. Clock times may be negative (a host may report an overrun);
// every other number must be >= 0 (movestogo, depth and nodes >= 1).
// A bare "go" or "go infinite" sets no limit: search until "stop".
struct Go {
    std::optional<int64_t> p1time, p2time, p1inc, p2inc;
    std::optional<int64_t> movestogo;
    std::optional<int64_t> movetime;
    std::optional<int64_t> depth;
    std::optional<int64_t> nodes;
    bool infinite = false;

    [[nodiscard]] bool has_clock() const noexcept { return p1time.has_value() || p2time.has_value(); }
    [[nodiscard]] bool unlimited() const noexcept {
        return !has_clock() && !movetime && !depth && !nodes;
    }
};

// A line that is not a valid command, with the reason.
struct Invalid {
    std::string message;
};

using Command = std::variant<Empty, Ugi, SetOption, IsReady, NewGame, Position, Go, Stop, Quit, Invalid>;

namespace detail {

inline bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits on runs of blanks (space, tab); a trailing '\r' or '\n' counts as blank.
inline std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

inline std::string join(const std::vector<std::string_view> &words, size_t begin, size_t end) {
    std::string out;
    for (size_t i = begin; i < end; ++i) {
        if (i > begin) out += ' ';
        out += words[i];
    }
    return out;
}

// Quotes text for a message, cutting it so that junk input cannot produce
// huge error lines.
inline std::string quote(std::string_view text) {
    constexpr size_t kMax = 60;
    std::string out = "'";
    out += text.substr(0, kMax);
    if (text.size() > kMax) out += "...";
    out += "'";
    return out;
}

inline std::optional<int64_t> parse_int(std::string_view text) {
    if (text.empty()) return std::nullopt;
    const char *first = text.data();
    const char *last = text.data() + text.size();
    if (*first == '+') return std::nullopt;  // from_chars refuses it anyway; be explicit
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || ptr != last) return std::nullopt;
    return value;
}

inline Command parse_setoption(const std::vector<std::string_view> &w) {
    if (w.size() < 2 || w[1] != "name") return Invalid{"setoption: expected 'setoption name <name> [value <value>]'"};
    size_t value_at = w.size();
    for (size_t i = 2; i < w.size(); ++i)
        if (w[i] == "value") {
            value_at = i;
            break;
        }
    if (value_at == 2) return Invalid{"setoption: the option name is missing"};
    SetOption out;
    out.name = join(w, 2, value_at);
    if (value_at < w.size()) out.value = join(w, value_at + 1, w.size());
    return out;
}

inline Command parse_position(const std::vector<std::string_view> &w) {
    if (w.size() < 2) return Invalid{"position: expected 'startpos' or 'fen <position>'"};
    Position out;
    size_t i = 2;
    if (w[1] == "startpos") {
        out.startpos = true;
    } else if (w[1] == "fen") {
        out.startpos = false;
        while (i < w.size() && w[i] != "moves") ++i;
        if (i == 2) return Invalid{"position fen: the position string is missing"};
        out.fen = join(w, 2, i);
    } else {
        return Invalid{"position: expected 'startpos' or 'fen', got " + quote(w[1])};
    }
    if (i < w.size()) {
        if (w[i] != "moves") return Invalid{"position: expected 'moves' after startpos, got " + quote(w[i])};
        for (++i; i < w.size(); ++i) out.moves.emplace_back(w[i]);
    }
    return out;
}

inline Command parse_go(const std::vector<std::string_view> &w) {
    Go out;
    for (size_t i = 1; i < w.size(); ++i) {
        std::string_view key = w[i];
        if (key == "infinite") {
            if (out.infinite) return Invalid{"go: 'infinite' given twice"};
            out.infinite = true;
            continue;
        }
        std::optional<int64_t> *slot = nullptr;
        int64_t min_value = 0;
        if (key == "p1time") slot = &out.p1time, min_value = INT64_MIN;
        else if (key == "p2time") slot = &out.p2time, min_value = INT64_MIN;
        else if (key == "p1inc") slot = &out.p1inc;
        else if (key == "p2inc") slot = &out.p2inc;
        else if (key == "movestogo") slot = &out.movestogo, min_value = 1;
        else if (key == "movetime") slot = &out.movetime;
        else if (key == "depth") slot = &out.depth, min_value = 1;
        else if (key == "nodes") slot = &out.nodes, min_value = 1;
        else return Invalid{"go: unknown parameter " + quote(key)};
        if (slot->has_value()) return Invalid{"go: " + quote(key) + " given twice"};
        if (i + 1 >= w.size()) return Invalid{"go: " + quote(key) + " needs a number"};
        std::optional<int64_t> value = parse_int(w[++i]);
        if (!value) return Invalid{"go: " + quote(key) + " needs an integer, got " + quote(w[i])};
        if (*value < min_value)
            return Invalid{"go: " + quote(key) + " must be at least " + std::to_string(min_value) + ", got " +
                           quote(w[i])};
        *slot = value;
    }
    return out;
}

}  // namespace detail

// Reads one line (without or with its '\n'; a trailing '\r' is ignored).
// Command words are case-sensitive, as in UCI.
inline Command parse_command(std::string_view line) {
    std::vector<std::string_view> w = detail::split_words(line);
    if (w.empty()) return Empty{};
    std::string_view head = w[0];
    auto no_arguments = [&](Command command) -> Command {
        if (w.size() > 1) return Invalid{std::string(head) + ": unexpected text " + detail::quote(w[1])};
        return command;
    };
    if (head == "ugi") return no_arguments(Ugi{});
    if (head == "isready") return no_arguments(IsReady{});
    if (head == "uginewgame") return no_arguments(NewGame{});
    if (head == "stop") return no_arguments(Stop{});
    if (head == "quit") return no_arguments(Quit{});
    if (head == "setoption") return detail::parse_setoption(w);
    if (head == "position") return detail::parse_position(w);
    if (head == "go") return detail::parse_go(w);
    return Invalid{"unknown command " + detail::quote(head)};
}

}  // namespace arb::ugi
