#include "rating/dense_matrix.hpp"

#include <algorithm>
#include <cmath>

namespace arb::rating::detail {

bool cholesky(const SquareMatrix &a, SquareMatrix &l) {
    const std::size_t n = a.size();
    l = SquareMatrix(n);
    for (std::size_t j = 0; j < n; ++j) {
        double diag = a(j, j);
        for (std::size_t k = 0; k < j; ++k) diag -= l(j, k) * l(j, k);
        if (!(diag > 0)) return false;
        const double ljj = std::sqrt(diag);
        l(j, j) = ljj;
        for (std::size_t i = j + 1; i < n; ++i) {
            double sum = a(i, j);
            for (std::size_t k = 0; k < j; ++k) sum -= l(i, k) * l(j, k);
            l(i, j) = sum / ljj;
        }
    }
    return true;
}

std::vector<double> cholesky_solve(const SquareMatrix &l, std::vector<double> b) {
    const std::size_t n = l.size();
    for (std::size_t i = 0; i < n; ++i) {  // L y = b
        double sum = b[i];
        for (std::size_t k = 0; k < i; ++k) sum -= l(i, k) * b[k];
        b[i] = sum / l(i, i);
    }
    for (std::size_t i = n; i-- > 0;) {  // L^T x = y
        double sum = b[i];
        for (std::size_t k = i + 1; k < n; ++k) sum -= l(k, i) * b[k];
        b[i] = sum / l(i, i);
    }
    return b;
}

SquareMatrix cholesky_inverse(const SquareMatrix &l) {
    // Column by column, with L^T stored row-wise so both substitutions run
    // along contiguous rows, and the forward one skipping the known zeros.
    const std::size_t n = l.size();
    SquareMatrix u(n), inv(n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) u(j, i) = l(i, j);
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j) {
        std::fill(x.begin(), x.end(), 0.0);
        x[j] = 1.0 / l(j, j);
        for (std::size_t i = j + 1; i < n; ++i) {  // L y = e_j, y_i = 0 for i < j
            double sum = 0;
            for (std::size_t k = j; k < i; ++k) sum -= l(i, k) * x[k];
            x[i] = sum / l(i, i);
        }
        for (std::size_t i = n; i-- > 0;) {  // L^T x = y
            double sum = x[i];
            for (std::size_t k = i + 1; k < n; ++k) sum -= u(i, k) * x[k];
            x[i] = sum / u(i, i);
        }
        for (std::size_t i = 0; i < n; ++i) inv(i, j) = x[i];
    }
    return inv;
}

}  // namespace arb::rating::detail
