// Connectivity of the results and the virtual draws that make the fit finite.
#include "rating/fit_data.hpp"

#include <algorithm>
#include <numeric>

namespace arb::rating::detail {
namespace {

// Strongly connected components of "i took points from j" (Kosaraju, with
// explicit stacks: no recursion depth limit on large pools).
std::vector<int> strong_components(const PairResults &r) {
    const int n = r.engines();
    auto took = [&](int i, int j) { return r.games(i, j) > 0 && r.points(i, j) > 0; };
    std::vector<int> order;
    std::vector<bool> seen(n, false);
    for (int start = 0; start < n; ++start) {
        if (seen[start]) continue;
        std::vector<std::pair<int, int>> stack{{start, 0}};  // node, next neighbour
        seen[start] = true;
        while (!stack.empty()) {
            auto &[v, next] = stack.back();
            if (next < n) {
                const int w = next++;
                if (!seen[w] && took(v, w)) {
                    seen[w] = true;
                    stack.emplace_back(w, 0);
                }
            } else {
                order.push_back(v);
                stack.pop_back();
            }
        }
    }
    std::vector<int> component(n, -1);
    int count = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (component[*it] >= 0) continue;
        std::vector<int> stack{*it};
        component[*it] = count;
        while (!stack.empty()) {
            const int v = stack.back();
            stack.pop_back();
            for (int w = 0; w < n; ++w)
                if (component[w] < 0 && took(w, v)) {
                    component[w] = count;
                    stack.push_back(w);
                }
        }
        ++count;
    }
    return component;
}

// Components of "played each other".
std::vector<int> weak_components(const PairResults &r) {
    const int n = r.engines();
    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    };
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (r.games(i, j) > 0) parent[find(i)] = find(j);
    std::vector<int> component(n);
    for (int i = 0; i < n; ++i) component[i] = find(i);
    return component;
}

void add_draws(FitData &d, int i, int j, double games) {
    d.games(i, j) += games;
    d.games(j, i) += games;
    d.points(i, j) += games / 2;
    d.points(j, i) += games / 2;
}

}  // namespace

FitData prepare_fit_data(const PairResults &results) {
    const int n = results.engines();
    FitData d{SquareMatrix(n), SquareMatrix(n), std::vector<bool>(n, false), std::vector<bool>(n, false)};
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            d.games(i, j) = results.games(i, j);
            d.points(i, j) = results.points(i, j);
        }
    const std::vector<int> strong = strong_components(results);
    if (std::all_of(strong.begin(), strong.end(), [&](int c) { return c == strong[0]; })) return d;

    // Per strong component: did it play outsiders, take points from them, lose points to them?
    std::vector<bool> played(n, false), took(n, false), gave(n, false);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (strong[i] == strong[j] || results.games(i, j) == 0) continue;
            played[strong[i]] = true;
            if (results.points(i, j) > 0) took[strong[i]] = true;
            if (results.points(j, i) > 0) gave[strong[i]] = true;
            if (i < j) add_draws(d, i, j, 1.0);
        }
    for (int i = 0; i < n; ++i) {
        d.lower_bound[i] = played[strong[i]] && !gave[strong[i]];
        d.upper_bound[i] = played[strong[i]] && !took[strong[i]];
    }

    const std::vector<int> weak = weak_components(results);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (weak[i] != weak[j]) add_draws(d, i, j, 1.0 / (n - 1));
    return d;
}

}  // namespace arb::rating::detail
