// Generalised SPRT as fishtest computes it (see ratings.hpp for the models).
#include "rating/outcome_stats.hpp"
#include "rating/ratings.hpp"

#include <boost/math/tools/toms748_solve.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace arb::rating {
namespace {

using detail::Outcomes;

// fishtest's regularisation: a zero count becomes 1e-3, so the variance is
// positive and every expected score in (0, 1) is reachable.
template <std::size_t K>
Outcomes<K> regularised(Outcomes<K> o) {
    for (double &c : o.count) c = std::max(c, 1e-3);
    return o;
}

// The outcome distribution closest (maximum likelihood) to the empirical one
// p with expected score s has the form q_k = p_k / (1 + x (a_k - s)), x the
// root of sum p_k (a_k - s) / (1 + x (a_k - s)) = 0, which is decreasing in
// x on the interval where every 1 + x (a_k - s) > 0. Returns sum p_k ln(p_k/q_k)
// = sum p_k ln(1 + x (a_k - s)).
template <std::size_t K>
double divergence_to_mean(const Outcomes<K> &o, double s) {
    const double n = detail::total(o);
    std::array<double, K> p{}, d{};
    double dmin = 0, dmax = 0;
    for (std::size_t k = 0; k < K; ++k) {
        p[k] = o.count[k] / n;
        d[k] = o.value[k] - s;
        dmin = std::min(dmin, d[k]);
        dmax = std::max(dmax, d[k]);
    }
    if (!(dmin < 0 && dmax > 0)) return std::numeric_limits<double>::infinity();
    auto f = [&](double x) {
        double sum = 0;
        for (std::size_t k = 0; k < K; ++k) sum += p[k] * d[k] / (1.0 + x * d[k]);
        return sum;
    };
    // Stay a hair inside the poles at -1/dmax and -1/dmin.
    const double margin = 1e-12;
    double lo = -1.0 / dmax * (1.0 - margin), hi = -1.0 / dmin * (1.0 - margin);
    std::uintmax_t iterations = 200;
    const auto root = boost::math::tools::toms748_solve(
        f, lo, hi, boost::math::tools::eps_tolerance<double>(52), iterations);
    const double x = (root.first + root.second) / 2.0;
    double sum = 0;
    for (std::size_t k = 0; k < K; ++k) sum += p[k] * std::log1p(x * d[k]);
    return sum;
}

template <std::size_t K>
double llr(const SprtConfig &config, Outcomes<K> o, bool pairs) {
    if (detail::total(o) <= 0) return 0;
    o = regularised(o);
    const double n = detail::total(o);
    if (config.model == SprtConfig::Model::Logistic) {
        const double s0 = detail::score_of_elo(config.elo0), s1 = detail::score_of_elo(config.elo1);
        return n * (divergence_to_mean(o, s0) - divergence_to_mean(o, s1));
    }
    const double var = detail::variance(o), s = detail::mean(o);
    const double sd = std::sqrt((pairs ? 2.0 : 1.0) * var);
    const double s0 = 0.5 + config.elo0 / detail::kNeloScale * sd;
    const double s1 = 0.5 + config.elo1 / detail::kNeloScale * sd;
    return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
}

SprtState decide(const SprtConfig &config, double value) {
    SprtState state;
    state.llr = value;
    state.lower = std::log(config.beta / (1.0 - config.alpha));
    state.upper = std::log((1.0 - config.beta) / config.alpha);
    if (value >= state.upper)
        state.decision = SprtState::Decision::AcceptH1;
    else if (value <= state.lower)
        state.decision = SprtState::Decision::AcceptH0;
    return state;
}

}  // namespace

std::optional<std::string> sprt_config_error(const SprtConfig &c) {
    if (!(c.alpha > 0 && c.alpha < 1 && c.beta > 0 && c.beta < 1 && c.alpha + c.beta < 1))
        return fmt::format("SPRT alpha {} and beta {} must lie in (0, 1) with alpha + beta < 1", c.alpha, c.beta);
    if (!(c.elo0 < c.elo1)) return fmt::format("SPRT elo0 {} must be below elo1 {}", c.elo0, c.elo1);
    if (c.model == SprtConfig::Model::Logistic && !(std::abs(c.elo0) < 2000 && std::abs(c.elo1) < 2000))
        return fmt::format("SPRT logistic bounds [{}, {}] must lie within +-2000 Elo", c.elo0, c.elo1);
    return std::nullopt;
}

SprtState sprt(const SprtConfig &config, const Trinomial &t) {
    Outcomes<3> o;
    o.count = {double(t.losses), double(t.draws), double(t.wins)};
    o.value = {0.0, 0.5, 1.0};
    return decide(config, llr(config, o, false));
}

SprtState sprt(const SprtConfig &config, const Pentanomial &p) {
    Outcomes<5> o;
    o.count = {double(p.ll), double(p.ld), double(p.wl + p.dd), double(p.wd), double(p.ww)};
    o.value = {0.0, 0.25, 0.5, 0.75, 1.0};
    return decide(config, llr(config, o, true));
}

}  // namespace arb::rating
