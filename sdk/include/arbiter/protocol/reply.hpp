// The lines an engine sends to its host, in every dialect of the UCI family:
// what the host reads of "info", "bestmove" and "option", and how a line
// betrays the dialect the engine speaks. Header-only, C++20; the other half
// of command.hpp.
#pragma once

#include <arbiter/protocol/command.hpp>
#include <arbiter/protocol/dialect.hpp>
#include <arbiter/protocol/numbers.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arb::protocol {

// The value a mate score is recorded as (with its sign; "mate 0" and a
// negative distance count as being mated).
inline constexpr int kMateScore = 100000;

// What the host reads of a search's "info" lines.
struct InfoFields {
    std::optional<int> score_cp;  // "score cp N"; "score mate N" as +-kMateScore
    std::optional<int> depth;
    std::optional<int64_t> nodes;
    std::optional<int> seldepth;  // "seldepth N": the selective search depth
    std::optional<int64_t> nps;   // "nps N": nodes per second
    // "score mate N": N as the engine wrote it, in moves (negative or 0: being
    // mated); unset for a cp score and for USI's "mate +" / "mate -", which
    // give no distance. score_cp holds +-kMateScore beside it.
    std::optional<int> mate;
};

// The first word of a line, e.g. "bestmove" or "info".
inline std::string_view first_word(std::string_view line) noexcept { return detail::next_word(line); }

// Updates `info` from one "info ..." line. Read in every dialect: depth N,
// seldepth N, nodes N, nps N, score cp N, score mate N; also, since public UAI engines print
// them, "score cs N" (centistones) and a bare "score N", both as cp; and
// USI's "score mate +" / "score mate -" (a mate, distance unknown). Fields
// the line does not give are left as they were; "string" and "pv" end the
// parse (what follows is free text or moves); a malformed number is skipped,
// and so is a negative depth, seldepth, nodes or nps (counts, never below 0).
// Only the principal line counts: a line with "multipv N" for an N other
// than 1 (a second-best line, with its own lower score) changes nothing.
inline void parse_info(std::string_view line, InfoFields &info) noexcept {
    std::string_view rest = line;
    if (detail::next_word(rest) != "info") return;
    constexpr auto kIntMax = std::numeric_limits<int>::max();
    constexpr auto kInt64Max = std::numeric_limits<int64_t>::max();
    InfoFields read = info;  // committed at the end, unless the line is not the principal one
    for (std::string_view key = detail::next_word(rest); !key.empty(); key = detail::next_word(rest)) {
        if (key == "string" || key == "pv") break;
        if (key == "multipv") {
            if (auto v = parse_integer<int>(detail::next_word(rest)); v && *v != 1) return;
        } else if (key == "depth") {
            if (auto v = parse_integer<int>(detail::next_word(rest), 0, kIntMax)) read.depth = *v;
        } else if (key == "seldepth") {
            if (auto v = parse_integer<int>(detail::next_word(rest), 0, kIntMax)) read.seldepth = *v;
        } else if (key == "nodes") {
            if (auto v = parse_integer<int64_t>(detail::next_word(rest), 0, kInt64Max)) read.nodes = *v;
        } else if (key == "nps") {
            if (auto v = parse_integer<int64_t>(detail::next_word(rest), 0, kInt64Max)) read.nps = *v;
        } else if (key == "score") {
            std::string_view kind = detail::next_word(rest);
            if (kind == "cp" || kind == "cs") {
                if (auto v = parse_integer<int>(detail::next_word(rest))) {
                    read.score_cp = *v;
                    read.mate.reset();
                }
            } else if (kind == "mate") {
                std::string_view n = detail::next_word(rest);
                std::optional<int> distance;
                if (n == "+" || n == "-") {
                    read.score_cp = n == "+" ? kMateScore : -kMateScore;
                    read.mate.reset();
                } else if (!n.empty() && n.front() == '+') {
                    distance = parse_integer<int>(n.substr(1));  // USI writes "+3"
                } else {
                    distance = parse_integer<int>(n);
                }
                if (distance) {
                    read.score_cp = *distance > 0 ? kMateScore : -kMateScore;
                    read.mate = *distance;
                }
            } else if (auto v = parse_integer<int>(kind)) {
                read.score_cp = *v;
                read.mate.reset();
            }
        }
    }
    info = read;
}

// What judging an 'info' line's principal variation needs (the arbiter's
// PV checks, docs/config.md "pv_checks"): its moves as sent, its mate
// distance, whether its score is only a bound, and whether it is the best
// line of a multi-PV search.
struct PvLine {
    bool scored = false;             // the line gives a "score"
    std::vector<std::string> moves;  // the words after "pv", up to the next key or the end
    std::optional<int> mate;         // "score mate N": N (a USI "+N" read as N)
    bool bound = false;              // "lowerbound" or "upperbound" after the score
    bool principal = true;           // no "multipv", or "multipv 1"
};

// Reads a search's "info" line for its PV (see PvLine); false for a line
// that is not "info" or is "info string ...". Words after
// "pv" are moves until a word that is an info key ("depth", "score", ...):
// some engines put "pv" before other fields.
inline bool parse_pv_line(std::string_view line, PvLine &out) {
    std::string_view rest = line;
    if (detail::next_word(rest) != "info") return false;
    out = PvLine{};
    auto is_key = [](std::string_view w) {
        for (std::string_view key : {"depth", "seldepth", "time", "nodes", "score", "multipv", "currmove", "currmovenumber",
                                     "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string", "refutation", "currline",
                                     "wdl", "pv"})
            if (w == key) return true;
        return false;
    };
    bool in_pv = false, first = true;
    for (std::string_view word = detail::next_word(rest); !word.empty(); word = detail::next_word(rest)) {
        if (in_pv && !is_key(word)) {
            out.moves.emplace_back(word);
            continue;
        }
        in_pv = false;
        if (word == "string") return !first;  // free text follows; "info string ..." is none of a search's lines
        first = false;
        if (word == "pv") {
            in_pv = true;
        } else if (word == "multipv") {
            if (auto v = parse_integer<int>(detail::next_word(rest))) out.principal = *v == 1;
        } else if (word == "score") {
            out.scored = true;
            std::string_view kind = detail::next_word(rest);
            if (kind == "mate") {
                std::string_view n = detail::next_word(rest);
                if (!n.empty() && n.front() == '+') n.remove_prefix(1);
                out.mate = parse_integer<int>(n);
            }
        } else if (word == "lowerbound" || word == "upperbound") {
            out.bound = true;
        }
    }
    return true;
}

// The move of a "bestmove <move> [ponder ...]" line; empty when no move follows.
inline std::string_view parse_bestmove(std::string_view line) noexcept {
    std::string_view rest = line;
    if (detail::next_word(rest) != "bestmove") return {};
    return detail::next_word(rest);
}

// The option name of an "option name <name> type <t> ..." line (names may
// contain spaces); empty when the line has no name.
inline std::string parse_option_name(std::string_view line) {
    std::string_view rest = line;
    if (detail::next_word(rest) != "option" || detail::next_word(rest) != "name") return {};
    std::string name;
    for (std::string_view w = detail::next_word(rest); !w.empty() && w != "type"; w = detail::next_word(rest)) {
        if (!name.empty()) name += ' ';
        name += w;
    }
    return name;
}

// The dialect a line of an engine's handshake answer belongs to, when it
// tells: "uaiok" is UAI's answer. Other lines (id, option, free text) say
// nothing.
inline std::optional<Dialect> dialect_of_answer(std::string_view line) noexcept {
    return dialect_answering(first_word(line));
}

}  // namespace arb::protocol
