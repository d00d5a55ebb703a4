#!/usr/bin/env python3
"""Browser test of report.html: plays a small tournament of one shipped game,
opens its report in headless Chromium from file:// (no network), checks the
page's DOM against the tournament's own records (games.jsonl, config) and
saves a screenshot as a test artefact.

usage: report_browser_test.py --game GAME --bin-dir DIR --config FILE --work DIR --artefacts DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402


# The diagram cells of a position string, written from each plugin's README
# (not from the plugin's code): what the viewer must show after the last ply.
def othello_cells(position):      # 64 squares a1..h8, row 1 on top
    return position[:64]


def tictactoe_cells(position):    # 9 squares a1..c3, row 1 on top
    return position[:9]


def baghchal_cells(position):     # 25 points a1..e5, row 1 on top
    return position[:25]


def gess_cells(position):         # rows 19..2 over b..s inside the 20x20 grid
    rows = position.split(" ")[0].split("/")
    assert len(rows) == 18, position
    return "." * 20 + "".join("." + r + "." for r in rows) + "." * 20


def ataxx_cells(position):        # the FEN's 7 ranks, 7 on top; digits count empty squares
    rows = position.split(" ")[0].split("/")
    assert len(rows) == 7, position
    return "".join("".join("." * int(c) if c.isdigit() else c for c in r) for r in rows)


CELLS = {"othello": othello_cells, "tictactoe": tictactoe_cells, "baghchal": baghchal_cells, "gess": gess_cells,
         "ataxx": ataxx_cells}


# The status line under the board, computed from the position string as each
# plugin's README describes it (not from the plugin's code); None: no line.
def othello_status(position):     # the disc count of the 64 squares
    return "Black %d - White %d" % (position[:64].count("X"), position[:64].count("O"))


def baghchal_status(position):    # "BOARD SIDE IN_HAND CAPTURED"
    fields = position.split(" ")
    return "goats in hand %s, captured %s" % (fields[2], fields[3])


def gess_status(position):        # stones, and rings: an empty square whose 8 neighbours are own stones
    rows = position.split(" ")[0].split("/")   # 18 rows of 18, top row first

    def side(stone, name):
        rings = 0
        for y in range(1, 17):
            for x in range(1, 17):
                if rows[y][x] == "." and all(rows[y + dy][x + dx] == stone for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                                             if dy or dx):
                    rings += 1
        return "%s %d stones, %d %s" % (name, "".join(rows).count(stone), rings, "ring" if rings == 1 else "rings")
    return side("X", "Black") + " - " + side("O", "White")


def ataxx_status(position):       # "FEN SIDE HALFMOVES FULLMOVES": stones, then the clock against the default limit
    fields = position.split(" ")
    return "Black %d - White %d, half-moves %s of 100" % (fields[0].count("x"), fields[0].count("o"), fields[2])


STATUS = {"othello": othello_status, "baghchal": baghchal_status, "gess": gess_status, "ataxx": ataxx_status,
          "tictactoe": lambda p: None}

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", required=True, choices=sorted(CELLS))
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--artefacts", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    if not os.path.exists(args.chromium):
        print("chromium is not installed (scripts/install-deps.sh installs it for the browser tests)")
        return 1

    out = os.path.join(args.work, args.game)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(args.artefacts, exist_ok=True)
    run = subprocess.run([os.path.join(args.bin_dir, "arbiter"), "run", args.config, "--out", out, "--rounds",
                          "1" if args.game != "tictactoe" else "12", "--tc", "movetime=0.01", "-q", "-j", "2"],
                         capture_output=True, text=True, timeout=600)
    check(run.returncode == 0, "arbiter run exits 0 (%d): %s" % (run.returncode, run.stderr[-500:]))
    report = os.path.join(out, "report.html")
    check(os.path.exists(report), "arbiter run wrote report.html")
    if failures:
        return 1
    games = [json.loads(line) for line in open(os.path.join(out, "games.jsonl"))]
    config_text = open(args.config).read()
    names = re.findall(r"^\s*- name:\s*(\S+)", config_text, re.M)
    check(len(names) >= 2 and len(games) > 0, "%d engines in the config, %d games played" % (len(names), len(games)))

    # `arbiter report` rebuilds the same page from the folder alone.
    rebuilt = os.path.join(args.work, args.game + "-rebuilt.html")
    again = subprocess.run([os.path.join(args.bin_dir, "arbiter"), "report", out, "--out", rebuilt],
                           capture_output=True, text=True, timeout=600)
    check(again.returncode == 0 and os.path.exists(rebuilt), "arbiter report rebuilds the page: " + again.stderr)

    browser = Browser(args.chromium)
    try:
        browser.open_page()
        url = "file://" + os.path.abspath(rebuilt)
        browser.load(url)
        q = browser.evaluate
        state = "document.getElementById('games').dataset.state"
        browser.wait_for(state + " !== 'unpacking'")
        check(q(state) == "ready",
              "the page unpacks its games (state %s: %s)" % (q(state), q("document.getElementById('game-list-note').textContent")))
        browser.drain(0.5)
        requests = [e["params"]["request"]["url"] for e in browser.events
                    if e.get("method") == "Network.requestWillBeSent"]
        check(all(u.startswith("file://") for u in requests) and len(requests) == 1,
              "the page loads nothing but itself: %s" % requests)
        errors = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown" or
                  (e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] == "error")]
        check(not errors, "no script errors: %s" % errors[:2])

        check(q("document.querySelectorAll('#standings tbody tr').length") == len(names),
              "the standings table has a row per engine")
        standings_text = q("document.querySelector('#standings table').textContent")
        chart_text = q("(document.querySelector('#elo-chart') || {textContent: ''}).textContent")
        for name in names:
            check(name in standings_text, "engine %s is in the standings" % name)
            check(name in chart_text, "engine %s is in the Elo chart" % name)
        markers = q("document.querySelectorAll('#elo-chart circle.elo').length")
        check(markers == len(names), "the Elo chart marks every engine with a point (%s)" % markers)
        # A bound is a point with a short arrow, never a bar as long as an interval.
        arrows = q("Array.from(document.querySelectorAll('#elo-chart line.bound')).map(l => Math.abs(l.x2.baseVal.value - l.x1.baseVal.value))")
        check(all(abs(a - 14) < 0.01 for a in arrows), "every bound's arrow has the same short length (%s)" % arrows)
        check(not re.search(r"(?<![0-9])-0\.0(?![0-9])", q("document.body.innerText")), "no figure reads -0.0")
        for table in ("crosstable", "los-matrix", "termination-table"):
            rows = q("document.querySelectorAll('#%s tbody tr').length" % table)
            check(rows == len(names), "table #%s has a row per engine (%s)" % (table, rows))
        check(q("document.querySelectorAll('#game-list-body tr').length") == len(games),
              "the game list shows every game")

        # The viewer: the first game in the list is open at its start.
        shown = q("+document.querySelector('#game-list-body tr').dataset.game")
        game = games[shown]
        plies = len(game.get("opening_moves", [])) + len(game["moves"])
        cells = "document.querySelector('#viewer-board svg.board').getAttribute('data-cells')"
        ply = "+document.getElementById('viewer').dataset.ply"
        start = q(cells)
        check(start == CELLS[args.game](game["opening_position"]), "ply 0 shows the opening position")
        browser.key("ArrowRight", "ArrowRight")
        check(q(ply) == 1 and q(cells) != start, "the right arrow key steps to ply 1 and changes the board")
        q("document.getElementById('viewer-next').click()")
        check(q(ply) == min(2, plies), "the forward button steps to ply 2")
        browser.key("End", "End")
        check(q(ply) == plies, "End goes to the last ply (%s of %s)" % (q(ply), plies))
        check(q(cells) == CELLS[args.game](game["final_position"]), "the last board is the game's final position")
        status = "document.getElementById('viewer-status').textContent"
        expected_status = STATUS[args.game](game["final_position"])
        check(q(status) == (expected_status or ""), "the status line of the last position reads %r (%r)" % (
            expected_status, q(status)))
        last_move = (game.get("opening_moves", []) + [m["move"] for m in game["moves"]])[-1]
        check(("Ply %d: %s" % (plies, last_move)) in q("document.getElementById('viewer-info').textContent"),
              "the info line names the last move")
        browser.key("ArrowLeft", "ArrowLeft")
        check(q(ply) == plies - 1, "the left arrow key steps back")
        browser.key("Home", "Home")
        check(q(cells) == start, "Home returns to the start position")
        expected_status = STATUS[args.game](game["opening_position"])
        check(q(status) == (expected_status or ""), "the status line of the start reads %r (%r)" % (
            expected_status, q(status)))

        # Another game from the list, by a click.
        q("document.querySelectorAll('#game-list-body tr')[%d].click()" % (len(games) - 1))
        last = games[q("+document.getElementById('viewer').dataset.game")]
        check(q("document.getElementById('viewer-title').textContent").startswith("Game %d:" % (last["index"] + 1))
              and q(cells) == CELLS[args.game](last["opening_position"]), "clicking a game opens it at its start")

        # The filter: games of one engine only.
        q("var s = document.getElementById('filter-engine'); s.value = '0'; s.dispatchEvent(new Event('change'))")
        check(q("document.querySelectorAll('#game-list-body tr').length") ==
              sum(1 for g in games if 0 in g["engines"]),
              "filtering by engine leaves that engine's games")
        q("var s = document.getElementById('filter-engine'); s.value = ''; s.dispatchEvent(new Event('change'))")

        if len(names) == 2:
            check(q("!!document.getElementById('pentanomial')"), "a two-engine match shows its game pairs")
            points = q("(document.querySelector('#llr-chart polyline.llr') || {getAttribute: () => ''})"
                       ".getAttribute('points').trim().split(' ').length")
            check(points == len(games) + 1, "the LLR chart has a point per game (%s)" % points)

        # Three screen widths: the page never scrolls sideways (wide tables scroll
        # in their own box), and below 700 px the viewer stacks the moves under the board.
        for width in (360, 768, 1280):
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 700})
            browser.drain(0.2)
            page_width = q("document.documentElement.scrollWidth")
            check(page_width <= width, "at %d px the page is %s px wide" % (width, page_width))
            wide = q("Array.from(document.querySelectorAll('main *')).filter(e => e.getBoundingClientRect().right > %d + 0.5"
                     " && !e.closest('.table-wrap, .game-list-wrap')).map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 3)" % width)
            check(not wide, "at %d px nothing outside a scrolling table reaches past the screen: %s" % (width, wide))
            board = q("JSON.stringify(document.getElementById('viewer-board').getBoundingClientRect())")
            moves = q("JSON.stringify(document.getElementById('viewer-moves').getBoundingClientRect())")
            board, moves = json.loads(board), json.loads(moves)
            stacked = moves["top"] >= board["bottom"] - 0.5
            check(stacked == (width < 700), "at %d px the viewer %s (board %s, moves %s)" % (
                width, "stacks" if width < 700 else "sets the moves beside the board", board, moves))
            check(moves["width"] >= min(200, width - 40), "at %d px the move list is %.0f px wide" % (width, moves["width"]))
            browser.screenshot(os.path.join(args.artefacts, "report-%s-%dpx.png" % (args.game, width)))
        browser.call("Emulation.clearDeviceMetricsOverride", {})

        shot = os.path.join(args.artefacts, "report-%s.png" % args.game)
        browser.screenshot(shot)
        with open(shot, "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n" and os.path.getsize(shot) > 20000, "screenshot saved: " + shot)

        # A browser without DecompressionStream: the tables stay, the game list says why it is empty.
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.DecompressionStream;"})
        browser.load(url)
        browser.wait_for(state + " !== 'unpacking'")
        check(q(state) == "unsupported" and "DecompressionStream" in q("document.getElementById('game-list-note').textContent")
              and q("document.querySelectorAll('#standings tbody tr').length") == len(names),
              "without DecompressionStream the page says so and keeps its tables")
    finally:
        browser.close()
    print("%d checks failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
