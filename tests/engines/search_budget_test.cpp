// The time and playout limits arbiter-engine derives from a go command.
#include "search_budget.hpp"

#include <catch2/catch.hpp>

using namespace arb;
using namespace arb::engines;
using std::chrono::milliseconds;

namespace {
ugi::Go go(const std::string &line) { return std::get<ugi::Go>(ugi::parse_command(line)); }
}  // namespace

TEST_CASE("movetime leaves a margin and never exceeds the limit", "[engines][budget]") {
    CHECK(plan_search(go("go movetime 1000"), 0, {}).time == milliseconds(900));
    CHECK(plan_search(go("go movetime 50"), 0, {}).time == milliseconds(40));
    CHECK(plan_search(go("go movetime 5"), 0, {}).time == milliseconds(1));
    CHECK(plan_search(go("go movetime 0"), 0, {}).time == milliseconds(1));
    CHECK(!plan_search(go("go movetime 1000"), 0, {}).playouts);
}

TEST_CASE("clock budgets use the mover's clock, a fraction and the increment", "[engines][budget]") {
    BudgetSettings s;
    s.time_fraction = 0.05;
    auto tc = go("go p1time 10000 p2time 60000 p1inc 200 p2inc 1000");
    CHECK(plan_search(tc, 0, s).time == milliseconds(500 + 150));
    CHECK(plan_search(tc, 1, s).time == milliseconds(3000 + 750));
    // movestogo: an even share of the moves left.
    CHECK(plan_search(go("go p1time 9000 p2time 9000 movestogo 2"), 0, s).time == milliseconds(3000));
    // Never more than half the clock, nor closer than 50 ms to its end.
    CHECK(plan_search(go("go p1time 1000 p2time 1000 p1inc 5000 p2inc 0"), 0, s).time == milliseconds(500));
    CHECK(plan_search(go("go p1time 80 p2time 80 p1inc 5000 p2inc 0"), 0, s).time == milliseconds(30));
    CHECK(plan_search(go("go p1time -20 p2time 80"), 0, s).time == milliseconds(1));
    CHECK(plan_search(go("go p1time 10 p2time 80"), 0, s).time == milliseconds(1));
}

TEST_CASE("nodes, depth and the playouts setting cap the playouts", "[engines][budget]") {
    CHECK(plan_search(go("go nodes 500"), 0, {}).playouts == 500);
    auto depth = plan_search(go("go depth 4"), 0, {});
    CHECK(depth.depth == 4);
    CHECK(depth.playouts == 10000);
    BudgetSettings s;
    s.playouts = 300;
    CHECK(plan_search(go("go nodes 500"), 0, s).playouts == 300);
    auto both = plan_search(go("go movetime 100"), 0, s);
    CHECK(both.playouts == 300);
    CHECK(both.time == milliseconds(90));
    auto none = plan_search(go("go infinite"), 0, {});
    CHECK((!none.time && !none.playouts && !none.depth));
}
