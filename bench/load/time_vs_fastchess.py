#!/usr/bin/env python3
"""Time charged per move, time losses and cost per ply: arbiter beside fastchess (issue 30 §5).

Both tools get the same command line (fastchess's syntax; `arbiter match
--game chess` reads it), the same engines, book, clock and concurrency, and
run in turn within each cell (A B B A ...) under the same load, so that
both see the same machine. Cells: the engine (fastchess's own random mover,
and Stockfish at 1+0.01), the concurrency (1, the core count, 4x the core
count with -force-concurrency) and the load (quiet, and with one busy loop
per core). A machine shared with other work is never quiet: the load
average is printed, and only the ratios within a cell are meaningful.

Printed per tool and cell:
  losses     games lost on time
  ovh p50/p99/max  charged time minus the engine's own, per move, in ms: the
             time the tool charged (fastchess: its PGN comment; arbiter:
             games.jsonl's "ms"), less the time the engine says it searched
             (nodes / nps of its last info line; zero for the random mover,
             which searches nothing). Both tools keep milliseconds, truncated.
  games/s    games per wall second
  us/ply     wall time per ply, all games together (wall / plies)
  cpu/ply    the tool's own CPU per ply, engines excluded (us)
  eng/ply    its engines' CPU per ply (us): the same engines under both tools,
             so a difference is the work the tool's lines cost them
  csw/ply    the tool's own context switches per ply (voluntary +
             involuntary, all its threads, sampled from /proc)
and per cell the per-ply ratio fastchess / arbiter (the issue asks >= 2).

Usage:
  bench/load/time_vs_fastchess.py --fastchess PATH --random-mover PATH [--full]
  (or FASTCHESS=... RANDOM_MOVER=... in the environment)

fastchess is not part of this project: build it from its own sources
(github.com/Disservin/fastchess, `make`) and its random mover with
`g++ -O3 -std=c++17 app/tests/mock/engine/random_mover.cpp -o random_mover`
in its checkout. Stockfish is Debian's `stockfish` package (skipped with a
note when absent). --arbiter-b adds a second arbiter build to every cell
(e.g. the one before a change), interleaved the same way.

The default run (a couple of minutes on 2 cores) is the random mover at the
three concurrencies, quiet and loaded, and Stockfish at the core count,
loaded; --full runs Stockfish in every cell too, with more games.
Not run by CI: it prints figures and judges nothing.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
BOOK = os.path.join(ROOT, "configs", "books", "chess-8ply.epd")

# One engine move's PGN comment as both tools write it: "{+0.27/10 0.103s, n=11476, nps=110346}".
COMMENT = re.compile(r"\{([^}]*)\}")
SECONDS = re.compile(r"(?:^|\s)(\d+(?:\.\d+)?)s(?:,|$)")
NODES = re.compile(r"n=(\d+)")
NPS = re.compile(r"nps=(\d+)")


def fail(message):
    print(f"time_vs_fastchess: {message}", file=sys.stderr)
    sys.exit(2)


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def read_pgn(path):
    """(games, plies, time losses, [per-move overhead ms]) of a PGN file."""
    games = losses = plies = 0
    overheads = []
    if not os.path.exists(path):
        return 0, 0, 0, overheads
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for block in re.split(r"\n(?=\[Event )", text):
        if "[Result " not in block:
            continue
        games += 1
        if re.search(r'\[Termination "time forfeit"\]', block):
            losses += 1
        m = re.search(r'\[PlyCount "(\d+)"\]', block)
        if m:
            plies += int(m.group(1))
        for comment in COMMENT.findall(block.split("\n\n", 1)[-1]):
            s = SECONDS.search(comment)
            if not s:
                continue  # a book move or a note
            charged = float(s.group(1)) * 1000
            n, nps = NODES.search(comment), NPS.search(comment)
            searched = int(n.group(1)) * 1000 / int(nps.group(1)) if n and nps and int(nps.group(1)) > 0 else 0.0
            overheads.append(charged - searched)
    return games, plies, losses, overheads


def read_jsonl(path):
    """The same figures from an arbiter output folder's games.jsonl (its
    -pgnout writes no comment for a move whose info line it does not show)."""
    import json
    games = losses = plies = 0
    overheads = []
    if not os.path.exists(path):
        return 0, 0, 0, overheads
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                g = json.loads(line)
            except ValueError:
                continue
            games += 1
            losses += g.get("termination") == "time-forfeit"
            moves = g.get("moves", [])
            plies += len(moves)
            for m in moves:
                if m.get("forced") or "ms" not in m:
                    continue
                searched = m["nodes"] * 1000 / m["nps"] if m.get("nodes") and m.get("nps") else 0.0
                overheads.append(m["ms"] - searched)
    return games, plies, losses, overheads


class TaskSampler:
    """The context switches of a process's threads, sampled until it exits."""

    def __init__(self, pid):
        self.pid = pid
        self.per_thread = {}

    def sample(self):
        try:
            tids = os.listdir(f"/proc/{self.pid}/task")
        except OSError:
            return
        for tid in tids:
            try:
                with open(f"/proc/{self.pid}/task/{tid}/status") as f:
                    text = f.read()
            except OSError:
                continue
            v = re.search(r"voluntary_ctxt_switches:\s+(\d+)", text)
            nv = re.search(r"nonvoluntary_ctxt_switches:\s+(\d+)", text)
            if v and nv:
                self.per_thread[tid] = int(v.group(1)) + int(nv.group(1))

    def total(self):
        return sum(self.per_thread.values())


