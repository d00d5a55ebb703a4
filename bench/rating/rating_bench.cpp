// Speed and accuracy of the joint rating fit: a seeded pool of engines with
// known strengths plays random games; prints the aggregation time (one pass
// over the games, the in-run baseline), the fit time, their ratio, and how
// far the fitted ratings are from the truth.
//
// Usage: rating_bench [engines=100] [games=1000000] [seed=1]
#include "rating/bradley_terry.hpp"
#include "rating/ratings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

double expected_score(double diff) { return 1.0 / (1.0 + std::pow(10.0, -diff / 400.0)); }

// Games with expected score following the logistic curve and about a third
// drawn between equals (fewer for mismatches).
std::vector<arb::rating::GameScore> play(const std::vector<double> &strength, int games, std::mt19937_64 &rng) {
    std::uniform_int_distribution<int> pick(0, int(strength.size()) - 1);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<arb::rating::GameScore> out;
    out.reserve(games);
    while (int(out.size()) < games) {
        const int a = pick(rng), b = pick(rng);
        if (a == b) continue;
        const double p = expected_score(strength[a] - strength[b]);
        const double draw = 0.7 * std::min(p, 1.0 - p);
        const double x = u(rng);
        out.push_back({a, b, x < draw ? 0.5 : x < p + draw / 2 ? 1.0 : 0.0});
    }
    return out;
}

}  // namespace

int main(int argc, char **argv) {
    const int engines = argc > 1 ? std::atoi(argv[1]) : 100;
    const int games = argc > 2 ? std::atoi(argv[2]) : 1000000;
    const unsigned seed = argc > 3 ? unsigned(std::atoi(argv[3])) : 1u;
    if (engines < 2 || games < 1) {
        fmt::print(stderr, "usage: rating_bench [engines>=2] [games>=1] [seed]\n");
        return 2;
    }
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> spread(0.0, 200.0);
    std::vector<double> strength(engines);
    std::vector<std::string> names(engines);
    for (int i = 0; i < engines; ++i) {
        strength[i] = spread(rng);
        names[i] = fmt::format("engine{:03}", i);
    }
    double mean = 0;
    for (double s : strength) mean += s / engines;
    for (double &s : strength) s -= mean;
    const auto list = play(strength, games, rng);

    // Best of a few runs: the machine is shared.
    constexpr int kRuns = 5;
    double aggregate_best = 1e300, fit_best = 1e300, whole_best = 1e300;
    arb::rating::RatingTable table;
    for (int run = 0; run < kRuns; ++run) {
        auto start = Clock::now();
        arb::rating::PairResults results(engines);
        for (const auto &g : list) results.add(g);
        aggregate_best = std::min(aggregate_best, seconds_since(start));

        start = Clock::now();
        table = arb::rating::fit_ratings(names, results);
        fit_best = std::min(fit_best, seconds_since(start));

        start = Clock::now();
        const auto again = arb::rating::fit_ratings(names, list);
        whole_best = std::min(whole_best, seconds_since(start));
        if (again.ranked.front().elo != table.ranked.front().elo) {
            fmt::print(stderr, "fit from games and from pair results differ\n");
            return 1;
        }
    }

    arb::rating::PairResults results(engines);
    for (const auto &g : list) results.add(g);
    arb::rating::detail::SquareMatrix pair_games(engines), pair_points(engines);
    for (int i = 0; i < engines; ++i)
        for (int j = 0; j < engines; ++j) {
            pair_games(i, j) = results.games(i, j);
            pair_points(i, j) = results.points(i, j);
        }
    const int iterations = arb::rating::detail::fit_bradley_terry(pair_games, pair_points).iterations;

    double max_error = 0, max_z = 0, mean_error95 = 0;
    int inside = 0, bounds = 0;
    for (const auto &e : table.ranked) {
        const double error = std::abs(e.elo - strength[e.index]);
        max_error = std::max(max_error, error);
        const double error95 = e.error95.value_or(0.0);  // none for bounds, counted below
        max_z = std::max(max_z, error / (error95 / 1.959963984540054));
        mean_error95 += error95 / engines;
        inside += error <= error95;
        bounds += e.bound != arb::rating::Bound::None;
    }

    fmt::print("rating_bench: {} engines, {} games, seed {} (best of {} runs)\n", engines, games, seed, kRuns);
    fmt::print("  aggregate (one pass over the games): {:9.3f} ms  ({:.1f} ns/game)\n", aggregate_best * 1e3,
               aggregate_best * 1e9 / games);
    fmt::print("  fit from pair results:               {:9.3f} ms  ({:.2f}x one pass; {} Newton steps)\n",
               fit_best * 1e3, fit_best / aggregate_best, iterations);
    fmt::print("  fit_ratings(names, games), total:    {:9.3f} ms  ({:.2f}x one pass)\n", whole_best * 1e3,
               whole_best / aggregate_best);
    fmt::print("  max |fitted - true|: {:.2f} Elo (max {:.2f} sd); mean 95% error {:.2f}; "
               "{}/{} inside their 95% interval; {} bounds\n",
               max_error, max_z, mean_error95, inside, engines, bounds);
    return 0;
}
