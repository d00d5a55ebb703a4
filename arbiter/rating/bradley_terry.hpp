// The numerical core of fit_ratings: Bradley-Terry maximum likelihood on a
// pair matrix that is strongly connected: one group (see sweep_groups.hpp).
#pragma once

#include "rating/dense_matrix.hpp"

#include <vector>

namespace arb::rating::detail {

struct BradleyTerryFit {
    std::vector<double> rating;  // natural-log scale (expected = 1/(1+e^-(ri-rj))), sum 0
    SquareMatrix covariance;     // of the ratings under the sum-zero constraint
    int iterations = 0;
};

// games(i, j) == games(j, i) >= 0 (fractional allowed), points(i, j) + points(j, i)
// == games(i, j). The directed graph "i took points from j" must be strongly
// connected, else the optimum is at infinity (the iteration cap then stops it).
BradleyTerryFit fit_bradley_terry(const SquareMatrix &games, const SquareMatrix &points);

}  // namespace arb::rating::detail
