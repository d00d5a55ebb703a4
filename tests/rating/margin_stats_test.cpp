// An engine's mean margin and its standard error, against hand calculations.
#include "rating/margin_stats.hpp"
#include "rating/result_tally.hpp"

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

TEST_CASE("the running totals give the same summary, and the tally credits each side", "[rating][margin]") {
    arb::rating::MarginTotals totals;
    for (double m : {10, -4, 6, 0}) totals.add(m);
    CHECK(totals.summary().mean == Approx(3.0));
    CHECK(*totals.summary().standard_error == Approx(3.10913).margin(1e-5));
    // Engine 0 wins by 10 discs as side 0, then loses by 4 as side 1 (side 0's margin +4):
    // engine 0's margins +10 and -4 (mean 3), engine 1's -10 and +4 (mean -3); SE of both
    // sqrt(((7^2 + 7^2) / 1) / 2) = 7.
    arb::rating::ResultTally tally(2);
    tally.add({0, 1, 1.0, -1, 10.0});
    tally.add({1, 0, 1.0, -1, 4.0});
    tally.add({0, 1, 0.5, -1, std::nullopt});  // a game without a margin counts for the score only
    const auto &m = tally.counts().margins;
    REQUIRE(m.size() == 2);
    CHECK(m[0].summary().games == 2);
    CHECK(m[0].summary().mean == Approx(3.0));
    CHECK(*m[0].summary().standard_error == Approx(7.0));
    CHECK(m[1].summary().mean == Approx(-3.0));
    CHECK(*m[1].summary().standard_error == Approx(7.0));
}
