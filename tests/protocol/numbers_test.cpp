// The one set of number parsers (arbiter/protocol/numbers.hpp): what each
// accepts and refuses, from the rules written in its header.
#include <arbiter/protocol/numbers.hpp>

#include <catch2/catch.hpp>

#include <clocale>
#include <cstdint>
#include <optional>

using arb::protocol::parse_decimal;
using arb::protocol::parse_integer;

TEST_CASE("integers: digits and one '-', nothing else", "[protocol][numbers]") {
    CHECK(parse_integer<int>("0") == 0);
    CHECK(parse_integer<int>("42") == 42);
    CHECK(parse_integer<int>("-7") == -7);
    CHECK(parse_integer<int64_t>("9223372036854775807") == INT64_MAX);
    CHECK(parse_integer<int64_t>("-9223372036854775808") == INT64_MIN);
    for (const char *bad : {"", "+5", " 5", "5 ", "0x10", "1e3", "1.0", "--1", "-", "5a", "１"}) {
        INFO(bad);
        CHECK_FALSE(parse_integer<int>(bad).has_value());
    }
}

TEST_CASE("integers: out of the type's range or the bounds is a refusal", "[protocol][numbers]") {
    CHECK_FALSE(parse_integer<int>("2147483648").has_value());     // INT_MAX + 1
    CHECK_FALSE(parse_integer<int64_t>("9223372036854775808").has_value());
    CHECK_FALSE(parse_integer<uint32_t>("-1").has_value());        // no wrap to 4294967295
    CHECK(parse_integer<uint32_t>("4294967295") == 4294967295u);
    CHECK(parse_integer<int>("5", 1, 10) == 5);
    CHECK_FALSE(parse_integer<int>("0", 1, 10).has_value());
    CHECK_FALSE(parse_integer<int>("11", 1, 10).has_value());
}

TEST_CASE("decimals: digits[.digits], no exponent, no inf or nan, no locale", "[protocol][numbers]") {
    CHECK(parse_decimal("60") == 60.0);
    CHECK(parse_decimal("0.5") == 0.5);
    CHECK(parse_decimal("-1.25") == -1.25);
    for (const char *bad : {"", "+1", ".5", "5.", "1e3", "inf", "nan", "0x1p3", "1,5", " 1", "1 ", "1.2.3"}) {
        INFO(bad);
        CHECK_FALSE(parse_decimal(bad).has_value());
    }
    // A comma-decimal locale changes nothing (strtod would read "1,5" there).
    if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") != nullptr) {
        CHECK(parse_decimal("1.5") == 1.5);
        CHECK_FALSE(parse_decimal("1,5").has_value());
        std::setlocale(LC_NUMERIC, "C");
    }
    CHECK(parse_decimal("0.05", 0.0, 1.0) == 0.05);
    CHECK_FALSE(parse_decimal("1.5", 0.0, 1.0).has_value());
}
