#!/usr/bin/env python3
"""One SPRT over K local shards of `arbiter run --shared`, for real: K = 1, 2, 4, 8 shard
processes at once on one shared folder, two instant scripted engines of a known strength
difference (arbiter-mock-engine, the weak one forfeiting each game with probability P,
otherwise random tic-tac-toe: expected score 1/2 + P/2), a few seeds each. Prints games to the
decision, games played past it (overshoot, and per shard), the shards' look cost (from the line
each prints at the end) and the decisions.

The decision's distribution over many seeds is bench_shared_sprt's job (the same SharedSprt
code driven by a simulated clock, hundreds of seeds in seconds); this checks the whole program.

    bench/scale/sharded_sprt.py BUILD_BIN_DIR PLUGIN_DIR [--seeds 5] [--p 0.1] [--elo1 40]
"""
import argparse
import json
import os
import re
import subprocess
import tempfile
import time


def config(bin_dir, plugins, p, elo1, seed):
    # The declared option 'seed' takes the per-game seed the tournament hands out, so a game's result
    # depends on its schedule index (and the engine's --seed), not on which shard's processes play it.
    engine = ('  - {{name: {name}, command: "{bin}/arbiter-mock-engine", args: [--game, tictactoe, '
              '--plugin-dir, "{plugins}", --seed, "{seed}", --declare-option, '
              '"seed type spin default 1 min 0 max 2147483647"{extra}]}}\n')
    return ("event: sharded sprt bench\ngame: tictactoe\nengines:\n"
            + engine.format(name="strong", bin=bin_dir, plugins=plugins, seed=seed, extra="")
            + engine.format(name="weak", bin=bin_dir, plugins=plugins, seed=seed + 1,
                            extra=', --lose-probability, "%g"' % p)
            + "tournament: {rounds: 100000, games_per_pairing: 2, seed: %d}\n" % seed
            + "time_control: 10+0.1\nconcurrency: 1\n"
            + "sprt: {elo0: 0, elo1: %g, alpha: 0.05, beta: 0.05}\n" % elo1)


def run(bin_dir, plugins, shards, seed, p, elo1):
    with tempfile.TemporaryDirectory(prefix="arbiter-sharded-sprt-") as work:
        cfg = os.path.join(work, "t.yaml")
        with open(cfg, "w") as f:
            f.write(config(bin_dir, plugins, p, elo1, seed))
        shared = os.path.join(work, "shared")
        os.mkdir(shared)
        start = time.time()
        procs = [subprocess.Popen([os.path.join(bin_dir, "arbiter"), "run", cfg, "--shard", "%d/%d" % (k, shards),
                                   "--out", os.path.join(work, "s%d" % k), "--shared", shared, "--quiet",
                                   "--plugin-dir", plugins],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                 for k in range(1, shards + 1)]
        logs = [proc.communicate()[0] for proc in procs]
        seconds = time.time() - start
        for proc, log in zip(procs, logs):
            if proc.returncode != 0:
                raise SystemExit("a shard failed:\n" + log)
        with open(os.path.join(shared, "decision.json")) as f:
            decision = json.load(f)
        counted = decision["pairs"]  # pairs 0 .. counted-1, in schedule order
        games = 0
        past_pairs = []
        for k in range(1, shards + 1):
            with open(os.path.join(work, "s%d" % k, "games.jsonl")) as f:
                games += sum(1 for line in f if line.strip())
            with open(os.path.join(shared, "shard-%d-of-%d.pairs" % (k, shards))) as f:
                pairs = [json.loads(line)["pair"] for line in f if line.strip()]
            past_pairs.append(sum(1 for pair in pairs if pair >= counted))
        looks = 0
        look_us = 0.0
        for log in logs:
            m = re.search(r"(\d+) looks at the others' pairs \(([0-9.]+) us each\)", log)
            if m:
                looks += int(m.group(1))
                look_us += int(m.group(1)) * float(m.group(2))
        return {"decision": decision["decision"], "at_decision": decision["games"], "games": games,
                "max_past_pairs": max(past_pairs), "looks": looks, "look_us": look_us, "seconds": seconds}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin_dir")
    ap.add_argument("plugins")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--p", type=float, default=0.1)
    ap.add_argument("--elo1", type=float, default=40)
    a = ap.parse_args()
    a.bin_dir, a.plugins = os.path.abspath(a.bin_dir), os.path.abspath(a.plugins)
    print("SPRT normalized [0, %g]; strong vs weak forfeiting %g%% (expected score %.3f); %d seeds per row; "
          "one game at a time per shard" % (a.elo1, 100 * a.p, 0.5 + a.p / 2, a.seeds))
    print("%6s %10s %13s %13s %10s %15s %13s %8s" % ("shards", "H1", "games at dec", "games played", "overshoot",
                                                   "max pairs past", "us per look", "wall s"))
    for shards in (1, 2, 4, 8):
        rows = [run(a.bin_dir, a.plugins, shards, seed, a.p, a.elo1) for seed in range(1, a.seeds + 1)]
        n = len(rows)
        h1 = sum(1 for r in rows if r["decision"] == "H1")
        at = sum(r["at_decision"] for r in rows) / n
        played = sum(r["games"] for r in rows) / n
        looks = sum(r["looks"] for r in rows)
        print("%6d %9d/%d %13.1f %13.1f %10.1f %15d %13.1f %8.1f" % (
            shards, h1, n, at, played, played - at, max(r["max_past_pairs"] for r in rows),
            sum(r["look_us"] for r in rows) / looks if looks else 0.0, sum(r["seconds"] for r in rows) / n))


if __name__ == "__main__":
    main()
