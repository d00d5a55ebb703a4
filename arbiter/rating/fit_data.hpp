// Turns real results into data whose Bradley-Terry optimum is finite, and
// decides which engines are reported as bounds (policy in ratings.hpp).
#pragma once

#include "rating/dense_matrix.hpp"
#include "rating/ratings.hpp"

#include <vector>

namespace arb::rating::detail {

struct FitData {
    SquareMatrix games, points;  // real results plus virtual draws where needed
    std::vector<bool> lower_bound, upper_bound;
};

FitData prepare_fit_data(const PairResults &results);

}  // namespace arb::rating::detail
