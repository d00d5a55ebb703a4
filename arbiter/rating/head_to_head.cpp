// Head-to-head statistics: formulas exactly as tests/data/rating/ratings.md.
#include "rating/outcome_stats.hpp"
#include "rating/perfect_result.hpp"
#include "rating/ratings.hpp"

#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>

namespace arb::rating {
namespace detail {

double elo_of_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }
double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

}  // namespace detail

namespace {

using detail::Outcomes;

// `units` are games (trinomial) or pairs (pentanomial); `games` is always games.
template <std::size_t K>
HeadToHead compute(const Outcomes<K> &o, bool pairs, double draws, double games) {
    HeadToHead h;
    const double n = detail::total(o);
    if (n <= 0) {
        h.los = 0.5;
        return h;
    }
    h.draw_ratio = draws / games;
    const double s = detail::mean(o);
    if (s == 0.0 || s == 1.0) {
        // Every game won or lost: the Elo at which that has probability 1/2
        // (as fit_ratings rates a sweep), and the nElo of that expected score.
        const double e = detail::perfect_result_score(games);
        const double sign = s == 1.0 ? 1.0 : -1.0;
        h.bound = s == 1.0 ? Bound::Lower : Bound::Upper;
        h.elo = sign * detail::elo_of_score(e);
        h.nelo = sign * (e - 0.5) / std::sqrt(e * (1.0 - e) / 2.0) * detail::kNeloScale;
        return h;
    }
    const double var = detail::variance(o);
    h.elo = detail::elo_of_score(s);
    const double se = std::sqrt(var / n);  // standard error of s
    // The interval ends stay inside (0, 1) (a score near 0 or 1 with a wide interval).
    const double e = 1.0 / (2.0 * n + 2.0);
    const double hi = std::clamp(s + detail::kZ95 * se, e, 1.0 - e);
    const double lo = std::clamp(s - detail::kZ95 * se, e, 1.0 - e);
    h.elo_error = (detail::elo_of_score(hi) - detail::elo_of_score(lo)) / 2.0;
    const double d = s - 0.5;
    if (var > 0) {
        const boost::math::normal unit;
        h.los = boost::math::cdf(unit, d / se);
        h.nelo = d / std::sqrt((pairs ? 2.0 : 1.0) * var) * detail::kNeloScale;
    } else {
        h.los = d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;  // e.g. all draws
    }
    h.nelo_error = detail::kZ95 * detail::kNeloScale / std::sqrt(games);
    return h;
}

}  // namespace

void add_game(Trinomial &t, double score) {
    if (score > 0.5) ++t.wins;
    else if (score < 0.5) ++t.losses;
    else ++t.draws;
}

void add_pair(Pentanomial &p, double first_game, double second_game) {
    auto kind = [](double s) { return s > 0.5 ? 2 : s < 0.5 ? 0 : 1; };  // L, D, W
    const int a = kind(first_game), b = kind(second_game);
    switch (a + b) {
    case 0: ++p.ll; break;
    case 1: ++p.ld; break;
    case 2: (a == 1 ? p.dd : p.wl) += 1; break;
    case 3: ++p.wd; break;
    default: ++p.ww; break;
    }
}

HeadToHead head_to_head(const Trinomial &t) {
    Outcomes<3> o;
    o.count = {double(t.losses), double(t.draws), double(t.wins)};
    o.value = {0.0, 0.5, 1.0};
    return compute(o, false, double(t.draws), detail::total(o));
}

HeadToHead head_to_head(const Pentanomial &p) {
    Outcomes<5> o;
    o.count = {double(p.ll), double(p.ld), double(p.wl + p.dd), double(p.wd), double(p.ww)};
    o.value = {0.0, 0.25, 0.5, 0.75, 1.0};
    const double draws = double(p.ld) + 2.0 * double(p.dd) + double(p.wd);
    return compute(o, true, draws, 2.0 * detail::total(o));
}

}  // namespace arb::rating
