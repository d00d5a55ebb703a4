#include "rating/dense_matrix.hpp"

#include <algorithm>
#include <cmath>

namespace arb::rating::detail {
namespace {

// Four running sums: the compiler may not reorder a floating-point reduction
// itself, and this is the inner loop of every factorisation and solve.
double dot(const double *a, const double *b, std::size_t n) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
    }
    for (; k < n; ++k) s0 += a[k] * b[k];
    return (s0 + s1) + (s2 + s3);
}

}  // namespace

bool cholesky(const SquareMatrix &a, SquareMatrix &l) {
    const std::size_t n = a.size();
    l = SquareMatrix(n);
    for (std::size_t j = 0; j < n; ++j) {
        const double diag = a(j, j) - dot(l.row(j), l.row(j), j);
        if (!(diag > 0)) return false;
        const double ljj = std::sqrt(diag);
        l(j, j) = ljj;
        for (std::size_t i = j + 1; i < n; ++i) l(i, j) = (a(i, j) - dot(l.row(i), l.row(j), j)) / ljj;
    }
    return true;
}

std::vector<double> cholesky_solve(const SquareMatrix &l, std::vector<double> b) {
    const std::size_t n = l.size();
    for (std::size_t i = 0; i < n; ++i) b[i] = (b[i] - dot(l.row(i), b.data(), i)) / l(i, i);  // L y = b
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
        for (std::size_t i = j + 1; i < n; ++i)  // L y = e_j, y_i = 0 for i < j
            x[i] = -dot(l.row(i) + j, x.data() + j, i - j) / l(i, i);
        for (std::size_t i = n; i-- > 0;)  // L^T x = y
            x[i] = (x[i] - dot(u.row(i) + i + 1, x.data() + i + 1, n - i - 1)) / u(i, i);
        for (std::size_t i = 0; i < n; ++i) inv(i, j) = x[i];
    }
    return inv;
}

}  // namespace arb::rating::detail