def run_tool(argv, cwd, timeout):
    """Runs argv; returns (wall s, own cpu s, its engines' cpu s, own context switches, exit code)."""
    start = time.monotonic()
    with open(os.path.join(cwd, "log"), "ab") as log:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    sampler = TaskSampler(proc.pid)
    cpu = 0.0
    while True:
        sampler.sample()
        try:
            # Exited but not reaped: its own CPU is still readable, the engines' apart.
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            info = None
        if info is not None:
            try:
                with open(f"/proc/{proc.pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except OSError:
                pass
            break
        if time.monotonic() - start > timeout:
            proc.kill()
        time.sleep(0.05)
    # The rusage of the tool and of the children it reaped: its engines.
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    engines_cpu = max(0.0, usage.ru_utime + usage.ru_stime - cpu)
    return time.monotonic() - start, cpu, engines_cpu, sampler.total(), proc.returncode


class Load:
    """One busy loop per core while active."""

    def __init__(self, busy):
        self.busy = busy
        self.procs = []

    def __enter__(self):
        if self.busy:
            self.procs = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(os.cpu_count() or 1)]
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            p.kill()
        for p in self.procs:
            p.wait()


def peer_args(engine_cmd, engine_opts, tc, margin, games, concurrency, pgn):
    args = ["-engine", f"cmd={engine_cmd}", "name=a", "-engine", f"cmd={engine_cmd}", "name=b",
            "-each", f"tc={tc}", "proto=uci", f"timemargin={margin}"] + engine_opts
    args += ["-rounds", str(games // 2), "-games", "2", "-repeat", "-concurrency", str(concurrency)]
    if concurrency > (os.cpu_count() or 1):
        args.append("-force-concurrency")
    args += ["-openings", f"file={BOOK}", "format=epd", "order=sequential",
             "-pgnout", f"file={pgn}", "nodes=true", "nps=true"]
    return args


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fastchess", default=os.environ.get("FASTCHESS"), help="fastchess binary (or $FASTCHESS)")
    ap.add_argument("--random-mover", default=os.environ.get("RANDOM_MOVER"),
                    help="fastchess's random mover, built from app/tests/mock/engine/random_mover.cpp (or $RANDOM_MOVER)")
    ap.add_argument("--arbiter", default=os.environ.get("ARBITER", os.path.join(ROOT, "build", "release", "bin", "arbiter")))
    ap.add_argument("--arbiter-b", help="a second arbiter build to run in every cell (e.g. the one before a change)")
    ap.add_argument("--stockfish", default=os.environ.get("STOCKFISH") or shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--fastchess-affinity", action="store_true",
                    help="also fastchess with -use-affinity (its games pinned, as the arbiter's affinity: auto does)")
    ap.add_argument("--full", action="store_true", help="Stockfish in every cell, more games and repetitions")
    ap.add_argument("--games", type=int, help="random-mover games per run (default 100, --full 200)")
    ap.add_argument("--sf-games", type=int, help="Stockfish games per run (default 8, --full 20)")
    ap.add_argument("--reps", type=int, help="runs of each tool per cell, alternating (default 2, --full 4)")
    ap.add_argument("--timemargin", type=int, default=0, help="timemargin=MS for both tools (default 0, fastchess's)")
    ap.add_argument("--tc", default="1+0.01", help="time control for both engines (default 1+0.01)")
    ap.add_argument("--only", choices=["random", "stockfish"], help="one engine only")
    ap.add_argument("--cell", action="append", metavar="CONC:LOAD",
                    help="run only these cells, e.g. 2:busy 8:quiet (repeatable; replaces the default matrix)")
    a = ap.parse_args()

    if not a.fastchess or not os.access(a.fastchess, os.X_OK):
        fail("no fastchess binary: give --fastchess PATH or FASTCHESS=PATH (build it from its own checkout with `make`)")
    if not a.random_mover or not os.access(a.random_mover, os.X_OK):
        fail("no random mover: give --random-mover PATH or RANDOM_MOVER=PATH (in fastchess's checkout: g++ -O3 "
             "-std=c++17 app/tests/mock/engine/random_mover.cpp -o random_mover)")
    if not os.access(a.arbiter, os.X_OK):
        fail(f"no arbiter at {a.arbiter}: build it (cmake --build --preset release --target arbiter chess) or give --arbiter")
    games = a.games or (200 if a.full else 100)
    sf_games = a.sf_games or (20 if a.full else 8)
    reps = a.reps or (4 if a.full else 2)
    cores = os.cpu_count() or 1
    have_sf = os.access(a.stockfish, os.X_OK)

    tools = [("fastchess", [os.path.abspath(a.fastchess)]),
             ("arbiter", [os.path.abspath(a.arbiter), "match", "--game", "chess", "-q"])]
    if a.arbiter_b:
        tools.append(("arbiter-b", [os.path.abspath(a.arbiter_b), "match", "--game", "chess", "-q"]))
    if a.fastchess_affinity:
        tools.append(("fc-affin", [os.path.abspath(a.fastchess), "-use-affinity"]))

    cells = []
    for engine in ("random", "stockfish"):
        if a.only and engine != a.only:
            continue
        for conc in (1, cores, 4 * cores):
            for busy in (False, True):
                if a.cell:
                    if f"{conc}:{'busy' if busy else 'quiet'}" not in a.cell:
                        continue
                elif engine == "stockfish" and not a.full and not (conc == cores and busy):
                    continue
                cells.append((engine, conc, busy))
    if not have_sf:
        print(f"note: no Stockfish at {a.stockfish} (apt-get install stockfish): its cells are skipped")
        cells = [c for c in cells if c[0] != "stockfish"]

    print(f"time_vs_fastchess: {cores} cores, tc {a.tc}, timemargin {a.timemargin} ms, book {os.path.relpath(BOOK, ROOT)}")
    print(f"  fastchess {a.fastchess}; random mover {a.random_mover}; arbiter {a.arbiter}"
          + (f"; arbiter-b {a.arbiter_b}" if a.arbiter_b else "") + (f"; stockfish {a.stockfish}" if have_sf else ""))
    print(f"  {reps} runs per tool and cell, alternating; load average before: {open('/proc/loadavg').read().split()[:3]}")
    header = (f"{'engine':<9} {'conc':>4} {'load':<6} {'tool':<10} {'games':>5} {'losses':>6} {'ovh p50/p99/max ms':>18} "
              f"{'games/s':>8} {'us/ply':>7} {'cpu/ply':>7} {'eng/ply':>7} {'csw/ply':>7}")
    print(header)
    work = tempfile.mkdtemp(prefix="time-vs-fastchess.", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        for engine, conc, busy in cells:
            n = games if engine == "random" else sf_games
            cmd = a.random_mover if engine == "random" else a.stockfish
            # One thread per engine, as fishtest's and OpenBench's command lines set it
            # (which is what lets `affinity: auto` keep each game on one CPU).
            opts = ["option.Threads=1"] if engine == "random" else ["option.Threads=1", "option.Hash=16"]
            totals = {name: {"games": 0, "plies": 0, "losses": 0, "ovh": [], "wall": 0.0, "cpu": 0.0, "eng": 0.0, "csw": 0}
                      for name, _ in tools}
            with Load(busy):
                for rep in range(reps):
                    order = tools if rep % 2 == 0 else list(reversed(tools))
                    for name, argv in order:
                        run_dir = tempfile.mkdtemp(dir=work)
                        pgn = os.path.join(run_dir, "out.pgn")
                        extra = ["--out", os.path.join(run_dir, "out")] if name.startswith("arbiter") else []
                        wall, cpu, eng, csw, code = run_tool(argv + extra + peer_args(cmd, opts, a.tc, a.timemargin, n, conc, pgn),
                                                        run_dir, timeout=600)
                        if name.startswith("arbiter"):
                            g, plies, losses, ovh = read_jsonl(os.path.join(run_dir, "out", "games.jsonl"))
                        else:
                            g, plies, losses, ovh = read_pgn(pgn)
                        if code != 0 or g == 0:
                            with open(os.path.join(run_dir, "log"), errors="replace") as f:
                                tail = f.read()[-2000:]
                            print(f"  {name} exited {code} with {g} games; its output ends:\n{tail}")
                        t = totals[name]
                        t["games"] += g
                        t["plies"] += plies
                        t["losses"] += losses
                        t["ovh"] += ovh
                        t["wall"] += wall
                        t["cpu"] += cpu
                        t["eng"] += eng
                        t["csw"] += csw
                        shutil.rmtree(run_dir, ignore_errors=True)
            per_ply = {}
            for name, _ in tools:
                t = totals[name]
                plies = max(1, t["plies"])
                per_ply[name] = t["wall"] * 1e6 / plies
                ovh = t["ovh"]
                o = "-" if not ovh else f"{percentile(ovh, 50):.0f}/{percentile(ovh, 99):.0f}/{max(ovh):.0f}"
                print(f"{engine:<9} {conc:>4} {'busy' if busy else 'quiet':<6} {name:<10} {t['games']:>5} {t['losses']:>6} "
                      f"{o:>18} {t['games'] / max(t['wall'], 1e-9):>8.2f} {per_ply[name]:>7.1f} "
                      f"{t['cpu'] * 1e6 / plies:>7.1f} {t['eng'] * 1e6 / plies:>7.1f} {t['csw'] / plies:>7.2f}")
            ratios = ", ".join(f"fastchess/{name} {per_ply['fastchess'] / per_ply[name]:.2f}"
                               for name, _ in tools if name not in ("fastchess", "fc-affin"))
            if "fc-affin" in per_ply:
                ratios += f"; fc-affin/arbiter {per_ply['fc-affin'] / per_ply['arbiter']:.2f}"
            print(f"{'':<21} per ply: {ratios}; load average {open('/proc/loadavg').read().split()[0]}")
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
