// Mean and variance of a discrete score distribution given by counts: the
// common ground of head-to-head statistics and SPRT.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace arb::rating::detail {

inline constexpr double kZ95 = 1.959963984540054;
inline constexpr double kLn10 = 2.302585092994045684;
inline constexpr double kNeloScale = 800.0 / kLn10;  // nElo per unit of (s - 1/2)/sd

template <std::size_t K>
struct Outcomes {
    std::array<double, K> count{};  // how often each score happened
    std::array<double, K> value{};  // the score, 0..1
};

template <std::size_t K>
double total(const Outcomes<K> &o) {
    double n = 0;
    for (double c : o.count) n += c;
    return n;
}

template <std::size_t K>
double mean(const Outcomes<K> &o) {
    double n = total(o), sum = 0;
    for (std::size_t k = 0; k < K; ++k) sum += o.count[k] * o.value[k];
    return n > 0 ? sum / n : 0.5;
}

// Per-unit (per game or per pair) variance of the score.
template <std::size_t K>
double variance(const Outcomes<K> &o) {
    double n = total(o), s = mean(o), sum = 0;
    for (std::size_t k = 0; k < K; ++k) sum += o.count[k] * (o.value[k] - s) * (o.value[k] - s);
    return n > 0 ? sum / n : 0;
}

// Elo of an expected score, logistic scale.
double elo_of_score(double s);
double score_of_elo(double elo);

}  // namespace arb::rating::detail
