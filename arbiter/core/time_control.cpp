#include "core/time_control.hpp"

#include "core/quote.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

namespace arb::core {
namespace {

using std::chrono::milliseconds;

// Seconds with optional decimals ("0.5", "60", "1.25") to milliseconds.
bool parse_seconds(std::string_view text, milliseconds &out) {
    auto seconds = protocol::parse_decimal(text, 0.0, 1e9);
    if (!seconds || text.front() == '-') return false;  // "-0" too
    out = milliseconds(std::llround(*seconds * 1000.0));
    return true;
}

bool parse_count(std::string_view text, int64_t &out) {
    auto value = protocol::parse_integer<int64_t>(text, 0, INT64_MAX);
    if (!value) return false;
    out = *value;
    return true;
}

Unexpected<Error> bad(const std::string &text, const std::string &why) {
    return fail("time control " + quote(text) + ": " + why +
                " (expected [moves/]base[+inc] in seconds, base with byoyomi=S, or movetime=S, and/or depth=N and "
                "nodes=N, joined by commas; limit=S with depth or nodes alone)");
}

// A clock part: [moves/]base[+inc].
std::optional<std::string> parse_clock(std::string_view t, TimeControl &tc) {
    tc.kind = TimeControl::Kind::Clock;
    if (size_t slash = t.find('/'); slash != std::string_view::npos) {
        int64_t moves = 0;
        std::string_view m = t.substr(0, slash);
        if (!parse_count(m, moves) || moves <= 0 || moves > 100000)
            return "moves " + quote(m) + " is not a positive whole number";
        tc.moves = static_cast<int>(moves);
        t = t.substr(slash + 1);
    }
    std::string_view base = t, inc;
    if (size_t plus = t.find('+'); plus != std::string_view::npos) {
        base = t.substr(0, plus);
        inc = t.substr(plus + 1);
        if (!parse_seconds(inc, tc.increment)) return "increment " + quote(inc) + " is not a number of seconds";
    } else {
        tc.increment = milliseconds(0);
    }
    if (!parse_seconds(base, tc.base) || tc.base.count() <= 0)
        return "base time " + quote(base) + " is not a positive number of seconds";
    return std::nullopt;
}

}  // namespace

std::string format_seconds(milliseconds ms) {
    auto count = ms.count();
    std::string out = std::to_string(count / 1000);
    if (auto frac = count % 1000; frac != 0) {
        char digits[4] = {static_cast<char>('0' + frac / 100), static_cast<char>('0' + frac / 10 % 10),
                          static_cast<char>('0' + frac % 10), '\0'};
        std::string f = digits;
        f.erase(f.find_last_not_of('0') + 1);
        out += "." + f;
    }
    return out;
}

Expected<TimeControl> TimeControl::parse(const std::string &text) {
    TimeControl tc;
    if (text.empty()) return bad(text, "empty");

    std::string_view time_part, limit_part, byoyomi_part;  // as written, for the messages
    bool has_limit = false;
    std::string_view rest = text;
    while (true) {
        const size_t comma = rest.find(',');
        const std::string_view part = rest.substr(0, comma);
        if (part.empty()) return bad(text, "an empty part (a comma too many?)");
        const size_t eq = part.find('=');
        const std::string_view key = eq == std::string_view::npos ? std::string_view() : part.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? part : part.substr(eq + 1);
        if (eq == std::string_view::npos || key == "movetime") {
            if (!time_part.empty())
                return bad(text, "two time parts, " + quote(time_part) + " and " + quote(part) + "; give one");
            time_part = part;
            if (eq == std::string_view::npos) {
                if (auto why = parse_clock(part, tc)) return bad(text, *why);
            } else {
                tc.kind = Kind::MoveTime;
                if (!parse_seconds(value, tc.move_time) || tc.move_time.count() <= 0)
                    return bad(text, "move time " + quote(value) + " is not a positive number of seconds");
            }
        } else if (key == "depth" || key == "nodes") {
            std::optional<int64_t> &cap = key == "depth" ? tc.depth : tc.nodes;
            if (cap) return bad(text, std::string(key) + " given twice");
            int64_t count = 0;
            if (!parse_count(value, count) || count <= 0)
                return bad(text, std::string(key) + " " + quote(value) + " is not a positive whole number");
            cap = count;
        } else if (key == "byoyomi") {
            if (!byoyomi_part.empty()) return bad(text, "byoyomi given twice");
            byoyomi_part = part;
            if (!parse_seconds(value, tc.byoyomi) || tc.byoyomi.count() <= 0)
                return bad(text, "byoyomi " + quote(value) + " is not a positive number of seconds");
        } else if (key == "limit") {
            if (has_limit) return bad(text, "limit given twice");
            has_limit = true;
            limit_part = part;
            if (!parse_seconds(value, tc.untimed_limit) || tc.untimed_limit.count() <= 0)
                return bad(text, "limit " + quote(value) + " is not a positive number of seconds");
        } else {
            return bad(text, "unknown key " + quote(key));
        }
        if (comma == std::string_view::npos) break;
        rest = rest.substr(comma + 1);
    }
    if (!byoyomi_part.empty()) {
        if (time_part.empty()) {  // byoyomi alone: no main time
            tc.kind = Kind::Clock;
            tc.base = milliseconds(0);
            tc.increment = milliseconds(0);
            time_part = byoyomi_part;
        } else if (tc.kind != Kind::Clock) {
            return bad(text, quote(byoyomi_part) + " is for a clock's main time; " + quote(time_part) +
                                 " already fixes each move's time");
        } else if (tc.increment.count() != 0) {
            return bad(text, quote(byoyomi_part) + " with an increment: give one of them (USI sends byoyomi or "
                                                   "binc/winc, never both)");
        } else if (tc.moves > 0) {
            return bad(text, quote(byoyomi_part) + " with moves/: after the main time every move has its byoyomi, "
                                                   "there is no next period");
        }
    }
    if (time_part.empty()) {
        if (!tc.has_caps()) return bad(text, quote(limit_part) + " needs depth=N or nodes=N");
        tc.kind = Kind::Untimed;
    } else if (has_limit) {
        return bad(text, quote(limit_part) + " is for depth or nodes alone; under " + quote(time_part) +
                             " the time part decides how long a move may take");
    }
    return tc;
}

std::string TimeControl::time_text() const {
    std::string out;
    switch (kind) {
    case Kind::Untimed: return to_string();
    case Kind::MoveTime: return "movetime=" + format_seconds(move_time);
    case Kind::Clock: break;
    }
    if (byoyomi.count() != 0) {
        if (base.count() != 0) out = format_seconds(base) + ",";
        return out + "byoyomi=" + format_seconds(byoyomi);
    }
    if (moves > 0) out = std::to_string(moves) + "/";
    out += format_seconds(base);
    if (increment.count() != 0) out += "+" + format_seconds(increment);
    return out;
}

std::string TimeControl::to_string() const {
    std::string out = kind == Kind::Untimed ? std::string() : time_text();
    auto part = [&](const std::string &p) { out += (out.empty() ? "" : ",") + p; };
    if (depth) part("depth=" + std::to_string(*depth));
    if (nodes) part("nodes=" + std::to_string(*nodes));
    if (kind == Kind::Untimed && untimed_limit != TimeControl{}.untimed_limit) part("limit=" + format_seconds(untimed_limit));
    return out;
}

}  // namespace arb::core
