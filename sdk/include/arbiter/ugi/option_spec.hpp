// An option an engine declares in answer to "ugi" (the UCI option types),
// how it is written on the "option" line, and how a setoption value is
// checked against it. Header-only, C++20.
#pragma once

#include <charconv>
#include <arbiter/protocol/numbers.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace arb::ugi {

struct OptionSpec {
    enum class Type { Check, Spin, Combo, String, Button };

    std::string name;           // may not contain the words "type" or "value"
    Type type = Type::String;
    std::string default_value;  // Check: "true"/"false"; Spin: a number
    int64_t min_value = 0;      // Spin only
    int64_t max_value = 0;      // Spin only
    std::vector<std::string> choices;  // Combo only

    static OptionSpec check(std::string name, bool default_value) {
        return {std::move(name), Type::Check, default_value ? "true" : "false", 0, 0, {}};
    }
    static OptionSpec spin(std::string name, int64_t default_value, int64_t min_value, int64_t max_value) {
        return {std::move(name), Type::Spin, std::to_string(default_value), min_value, max_value, {}};
    }
    static OptionSpec combo(std::string name, std::string default_value, std::vector<std::string> choices) {
        return {std::move(name), Type::Combo, std::move(default_value), 0, 0, std::move(choices)};
    }
    static OptionSpec string(std::string name, std::string default_value) {
        return {std::move(name), Type::String, std::move(default_value), 0, 0, {}};
    }
    static OptionSpec button(std::string name) { return {std::move(name), Type::Button, {}, 0, 0, {}}; }

    // The declaration, e.g. "option name seed type spin default 1 min 0 max 2147483647".
    // An empty string default is written "<empty>", as UCI engines do.
    [[nodiscard]] std::string line() const {
        std::string out = "option name " + name + " type ";
        switch (type) {
        case Type::Check: out += "check default " + default_value; break;
        case Type::Spin:
            out += "spin default " + default_value + " min " + std::to_string(min_value) + " max " +
                   std::to_string(max_value);
            break;
        case Type::Combo:
            out += "combo default " + default_value;
            for (const auto &c : choices) out += " var " + c;
            break;
        case Type::String: out += "string default " + (default_value.empty() ? std::string("<empty>") : default_value); break;
        case Type::Button: out += "button"; break;
        }
        return out;
    }

    // Empty when `value` is acceptable, else the reason (naming the value).
    [[nodiscard]] std::string check_value(std::string_view value) const {
        auto bad = [&](std::string_view why) {
            return "option '" + name + "': " + std::string(why) + ", got '" + std::string(value) + "'";
        };
        switch (type) {
        case Type::Check:
            if (value != "true" && value != "false") return bad("expected true or false");
            return {};
        case Type::Spin: {
            auto parsed = protocol::parse_integer<int64_t>(value);
            if (!parsed) return bad("expected an integer");
            const int64_t v = *parsed;
            if (v < min_value || v > max_value)
                return bad("expected " + std::to_string(min_value) + ".." + std::to_string(max_value));
            return {};
        }
        case Type::Combo:
            for (const auto &c : choices)
                if (c == value) return {};
            {
                std::string list;
                for (const auto &c : choices) list += (list.empty() ? "" : ", ") + c;
                return bad("expected one of " + list);
            }
        case Type::String: return {};
        case Type::Button:
            if (!value.empty()) return bad("a button takes no value");
            return {};
        }
        return {};
    }
};

// UCI option names compare without regard to ASCII case.
inline bool same_option_name(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

}  // namespace arb::ugi
