// fit_ratings: the groups, a plain fit inside each, the reference groups'
// exact ratings, the bounds, and the table (policy in ratings.hpp).
#include "rating/bradley_terry.hpp"
#include "rating/outcome_stats.hpp"
#include "rating/perfect_result.hpp"
#include "rating/ratings.hpp"
#include "rating/sweep_groups.hpp"

#include "core/quote.hpp"

#include <boost/math/distributions/normal.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace arb::rating {
namespace {

using detail::Placement;

constexpr double kEloPerNatural = 400.0 / detail::kLn10;

// The plain fit of one group's own games; ratings in the order of `members`.
detail::BradleyTerryFit fit_group(const PairResults &results, const std::vector<int> &members) {
    const std::size_t m = members.size();
    detail::SquareMatrix games(m), points(m);
    for (std::size_t a = 0; a < m; ++a)
        for (std::size_t b = 0; b < m; ++b) {
            games(a, b) = results.games(members[a], members[b]);
            points(a, b) = results.points(members[a], members[b]);
        }
    return detail::fit_bradley_terry(games, points);
}

double los_of(const detail::BradleyTerryFit &fit, std::size_t a, std::size_t b) {
    const auto &c = fit.covariance;
    const double var = c(a, a) + c(b, b) - 2.0 * c(a, b);
    const double d = fit.rating[a] - fit.rating[b];
    if (!(var > 0)) return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
    return boost::math::cdf(boost::math::normal(), d / std::sqrt(var));
}

// The anchor's group, or std::invalid_argument when it has no exact rating.
int anchor_group(const std::vector<std::string> &names, const detail::SweepGroups &groups, int engine) {
    if (engine < 0 || engine >= static_cast<int>(names.size()))
        throw std::invalid_argument(fmt::format("rating: anchor {} is not one of the {} engines", engine, names.size()));
    const int group = groups.group_of[engine];
    const char *why = nullptr;
    switch (groups.placement[group]) {
        case Placement::Reference: return group;
        case Placement::Above: why = "a lower bound: it won every game against the engines that place it"; break;
        case Placement::Below: why = "an upper bound: it lost every game against the engines that place it"; break;
        case Placement::Unplaced: why = "not known: it has no games, or met only bounds"; break;
    }
    throw std::invalid_argument(fmt::format("cannot anchor the ratings on {}: its rating is {}", quote(names[engine]), why));
}

}  // namespace

bool RatingTable::any_bound() const {
    return std::any_of(ranked.begin(), ranked.end(), [](const EngineRating &e) { return e.bound != Bound::None; });
}

RatingTable fit_ratings(const std::vector<std::string> &names, const std::vector<GameScore> &games) {
    PairResults results(static_cast<int>(names.size()));
    for (const GameScore &g : games) results.add(g);
    return fit_ratings(names, results);
}

RatingTable fit_ratings(const std::vector<std::string> &names, const PairResults &results, const ScaleAnchor &anchor) {
    const int n = results.engines();
    if (static_cast<int>(names.size()) != n)
        throw std::invalid_argument(
            fmt::format("rating: {} engine names for results of {} engines", names.size(), n));
    const detail::SweepGroups groups = detail::find_sweep_groups(results);
    const std::size_t group_count = groups.members.size();
    const int anchored_group = anchor.engine ? anchor_group(names, groups, *anchor.engine) : -1;

    RatingTable table;
    table.los.assign(n, std::vector<std::optional<double>>(n));
    table.score.assign(n, std::vector<double>(n, 0.0));
    table.games.assign(n, std::vector<int>(n, 0));
    std::vector<EngineRating> engines(n);
    std::vector<double> natural(n, 0.0);  // ratings on the natural-log scale

    // Inside every group: the plain fit of its own games, average 0. That
    // already anchors the reference groups.
    for (std::size_t u = 0; u < group_count; ++u) {
        const std::vector<int> &members = groups.members[u];
        if (members.size() < 2) continue;
        const detail::BradleyTerryFit fit = fit_group(results, members);
        const bool exact = groups.placement[u] == Placement::Reference;
        // Errors relative to the group's average, or in the anchor's group to the anchor.
        const auto &c = fit.covariance;
        std::optional<std::size_t> relative_to;  // the anchor's position in members
        if (static_cast<int>(u) == anchored_group)
            relative_to = static_cast<std::size_t>(std::find(members.begin(), members.end(), *anchor.engine) - members.begin());
        for (std::size_t a = 0; a < members.size(); ++a) {
            natural[members[a]] = fit.rating[a];
            const double variance = relative_to ? c(a, a) + c(*relative_to, *relative_to) - 2.0 * c(a, *relative_to)
                                                : c(a, a);
            if (exact) engines[members[a]].error95 = detail::kZ95 * std::sqrt(std::max(0.0, variance)) * kEloPerNatural;
            for (std::size_t b = 0; b < members.size(); ++b)
                if (a != b) table.los[members[a]][members[b]] = los_of(fit, a, b);
        }
    }

    // Bounds, each group against the engines already rated on its side.
    std::vector<bool> rated(n, false);
    for (int i = 0; i < n; ++i) rated[i] = groups.placement[groups.group_of[i]] == Placement::Reference;
    for (int u : groups.bound_order) {
        const Placement side = groups.placement[u];
        std::vector<detail::FixedOpponent> fixed;
        for (int i : groups.members[u])
            for (int k = 0; k < n; ++k) {
                const Placement other = groups.placement[groups.group_of[k]];
                if (rated[k] && (other == Placement::Reference || other == side) && results.games(i, k) > 0)
                    fixed.push_back({natural[i], natural[k], double(results.games(i, k))});
            }
        const Bound bound = side == Placement::Above ? Bound::Lower : Bound::Upper;
        const double shift = detail::perfect_result_shift(fixed, bound);
        for (int i : groups.members[u]) {
            natural[i] += shift;
            rated[i] = true;
            engines[i].bound = bound;
        }
    }

    // The anchor's part moves by the same amount; every other part has its
    // reference group's average (0 so far) at anchor.elo.
    auto shift = [&](int i) {
        const bool anchors_part = anchor.engine && groups.part[groups.group_of[i]] == groups.part[anchored_group];
        return anchors_part ? anchor.elo - natural[*anchor.engine] * kEloPerNatural : anchor.elo;
    };
    for (int i = 0; i < n; ++i) {
        EngineRating &e = engines[i];
        e.name = names[i];
        e.index = i;
        e.rated = rated[i];
        if (!rated[i])
            e.unrated_reason = results.wins(i) + results.draws(i) + results.losses(i) == 0
                                   ? "no games"
                                   : "left out of the fit: it met only bounds on its other side, which place it nowhere";
        e.elo = rated[i] ? natural[i] * kEloPerNatural + shift(i) : 0.0;
        if (anchor.engine == i) e.elo = anchor.elo;  // exactly, not after round-off (standings.json shows it)
        e.wins = results.wins(i);
        e.draws = results.draws(i);
        e.losses = results.losses(i);
        table.los[i][i] = 0.5;
        for (int j = 0; j < n; ++j) {
            table.score[i][j] = results.points(i, j);
            table.games[i][j] = results.games(i, j);
            e.points += results.points(i, j);
            e.games += results.games(i, j);
        }
    }
    std::stable_sort(engines.begin(), engines.end(), [](const EngineRating &a, const EngineRating &b) {
        if (a.rated != b.rated) return a.rated;
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
