#include "core/time_control.hpp"

#include "core/quote.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <charconv>
#include <cmath>
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
                " (expected [moves/]base[+inc] in seconds, movetime=S, depth=N or nodes=N)");
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
    std::string_view t = text;
    TimeControl tc;
    if (t.empty()) return bad(text, "empty");

    if (size_t eq = t.find('='); eq != std::string_view::npos) {
        std::string_view key = t.substr(0, eq), value = t.substr(eq + 1);
        if (key == "movetime") {
            tc.kind = Kind::MoveTime;
            if (!parse_seconds(value, tc.move_time) || tc.move_time.count() <= 0)
                return bad(text, "move time " + quote(value) + " is not a positive number of seconds");
            return tc;
        }
        if (key != "depth" && key != "nodes") return bad(text, "unknown kind " + quote(key));
        tc.kind = key == "depth" ? Kind::Depth : Kind::Nodes;
        std::string_view limit;
        if (size_t comma = value.find(','); comma != std::string_view::npos) {
            limit = value.substr(comma + 1);
            value = value.substr(0, comma);
            if (limit.substr(0, 6) != "limit=") return bad(text, "expected ',limit=S' after the " + std::string(key));
            limit.remove_prefix(6);
            if (!parse_seconds(limit, tc.untimed_limit) || tc.untimed_limit.count() <= 0)
                return bad(text, "limit " + quote(limit) + " is not a positive number of seconds");
        }
        if (!parse_count(value, tc.depth_or_nodes) || tc.depth_or_nodes <= 0)
            return bad(text, std::string(key) + " " + quote(value) + " is not a positive whole number");
        return tc;
    }

    tc.kind = Kind::Clock;
    if (size_t slash = t.find('/'); slash != std::string_view::npos) {
        int64_t moves = 0;
        std::string_view m = t.substr(0, slash);
        if (!parse_count(m, moves) || moves <= 0 || moves > 100000)
            return bad(text, "moves " + quote(m) + " is not a positive whole number");
        tc.moves = static_cast<int>(moves);
        t = t.substr(slash + 1);
    }
    std::string_view base = t, inc;
    if (size_t plus = t.find('+'); plus != std::string_view::npos) {
        base = t.substr(0, plus);
        inc = t.substr(plus + 1);
        if (!parse_seconds(inc, tc.increment))
            return bad(text, "increment " + quote(inc) + " is not a number of seconds");
    } else {
        tc.increment = milliseconds(0);
    }
    if (!parse_seconds(base, tc.base) || tc.base.count() <= 0)
        return bad(text, "base time " + quote(base) + " is not a positive number of seconds");
    return tc;
}

std::string TimeControl::to_string() const {
    switch (kind) {
    case Kind::MoveTime:
        return "movetime=" + format_seconds(move_time);
    case Kind::Depth:
    case Kind::Nodes: {
        std::string out = (kind == Kind::Depth ? "depth=" : "nodes=") + std::to_string(depth_or_nodes);
        if (untimed_limit != TimeControl{}.untimed_limit) out += ",limit=" + format_seconds(untimed_limit);
        return out;
    }
    case Kind::Clock:
        break;
    }
    std::string out;
    if (moves > 0) out = std::to_string(moves) + "/";
    out += format_seconds(base);
    if (increment.count() != 0) out += "+" + format_seconds(increment);
    return out;
}

}  // namespace arb::core
