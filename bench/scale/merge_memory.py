#!/usr/bin/env python3
"""Memory of `arbiter merge` over big shards (issue: merge held every game).

Builds 4 shard folders of one two-engine tic-tac-toe tournament of --games
games (default 1,000,000), then runs `arbiter merge` of them with each
--build given and prints one row per build: max RSS (VmHWM, sampled every
20 ms until it exits), arbiter CPU (user+sys of the merge process), wall
time. The merged files of every build are compared byte for byte with the
first build's (SHA-256 of games.jsonl, games.pgn, standings.txt,
standings.json): a change in memory must not change a byte.

Playing a million games would take most of an hour on 2 cores, so the
shards are made the way a run would leave them without playing: a real run
of 4 shards of a small schedule of the same config (instant engines)
gives each shard's config.yaml and real records; the big shards take that
config with `rounds` raised and, for every index of the shard, a real
record of the same colours with its index, pair and round set to that
index's (the merge checks each record against the schedule and its shard:
these pass). Each shard's records are written a few places out of index
order (pairs of neighbours swapped), as a run at concurrency > 1 leaves
them.

  bench/scale/merge_memory.py --build build/release --build ../main/build/release

Not run by CI (no figure is asserted): it prints figures.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scale import watch_until_exit  # noqa: E402

SHARDS = 4
SMALL_ROUNDS = 8  # 16 games: each shard gets both colours
FIELDS = re.compile(r'"(index|pair|round)":\d+')  # what ties a record to its place in the schedule


def shard_of_pair(pair_id, count):
    """tournament/shard.hpp: ((pair_id + pair_id / N) mod N) + 1."""
    return (pair_id + pair_id // count) % count + 1


def small_config(build, out):
    bin_dir, plugin_dir = os.path.join(build, "bin"), os.path.join(build, "plugins")
    lines = ["event: merge-memory", "game: tictactoe", "engines:"]
    for i in range(2):
        lines += [f"  - name: random-{i}",
                  f"    command: {bin_dir}/arbiter-engine",
                  f"    args: [--game, tictactoe, --mode, random, --seed, \"{i + 1}\", --plugin-dir, {plugin_dir}]"]
    lines += [f"tournament: {{rounds: {SMALL_ROUNDS}, games_per_pairing: 2}}", "time_control: 60+1",
              f"output: {{dir: \"{out}\"}}", "progress: {interval: 0}"]
    return "\n".join(lines) + "\n"


def make_shards(build, work, games):
    """The SHARDS folders of a `games`-game tournament, as described above."""
    config = os.path.join(work, "small.yaml")
    with open(config, "w") as f:
        f.write(small_config(build, os.path.join(work, "small")))
    arbiter = os.path.join(build, "bin", "arbiter")
    folders = []
    rounds = games // 2
    for k in range(1, SHARDS + 1):
        small = os.path.join(work, f"small-{k}")
        subprocess.run([arbiter, "run", config, "--plugin-dir", os.path.join(build, "plugins"), "--shard",
                        f"{k}/{SHARDS}", "--out", small], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(small, "games.jsonl")) as f:
            records = [line.rstrip("\n") for line in f if line.strip()]
        # A real record of each colour order (game_in_pairing 0 and 1).
        template = {}
        for line in records:
            template.setdefault(int(re.search(r'"game_in_pairing":(\d+)', line).group(1)), line)
        assert set(template) == {0, 1}, "each small shard plays both colours"
        big = os.path.join(work, f"shard-{k}")
        os.makedirs(big)
        with open(os.path.join(small, "config.yaml")) as f:
            text = f.read()
        text = text.replace(f"rounds: {SMALL_ROUNDS}\n", f"rounds: {rounds}\n")
        text = text.replace(f"dir: \"{small}\"", f"dir: \"{big}\"")
        with open(os.path.join(big, "config.yaml"), "w") as f:
            f.write(text)
        with open(os.path.join(big, "games.jsonl"), "w") as out:
            pending = []
            for pair in range(rounds):
                if shard_of_pair(pair, SHARDS) != k:
                    continue
                for g in (0, 1):
                    index = 2 * pair + g
                    values = {"index": index, "pair": pair, "round": pair + 1}
                    pending.append(FIELDS.sub(lambda m: f'"{m.group(1)}":{values[m.group(1)]}', template[g]))
                if len(pending) >= 4:  # neighbours swapped: a few places out of index order
                    pending[1], pending[2] = pending[2], pending[1]
                    out.write("\n".join(pending) + "\n")
                    pending = []
            if pending:
                out.write("\n".join(pending) + "\n")
        folders.append(big)
    return folders


def measure_merge(build, folders, out):
    arbiter = os.path.join(build, "bin", "arbiter")
    start = time.monotonic()
    proc = subprocess.Popen([arbiter, "merge", "--out", out, "--plugin-dir", os.path.join(build, "plugins")] + folders,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    hwm, cpu = watch_until_exit(proc)
    wall = time.monotonic() - start
    log = proc.stdout.read().decode(errors="replace")
    code = proc.wait()
    if code != 0:
        sys.stderr.write(f"arbiter merge failed ({code}):\n{log[-2000:]}\n")
        return None
    digests = {}
    for name in ("games.jsonl", "games.pgn", "standings.txt", "standings.json"):
        h = hashlib.sha256()
        with open(os.path.join(out, name), "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        digests[name] = h.hexdigest()
    m = re.search(r"(\d+) of (\d+) games merged", log)
    return {"rss_mb": hwm / 1024.0, "cpu": cpu, "wall": wall, "digests": digests,
            "merged": int(m.group(1)) if m else -1}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", action="append", help="build folder holding bin/ and plugins/ (repeat to compare)")
    p.add_argument("--games", type=int, default=1_000_000, help="games of the tournament (even)")
    p.add_argument("--keep", action="store_true", help="keep the temporary folders")
    a = p.parse_args()
    builds = [os.path.abspath(b) for b in (a.build or ["build/release"])]
    work = tempfile.mkdtemp(prefix="arbiter-merge-memory-")
    try:
        folders = make_shards(builds[0], work, a.games)
        size = sum(os.path.getsize(os.path.join(f, "games.jsonl")) for f in folders)
        print(f"{SHARDS} shards, {a.games:,} games, {size / 1e6:.0f} MB of games.jsonl")
        print("| build | games merged | arbiter max RSS | arbiter CPU | wall | files as the first build's |")
        print("|---|---|---|---|---|---|")
        first = None
        for n, build in enumerate(builds):
            out = os.path.join(work, f"merged-{n}")
            r = measure_merge(build, folders, out)
            if not a.keep:
                shutil.rmtree(out, ignore_errors=True)
            if r is None:
                continue
            first = first or r["digests"]
            same = "yes" if r["digests"] == first else \
                "NO: " + ", ".join(k for k in first if first[k] != r["digests"][k])
            print(f"| {build} | {r['merged']:,} | {r['rss_mb']:.1f} MB | {r['cpu']:.1f} s | {r['wall']:.1f} s | {same} |")
            sys.stdout.flush()
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
