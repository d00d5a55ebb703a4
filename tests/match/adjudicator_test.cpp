#include "match/adjudicator.hpp"

#include <catch2/catch.hpp>

using arb::match::AdjudicationRules;
using arb::match::Adjudicator;
using arb::match::Termination;

TEST_CASE("adjudication is off by default", "[adjudication]") {
    Adjudicator adj(AdjudicationRules{});
    for (int ply = 1; ply < 200; ++ply) CHECK_FALSE(adj.after_move(ply % 2, ply % 2 ? -5000 : 5000, ply));
}

TEST_CASE("resign needs the loser's and the winner's agreement for N moves each", "[adjudication]") {
    AdjudicationRules rules;
    rules.resign = {true, 500, 2};
    Adjudicator adj(rules);
    CHECK_FALSE(adj.after_move(0, 600, 1));
    CHECK_FALSE(adj.after_move(1, -600, 2));
    CHECK_FALSE(adj.after_move(0, 700, 3));
    auto verdict = adj.after_move(1, -800, 4);
    REQUIRE(verdict);
    CHECK(verdict->termination == Termination::ResignAdjudication);
    CHECK(verdict->loser_side == 1);
}

TEST_CASE("one-sided resign (two_sided false, the peers' default) needs only the loser's scores", "[adjudication]") {
    AdjudicationRules rules;
    rules.resign = {true, 500, 2, false};
    Adjudicator adj(rules);
    // The winner's scores never agree (side 0 thinks it is only a little ahead); side 1 is at -600 twice.
    CHECK_FALSE(adj.after_move(0, 50, 1));
    CHECK_FALSE(adj.after_move(1, -600, 2));
    CHECK_FALSE(adj.after_move(0, 40, 3));
    auto verdict = adj.after_move(1, -650, 4);
    REQUIRE(verdict);
    CHECK(verdict->termination == Termination::ResignAdjudication);
    CHECK(verdict->loser_side == 1);
    // Two-sided, the same scores decide nothing.
    rules.resign.two_sided = true;
    Adjudicator both(rules);
    CHECK_FALSE(both.after_move(0, 50, 1));
    CHECK_FALSE(both.after_move(1, -600, 2));
    CHECK_FALSE(both.after_move(0, 40, 3));
    CHECK_FALSE(both.after_move(1, -650, 4));
}

TEST_CASE("a move without a score or out of range breaks the streak", "[adjudication]") {
    AdjudicationRules rules;
    rules.resign = {true, 500, 2};
    Adjudicator adj(rules);
    CHECK_FALSE(adj.after_move(0, 600, 1));
    CHECK_FALSE(adj.after_move(1, -600, 2));
    CHECK_FALSE(adj.after_move(0, std::nullopt, 3));
    CHECK_FALSE(adj.after_move(1, -600, 4));
    CHECK_FALSE(adj.after_move(0, 600, 5));
    CHECK_FALSE(adj.after_move(1, -100, 6));  // the loser no longer agrees
    CHECK_FALSE(adj.after_move(0, 600, 7));
    CHECK_FALSE(adj.after_move(1, -600, 8));
    CHECK_FALSE(adj.after_move(0, 600, 9));  // the loser has agreed once only
    CHECK(adj.after_move(1, -600, 10));
}

TEST_CASE("draw adjudication waits for the minimum ply", "[adjudication]") {
    AdjudicationRules rules;
    rules.draw = {true, 10, 2, 6};
    Adjudicator adj(rules);
    for (int ply = 1; ply < 6; ++ply) CHECK_FALSE(adj.after_move((ply + 1) % 2, 0, ply));
    auto verdict = adj.after_move(1, -3, 6);
    REQUIRE(verdict);
    CHECK(verdict->termination == Termination::DrawAdjudication);
    CHECK(verdict->loser_side == -1);
}

TEST_CASE("a draw offer is accepted only inside the draw rule's band, past its first ply", "[adjudication]") {
    AdjudicationRules rules;
    rules.draw = {true, 10, 8, 4};  // band +-10 cp, 8 moves each, from ply 4
    Adjudicator adj(rules);
    CHECK_FALSE(adj.after_move(0, 5, 1));
    CHECK_FALSE(adj.after_move(1, -5, 2));
    CHECK_FALSE(adj.on_draw_offer(2));  // both in the band, but before ply 4
    CHECK_FALSE(adj.after_move(0, 5, 3));
    CHECK_FALSE(adj.after_move(1, 40, 4));
    CHECK_FALSE(adj.on_draw_offer(4));  // side 1's last score is outside the band
    CHECK_FALSE(adj.after_move(0, 0, 5));
    CHECK_FALSE(adj.after_move(1, -10, 6));
    auto verdict = adj.on_draw_offer(6);  // one move each inside the band: the offer stands for the other seven
    REQUIRE(verdict);
    CHECK(verdict->termination == Termination::DrawAdjudication);
    CHECK(verdict->loser_side == -1);
    rules.draw.enabled = false;  // no draw rule: no offer is ever accepted
    Adjudicator off(rules);
    CHECK_FALSE(off.after_move(0, 0, 41));
    CHECK_FALSE(off.after_move(1, 0, 42));
    CHECK_FALSE(off.on_draw_offer(42));
}
