#!/usr/bin/env python3
"""Browser test of report.html: plays a small tournament of one shipped game,
opens its report in headless Chromium from file:// (no network), checks the
page's DOM against the tournament's own records (games.jsonl, games.pgn,
config), measures from the rendered pixels that every piece reads on its
square, and saves screenshots at 360, 768 and 1280 px as test artefacts.

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
from contrast import contrast  # noqa: E402


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


def chess_cells(position):        # the FEN's 8 ranks, 8 on top; digits count empty squares
    rows = position.split(" ")[0].split("/")
    assert len(rows) == 8, position
    return "".join("".join("." * int(c) if c.isdigit() else c for c in r) for r in rows)


def ataxx_cells(position):        # the FEN's 7 ranks, 7 on top; digits count empty squares
    rows = position.split(" ")[0].split("/")
    assert len(rows) == 7, position
    return "".join("".join("." * int(c) if c.isdigit() else c for c in r) for r in rows)


# Shogi (plugins/shogi/README.md): two rows of gote's hand (its SFEN text
# laid into cells), the 9 ranks (a on top; +P..+R as T Y M V H D), two of sente's.
SHOGI_PROMOTED = {"P": "T", "L": "Y", "N": "M", "S": "V", "B": "H", "R": "D"}


def shogi_hands(position):
    hand = position.split(" ")[2]
    sente, gote, count = "", "", ""
    for c in ("" if hand == "-" else hand):
        if c.isdigit():
            count += c
            continue
        if c.isupper():
            sente += count + c
        else:
            gote += count + c
        count = ""
    return sente, gote


def shogi_cells(position):
    rows = position.split(" ")[0].split("/")
    assert len(rows) == 9, position
    board = ""
    for r in rows:
        promote = False
        for c in r:
            if c == "+":
                promote = True
            elif c.isdigit():
                board += "." * int(c)
            else:
                letter = SHOGI_PROMOTED[c.upper()] if promote else c.upper()
                board += letter if c.isupper() else letter.lower()
                promote = False
    sente, gote = shogi_hands(position)
    return gote.ljust(18, ".") + board + sente.ljust(18, ".")


CELLS = {"shogi": shogi_cells, "othello": othello_cells, "tictactoe": tictactoe_cells, "baghchal": baghchal_cells, "gess": gess_cells,
         "ataxx": ataxx_cells, "chess": chess_cells}

# The side names each plugin's README gives, as the game list heads its columns.
SIDES = {"shogi": ("Sente", "Gote"), "othello": ("Black", "White"), "tictactoe": ("X", "O"), "baghchal": ("Goats", "Tigers"),
         "gess": ("Black", "White"), "ataxx": ("Black", "White"), "chess": ("White", "Black")}

# SAN as the PGN standard defines it (with check and mate marks).
SAN = re.compile(r"^(O-O(-O)?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8](=[QRBN])?)[+#]?$")


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


def shogi_status(position):
    """Move number, side, hands from the SFEN; whether in check and the checks in a row
    need the game's moves (the plugin keeps them): a pattern for those."""
    fields = position.split(" ")
    sente, gote = shogi_hands(position)
    return re.compile(re.escape("move %s, %s to move" % (fields[3], "sente" if fields[1] == "b" else "gote")) +
                      r"( \(in check\))?" + re.escape("; in hand: sente %s, gote %s" % (sente or "-", gote or "-")) +
                      r"; checks in a row: sente \d+, gote \d+")


def status_reads(expected, shown):
    if hasattr(expected, "fullmatch"):
        return expected.fullmatch(shown) is not None
    return shown == (expected or "")


STATUS = {"shogi": shogi_status, "othello": othello_status, "baghchal": baghchal_status, "gess": gess_status, "ataxx": ataxx_status,
          "tictactoe": lambda p: None, "chess": lambda p: None}


