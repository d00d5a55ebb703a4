// The commands a host sends to an engine, in every dialect of the UCI family
// (dialect.hpp): value types, one parser and one formatter. The host (arbiter),
// the SDK's engine loop (arbiter/ugi/engine_loop.hpp), the reference and mock
// engines and the protocol adapters all read and write commands here, so the
// rules below hold for every one of them. Header-only, C++20, no dependencies.
//
// Rules:
//   - words are separated by runs of blanks (space, tab); a trailing '\r' or
//     '\n' is a blank; command words are case-sensitive, as in UCI;
//   - the handshake word of any dialect ("ugi", "uci", "uai", "usi") is
//     understood whatever the dialect, so an engine can learn the dialect
//     from it; every other command word is the dialect's own;
//   - a number is read by numbers.hpp (no '+', no hex, range checked);
//   - an unknown word in "go" is ignored, as UCI asks, and kept in
//     Go::ignored so that the reader can log it; a known word with a bad or
//     missing number, or given twice, makes the line Invalid;
//   - parse_command never throws on bad input: a line it cannot read becomes
//     Invalid{message}, the message naming the offending text.
#pragma once

#include <arbiter/protocol/dialect.hpp>
#include <arbiter/protocol/numbers.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace arb::protocol {

struct Empty {};        // a blank line (ignored by engines)
struct IsReady {};      // "isready": answer "readyok"
struct NewGame {};      // "uginewgame", "ucinewgame", ...
struct Stop {};         // "stop": end the search now, still answer "bestmove"
struct Quit {};         // "quit": exit

// "ugi", "uci", "uai" or "usi": identify, declare options, answer "<word>ok".
struct Handshake {
    Dialect dialect = Dialect::Ugi;
};

// "setoption name <name> [value <value>]", the same in every dialect. The
// name and value may contain spaces (kept single-spaced); a missing "value"
// part leaves value empty.
struct SetOption {
    std::string name;
    std::optional<std::string> value;
};

// "position startpos|fen <position> [moves <m1> <m2> ...]" ("sfen" in USI).
// `fen` is empty for startpos; its words are joined by single spaces.
struct Position {
    bool startpos = true;
    std::string fen;
    std::vector<std::string> moves;
};

// "go ...". p1 is side 0 (the side that moves first), p2 side 1, whatever
// the dialect calls them (dialect.hpp). Times are milliseconds. Clock times
// may be negative (a host may report an overrun); every other number must be
// >= 0 (movestogo, depth and nodes >= 1). A bare "go" or "go infinite" sets
// no limit: search until "stop". USI has no movetime: "byoyomi N" with no
// remaining time (or 0 on both clocks) is read as movetime N, and movetime N
// is written as "btime 0 wtime 0 byoyomi N". Beside a clock, "byoyomi N" is
// shogi's byoyomi: once the clock is spent each move may take N more, not
// banked. The dialects without the word are written what is the same to a
// Fischer engine: each clock plus N, and N as both increments (a move may
// take the clock plus N, and gets N back).
struct Go {
    std::optional<int64_t> p1time, p2time, p1inc, p2inc;
    std::optional<int64_t> movestogo;
    std::optional<int64_t> movetime;
    std::optional<int64_t> byoyomi;  // beside p1time/p2time
    std::optional<int64_t> depth;
    std::optional<int64_t> nodes;
    bool infinite = false;
    std::vector<std::string> ignored;  // unknown words (and what followed them), in order

    [[nodiscard]] bool has_clock() const noexcept { return p1time.has_value() || p2time.has_value(); }
    [[nodiscard]] bool unlimited() const noexcept { return !has_clock() && !movetime && !depth && !nodes; }
};

// USI's "gameover win|lose|draw": the game just played is over, and this is
// its result for the engine that reads it. No other dialect has it.
struct GameOver {
    enum class Result { Win, Lose, Draw };
    Result result = Result::Draw;
};

inline constexpr std::string_view game_over_word(GameOver::Result result) noexcept {
    switch (result) {
    case GameOver::Result::Win: return "win";
    case GameOver::Result::Lose: return "lose";
    case GameOver::Result::Draw: break;
    }
    return "draw";
}

// A line that is not a valid command, with the reason.
struct Invalid {
    std::string message;
};

using Command = std::variant<Empty, Handshake, SetOption, IsReady, NewGame, Position, Go, Stop, Quit, GameOver, Invalid>;

