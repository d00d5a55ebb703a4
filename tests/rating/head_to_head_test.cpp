// Edge cases of head-to-head statistics and SPRT beyond the reference vectors.
#include "rating/ratings.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace arb::rating;

TEST_CASE("head-to-head without games is neutral", "[rating][h2h]") {
    const HeadToHead h = head_to_head(Trinomial{});
    CHECK(h.elo == 0);
    CHECK(h.los == 0.5);
    CHECK_FALSE(h.elo_error);
    CHECK(h.bound == Bound::None);
    const HeadToHead p = head_to_head(Pentanomial{});
    CHECK(p.los == 0.5);
}

TEST_CASE("a perfect score is a finite bound without error or LOS", "[rating][h2h]") {
    const HeadToHead h = head_to_head(Trinomial{5, 0, 0});
    CHECK(h.bound == Bound::Lower);
    // Where 5 wins have probability 1/2 with P(win) = E^2: E = 2^(-1/10).
    const double e = std::pow(2.0, -0.1);
    CHECK(h.elo == Approx(-400 * std::log10(1 / e - 1)));
    CHECK_FALSE(h.los);
    CHECK_FALSE(h.elo_error);
    CHECK_FALSE(h.nelo_error);
    const HeadToHead l = head_to_head(Trinomial{0, 0, 5});
    CHECK(l.bound == Bound::Upper);
    CHECK(l.elo == Approx(-h.elo));
    CHECK(l.nelo == Approx(-h.nelo));
    CHECK(head_to_head(Trinomial{5, 0, 1}).bound == Bound::None);
    CHECK(head_to_head(Trinomial{5, 1, 0}).bound == Bound::None);  // a draw is not a sweep
}

TEST_CASE("intervals reaching past a perfect score stay finite", "[rating][h2h]") {
    const HeadToHead h = head_to_head(Trinomial{9, 0, 1});
    CHECK(h.bound == Bound::None);
    CHECK(h.elo == Approx(-400 * std::log10(1 / 0.9 - 1)));
    REQUIRE(h.elo_error);
    CHECK(std::isfinite(*h.elo_error));
    CHECK(*h.elo_error > 100);
}

TEST_CASE("all draws: even, LOS one half", "[rating][h2h]") {
    const HeadToHead h = head_to_head(Trinomial{0, 10, 0});
    CHECK(h.elo == Approx(0).margin(1e-12));
    CHECK(h.los == 0.5);
    CHECK(h.draw_ratio == 1.0);
    const HeadToHead p = head_to_head(Pentanomial{0, 0, 0, 4, 0, 0});
    CHECK(p.draw_ratio == 1.0);
    CHECK(*p.nelo_error == Approx(1.959963984540054 * 800 / std::log(10.0) / std::sqrt(8.0)));
}

TEST_CASE("SPRT decisions and symmetry", "[rating][sprt]") {
    SprtConfig config{0, 5, 0.05, 0.05, SprtConfig::Model::Logistic};
    CHECK(sprt(config, Trinomial{}).decision == SprtState::Decision::Continue);
    CHECK(sprt(config, Trinomial{}).llr == 0);
    // A strong engine: H1; a weak one: H0.
    CHECK(sprt(config, Trinomial{3000, 4000, 2000}).decision == SprtState::Decision::AcceptH1);
    CHECK(sprt(config, Trinomial{2000, 4000, 3000}).decision == SprtState::Decision::AcceptH0);
    config.model = SprtConfig::Model::Normalized;
    CHECK(sprt(config, Trinomial{3000, 4000, 2000}).decision == SprtState::Decision::AcceptH1);
    CHECK(sprt(config, Pentanomial{300, 1000, 2000, 100, 1000, 300}).decision == SprtState::Decision::Continue);
    // Zero counts are regularised: finite from the first game.
    for (auto model : {SprtConfig::Model::Logistic, SprtConfig::Model::Normalized}) {
        config.model = model;
        CHECK(std::isfinite(sprt(config, Trinomial{1, 0, 0}).llr));
        CHECK(std::isfinite(sprt(config, Pentanomial{0, 0, 0, 0, 0, 1}).llr));
        CHECK(std::isfinite(sprt(config, Trinomial{0, 7, 0}).llr));
    }
    // Swapping the hypotheses' roles: LLR(elo0, elo1) = -LLR(elo1, elo0).
    config = SprtConfig{-3, 3, 0.05, 0.05, SprtConfig::Model::Logistic};
    SprtConfig reversed{3, -3, 0.05, 0.05, SprtConfig::Model::Logistic};
    CHECK(sprt(config, Trinomial{120, 200, 100}).llr == Approx(-sprt(reversed, Trinomial{120, 200, 100}).llr));
}

TEST_CASE("SPRT configurations are validated with the values named", "[rating][sprt]") {
    CHECK_FALSE(sprt_config_error(SprtConfig{}));
    CHECK_FALSE(sprt_config_error(SprtConfig{0, 2, 0.05, 0.1, SprtConfig::Model::Logistic}));
    auto reversed = sprt_config_error(SprtConfig{5, 0, 0.05, 0.05, SprtConfig::Model::Normalized});
    REQUIRE(reversed);
    CHECK(reversed->find("elo0 5") != std::string::npos);
    CHECK(sprt_config_error(SprtConfig{0, 5, 0, 0.05, SprtConfig::Model::Normalized}));
    CHECK(sprt_config_error(SprtConfig{0, 5, 0.6, 0.5, SprtConfig::Model::Normalized}));
    CHECK(sprt_config_error(SprtConfig{0, 5000, 0.05, 0.05, SprtConfig::Model::Logistic}));
}

TEST_CASE("counting games and pairs", "[rating][h2h]") {
    Trinomial t;
    for (double s : {1.0, 0.5, 0.0, 1.0}) add_game(t, s);
    CHECK(t.wins == 2);
    CHECK(t.draws == 1);
    CHECK(t.losses == 1);
    Pentanomial p;
    add_pair(p, 0, 0);
    add_pair(p, 0.5, 0);
    add_pair(p, 1, 0);
    add_pair(p, 0, 1);
    add_pair(p, 0.5, 0.5);
    add_pair(p, 1, 0.5);
    add_pair(p, 1, 1);
    CHECK(p.ll == 1);
    CHECK(p.ld == 1);
    CHECK(p.wl == 2);
    CHECK(p.dd == 1);
    CHECK(p.wd == 1);
    CHECK(p.ww == 1);
}
