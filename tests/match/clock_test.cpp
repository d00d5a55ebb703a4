#include "match/clock.hpp"

#include <catch2/catch.hpp>

using arb::match::Clock;
using arb::core::TimeControl;
using std::chrono::milliseconds;

namespace {
TimeControl tc(const char *text) {
    auto parsed = TimeControl::parse(text);
    REQUIRE(parsed);
    return *parsed;
}
}  // namespace

TEST_CASE("a clock takes the time used and adds the increment", "[clock]") {
    Clock clock(tc("10+0.1"), milliseconds(50));
    CHECK(clock.remaining() == milliseconds(10000));
    CHECK(clock.allowance() == milliseconds(10050));
    CHECK_FALSE(clock.moves_to_go());
    REQUIRE(clock.charge(milliseconds(1500)));
    CHECK(clock.remaining() == milliseconds(8600));
    CHECK(clock.moves_made() == 1);
}

TEST_CASE("using more than the clock plus the margin loses, within the margin does not", "[clock]") {
    Clock clock(tc("1+0"), milliseconds(100));
    CHECK_FALSE(clock.charge(milliseconds(1101)));
    CHECK(clock.remaining() == milliseconds(1000));  // unchanged after a loss
    CHECK(clock.moves_made() == 0);
    REQUIRE(clock.charge(milliseconds(1100)));  // inside the margin: the clock stops at zero
    CHECK(clock.remaining() == milliseconds(0));
}

TEST_CASE("moves/base controls count down and add the base at each boundary", "[clock]") {
    Clock clock(tc("3/1+0.5"), milliseconds(0));
    CHECK(clock.moves_to_go() == 3);
    REQUIRE(clock.charge(milliseconds(200)));  // 1000-200+500
    CHECK(clock.remaining() == milliseconds(1300));
    CHECK(clock.moves_to_go() == 2);
    REQUIRE(clock.charge(milliseconds(300)));
    CHECK(clock.remaining() == milliseconds(1500));
    CHECK(clock.moves_to_go() == 1);
    REQUIRE(clock.charge(milliseconds(1000)));  // 1500-1000+500, then +1000 for the next 3 moves
    CHECK(clock.remaining() == milliseconds(2000));
    CHECK(clock.moves_to_go() == 3);
}

TEST_CASE("fixed limits allow the move time plus margin, or the untimed limit", "[clock]") {
    Clock movetime(tc("movetime=0.5"), milliseconds(100));
    CHECK(movetime.allowance() == milliseconds(600));
    CHECK(movetime.charge(milliseconds(600)));
    CHECK_FALSE(movetime.charge(milliseconds(601)));
    CHECK(movetime.remaining() == milliseconds(0));

    Clock depth(tc("depth=4,limit=2"), milliseconds(100));
    CHECK(depth.allowance() == milliseconds(2000));
    CHECK(depth.charge(milliseconds(1999)));
    CHECK_FALSE(depth.charge(milliseconds(2001)));
}

TEST_CASE("a clock or move time with a depth or node cap still runs and still loses on time", "[clock]") {
    // 2+0.5 with a node cap: the same figures as the bare clock (hand count below).
    Clock capped(tc("2+0.5,nodes=5000"), milliseconds(100));
    CHECK(capped.remaining() == milliseconds(2000));
    CHECK(capped.allowance() == milliseconds(2100));  // 2000 + margin 100, not the 60 s untimed limit
    REQUIRE(capped.charge(milliseconds(1500)));       // 2000-1500+500
    CHECK(capped.remaining() == milliseconds(1000));
    CHECK_FALSE(capped.charge(milliseconds(1101)));   // past 1000 + 100: a loss on time
    CHECK(capped.remaining() == milliseconds(1000));

    // 3 moves per 1 s with a depth cap: moves to go are counted as without it.
    Clock moves(tc("3/1,depth=8"), milliseconds(0));
    CHECK(moves.moves_to_go() == 3);

    Clock movetime(tc("movetime=0.5,depth=8,nodes=100"), milliseconds(100));
    CHECK(movetime.allowance() == milliseconds(600));
    CHECK_FALSE(movetime.charge(milliseconds(601)));
}
