// PositionHistory: counts and copies across the inline/heap boundary.
#include <arbiter/sdk/position_history.hpp>

#include <catch2/catch.hpp>

using arb::sdk::PositionHistory;

TEST_CASE("position_history counts keys and forgets on clear", "[sdk][position_history]") {
    PositionHistory<uint64_t, 4> h;
    CHECK(h.empty());
    for (uint64_t k : {7u, 8u, 7u}) h.push(k);
    CHECK(h.size() == 3);
    CHECK(h.count(7) == 2);
    CHECK(h.contains(8));
    CHECK_FALSE(h.contains(9));
    h.clear();
    CHECK(h.empty());
    CHECK_FALSE(h.contains(7));
}

TEST_CASE("position_history spills past its inline capacity and copies exactly", "[sdk][position_history]") {
    PositionHistory<uint64_t, 4> h;
    for (uint64_t k = 0; k < 10; ++k) h.push(k % 6);  // 0..5, 0..3
    CHECK(h.size() == 10);
    CHECK(h.count(0) == 2);
    CHECK(h.count(5) == 1);
    CHECK(h[9] == 3);
    CHECK(h.contains(4));  // stored on the heap

    PositionHistory<uint64_t, 4> copy(h);
    PositionHistory<uint64_t, 4> assigned;
    assigned.push(42);
    assigned = h;
    for (const auto *c : {&copy, &assigned}) {
        REQUIRE(c->size() == 10);
        for (size_t i = 0; i < 10; ++i) CHECK((*c)[i] == h[i]);
        CHECK_FALSE(c->contains(42));
    }
    // A short history assigned over a long one drops the spilled keys.
    PositionHistory<uint64_t, 4> short_one;
    short_one.push(1);
    assigned = short_one;
    CHECK(assigned.size() == 1);
    CHECK_FALSE(assigned.contains(4));
    PositionHistory<uint64_t, 4> moved(std::move(copy));
    CHECK(moved.size() == 10);
    CHECK(moved.count(3) == 2);
    CHECK(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is specified as empty
    CHECK_FALSE(copy.contains(3));
}
