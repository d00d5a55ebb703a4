#!/usr/bin/env python3
"""Independent reference figures for the constructed sweep cases in
tests/rating/sweeps_test.cpp (not run by the tests; its printed output is
written into them).

Independent of arbiter's code: the maximum-likelihood fit is Zermelo's
fixed-point iteration (gamma_i = W_i / sum_j n_ij / (gamma_i + gamma_j)), not
Newton's method; groups come from a reachability closure, not Kosaraju; the
bounds from bisection on P(perfect result) = 1/2 with P(win) = E^2 (Ordo's
super players at its default 50% draw rate). Scale 400*log10, no colour
advantage, draws half points, reference group average 0.
"""
import math


def elo_fit(names, games):
    """Plain ML of the games among `names`; games: (a, b, points of a)."""
    idx = {n: k for k, n in enumerate(names)}
    m = len(names)
    n = [[0.0] * m for _ in range(m)]
    w = [0.0] * m
    for a, b, s in games:
        if a in idx and b in idx:
            n[idx[a]][idx[b]] += 1
            n[idx[b]][idx[a]] += 1
            w[idx[a]] += s
            w[idx[b]] += 1 - s
    gamma = [1.0] * m
    for _ in range(200000):
        new = []
        for i in range(m):
            d = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i)
            new.append(w[i] / d)
        g = math.exp(sum(math.log(x) for x in new) / m)
        new = [x / g for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, gamma)) < 1e-15
        gamma = new
        if done:
            break
    r = [400 * math.log10(x) for x in gamma]
    mean = sum(r) / m
    return {name: r[k] - mean for k, name in enumerate(names)}


def expected(d):
    return 1 / (1 + 10 ** (-d / 400))


def bisect(f, lo=-20000.0, hi=20000.0):
    flo = f(lo)
    for _ in range(300):
        mid = (lo + hi) / 2
        if (f(mid) < 0) == (flo < 0):
            lo, flo = mid, f(mid)
        else:
            hi = mid
    return (lo + hi) / 2


def bound(own, fixed, games, lower):
    """Shift s of a group (own: internal ratings) so that P(perfect result
    against the fixed engines) = 1/2, P(win) = E^2."""
    def f(s):
        lp = 0.0
        for a, b, res in games:
            if a in own and b in fixed:
                e = expected(own[a] + s - fixed[b])
                lp += 2 * math.log(e if lower else 1 - e)
            elif b in own and a in fixed:
                e = expected(own[b] + s - fixed[a])
                lp += 2 * math.log(e if lower else 1 - e)
        return lp + math.log(2)
    s = bisect(lambda x: f(x) if lower else -f(x))
    return {k: v + s for k, v in own.items()}


def games_of(spec):
    out = []
    for a, b, wins, draws, losses in spec:
        out += [(a, b, 1.0)] * wins + [(a, b, 0.5)] * draws + [(a, b, 0.0)] * losses
    return out


def show(title, ratings):
    print(title)
    for k, v in sorted(ratings.items(), key=lambda kv: -kv[1]):
        print(f"  {k:4} {v:.6f}")


# One engine swept (the README demo's shape): D lost every game.
demo = games_of([("A", "B", 3, 1, 0), ("A", "C", 3, 0, 1), ("B", "C", 1, 1, 2),
                 ("A", "D", 4, 0, 0), ("B", "D", 4, 0, 0), ("C", "D", 4, 0, 0)])
ref = elo_fit(["A", "B", "C"], demo)
show("one engine swept", {**ref, **bound({"D": 0.0}, ref, demo, lower=False)})

# Two-level chain: {A,B,C} swept {X1,X2} (who split their games), everybody swept Y.
chain = games_of([("A", "B", 2, 1, 1), ("A", "C", 3, 0, 1), ("B", "C", 2, 1, 1),
                  ("X1", "X2", 2, 1, 1),
                  ("A", "X1", 2, 0, 0), ("B", "X1", 2, 0, 0), ("C", "X2", 2, 0, 0), ("A", "X2", 2, 0, 0),
                  ("X1", "Y", 2, 0, 0), ("X2", "Y", 2, 0, 0), ("C", "Y", 2, 0, 0)])
ref = elo_fit(["A", "B", "C"], chain)
xs = bound(elo_fit(["X1", "X2"], chain), ref, chain, lower=False)
y = bound({"Y": 0.0}, {**ref, **xs}, chain, lower=False)
show("two-level chain", {**ref, **xs, **y})

# Fully transitive: P beat Q, R, S; Q beat R, S; R beat S; 2 games each.
order = ["P", "Q", "R", "S"]
trans = games_of([(order[i], order[j], 2, 0, 0) for i in range(4) for j in range(i + 1, 4)])
q = {"Q": 0.0}  # reference: the upper of the two middle groups
p = bound({"P": 0.0}, q, trans, lower=True)
r = bound({"R": 0.0}, q, trans, lower=False)
s = bound({"S": 0.0}, {**q, **r}, trans, lower=False)
show("fully transitive", {**p, **q, **r, **s})

# Two engines, 4-0: the loser is the reference, the winner's perfect score the bound.
two = games_of([("A", "B", 4, 0, 0)])
show("two engines 4-0", {**bound({"A": 0.0}, {"B": 0.0}, two, lower=True), "B": 0.0})