def pgn_games(path):
    """The movetext of each game of games.pgn, by its Game tag: SAN tokens without numbers, comments or result."""
    out, number, text = {}, None, []
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\[Game "(\d+)"\]', line)
        if m:
            number = int(m.group(1))
            text = []
            out[number] = text
        elif not line.startswith("[") and number is not None:
            text.append(line)
    moves = {}
    for n, lines in out.items():
        body = re.sub(r"\{[^}]*\}", " ", " ".join(lines))
        moves[n] = [t for t in body.split() if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", t)]
    return moves


def first_mover(game_name, g):
    """The side that makes the first engine move: side 0 from the start (every README: side 0 moves
    first), the FEN's side for chess, then one more for each opening move."""
    side = 0
    if game_name == "chess" and g["opening_position"].split(" ")[1:2] == ["b"]:
        side = 1
    if game_name == "shogi" and g["opening_position"].split(" ")[1:2] == ["w"]:  # a handicap start: gote first
        side = 1
    return (side + len(g.get("opening_moves", []))) % 2


def score_text(cp, mate=None):
    """A score as the peers write it: pawns with a sign; a mate as #N or #-N
    (N in moves, as the engine said), +# or -# where it gave no distance."""
    if mate:
        return ("#%d" % mate) if mate > 0 else ("#-%d" % -mate)
    if abs(cp) >= 100000:
        return "+#" if cp > 0 else "-#"
    return "%s%.2f" % ("-" if cp < 0 else "+", abs(cp) / 100)


# The contrast a piece must reach against its square over a visible part of
# it (WCAG 2's 3:1 for graphics), and a letter against what it is written on
# (4.5:1, WCAG 2's for text).
MIN_CONTRAST = 3.0
MIN_TEXT_CONTRAST = 4.5
MIN_READABLE_SHARE = 0.06  # of the cell's inner area: a chess pawn's outline is about 12 %, without it 3 %


def parse_colour(text):
    m = re.match(r"rgba?\((\d+), (\d+), (\d+)", text)
    return tuple(int(m.group(i)) for i in (1, 2, 3)) if m else None


# Run in the page: the shot of the board (a PNG, as data: URL) drawn on a
# canvas, and per cell the square's colour (the commonest of a band 6 to 7.5 %
# inside the cell's edge, clear of grid lines and of pieces, which keep 10 %
# off it) and the share of the pixels inside that band (9 to 91 %) that
# contrast at least MIN_CONTRAST with it.
MEASURE = """(async function (png, columns, cells, empty, unit, least) {
    var img = new Image();
    img.src = 'data:image/png;base64,' + png;
    await img.decode();
    var canvas = document.createElement('canvas');
    canvas.width = img.width; canvas.height = img.height;
    var c = canvas.getContext('2d');
    c.drawImage(img, 0, 0);
    var data = c.getImageData(0, 0, img.width, img.height).data;
    function lum(r, g, b) {
        return [r, g, b].map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
            .reduce(function (s, v, i) { return s + v * [0.2126, 0.7152, 0.0722][i]; }, 0);
    }
    var worst = 1, where = null, squares = {}, size = 40 * unit;
    for (var k = 0; k < cells.length; ++k) {
        var x0 = (22 + (k % columns) * 40) * unit, y0 = (22 + Math.floor(k / columns) * 40) * unit;
        var px = function (fx, fy) {
            var x = Math.min(img.width - 1, Math.floor(x0 + fx * size)), y = Math.min(img.height - 1, Math.floor(y0 + fy * size));
            var i = 4 * (y * img.width + x);
            return [data[i], data[i + 1], data[i + 2]];
        };
        var ring = {}, best = null;
        [0.06, 0.075, 0.925, 0.94].forEach(function (f) {
            for (var j = 2; j < 19; ++j) [px(f, j / 20), px(j / 20, f)].forEach(function (p) {
                var key = p.join(',');
                ring[key] = (ring[key] || 0) + 1;
                if (best === null || ring[key] > ring[best]) best = key;
            });
        });
        squares[best] = true;
        if (cells.charAt(k) === empty) continue;
        var sq = best.split(',').map(Number), ls = lum(sq[0], sq[1], sq[2]), readable = 0, n = 0;
        for (var a = 0; a < 30; ++a) for (var b = 0; b < 30; ++b, ++n) {
            var p = px(0.09 + 0.82 * a / 29, 0.09 + 0.82 * b / 29), lp = lum(p[0], p[1], p[2]);
            if ((Math.max(lp, ls) + 0.05) / (Math.min(lp, ls) + 0.05) >= least) ++readable;
        }
        if (readable / n < worst) { worst = readable / n; where = [k, cells.charAt(k)]; }
    }
    return JSON.stringify([worst, where, Object.keys(squares)]);
})"""


def board_contrast(browser, q, save=None):
    """Per occupied cell of the viewer's board, the share of its inner pixels that contrast enough with
    its square; returns (worst share, the cell's index and token, square colours seen). The marks of
    the last move and of a check are hidden for the shot: they are not the square's colour."""
    geometry = json.loads(q("""(function () {
        var svg = document.querySelector('#viewer-board svg.board'), r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
        svg.querySelectorAll('.changed, .check').forEach(function (e) { e.style.display = 'none'; });
        return JSON.stringify({left: r.left + window.scrollX, top: r.top + window.scrollY, scale: r.width / vb.width,
          width: r.width, height: r.height, columns: svg.querySelector('.board-bg').width.baseVal.value / 40,
          cells: svg.getAttribute('data-cells'), empty: svg.getAttribute('data-empty')});
    })()"""))
    shot = browser.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": geometry["left"], "y": geometry["top"], "width": geometry["width"], "height": geometry["height"], "scale": 1}})
    q("document.querySelectorAll('#viewer-board .changed, #viewer-board .check').forEach(function (e) { e.style.display = ''; })")
    if save:
        import base64
        with open(save, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    measured = browser.evaluate("(%s)(%s, %d, %s, %s, %r, %r)" % (
        MEASURE, json.dumps(shot["data"]), round(geometry["columns"]), json.dumps(geometry["cells"]),
        json.dumps(geometry["empty"]), geometry["scale"], MIN_CONTRAST), await_promise=True)
    worst, where, squares = json.loads(measured)
    return worst, where, set(squares)

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", required=True, choices=sorted(CELLS))
    parser.add_argument("--case", help="the name of the output and screenshots (default: the game); "
                                       "shogi-kanji also checks the pieces are drawn in kanji")
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--artefacts", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    if not os.path.exists(args.chromium):
        print("chromium is not installed (scripts/install-deps.sh installs it for the browser tests)")
        return 1

    case = args.case or args.game
    out = os.path.join(args.work, case)
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
    rebuilt = os.path.join(args.work, case + "-rebuilt.html")
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

        # The page's facts beyond the score: the engines, how games ended in the game's own words, side names.
        engine_rows = q("Array.from(document.querySelectorAll('#engine-table tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))")
        check(len(engine_rows) == len(names), "the engine table has a row per engine (%d)" % len(engine_rows))
        commands = re.findall(r'^\s*command:\s*"?([^"\n]+)"?', config_text, re.M)
        for row, name, command in zip(engine_rows, names, commands):
            check(row[0] == name and os.path.basename(command) in row[1] and row[2].startswith("ugi"),
                  "engine %s: its command and protocol are shown (%s)" % (name, row[:3]))
            # Its mean time per move, worked out here from games.jsonl: moves alternate from the first mover.
            ms = []
            for g in games:
                mover = first_mover(args.game, g)
                for m in g["moves"]:
                    if g["engines"][mover] == names.index(name) and not m.get("forced"):
                        ms.append(m["ms"])
                    mover = 1 - mover
            expected = "%.1f ms" % (sum(ms) / len(ms)) if ms else "—"
            check(row[4] == expected, "engine %s: %s per move (%s)" % (name, expected, row[4]))
        columns = q("Array.from(document.querySelectorAll('#termination-table thead th')).slice(1).map(t => t.textContent)")
        reasons = sorted({g["reason"] for g in games if g["termination"] == "game-rule"})
        check(all(r in columns for r in reasons) and "game-rule" not in columns,
              "how games ended names the game's reasons %s (columns %s)" % (reasons, columns))
        heads = q("Array.from(document.querySelectorAll('#game-list thead th')).slice(1, 3).map(t => t.textContent)")
        check(tuple(heads) == SIDES[args.game], "the game list heads its columns with the side names %s (%s)" % (
            SIDES[args.game], heads))
        series = q("document.querySelectorAll('#score-chart polyline.series').length")
        check(series == len(names), "the score chart has a line per engine (%s)" % series)
        means = q("document.querySelectorAll('#length-chart rect.mean').length")
        check(means == len(names), "the game length chart marks every engine (%s)" % means)
        check(q("document.querySelectorAll('#time-chart polyline.series').length") >= 1, "the time per move chart has lines")

        # The viewer: the first game in the list is open at its final position.
        shown = q("+document.querySelector('#game-list-body tr').dataset.game")
        game = games[shown]
        plies = len(game.get("opening_moves", [])) + len(game["moves"])
        cells = "document.querySelector('#viewer-board svg.board').getAttribute('data-cells')"
        ply = "+document.getElementById('viewer').dataset.ply"
        check(q(ply) == plies and q(cells) == CELLS[args.game](game["final_position"]),
              "a finished game opens at its final position (ply %s of %s)" % (q(ply), plies))
        status = "document.getElementById('viewer-status').textContent"
        expected_status = STATUS[args.game](game["final_position"])
        check(status_reads(expected_status, q(status)), "the status line of the last position reads %r (%r)" % (
            expected_status, q(status)))
        all_moves = game.get("opening_moves", []) + [m["move"] for m in game["moves"]]
        listed = q("Array.from(document.querySelectorAll('#viewer-moves .move')).map(m => m.textContent)")
        pgn = pgn_games(os.path.join(out, "games.pgn")).get(game["index"] + 1)
        if args.game == "chess":
            # SAN, the very texts of games.pgn, and every one a SAN move.
            check(listed == pgn and all(SAN.match(m) for m in listed),
                  "the move list is in SAN as games.pgn has it (%s... against %s...)" % (listed[:6], (pgn or [])[:6]))
        else:
            check(listed == all_moves, "the move list shows the game's moves")
        info = "document.getElementById('viewer-info').textContent"
        check(("Ply %d: %s" % (plies, listed[-1])) in q(info), "the info line names the last move: %s" % q(info))

        # Scores in pawns with a sign, as the peers write them.
        scored = [(len(game.get("opening_moves", [])) + i + 1, m["cp"], m.get("mate"))
                  for i, m in enumerate(game["moves"]) if "cp" in m]
        if scored:
            at, cp, mate = scored[-1]
            q("document.querySelector('#viewer-moves .move[data-ply=\"%d\"]').click()" % at)
            check(("score " + score_text(cp, mate)) in q(info),
                  "ply %d's score %d reads %s: %s" % (at, cp, score_text(cp, mate), q(info)))

        # Every piece reads on its square, at the end and at the start.
        def pieces_readable(where):
            worst, cell, squares = board_contrast(browser, q, os.path.join(
                args.artefacts, "board-%s-%s.png" % (case, where.split()[-1])))
            check(worst >= MIN_READABLE_SHARE, "%s every piece contrasts %.1f:1 with its square over %.0f%% of its cell "
                  "at least (worst %.1f%%, cell %s)" % (where, MIN_CONTRAST, 100 * MIN_READABLE_SHARE, 100 * worst, cell))
            letters = q("""Array.from(document.querySelectorAll('#viewer-board text.letter')).map(function (t) {
                var under = t.previousElementSibling;
                return [getComputedStyle(t).fill, under ? getComputedStyle(under).fill : ''];
            })""")
            low = [(a, b) for a, b in letters if parse_colour(a) and parse_colour(b) and
                   contrast(parse_colour(a), parse_colour(b)) < MIN_TEXT_CONTRAST]
            check(not low, "%s every letter on a piece contrasts %.1f:1 with its disc: %s" % (where, MIN_TEXT_CONTRAST, low[:2]))
            return squares
        squares = pieces_readable("at the end")
        if args.game == "shogi":
            # Letters by default; with output.report_pieces: labels the usual kanji (the README's
            # table), gote's turned upside down as on a shogi board.
            kanji = set("歩香桂銀金角飛玉王と杏圭全馬龍")
            drawn = q("""Array.from(document.querySelectorAll('#viewer-board g.lettered')).map(function (g) {
                return [g.querySelector('text').textContent, g.getAttribute('transform') || '',
                        g.querySelector('title').textContent]; })""")
            pieces = [d for d in drawn if d[2] != "count in hand"]
            if case == "shogi-kanji":
                check(pieces and all(t in kanji for t, _, _ in pieces), "every piece is drawn in kanji (%s)" % pieces[:4])
                check(all(("rotate(180" in r) == n.startswith("gote") for _, r, n in pieces),
                      "gote's pieces, and only they, are turned (%s)" % pieces[:4])
            else:
                check(pieces and all(t not in kanji and not r for t, r, _ in pieces),
                      "by default every piece is its letter, upright (%s)" % pieces[:4])
        # The legend names every kind of piece on the board as the board's own pieces are titled.
        titles = set(q("Array.from(document.querySelectorAll('#viewer-board svg.board title')).map(t => t.textContent)"))
        legend = set(q("Array.from(document.querySelectorAll('#viewer-legend .legend-item > span')).map(i => i.textContent)"))
        check(titles and titles <= legend, "the piece legend names the pieces on the board %s (%s)" % (titles, legend))
        browser.key("Home", "Home")
        start = q(cells)
        check(start == CELLS[args.game](game["opening_position"]), "Home goes to the opening position")
        squares |= pieces_readable("at the start")
        if args.game == "chess":
            check(len(squares) == 2, "the chess board has light and dark squares (%s)" % sorted(squares))
            drawn = q("Array.from(new Set(Array.from(document.querySelectorAll('#viewer-board .figurine')).map(f => f.dataset.piece))).sort()")
            check(len(drawn) == 12, "the 12 chess pieces of the start are drawn as figurines (%s)" % drawn)

        browser.key("ArrowRight", "ArrowRight")
        check(q(ply) == 1 and q(cells) != start, "the right arrow key steps to ply 1 and changes the board")
        marked = q("document.querySelectorAll('#viewer-board .changed').length")
        if args.game == "chess":
            # The last move's squares, from its UCI text: a1 is the bottom left cell.
            move = all_moves[0]
            expected = sorted((8 - int(sq[1])) * 8 + "abcdefgh".index(sq[0]) for sq in (move[0:2], move[2:4]))
            got = q("""Array.from(document.querySelectorAll('#viewer-board .changed')).map(function (r) {
                return Math.floor((r.y.baseVal.value - 2) / 40) * 8 + Math.floor((r.x.baseVal.value - 2) / 40); }).sort((a, b) => a - b)""")
            check(got == expected, "the last move %s is marked on its two squares %s (%s)" % (move, expected, got))
        else:
            check(marked >= 1, "the last move is marked (%d cells)" % marked)
        q("document.getElementById('viewer-next').click()")
        check(q(ply) == min(2, plies), "the forward button steps to ply 2")
        browser.key("End", "End")
        check(q(ply) == plies, "End goes to the last ply (%s of %s)" % (q(ply), plies))
        browser.key("ArrowLeft", "ArrowLeft")
        check(q(ply) == plies - 1, "the left arrow key steps back")
        browser.key("Home", "Home")
        expected_status = STATUS[args.game](game["opening_position"])
        check(status_reads(expected_status, q(status)), "the status line of the start reads %r (%r)" % (
            expected_status, q(status)))


        if args.game == "chess":
            # A check: the king of the side that did not move is marked. The mover from the ply's parity.
            checked = None
            for g in games:
                san = pgn_games(os.path.join(out, "games.pgn")).get(g["index"] + 1, [])
                for k, m in enumerate(san):
                    if m.endswith("+") or m.endswith("#"):
                        checked = (g, k + 1)
                        break
                if checked:
                    break
            check(checked is not None, "a shown chess game has a check")
            if checked:
                g, at = checked
                row = q("Array.from(document.querySelectorAll('#game-list-body tr')).findIndex(r => +r.dataset.game === %d)" % games.index(g))
                q("document.querySelectorAll('#game-list-body tr')[%d].click()" % row)
                q("document.querySelector('#viewer-moves .move[data-ply=\"%d\"]').click()" % at)
                white_moved = (first_mover("chess", g) + at - 1 - len(g.get("opening_moves", []))) % 2 == 0
                king = "k" if white_moved else "K"
                mark = q("""(function () { var c = document.querySelector('#viewer-board .check'); if (!c) return -1;
                    return Math.floor(c.cy.baseVal.value / 40) * 8 + Math.floor(c.cx.baseVal.value / 40); })()""")
                check(mark >= 0 and q(cells)[mark] == king, "the check at ply %d marks the %s king (cell %s)" % (
                    at, "black" if white_moved else "white", mark))

        # Another game from the list, by a click.
        q("document.querySelectorAll('#game-list-body tr')[%d].click()" % (len(games) - 1))
        last = games[q("+document.getElementById('viewer').dataset.game")]
        check(q("document.getElementById('viewer-title').textContent").startswith("Game %d:" % (last["index"] + 1))
              and q(cells) == CELLS[args.game](last["final_position"]), "clicking a game opens it at its end")

        # The filter: games of one engine only.
        q("var s = document.getElementById('filter-engine'); s.value = '0'; s.dispatchEvent(new Event('change'))")
        check(q("document.querySelectorAll('#game-list-body tr').length") ==
              sum(1 for g in games if 0 in g["engines"]),
              "filtering by engine leaves that engine's games")
        q("var s = document.getElementById('filter-engine'); s.value = ''; s.dispatchEvent(new Event('change'))")

        if len(names) == 2:
            check(q("!!document.getElementById('pentanomial')"), "a two-engine match shows its game pairs")
        if len(names) == 2 and re.search(r"^sprt:", config_text, re.M):
            points = q("(document.querySelector('#llr-chart polyline.llr') || {getAttribute: () => ''})"
                       ".getAttribute('points').trim().split(' ').length")
            check(points == len(games) + 1, "the LLR chart has a point per game (%s)" % points)

        # Three screen widths: the page never scrolls sideways (wide tables scroll
        # in their own box, their first column staying, a shade at the edge they
        # scroll to), chart text is never below 12 px, below 700 px the viewer
        # stacks the moves under the board and the game list is one line a game.
        for width in (360, 768, 1280):
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 700})
            browser.drain(0.2)
            q("window.dispatchEvent(new Event('resize'))")
            page_width = q("document.documentElement.scrollWidth")
            check(page_width <= width, "at %d px the page is %s px wide" % (width, page_width))
            wide = q("Array.from(document.querySelectorAll('main *')).filter(e => e.getBoundingClientRect().right > %d + 0.5"
                     " && !e.closest('.table-wrap, .game-list-wrap, .chart-wrap')).map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 3)" % width)
            check(not wide, "at %d px nothing outside a scrolling table reaches past the screen: %s" % (width, wide))
            board = q("JSON.stringify(document.getElementById('viewer-board').getBoundingClientRect())")
            moves = q("JSON.stringify(document.getElementById('viewer-moves').getBoundingClientRect())")
            board, moves = json.loads(board), json.loads(moves)
            stacked = moves["top"] >= board["bottom"] - 0.5
            check(stacked == (width < 700), "at %d px the viewer %s (board %s, moves %s)" % (
                width, "stacks" if width < 700 else "sets the moves beside the board", board, moves))
            check(moves["width"] >= min(200, width - 40), "at %d px the move list is %.0f px wide" % (width, moves["width"]))
            smallest = q("""Math.min.apply(null, Array.from(document.querySelectorAll('svg.chart text')).map(function (t) {
                var svg = t.ownerSVGElement, scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return parseFloat(getComputedStyle(t).fontSize) * scale; }))""")
            check(smallest >= 11.99, "at %d px no chart text is below 12 px (smallest %.1f px)" % (width, smallest))
            tables = json.loads(q("""JSON.stringify(Array.from(document.querySelectorAll('.table-wrap, .game-list-wrap')).filter(
                w => w.scrollWidth > w.clientWidth + 1).map(function (w) {
                var first = w.querySelector('tbody tr > :first-child'), before = first.getBoundingClientRect().left - w.getBoundingClientRect().left;
                var cue = w.parentNode.getAttribute('data-more-right');
                w.scrollLeft = 80;
                var after = first.getBoundingClientRect().left - w.getBoundingClientRect().left;
                w.scrollLeft = 0;
                return {id: (w.querySelector('table') || {}).id || w.className, cue: cue, before: before, after: after};
            }))"""))
            for t in tables:
                check(t["cue"] == "true" and abs(t["after"] - t["before"]) < 1,
                      "at %d px table %s scrolls with a cue and its first column stays (%s)" % (width, t["id"], t))
            if width == 360:
                rows = q("Array.from(document.querySelectorAll('#game-list-body tr')).slice(0, 8).map(r => r.getBoundingClientRect().height)")
                check(rows and max(rows) <= 30, "at 360 px a game takes one line of the list (rows %s px)" % rows)
            browser.screenshot(os.path.join(args.artefacts, "report-%s-%dpx.png" % (case, width)))
        browser.call("Emulation.clearDeviceMetricsOverride", {})

        # In print the board stays, with its pieces.
        browser.call("Emulation.setEmulatedMedia", {"media": "print"})
        check(q("document.querySelector('#viewer-board svg.board').getBoundingClientRect().height") > 100,
              "the board is printed")
        browser.call("Emulation.setEmulatedMedia", {"media": ""})

        shot = os.path.join(args.artefacts, "report-%s.png" % case)
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
