#!/usr/bin/env python3
"""The arbiter as fastchess under the command lines fishtest's and OpenBench's workers build.

Runs `fastchess` (a link to arbiter in the build's bin folder) exactly as fishtest's worker does
(worker/games.py, run_games: the command line written out below, argument for argument) and reads
its output the way the two workers read fastchess's, as their documented and observed interface:

  fishtest (parse_fastchess_output): every line of stdout and stderr; "has CRC32:" (the last
    word is the PGN's CRC-32), "Finished match" (all games updated by then), any of a list of
    "Warning; ..." texts fails the run, "disconnect"/"stall" in a line count a crash, "on time" /
    "timeout" a time loss; the block's "Games: N, Wins: W, Losses: L, Draws: D, Points: P (" and
    "Ptnml(0-2): [a, b, c, d, e]" lines give the counts, with 2 x pairs == W + L + D == N, N never
    past the games updated plus one batch, an update sent once N reaches the next batch.
  OpenBench (run_and_parse_runner, update_results): stdout only, up to the first empty line;
    "Finished game N (A vs B): R {reason}" lines, game N paired with N+1 (N odd) into the
    pentanomial, "disconnect"/"stalls", "on time", "illegal" counted from the reason.

The regular expressions are written here from those descriptions, not taken from either project.
Checks: both readers accept the batch, their counts equal the PGN's results, the CRC printed is the
PGN file's, pgn-extract replays the PGN (when installed), no "nan" anywhere, and a SIGINT (fishtest
stops a task with one) ends the run within fishtest's 15 s with "Finished match".
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message, flush=True)


# fishtest's patterns of fastchess errors (a run fails on them) and warnings, as its worker lists them.
FISHTEST_ERRORS = [
    r"Warning;.*doesn't have option", r"Warning; Invalid value for option", r"Warning; Failed to set.*option",
    r"Warning; No info line available to extract score from engine", r"Warning; Illegal move",
    r"Warning; Could not extract score from engine", r"Warning; Illegal PV move",
    r"Warning; Move does not match uci move format", r"Warning; PV continues after checkmate",
    r"Warning; PV continues after stalemate", r"Warning; PV continues after threefold",
    r"Warning; PV continues after fifty-move rule", r"Warning; Incomplete mating PV", r"Warning; Too long mating PV",
    r"Warning; Mating PV does not end with checkmate", r"Warning; Bestmove does not match beginning of last PV",
    r"Warning; Sign mismatch in mate scores",
]
WLD = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: ([0-9.]+) \(")
PTNML = re.compile(r"Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]")
FINISHED = re.compile(r"^Finished game (\d+) \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2|\*) \{(.*)\}$")


def fishtest_read(lines, games_to_play, batch_size):
    """What fishtest's worker makes of the lines: (stats, crc, finished_cleanly)."""
    stats = {"wins": 0, "losses": 0, "draws": 0, "crashes": 0, "time_losses": 0, "pentanomial": [0] * 5}
    crc, wld, ptnml, updated, finished = None, None, None, 0, False
    for line in lines:
        line = line.strip()
        if "has CRC32:" in line:
            crc = line.split()[-1]
        if "Finished match" in line:
            check(updated == games_to_play, f"fishtest: Finished match after {updated} of {games_to_play} games")
            finished = True
        for pattern in FISHTEST_ERRORS:
            check(not re.search(pattern, line), f"fishtest fails the run on: {line!r}")
        if "disconnect" in line or "stall" in line:
            stats["crashes"] += 1
        if "on time" in line or "timeout" in line:
            stats["time_losses"] += 1
        m = WLD.search(line)
        if m:
            wld = [int(m.group(i)) for i in range(1, 5)]
        m = PTNML.search(line)
        if m:
            ptnml = [int(m.group(i)) for i in range(1, 6)]
        if wld is not None and ptnml is not None:
            games, wins, losses, draws = wld
            check(2 * sum(ptnml) == wins + losses + draws, f"fishtest: 2 x pairs {ptnml} != {wld[1:]}")
            check(games == 2 * sum(ptnml), f"fishtest: Games: {games} but pairs {ptnml}")
            check(games <= updated + batch_size, f"fishtest: {games} games past {updated} + batch {batch_size}")
            check(games <= games_to_play, f"fishtest: {games} games of {games_to_play}")
            stats.update(wins=wins, losses=losses, draws=draws, pentanomial=ptnml)
            if games == updated + batch_size or games == games_to_play:
                updated = games
            wld, ptnml = None, None
    return stats, crc, finished and updated == games_to_play


