// The little dense linear algebra the rating fit needs: a square matrix,
// Cholesky factorisation, solve and inverse of symmetric positive definite
// matrices. Sizes are the number of engines (tens to a few hundred).
#pragma once

#include <cstddef>
#include <vector>

namespace arb::rating::detail {

class SquareMatrix {
public:
    explicit SquareMatrix(std::size_t n = 0, double fill = 0) : n_(n), a_(n * n, fill) {}
    [[nodiscard]] std::size_t size() const noexcept { return n_; }
    double &operator()(std::size_t i, std::size_t j) { return a_[i * n_ + j]; }
    double operator()(std::size_t i, std::size_t j) const { return a_[i * n_ + j]; }
    [[nodiscard]] const double *row(std::size_t i) const { return a_.data() + i * n_; }

private:
    std::size_t n_;
    std::vector<double> a_;
};

// Lower-triangular L with A = L L^T, or false if A is not (numerically)
// positive definite. Only the lower triangle of A is read.
bool cholesky(const SquareMatrix &a, SquareMatrix &l);

// x with L L^T x = b.
std::vector<double> cholesky_solve(const SquareMatrix &l, std::vector<double> b);

// (L L^T)^-1.
SquareMatrix cholesky_inverse(const SquareMatrix &l);

}  // namespace arb::rating::detail
