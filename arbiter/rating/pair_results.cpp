#include "rating/ratings.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace arb::rating {

PairResults::PairResults(int engines)
    : n_(engines < 0 ? 0 : engines),
      points_(static_cast<std::size_t>(n_) * n_, 0.0),
      games_(static_cast<std::size_t>(n_) * n_, 0),
      wins_(n_, 0),
      draws_(n_, 0),
      losses_(n_, 0) {}

void PairResults::add(const GameScore &game) { add(game.first, game.second, game.score); }

void PairResults::add(int first, int second, double score) {
    if (first < 0 || first >= n_ || second < 0 || second >= n_ || first == second || !(score >= 0.0 && score <= 1.0))
        throw std::invalid_argument(fmt::format(
            "rating: invalid game (first {}, second {}, score {}) for {} engines: indices must differ and be "
            "in range, score in [0, 1]",
            first, second, score, n_));
    points_[at(first, second)] += score;
    points_[at(second, first)] += 1.0 - score;
    ++games_[at(first, second)];
    ++games_[at(second, first)];
    if (score > 0.5) {
        ++wins_[first];
        ++losses_[second];
    } else if (score < 0.5) {
        ++losses_[first];
        ++wins_[second];
    } else {
        ++draws_[first];
        ++draws_[second];
    }
}

}  // namespace arb::rating