def openbench_read(stdout_lines):
    """What OpenBench's worker makes of stdout: pentanomial and failure counts."""
    penta, games, crashes, timelosses, illegals = [0] * 5, {}, 0, 0, 0
    value = {"0-1": 0, "1/2-1/2": 1, "1-0": 2}
    for raw in stdout_lines:
        line = raw.strip()
        if not line:
            break  # it reads until an empty line
        if "Finished game" not in line:
            continue
        m = FINISHED.match(line)
        check(m is not None, f"OpenBench: a Finished game line it cannot split: {line!r}")
        if not m:
            continue
        reason = line.split(":")[1]
        crashes += "disconnect" in reason or "stalls" in reason
        timelosses += "on time" in reason
        illegals += "illegal" in reason
        number, result = int(line.split()[2]), line.split()[6]
        games[number] = result
        first, second = (number, number + 1) if number % 2 else (number - 1, number)
        if first in games and second in games:
            penta[value[games[first]] + 2 - value[games[second]]] += 1
            del games[first], games[second]
    return penta, crashes, timelosses, illegals


def pgn_games(path):
    """(white, black, result) per game of the PGN, in file order."""
    games, tags = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]', line)
            if m:
                tags[m.group(1)] = m.group(2)
                if m.group(1) == "Result":
                    games.append((tags.get("White"), tags.get("Black"), m.group(2), tags.get("Round")))
                    tags = {}
    return games


