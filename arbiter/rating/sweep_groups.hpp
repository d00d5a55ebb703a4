// Which engines have finite ratings: the groups of fit_ratings (policy in
// ratings.hpp), where they stand relative to their reference group, and the
// order in which bounds are rated.
#pragma once

#include "rating/ratings.hpp"

#include <vector>

namespace arb::rating::detail {

enum class Placement {
    Reference,  // exactly rated: one group per part of the pool (each leaf of a star, ratings.hpp)
    Above,      // swept the reference group, directly or through other groups: lower bound
    Below,      // swept by it: upper bound
    Unplaced,   // neither, or no games at all: not rated
};

struct SweepGroups {
    std::vector<int> group_of;              // engine -> group
    std::vector<std::vector<int>> members;  // group -> its engines, ascending
    std::vector<Placement> placement;       // per group
    std::vector<int> part;                  // per group: its part of the pool connected by games
    // Above and Below groups in the order they must be rated: every group
    // after the groups between it and its reference group.
    std::vector<int> bound_order;
};

// Groups are the strongly connected components of "i scored at least half a
// point against j".
SweepGroups find_sweep_groups(const PairResults &results);

}  // namespace arb::rating::detail
