// The one set of number parsers of the tree: engine protocol fields, the
// YAML config, command-line values and plugin options all read numbers here,
// so that "+5", " 5", "0x10", "1e3" or a value out of range mean the same
// thing (a refusal) everywhere. Header-only, C++17, no dependencies.
//
// Rules, for integers and decimals alike:
//   - the whole text is the number: no blanks before or after, nothing left;
//   - an optional '-' (for a signed type), never a '+';
//   - digits 0-9 only: no hex, no octal prefix, no digit separators;
//   - decimals are digits[.digits]: no exponent, no "inf" or "nan", no
//     leading or trailing '.';
//   - no locale: std::from_chars, so "1,5" is refused under any locale;
//   - out of the type's range (or of the caller's bounds) is a refusal, never
//     a wrap or a clamp.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace arb::protocol {

// The integer `text` spells, or nullopt (see the rules above).
template <class Int>
std::optional<Int> parse_integer(std::string_view text) noexcept {
    static_assert(std::is_integral_v<Int> && !std::is_same_v<Int, bool>, "an integer type");
    if (text.empty() || text.front() == '+') return std::nullopt;
    if constexpr (std::is_unsigned_v<Int>) {
        if (text.front() == '-') return std::nullopt;  // from_chars would refuse it too; say why here
    }
    Int value{};
    const char *last = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), last, value, 10);
    if (ec != std::errc() || ptr != last) return std::nullopt;
    return value;
}

// The same, and within [low, high].
template <class Int>
std::optional<Int> parse_integer(std::string_view text, Int low, Int high) noexcept {
    std::optional<Int> value = parse_integer<Int>(text);
    if (!value || *value < low || *value > high) return std::nullopt;
    return value;
}

// The decimal `text` spells ("60", "-0.5", "1.25"), or nullopt (see the
// rules above). Rationale for refusing exponents and "inf": every decimal in
// arbiter's inputs is a time, a rate or a bound a person writes by hand.
inline std::optional<double> parse_decimal(std::string_view text) noexcept {
    size_t i = 0;
    if (i < text.size() && text[i] == '-') ++i;
    const size_t int_start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == int_start) return std::nullopt;
    if (i < text.size() && text[i] == '.') {
        const size_t frac_start = ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
        if (i == frac_start) return std::nullopt;
    }
    if (i != text.size()) return std::nullopt;
    double value = 0;
    const char *last = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), last, value, std::chars_format::fixed);
    if (ec != std::errc() || ptr != last) return std::nullopt;
    return value;
}

// The same, and within [low, high].
inline std::optional<double> parse_decimal(std::string_view text, double low, double high) noexcept {
    std::optional<double> value = parse_decimal(text);
    if (!value || *value < low || *value > high) return std::nullopt;
    return value;
}

}  // namespace arb::protocol
