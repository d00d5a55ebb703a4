// Groups of engines with finite relative ratings, and how they are placed.
#include "rating/sweep_groups.hpp"

#include <algorithm>
#include <numeric>

namespace arb::rating::detail {
namespace {

bool scored_against(const PairResults &r, int i, int j) { return r.games(i, j) > 0 && r.points(i, j) > 0; }

// Strongly connected components of "i scored against j" (Kosaraju, with
// explicit stacks: no recursion depth limit on large pools).
std::vector<int> strong_components(const PairResults &r, int &count) {
    const int n = r.engines();
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
                if (!seen[w] && scored_against(r, v, w)) {
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
    count = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (component[*it] >= 0) continue;
        std::vector<int> stack{*it};
        component[*it] = count;
        while (!stack.empty()) {
            const int v = stack.back();
            stack.pop_back();
            for (int w = 0; w < n; ++w)
                if (component[w] < 0 && scored_against(r, w, v)) {
                    component[w] = count;
                    stack.push_back(w);
                }
        }
        ++count;
    }
    return component;
}

// Parts of the pool connected by games, as a representative engine per engine.
std::vector<int> connected_parts(const PairResults &r) {
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
    std::vector<int> part(n);
    for (int i = 0; i < n; ++i) part[i] = find(i);
    return part;
}

// Groups in an order where every group comes after all groups that swept it
// (Kahn; among the ready ones the lowest index first, so the order is fixed).
std::vector<int> sweep_order(const std::vector<std::vector<bool>> &swept) {
    const std::size_t g = swept.size();
    std::vector<int> indegree(g, 0);
    for (std::size_t u = 0; u < g; ++u)
        for (std::size_t v = 0; v < g; ++v) indegree[v] += swept[u][v];
    std::vector<int> order;
    std::vector<bool> done(g, false);
    while (order.size() < g) {
        std::size_t next = 0;
        while (done[next] || indegree[next] > 0) ++next;  // a DAG always has a ready group
        done[next] = true;
        order.push_back(static_cast<int>(next));
        for (std::size_t v = 0; v < g; ++v) indegree[v] -= swept[next][v];
    }
    return order;
}

// Every group reachable from `from` along `edge(u, v)`.
template <class Edge>
std::vector<bool> reachable(std::size_t groups, int from, Edge edge) {
    std::vector<bool> seen(groups, false);
    std::vector<int> stack{from};
    seen[from] = true;
    while (!stack.empty()) {
        const int u = stack.back();
        stack.pop_back();
        for (std::size_t v = 0; v < groups; ++v)
            if (!seen[v] && edge(u, static_cast<int>(v))) {
                seen[v] = true;
                stack.push_back(static_cast<int>(v));
            }
    }
    return seen;
}

}  // namespace

SweepGroups find_sweep_groups(const PairResults &results) {
    const int n = results.engines();
    SweepGroups s;
    int count = 0;
    s.group_of = strong_components(results, count);
    const std::size_t g = count;
    s.members.assign(g, {});
    for (int i = 0; i < n; ++i) s.members[s.group_of[i]].push_back(i);

    // swept[u][v]: an engine of u scored against one of v, and (being different
    // groups) no engine of v scored against u: every game between them went to u.
    std::vector<std::vector<bool>> swept(g, std::vector<bool>(g, false));
    std::vector<int> games_played(g, 0);
    std::vector<std::vector<bool>> met(g, std::vector<bool>(g, false));  // some game between them
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            games_played[s.group_of[i]] += results.games(i, j);
            if (results.games(i, j) > 0) met[s.group_of[i]][s.group_of[j]] = true;
            if (s.group_of[i] != s.group_of[j] && scored_against(results, i, j)) swept[s.group_of[i]][s.group_of[j]] = true;
        }
    const std::vector<int> order = sweep_order(swept);

    const std::vector<int> engine_part = connected_parts(results);
    s.part.resize(g);
    for (std::size_t u = 0; u < g; ++u) s.part[u] = engine_part[s.members[u].front()];
    s.placement.assign(g, Placement::Unplaced);

    std::vector<bool> part_done(n, false);
    for (std::size_t u = 0; u < g; ++u) {
        const int part = s.part[u];
        if (part_done[part]) continue;
        part_done[part] = true;
        // Candidates for the reference group, in sweep order.
        std::vector<int> in_part;
        for (int v : order)
            if (s.part[v] == part) in_part.push_back(v);
        auto better = [&](int a, int b) {
            if (s.members[a].size() != s.members[b].size()) return s.members[a].size() > s.members[b].size();
            return games_played[a] > games_played[b];
        };
        const int best = *std::min_element(in_part.begin(), in_part.end(), [&](int a, int b) { return better(a, b); });
        if (games_played[best] == 0) continue;  // an engine without games
        std::vector<int> tied;
        for (int v : in_part)
            if (!better(best, v)) tied.push_back(v);
        // Two groups: the lower, so that the one with the perfect score is the bound (policy in ratings.hpp).
        const int reference = in_part.size() == 2 && tied.size() == 2 ? tied[1] : tied[(tied.size() - 1) / 2];

        // A star: the reference is one engine that swept (or was swept by)
        // every other group of the part, and each of those met no one else:
        // a gauntlet whose first engine won (lost) every game. Rationale: the
        // hub has no finite rating against anyone, and rating it exactly with
        // its opponents as bounds showed an 8/8 winner as 0.0. Instead the
        // opponents are the reference groups (each at 0: nothing places them
        // apart) and the hub is the bound against all of them. Two groups
        // keep the rule above (the lower one is the reference).
        std::vector<int> leaves;
        bool star = true, hub_won = true, hub_lost = true;
        for (int v : in_part) {
            if (v == reference) continue;
            leaves.push_back(v);
            hub_won = hub_won && swept[reference][v];
            hub_lost = hub_lost && swept[v][reference];
            for (int w : in_part)
                if (w != v && w != reference && (swept[v][w] || swept[w][v] || met[v][w])) star = false;
        }
        if (star && s.members[reference].size() == 1 && leaves.size() >= 2 && (hub_won || hub_lost)) {
            for (int v : leaves) s.placement[v] = Placement::Reference;
            s.placement[reference] = hub_won ? Placement::Above : Placement::Below;
            continue;
        }

        s.placement[reference] = Placement::Reference;
        const auto below = reachable(g, reference, [&](int a, int b) { return swept[a][b]; });
        const auto above = reachable(g, reference, [&](int a, int b) { return swept[b][a]; });
        for (std::size_t v = 0; v < g; ++v) {
            if (static_cast<int>(v) == reference) continue;
            if (below[v]) s.placement[v] = Placement::Below;
            if (above[v]) s.placement[v] = Placement::Above;
        }
    }
    // Below groups top down, then Above groups bottom up: each after the groups
    // between it and its reference group.
    for (int v : order)
        if (s.placement[v] == Placement::Below) s.bound_order.push_back(v);
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        if (s.placement[*it] == Placement::Above) s.bound_order.push_back(*it);
    return s;
}

}  // namespace arb::rating::detail
