#include "core/time_control.hpp"

#include <catch2/catch.hpp>

using arb::core::TimeControl;
using std::chrono::milliseconds;

TEST_CASE("clock time controls parse moves, base and increment in seconds", "[time_control]") {
    auto tc = TimeControl::parse("40/60+0.6");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Clock);
    CHECK(tc->moves == 40);
    CHECK(tc->base == milliseconds(60000));
    CHECK(tc->increment == milliseconds(600));

    tc = TimeControl::parse("10+0.1");
    REQUIRE(tc);
    CHECK(tc->moves == 0);
    CHECK(tc->base == milliseconds(10000));
    CHECK(tc->increment == milliseconds(100));

    tc = TimeControl::parse("60");
    REQUIRE(tc);
    CHECK(tc->base == milliseconds(60000));
    CHECK(tc->increment == milliseconds(0));

    tc = TimeControl::parse("0.25+0.005");
    REQUIRE(tc);
    CHECK(tc->base == milliseconds(250));
    CHECK(tc->increment == milliseconds(5));
}

TEST_CASE("fixed limits parse movetime, depth and nodes", "[time_control]") {
    auto tc = TimeControl::parse("movetime=0.5");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::MoveTime);
    CHECK(tc->move_time == milliseconds(500));

    tc = TimeControl::parse("depth=6");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Untimed);
    CHECK(tc->depth == 6);
    CHECK_FALSE(tc->nodes);
    CHECK(tc->untimed_limit == milliseconds(60000));

    tc = TimeControl::parse("nodes=10000,limit=2.5");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Untimed);
    CHECK_FALSE(tc->depth);
    CHECK(tc->nodes == 10000);
    CHECK(tc->untimed_limit == milliseconds(2500));

    // The form written before caps could be combined keeps its meaning.
    tc = TimeControl::parse("depth=6,limit=30");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Untimed);
    CHECK(tc->depth == 6);
    CHECK(tc->untimed_limit == milliseconds(30000));
}

TEST_CASE("a clock or a move time combines with depth and node caps", "[time_control]") {
    auto tc = TimeControl::parse("10+0.1,nodes=5000");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Clock);
    CHECK(tc->base == milliseconds(10000));
    CHECK(tc->increment == milliseconds(100));
    CHECK(tc->nodes == 5000);
    CHECK_FALSE(tc->depth);
    CHECK(tc->time_text() == "10+0.1");

    tc = TimeControl::parse("movetime=0.5,depth=8");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::MoveTime);
    CHECK(tc->move_time == milliseconds(500));
    CHECK(tc->depth == 8);
    CHECK_FALSE(tc->nodes);
    CHECK(tc->time_text() == "movetime=0.5");

    tc = TimeControl::parse("depth=6,nodes=100000");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Untimed);
    CHECK(tc->depth == 6);
    CHECK(tc->nodes == 100000);
    CHECK(tc->untimed_limit == milliseconds(60000));
    CHECK(tc->time_text() == "depth=6,nodes=100000");  // no time part: the caps are the control

    // Both caps with a moves/base clock; parts in any order give the same value.
    tc = TimeControl::parse("nodes=20000,40/60+0.6,depth=12");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Clock);
    CHECK(tc->moves == 40);
    CHECK(tc->base == milliseconds(60000));
    CHECK(tc->increment == milliseconds(600));
    CHECK(tc->depth == 12);
    CHECK(tc->nodes == 20000);
    CHECK(tc->to_string() == "40/60+0.6,depth=12,nodes=20000");
    CHECK(*tc == *TimeControl::parse("40/60+0.6,depth=12,nodes=20000"));

    // Caps make a different control from the bare clock.
    CHECK_FALSE(*TimeControl::parse("10+0.1,nodes=5000") == *TimeControl::parse("10+0.1"));
    CHECK_FALSE(*TimeControl::parse("10+0.1,nodes=5000") == *TimeControl::parse("10+0.1,nodes=5001"));
}

TEST_CASE("to_string prints what parse reads back", "[time_control]") {
    for (const char *text : {"40/60+0.6", "10+0.1", "60", "0.25+0.005", "movetime=0.5", "depth=6", "nodes=10000",
                             "nodes=10000,limit=2.5", "1.234+1", "3/1.5", "depth=6,limit=30", "10+0.1,nodes=5000",
                             "movetime=0.5,depth=8", "depth=6,nodes=100000", "depth=6,nodes=100000,limit=2.5",
                             "40/60+0.6,depth=12,nodes=20000", "8+0.08,nodes=20000", "movetime=1,depth=10,nodes=1"}) {
        auto tc = TimeControl::parse(text);
        INFO(text);
        REQUIRE(tc);
        CHECK(tc->to_string() == text);
        auto again = TimeControl::parse(tc->to_string());
        REQUIRE(again);
        CHECK(*again == *tc);
    }
    TimeControl built;
    built.base = milliseconds(90000);
    built.increment = milliseconds(0);
    CHECK(built.to_string() == "90");
}

TEST_CASE("bad time controls are refused with the text named", "[time_control]") {
    struct Case {
        const char *text, *mentions;
    };
    for (auto c : {Case{"", "empty"}, Case{"abc", "base time 'abc'"}, Case{"10+x", "increment 'x'"},
                   Case{"0/10", "moves '0'"}, Case{"x/10+1", "moves 'x'"}, Case{"-5", "base time '-5'"},
                   Case{"0", "base time '0'"}, Case{"movetime=0", "move time '0'"}, Case{"depth=abc", "depth 'abc'"},
                   Case{"nodes=-3", "nodes '-3'"}, Case{"speed=3", "unknown key 'speed'"},
                   Case{"depth=5,lim=3", "unknown key 'lim'"}, Case{"10+0.1+0.2", "increment '0.1+0.2'"},
                   // Combined forms: one time part, each cap once, limit only without a time part.
                   Case{"10+0.1,movetime=1", "two time parts, '10+0.1' and 'movetime=1'; give one"},
                   Case{"10+0.1,5+0.05", "two time parts, '10+0.1' and '5+0.05'"},
                   Case{"depth=5,depth=6", "depth given twice"}, Case{"nodes=5,nodes=6", "nodes given twice"},
                   Case{"10+0.1,nodes=0", "nodes '0' is not a positive whole number"},
                   Case{"movetime=0.5,depth=x", "depth 'x'"},
                   Case{"10+0.1,limit=5", "'limit=5' is for depth or nodes alone; under '10+0.1' the time part decides"},
                   Case{"movetime=1,nodes=5,limit=5", "under 'movetime=1'"},
                   Case{"limit=5", "'limit=5' needs depth=N or nodes=N"},
                   Case{"depth=6,limit=1,limit=2", "limit given twice"},
                   Case{"10+0.1,", "an empty part"}, Case{",nodes=5", "an empty part"},
                   Case{"10+0.1,,nodes=5", "an empty part"}}) {
        auto tc = TimeControl::parse(c.text);
        INFO(c.text);
        REQUIRE_FALSE(tc);
        CHECK_THAT(tc.error().message, Catch::Contains(std::string("'") + c.text + "'"));
        CHECK_THAT(tc.error().message, Catch::Contains(c.mentions));
    }
}
