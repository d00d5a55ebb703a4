#!/usr/bin/env python3
"""Scale benchmark of `arbiter run`: big engine pools and long runs (issue 20).

Runs round robins of instant engines (arbiter-engine --mode random on
tictactoe, games of a few milliseconds) and prints one row per run:

  engines, games, engine processes started (the arbiter's own figure),
  arbiter CPU (user+sys of the arbiter process alone, engines excluded:
  /proc/PID/stat of the exited, not yet reaped process), arbiter CPU per
  game, arbiter max RSS (VmHWM, sampled every 20 ms until it exits), wall time.

The default rows take a few minutes on 2 cores; --big adds 128 engines and the
two-engine runs of 16,256 (the 128-engine round robin's count, for the CPU
per game ratio printed under the table) and 20,000 to 1,000,000 games. The table is printed at
--concurrency (default 16, as in the issue) and again at the machine's core
count (--no-cores-variant to skip). To compare builds, run it once per build:

  bench/scale/scale.py --build build/release
  bench/scale/scale.py --build ../base/build/release      # e.g. an older commit

Not run by CI (no timing is asserted anywhere): it prints figures.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# (engines, rounds, games per pairing): games = engines*(engines-1)/2 * rounds * gpp
DEFAULT_ROWS = [(2, 2500, 2), (16, 1, 2), (32, 1, 2), (64, 1, 2)]
BIG_ROWS = [(128, 1, 2), (2, 8128, 2), (2, 10000, 2), (2, 50000, 2), (2, 500000, 2)]


def games_of(engines, rounds, per_pairing):
    return engines * (engines - 1) // 2 * rounds * per_pairing


def config_text(build, engines, rounds, per_pairing, concurrency, out):
    bin_dir = os.path.join(build, "bin")
    plugin_dir = os.path.join(build, "plugins")
    lines = ["event: scale", "game: tictactoe", "engines:"]
    for i in range(engines):
        lines += [f"  - name: random-{i}",
                  f"    command: {bin_dir}/arbiter-engine",
                  f"    args: [--game, tictactoe, --mode, random, --seed, \"{i + 1}\", --plugin-dir, {plugin_dir}]"]
    lines += [f"tournament: {{rounds: {rounds}, games_per_pairing: {per_pairing}}}",
              f"concurrency: {concurrency}",
              "time_control: 60+1",
              f"output: {{dir: \"{out}\"}}",
              "progress: {interval: 0}"]
    return "\n".join(lines) + "\n"


def self_cpu_seconds(pid):
    """utime + stime of `pid` alone (fields 14 and 15 of /proc/PID/stat; the
    children's times are fields 16 and 17)."""
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    fields = stat[stat.rindex(")") + 2:].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def vm_hwm_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def watch_until_exit(proc):
    """Samples the max RSS of a started process every 20 ms until it exits,
    without reaping it (so /proc/PID stays readable): (VmHWM in kB, its CPU
    seconds). The caller reaps it (proc.wait())."""
    hwm = 0
    while True:
        info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG)
        if info is not None and info.si_pid == proc.pid:
            break
        sample = vm_hwm_kb(proc.pid)
        if sample:
            hwm = max(hwm, sample)
        time.sleep(0.02)
    return hwm, self_cpu_seconds(proc.pid)


def run_row(build, engines, rounds, per_pairing, concurrency, keep):
    work = tempfile.mkdtemp(prefix="arbiter-scale-")
    try:
        config = os.path.join(work, "scale.yaml")
        out = os.path.join(work, "out")
        with open(config, "w") as f:
            f.write(config_text(build, engines, rounds, per_pairing, concurrency, out))
        log_path = os.path.join(work, "log.txt")
        with open(log_path, "w") as log:
            start = time.monotonic()
            arbiter = os.path.join(build, "bin", "arbiter")
            # Concurrency 16 on fewer cores is the point here; builds before
            # --force-concurrency took it without the flag.
            run_help = subprocess.run([arbiter, "run", "--help"], capture_output=True, text=True).stdout
            force = ["--force-concurrency"] if "--force-concurrency" in run_help else []
            proc = subprocess.Popen([arbiter, "run", config, "--plugin-dir", os.path.join(build, "plugins")] + force,
                                    stdout=log, stderr=subprocess.STDOUT)
            hwm, cpu = watch_until_exit(proc)
            wall = time.monotonic() - start
            code = proc.wait()
        with open(log_path) as f:
            text = f.read()
        m = re.search(r"(\d+) engine processes started", text)
        if code != 0 or not m:
            sys.stderr.write(f"arbiter run failed ({code}):\n{text[-2000:]}\n")
            return None
        games = games_of(engines, rounds, per_pairing)
        return {"engines": engines, "games": games, "starts": int(m.group(1)), "cpu": cpu,
                "cpu_per_game_ms": 1000.0 * cpu / games, "rss_mb": hwm / 1024.0, "wall": wall}
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def print_table(title, rows):
    print(f"\n{title}")
    print("| engines | games | engine processes started | arbiter CPU | CPU/game | arbiter max RSS | wall |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['engines']} | {r['games']:,} | {r['starts']:,} | {r['cpu']:.2f} s | {r['cpu_per_game_ms']:.3f} ms"
              f" | {r['rss_mb']:.1f} MB | {r['wall']:.1f} s |")
    sys.stdout.flush()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", default="build/release", help="build folder holding bin/ and plugins/")
    p.add_argument("--concurrency", type=int, default=16)
    p.add_argument("--big", action="store_true", help="add 128 engines and 20,000 to 1,000,000 games of 2 engines")
    p.add_argument("--rows", help="only these runs, e.g. '2x2500,128x1' (engines x rounds, 2 games per pairing)")
    p.add_argument("--no-cores-variant", action="store_true", help="skip the table at the machine's core count")
    p.add_argument("--keep", action="store_true", help="keep the temporary output folders")
    a = p.parse_args()
    if a.rows:
        rows = [(int(e), int(r), 2) for e, r in (x.split("x") for x in a.rows.split(","))]
    else:
        rows = DEFAULT_ROWS + (BIG_ROWS if a.big else [])
    build = os.path.abspath(a.build)
    variants = [a.concurrency]
    cores = os.cpu_count() or 1
    if not a.no_cores_variant and cores != a.concurrency:
        variants.append(cores)
    for concurrency in variants:
        results = []
        for engines, rounds, gpp in rows:
            r = run_row(build, engines, rounds, gpp, concurrency, a.keep)
            if r:
                results.append(r)
        print_table(f"{build}: concurrency {concurrency} ({cores} cores)", results)
        most = max(results, key=lambda r: r["engines"], default=None)
        # Against the two-engine run nearest in games (fixed costs weigh the same).
        two = sorted((r for r in results if r["engines"] == 2), key=lambda r: abs(r["games"] - most["games"])) \
            if most else []
        if two and most["engines"] > 2:
            ratio = most["cpu_per_game_ms"] / two[0]["cpu_per_game_ms"]
            print(f"arbiter CPU per game at {most['engines']} engines / at 2 engines ({two[0]['games']:,} games): "
                  f"{ratio:.2f}x")


if __name__ == "__main__":
    main()
