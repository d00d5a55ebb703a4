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
    CHECK(tc->kind == TimeControl::Kind::Depth);
    CHECK(tc->depth_or_nodes == 6);
    CHECK(tc->untimed_limit == milliseconds(60000));

    tc = TimeControl::parse("nodes=10000,limit=2.5");
    REQUIRE(tc);
    CHECK(tc->kind == TimeControl::Kind::Nodes);
    CHECK(tc->depth_or_nodes == 10000);
    CHECK(tc->untimed_limit == milliseconds(2500));
}

TEST_CASE("to_string prints what parse reads back", "[time_control]") {
    for (const char *text : {"40/60+0.6", "10+0.1", "60", "0.25+0.005", "movetime=0.5", "depth=6", "nodes=10000",
                             "nodes=10000,limit=2.5", "1.234+1", "3/1.5"}) {
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
                   Case{"nodes=-3", "nodes '-3'"}, Case{"speed=3", "unknown kind 'speed'"},
                   Case{"depth=5,lim=3", "limit"}, Case{"10+0.1+0.2", "increment '0.1+0.2'"}}) {
        auto tc = TimeControl::parse(c.text);
        INFO(c.text);
        REQUIRE_FALSE(tc);
        CHECK_THAT(tc.error().message, Catch::Contains(std::string("'") + c.text + "'"));
        CHECK_THAT(tc.error().message, Catch::Contains(c.mentions));
    }
}