def fishtest_command(fastchess, games_to_play, concurrency, pgn_name, book, new_engine, base_engine, run_id, task_id,
                     adjudication=True):
    """fishtest's run_games command line, argument for argument (non-SPSA, EPD book; a run's adjudication
    setting decides the -resign and -draw options)."""
    new_name, base_name = "New-0123456789abcdef", "Base-fedcba9876543210"
    return [
        fastchess, "-testEnv", "-recover", "-repeat", "-games", "2", "-rounds", str(games_to_play // 2),
        "-ratinginterval", "1", "-scoreinterval", "1", "-autosaveinterval", "0", "-report", "penta=true",
        "-pgnout", f"file={pgn_name}", "append=false",
        "-crc32", "pgn=true",
        "-site", f"https://tests.stockfishchess.org/tests/view/{run_id}",
        "-event", f"Batch {task_id}: new vs base",
        "-srand", "10973218390148573110",
    ] + ([
        "-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8", "score=20",
    ] if adjudication else []) + [
        "-variant", "standard",
        "-concurrency", str(concurrency),
        "-openings", f"file={book}", "format=epd", "order=random", "plies=16", f"start={1 + task_id * games_to_play // 2}",
        "-check-mate-pvs",
        "-engine", "name=" + new_name, "tc=10+0.1", f"cmd={new_engine}", "dir=.", "option.Hash=16",
        "-engine", "name=" + base_name, "tc=10+0.1", f"cmd={base_engine}", "dir=.", "option.Hash=16",
        "-each", "proto=uci", "option.Threads=1",
    ], new_name


BOOK = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -",
    "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq -",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    bin_dir = os.path.abspath(args.bin_dir)
    fastchess = os.path.join(bin_dir, "fastchess")
    engine = os.path.join(bin_dir, "arbiter-mock-engine")
    work = os.path.abspath(tempfile.mkdtemp(prefix="fishtest-", dir=args.work) if os.path.isdir(args.work) else tempfile.mkdtemp())
    testing = os.path.join(work, "testing")
    os.makedirs(testing)
    # fishtest's engines are programs in testing/; here a random mover (the mock engine, well behaved)
    # speaking UCI and declaring the Threads and Hash options fishtest sets (an undeclared one is
    # "Warning; ... doesn't have option ...", which fails a fishtest run).
    # stockfish_crash dies at its 5th search of each process: -recover, a lost game and a fresh process.
    for seed, name, extra in ((1, "stockfish_new", ""), (2, "stockfish_base", ""),
                              (3, "stockfish_crash", "--misbehave crash --at-move 5 ")):
        path = os.path.join(testing, name)
        with open(path, "w") as f:
            f.write(f'#!/bin/sh\nexec "{engine}" --game chess --protocol uci --seed {seed} {extra}'
                    "--declare-option 'Threads type spin default 1 min 1 max 512' "
                    "--declare-option 'Hash type spin default 16 min 1 max 33554432' \"$@\"\n")
        os.chmod(path, 0o755)
    with open(os.path.join(testing, "book.epd"), "w") as f:
        f.write("\n".join(BOOK) + "\n")

    # --version: OpenBench compares its first version number with its minimum (1.8.1).
    version = subprocess.run([fastchess, "--version"], capture_output=True, text=True)
    m = re.search(r"\d+\.\d+(\.\d+)?", version.stdout)
    check(m is not None and tuple(map(int, m.group().split("."))) >= (1, 8, 1), f"--version: {version.stdout!r}")

    # Two batches: adjudication on at concurrency 1, off at concurrency 2 (games end by the rules).
    # A third with a base engine that crashes in every game: each crash is one loss, counted once.
    for task_id, (games_to_play, concurrency, adjudication, base) in enumerate(
            ((6, 1, True, "stockfish_base"), (4, 2, False, "stockfish_base"), (4, 1, False, "stockfish_crash"))):
        stats = batch(fastchess, testing, task_id, games_to_play, concurrency, adjudication, base)
        if base == "stockfish_crash":
            check(stats["crashes"] == games_to_play, f"crash batch: fishtest counted {stats['crashes']} crashes")
            check(stats["wins"] == games_to_play, f"crash batch: the crashing engine lost {stats['wins']}")

    sigint(fastchess, testing)
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        return 1
    print("fishtest and OpenBench readers accepted the batches; counts equal the PGN's")
    shutil.rmtree(work, ignore_errors=True)
    return 0


def batch(fastchess, testing, task_id, games_to_play, concurrency, adjudication, base):
    batch_size = 4 * concurrency
    pgn_name = f"results-r-{task_id}.pgn"
    cmd, new_name = fishtest_command(fastchess, games_to_play, concurrency, pgn_name, "book.epd",
                                     os.path.join(testing, "stockfish_new"), os.path.join(testing, base),
                                     "0123abcd", task_id, adjudication)
    run = subprocess.run(cmd, cwd=testing, capture_output=True, text=True, timeout=240)
    print(run.stdout + run.stderr)
    check(run.returncode == 0, f"exit code {run.returncode}")
    out_lines, err_lines = run.stdout.splitlines(), run.stderr.splitlines()
    check("nan" not in run.stdout and "nan" not in run.stderr, "a 'nan' in the output")
    check(sum(1 for l in out_lines if l.startswith("Started game ")) == games_to_play, "a Started game line per game")

    stats, crc, clean = fishtest_read(out_lines + err_lines, games_to_play, batch_size)
    check(clean, "fishtest: not every game was updated by Finished match")
    pgn_path = os.path.join(testing, pgn_name)
    with open(pgn_path, "rb") as f:
        content = f.read()
    check(crc == hex(zlib.crc32(content)), f"fishtest: CRC printed {crc}, the PGN's {hex(zlib.crc32(content))}")

    games = pgn_games(pgn_path)
    check(len(games) == games_to_play, f"the PGN holds {len(games)} games")
    wins = sum(1 for w, b, r, _ in games if (w == new_name and r == "1-0") or (b == new_name and r == "0-1"))
    losses = sum(1 for w, b, r, _ in games if (w == new_name and r == "0-1") or (b == new_name and r == "1-0"))
    draws = sum(1 for _, _, r, _ in games if r == "1/2-1/2")
    check([stats["wins"], stats["losses"], stats["draws"]] == [wins, losses, draws],
          f"fishtest counts {stats} against the PGN's W/L/D {wins}/{losses}/{draws}")

    penta, crashes, timelosses, illegals = openbench_read(out_lines)
    check(penta == stats["pentanomial"], f"OpenBench's pentanomial {penta} against fishtest's {stats['pentanomial']}")
    check(sum(penta) == games_to_play // 2, f"OpenBench saw {sum(penta)} pairs (an empty line before the end?)")
    check(crashes == stats["crashes"] and timelosses == stats["time_losses"],
          f"crashes/time losses: OpenBench {crashes}/{timelosses}, fishtest {stats['crashes']}/{stats['time_losses']}")

    extract = shutil.which("pgn-extract") or ("/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None)
    if extract:
        replay = subprocess.run([extract, "-r", pgn_path], capture_output=True, text=True)
        text = replay.stdout + replay.stderr
        check(f"{games_to_play} games matched out of {games_to_play}." in text and "Failed" not in text,
              f"pgn-extract -r: {text}")
    else:
        print("note: pgn-extract is not installed: the PGN was not replayed")
    print(f"batch {task_id}: fishtest {stats}, OpenBench {penta}, PGN W/L/D {wins}/{losses}/{draws}")
    return stats



def sigint(fastchess, testing):
    """A SIGINT mid-run (fishtest's way to stop a task): over within its 15 s, Finished match last."""
    cmd, _ = fishtest_command(fastchess, 200, 1, "results-r-9.pgn", "book.epd",
                              os.path.join(testing, "stockfish_new"), os.path.join(testing, "stockfish_base"),
                              "0123abcd", 2)
    p = subprocess.Popen(cmd, cwd=testing, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in p.stdout:
        lines.append(line)
        if line.startswith("Finished game 3 "):
            break
    p.send_signal(signal.SIGINT)
    start = time.monotonic()
    try:
        rest, err = p.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        p.kill()
        rest, err = p.communicate()
        check(False, "SIGINT: still running after 15 s")
    lines += rest.splitlines(keepends=True)
    print(f"SIGINT: stopped in {time.monotonic() - start:.2f} s, exit code {p.returncode}")
    # fastchess ends with "Finished match", "Total Time: HH:MM:SS (hours:minutes:seconds)" and an empty line.
    words = [l.strip() for l in lines if l.strip()]
    check(words[-2:-1] == ["Finished match"] and words[-1].startswith("Total Time: "), f"SIGINT: last lines {words[-2:]!r}")
    check("nan" not in "".join(lines) + err, "SIGINT: a 'nan' in the output")


if __name__ == "__main__":
    sys.exit(main())
