// Newton's method on the Bradley-Terry log-likelihood. The log-likelihood is
// concave, so Newton steps with step halving converge from any start, and
// quadratically near the optimum (a handful of iterations, each one pass over
// the pair matrix plus an n^3/3 Cholesky factorisation).
#include "rating/bradley_terry.hpp"

#include <algorithm>
#include <cmath>

namespace arb::rating::detail {
namespace {

double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }
double sigmoid(double x) { return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x)); }

double log_likelihood(const SquareMatrix &games, const SquareMatrix &points, const std::vector<double> &r) {
    const std::size_t n = r.size();
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            if (games(i, j) <= 0) continue;
            const double d = r[i] - r[j];
            sum += points(i, j) * log_sigmoid(d) + points(j, i) * log_sigmoid(-d);
        }
    return sum;
}

// Gradient (actual minus expected points) and the observed information
// A = -Hessian, a weighted graph Laplacian: A 1 = 0.
void derivatives(const SquareMatrix &games, const SquareMatrix &points, const std::vector<double> &r,
                 std::vector<double> &gradient, SquareMatrix &information) {
    const std::size_t n = r.size();
    gradient.assign(n, 0.0);
    information = SquareMatrix(n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const double g = games(i, j);
            if (g <= 0) continue;
            const double p = sigmoid(r[i] - r[j]);
            const double residual = points(i, j) - g * p;
            gradient[i] += residual;
            gradient[j] -= residual;
            const double w = g * p * (1.0 - p);
            information(i, i) += w;
            information(j, j) += w;
            information(i, j) -= w;
            information(j, i) -= w;
        }
}

// A + c 1 1^T is positive definite when the pair graph is connected; with
// 1^T g = 0 the solution of (A + c 1 1^T) x = g is the sum-zero solution of
// A x = g. c is scaled to A so the factorisation stays well conditioned.
double rank_one_shift(const SquareMatrix &information) {
    const std::size_t n = information.size();
    double trace = 0;
    for (std::size_t i = 0; i < n; ++i) trace += information(i, i);
    return std::max(trace / double(n * n), 1e-300);
}

bool factor_shifted(const SquareMatrix &information, double shift, SquareMatrix &l) {
    SquareMatrix shifted = information;
    const std::size_t n = information.size();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) shifted(i, j) += shift;
    return cholesky(shifted, l);
}

}  // namespace

BradleyTerryFit fit_bradley_terry(const SquareMatrix &games, const SquareMatrix &points) {
    const std::size_t n = games.size();
    BradleyTerryFit fit;
    fit.rating.assign(n, 0.0);
    fit.covariance = SquareMatrix(n);
    if (n < 2) return fit;

    constexpr int kMaxIterations = 200;
    constexpr double kStepTolerance = 1e-11;  // natural units: about 2e-9 Elo
    std::vector<double> gradient;
    SquareMatrix information, l;
    double current = log_likelihood(games, points, fit.rating);
    for (fit.iterations = 0; fit.iterations < kMaxIterations; ++fit.iterations) {
        derivatives(games, points, fit.rating, gradient, information);
        if (!factor_shifted(information, rank_one_shift(information), l)) break;
        const std::vector<double> step = cholesky_solve(l, gradient);
        double largest = 0;
        for (double s : step) largest = std::max(largest, std::abs(s));
        if (largest < kStepTolerance) break;
        // Step halving keeps the likelihood from decreasing far from the optimum.
        std::vector<double> trial(n);
        double t = 1.0, value = current;
        for (int halvings = 0; halvings < 60; ++halvings, t /= 2) {
            for (std::size_t i = 0; i < n; ++i) trial[i] = fit.rating[i] + t * step[i];
            value = log_likelihood(games, points, trial);
            if (value >= current - 1e-12 * std::abs(current)) break;
        }
        fit.rating = trial;
        current = value;
    }
    double mean = 0;
    for (double x : fit.rating) mean += x;
    mean /= double(n);
    for (double &x : fit.rating) x -= mean;

    derivatives(games, points, fit.rating, gradient, information);
    const double shift = rank_one_shift(information);
    if (factor_shifted(information, shift, l)) {
        // (A + c 1 1^T)^-1 = A^+ + 1 1^T / (c n^2): remove the rank-one part.
        fit.covariance = cholesky_inverse(l);
        const double correction = 1.0 / (shift * double(n) * double(n));
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) fit.covariance(i, j) -= correction;
    }
    return fit;
}

}  // namespace arb::rating::detail
