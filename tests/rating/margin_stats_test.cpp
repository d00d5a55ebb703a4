// An engine's mean margin and its standard error, against hand calculations.
#include "rating/margin_stats.hpp"

#include <catch2/catch.hpp>

using arb::rating::summarize_margins;

TEST_CASE("mean margin with the standard error of the mean, by hand", "[rating][margin]") {
    // Othello margins 10, -4, 6, 0: mean 12/4 = 3; squared deviations 49 + 49 + 9 + 9 = 116;
    // sample variance 116/3 = 38.6667, s = 6.21825; standard error s / sqrt(4) = 3.10913.
    const auto s = summarize_margins({10, -4, 6, 0});
    CHECK(s.games == 4);
    CHECK(s.mean == Approx(3.0));
    REQUIRE(s.standard_error);
    CHECK(*s.standard_error == Approx(3.10913).margin(1e-5));
    // All equal: no spread, error 0.
    const auto even = summarize_margins({2, 2, 2});
    CHECK(even.mean == Approx(2.0));
    CHECK(*even.standard_error == Approx(0.0).margin(1e-12));
}

TEST_CASE("one game has a mean margin and no error, none has neither", "[rating][margin]") {
    const auto one = summarize_margins({-7});
    CHECK(one.games == 1);
    CHECK(one.mean == Approx(-7.0));
    CHECK_FALSE(one.standard_error);
    const auto none = summarize_margins({});
    CHECK(none.games == 0);
    CHECK_FALSE(none.standard_error);
}
