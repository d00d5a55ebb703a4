// fit_ratings: aggregation, the finite-data policy, the fit, and the table.
#include "rating/bradley_terry.hpp"
#include "rating/fit_data.hpp"
#include "rating/outcome_stats.hpp"
#include "rating/ratings.hpp"

#include <boost/math/distributions/normal.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arb::rating {
namespace {

constexpr double kEloPerNatural = 400.0 / detail::kLn10;

double los_of(const detail::BradleyTerryFit &fit, int i, int j) {
    const auto &c = fit.covariance;
    const double var = c(i, i) + c(j, j) - 2.0 * c(i, j);
    const double d = fit.rating[i] - fit.rating[j];
    if (!(var > 0)) return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
    return boost::math::cdf(boost::math::normal(), d / std::sqrt(var));
}

}  // namespace

RatingTable fit_ratings(const std::vector<std::string> &names, const std::vector<GameScore> &games) {
    PairResults results(static_cast<int>(names.size()));
    for (const GameScore &g : games) results.add(g);
    return fit_ratings(names, results);
}

RatingTable fit_ratings(const std::vector<std::string> &names, const PairResults &results) {
    const int n = results.engines();
    if (static_cast<int>(names.size()) != n)
        throw std::invalid_argument(
            fmt::format("rating: {} engine names for results of {} engines", names.size(), n));
    const detail::FitData data = detail::prepare_fit_data(results);
    const detail::BradleyTerryFit fit = detail::fit_bradley_terry(data.games, data.points);

    RatingTable table;
    table.los.assign(n, std::vector<double>(n, 0.5));
    table.score.assign(n, std::vector<double>(n, 0.0));
    table.games.assign(n, std::vector<int>(n, 0));
    std::vector<EngineRating> engines(n);
    for (int i = 0; i < n; ++i) {
        EngineRating &e = engines[i];
        e.name = names[i];
        e.index = i;
        e.elo = fit.rating[i] * kEloPerNatural;
        e.error95 = detail::kZ95 * std::sqrt(std::max(0.0, fit.covariance(i, i))) * kEloPerNatural;
        e.lower_bound = data.lower_bound[i];
        e.upper_bound = data.upper_bound[i];
        e.wins = results.wins(i);
        e.draws = results.draws(i);
        e.losses = results.losses(i);
        for (int j = 0; j < n; ++j) {
            table.score[i][j] = results.points(i, j);
            table.games[i][j] = results.games(i, j);
            e.points += results.points(i, j);
            e.games += results.games(i, j);
            if (j != i) table.los[i][j] = los_of(fit, i, j);
        }
    }
    std::stable_sort(engines.begin(), engines.end(), [](const EngineRating &a, const EngineRating &b) {
        // Rounded so that round-off cannot order engines with equal ratings.
        const double ka = std::round(a.elo * 1e6), kb = std::round(b.elo * 1e6);
        if (ka != kb) return ka > kb;
        return a.points > b.points;
    });
    for (std::size_t k = 0; k + 1 < engines.size(); ++k)
        engines[k].los_next = table.los[engines[k].index][engines[k + 1].index];
    table.ranked = std::move(engines);
    return table;
}

}  // namespace arb::rating