namespace detail {

inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits off the next word; empty at the end.
inline std::string_view next_word(std::string_view &rest) noexcept {
    size_t i = 0;
    while (i < rest.size() && is_blank(rest[i])) ++i;
    size_t j = i;
    while (j < rest.size() && !is_blank(rest[j])) ++j;
    std::string_view word = rest.substr(i, j - i);
    rest.remove_prefix(j);
    return word;
}

inline std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    for (std::string_view w = next_word(line); !w.empty(); w = next_word(line)) words.push_back(w);
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

// Quotes text for a message, cut so that junk input cannot make huge lines.
inline std::string quote(std::string_view text) {
    constexpr size_t kMax = 60;
    std::string out = "'";
    out += text.substr(0, kMax);
    if (text.size() > kMax) out += "...";
    out += "'";
    return out;
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

inline Command parse_position(const std::vector<std::string_view> &w, Dialect dialect) {
    const std::string_view fen_word = words(dialect).fen;
    if (w.size() < 2)
        return Invalid{"position: expected 'startpos' or '" + std::string(fen_word) + " <position>'"};
    Position out;
    size_t i = 2;
    if (w[1] == "startpos") {
        out.startpos = true;
    } else if (w[1] == fen_word) {
        out.startpos = false;
        while (i < w.size() && w[i] != "moves") ++i;
        if (i == 2) return Invalid{"position " + std::string(fen_word) + ": the position string is missing"};
        out.fen = join(w, 2, i);
    } else {
        return Invalid{"position: expected 'startpos' or '" + std::string(fen_word) + "', got " + quote(w[1])};
    }
    if (i < w.size()) {
        if (w[i] != "moves") return Invalid{"position: expected 'moves' after startpos, got " + quote(w[i])};
        for (++i; i < w.size(); ++i) out.moves.emplace_back(w[i]);
    }
    return out;
}

inline Command parse_go(const std::vector<std::string_view> &w, Dialect dialect) {
    const DialectWords names = words(dialect);
    Go out;
    std::optional<int64_t> byoyomi;
    for (size_t i = 1; i < w.size(); ++i) {
        std::string_view key = w[i];
        if (key == "infinite") {
            if (out.infinite) return Invalid{"go: 'infinite' given twice"};
            out.infinite = true;
            continue;
        }
        std::optional<int64_t> *slot = nullptr;
        int64_t min_value = 0;
        if (key == names.time[0]) slot = &out.p1time, min_value = INT64_MIN;
        else if (key == names.time[1]) slot = &out.p2time, min_value = INT64_MIN;
        else if (key == names.inc[0]) slot = &out.p1inc;
        else if (key == names.inc[1]) slot = &out.p2inc;
        else if (key == "movestogo") slot = &out.movestogo, min_value = 1;
        else if (key == "movetime" && dialect != Dialect::Usi) slot = &out.movetime;
        else if (key == "byoyomi" && dialect == Dialect::Usi) slot = &byoyomi;
        else if (key == "depth") slot = &out.depth, min_value = 1;
        else if (key == "nodes") slot = &out.nodes, min_value = 1;
        if (slot == nullptr) {
            out.ignored.emplace_back(key);  // e.g. "ponder", "searchmoves", a newer host's word
            continue;
        }
        if (slot->has_value()) return Invalid{"go: " + quote(key) + " given twice"};
        if (i + 1 >= w.size()) return Invalid{"go: " + quote(key) + " needs a number"};
        std::optional<int64_t> value = parse_integer<int64_t>(w[++i]);
        if (!value) return Invalid{"go: " + quote(key) + " needs an integer, got " + quote(w[i])};
        if (*value < min_value)
            return Invalid{"go: " + quote(key) + " must be at least " + std::to_string(min_value) + ", got " +
                           quote(w[i])};
        *slot = value;
    }
    if (byoyomi == 0 && out.has_clock()) {
        byoyomi.reset();  // "byoyomi 0" beside a clock: the clock alone
    }
    if (byoyomi) {
        // USI's fixed time per move: no clock left (or none given), byoyomi only.
        const bool no_clock = out.p1time.value_or(0) == 0 && out.p2time.value_or(0) == 0 && !out.p1inc && !out.p2inc;
        if (no_clock) {
            out.p1time.reset();
            out.p2time.reset();
            out.movetime = byoyomi;
        } else {
            out.byoyomi = byoyomi;
        }
    }
    return out;
}

inline Command parse_game_over(const std::vector<std::string_view> &w) {
    if (w.size() == 2)
        for (auto result : {GameOver::Result::Win, GameOver::Result::Lose, GameOver::Result::Draw})
            if (w[1] == game_over_word(result)) return GameOver{result};
    return Invalid{"gameover: expected 'gameover win', 'gameover lose' or 'gameover draw'"};
}

inline void append_number(std::string &out, int64_t value) { out += std::to_string(value); }

inline void append_field(std::string &out, std::string_view key, int64_t value) {
    out += ' ';
    out += key;
    out += ' ';
    append_number(out, value);
}

}  // namespace detail

// Reads one line (without or with its '\n') in `dialect` (see the rules at
// the top of this file).
inline Command parse_command(std::string_view line, Dialect dialect) {
    std::vector<std::string_view> w = detail::split_words(line);
    if (w.empty()) return Empty{};
    std::string_view head = w[0];
    auto no_arguments = [&](Command command) -> Command {
        if (w.size() > 1) return Invalid{std::string(head) + ": unexpected text " + detail::quote(w[1])};
        return command;
    };
    if (auto handshake = uci_family_named(head)) return no_arguments(Handshake{*handshake});
    if (head == "isready") return no_arguments(IsReady{});
    if (head == words(dialect).new_game) return no_arguments(NewGame{});
    if (head == "stop") return no_arguments(Stop{});
    if (head == "quit") return no_arguments(Quit{});
    if (head == "setoption") return detail::parse_setoption(w);
    if (head == "position") return detail::parse_position(w, dialect);
    if (head == "go") return detail::parse_go(w, dialect);
    if (head == "gameover" && dialect == Dialect::Usi) return detail::parse_game_over(w);
    return Invalid{"unknown command " + detail::quote(head)};
}

// Appends "position ..." (without '\n') in `dialect`. An empty move list
// writes no "moves".
inline void append_position(std::string &out, const Position &position, Dialect dialect) {
    out += "position ";
    if (position.startpos) {
        out += "startpos";
    } else {
        out += words(dialect).fen;
        out += ' ';
        out += position.fen;
    }
    if (!position.moves.empty()) {
        out += " moves";
        for (const auto &move : position.moves) {
            out += ' ';
            out += move;
        }
    }
}

// Appends "go ..." (without '\n') in `dialect`: the clock words in the
// dialect's order (side 0 first), then byoyomi (USI; the others get it as
// Fischer, see Go), movestogo, movetime (USI: byoyomi), depth, nodes,
// infinite. Go::ignored is not written.
inline void append_go(std::string &out, const Go &go, Dialect dialect) {
    const DialectWords names = words(dialect);
    const bool as_fischer = go.byoyomi && dialect != Dialect::Usi;
    const int64_t added = as_fischer ? *go.byoyomi : 0;
    out += "go";
    if (go.p1time) detail::append_field(out, names.time[0], *go.p1time + added);
    if (go.p2time) detail::append_field(out, names.time[1], *go.p2time + added);
    // USI's clock without an increment is "byoyomi 0", as shogi GUIs send it:
    // engines of USI's first form (gpsusi) know no binc/winc and stop at them.
    const bool usi_plain_clock = dialect == Dialect::Usi && go.has_clock() && !go.byoyomi && !go.movetime &&
                                 go.p1inc.value_or(0) == 0 && go.p2inc.value_or(0) == 0;
    if (as_fischer) {
        detail::append_field(out, names.inc[0], added);
        detail::append_field(out, names.inc[1], added);
    } else if (!usi_plain_clock) {
        if (go.p1inc) detail::append_field(out, names.inc[0], *go.p1inc);
        if (go.p2inc) detail::append_field(out, names.inc[1], *go.p2inc);
    }
    if (go.byoyomi && !as_fischer) detail::append_field(out, "byoyomi", *go.byoyomi);
    if (usi_plain_clock) detail::append_field(out, "byoyomi", 0);
    if (go.movestogo) detail::append_field(out, "movestogo", *go.movestogo);
    if (go.movetime) {
        if (dialect == Dialect::Usi) {
            if (!go.has_clock()) {
                detail::append_field(out, names.time[0], 0);
                detail::append_field(out, names.time[1], 0);
            }
            detail::append_field(out, "byoyomi", *go.movetime);
        } else {
            detail::append_field(out, "movetime", *go.movetime);
        }
    }
    if (go.depth) detail::append_field(out, "depth", *go.depth);
    if (go.nodes) detail::append_field(out, "nodes", *go.nodes);
    if (go.infinite) out += " infinite";
}

// The line (without '\n') for any command but Empty and Invalid (those give "").
inline std::string format_command(const Command &command, Dialect dialect) {
    std::string out;
    std::visit(
        [&](const auto &c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, Handshake>) out = words(c.dialect).name;
            else if constexpr (std::is_same_v<T, IsReady>) out = "isready";
            else if constexpr (std::is_same_v<T, NewGame>) out = words(dialect).new_game;
            else if constexpr (std::is_same_v<T, Stop>) out = "stop";
            else if constexpr (std::is_same_v<T, Quit>) out = "quit";
            else if constexpr (std::is_same_v<T, SetOption>) {
                out = "setoption name " + c.name;
                if (c.value) out += " value " + *c.value;
            } else if constexpr (std::is_same_v<T, Position>) append_position(out, c, dialect);
            else if constexpr (std::is_same_v<T, Go>) append_go(out, c, dialect);
            else if constexpr (std::is_same_v<T, GameOver>) out = "gameover " + std::string(game_over_word(c.result));
        },
        command);
    return out;
}

}  // namespace arb::protocol
