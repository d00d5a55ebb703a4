// Ordo's rating of a "super player": where a perfect result (every game won,
// or every game lost) has probability 1/2 against opponents of fixed rating.
#pragma once

#include "rating/ratings.hpp"

#include <vector>

namespace arb::rating::detail {

// Games of one engine against one fixed opponent, natural-log scale
// (expected score 1/(1+e^-(own - opponent))).
struct FixedOpponent {
    double own = 0;       // the engine's rating before the shift
    double opponent = 0;  // the opponent's fixed rating
    double games = 0;
};

// The shift s such that the probability that every game is won (Lower) or
// lost (Upper) equals 1/2 when the engines are rated own + s: with P(win) =
// E^2 (draws at 2 sqrt(P(win) P(loss)), the model whose maximum likelihood is
// the half-point fit), prod over games of E^2 = 1/2. Needs a game; bound must
// not be None.
double perfect_result_shift(const std::vector<FixedOpponent> &games, Bound bound);

// Expected score E per game at which N perfect games have probability 1/2:
// E^(2N) = 1/2.
double perfect_result_score(double games);

}  // namespace arb::rating::detail
