#!/usr/bin/env python3
"""Browser test of a live report.html: starts a run of a few seconds, opens
its report in headless Chromium while the run goes on and checks that the
page follows the run without a manual reload (its pace, its games in
progress, the open game kept across reloads), then that it stops reloading
once the run has ended.

usage: live_report_test.py --bin-dir DIR --config FILE --work DIR --artefacts DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


REFRESH = 1.0  # seconds between reloads, set by the page's address (the page's own is 10 s)
PACE = re.compile(r"^(\d+) of (\d+) games played, (\d+\.\d\d) games/s, (about .+ left|time left not known yet)\.")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--artefacts", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    if not os.path.exists(args.chromium):
        print("chromium is not installed (scripts/install-deps.sh installs it for the browser tests)")
        return 1
    out = os.path.join(args.work, "live")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(args.artefacts, exist_ok=True)
    report = os.path.join(out, "report.html")
    run = subprocess.Popen([os.path.join(args.bin_dir, "arbiter"), "run", args.config, "--out", out, "-q"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    browser = Browser(args.chromium)
    try:
        # The first page written while the run goes on.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and run.poll() is None:
            if os.path.exists(report) and '"live":' in open(report, encoding="utf-8").read():
                break
            time.sleep(0.05)
        check(run.poll() is None, "the run is still going when its first live page is there")
        if failures:
            return 1
        browser.open_page()
        browser.load("file://" + os.path.abspath(report) + "?refresh=%g" % REFRESH)

        def q(expression):
            try:
                return browser.evaluate(expression)
            except (RuntimeError, TimeoutError):  # between two pages of a reload
                return None
        pace = "(document.getElementById('live-pace') || {textContent: ''}).textContent"
        origin = "performance.timeOrigin"
        first_origin, first_pace = q(origin), q(pace)
        m = PACE.match(first_pace or "")
        check(m is not None, "the live page gives its pace: %r" % first_pace)
        check(q("document.documentElement.dataset.live || ''").startswith("reloading"), "the live page says it reloads")
        browser.wait_for("document.getElementById('games').dataset.state === 'ready'")
        q("document.querySelector('#viewer-first').click(); document.querySelector('#viewer-next').click()")
        kept_game = q("document.getElementById('viewer-title').textContent.split(':')[0]")

        # It follows the run: reloads by itself, with more games played, and shows the games in progress.
        later, running_seen, deadline = None, [], time.monotonic() + 30
        while time.monotonic() < deadline:
            now_origin, now_pace = q(origin), q(pace)
            rows = q("Array.from(document.querySelectorAll('#running-games tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))")
            if rows:
                running_seen.extend(rows)
            if now_origin and now_origin != first_origin and now_pace and PACE.match(now_pace) and \
                    int(PACE.match(now_pace).group(1)) > int(m.group(1)):
                later = now_pace
                break
            time.sleep(0.05)
        check(later is not None, "the page reloaded itself with more games played (%r, then %r)" % (first_pace, later))
        browser.wait_for("document.getElementById('games').dataset.state === 'ready'")
        check(q("document.getElementById('viewer-title').textContent.split(':')[0]") == kept_game and
              q("+document.getElementById('viewer').dataset.ply") == 1,
              "the reload keeps the open game (%s) at its ply" % kept_game)
        check(running_seen and all(re.match(r"^\d+$", r[0]) and re.match(r"^\d+$", r[3]) for r in running_seen),
              "games in progress are listed with their plies: %s" % running_seen[:3])
        # The page's top, down to the standings: the pace and the games in progress.
        top = q("JSON.stringify({x: 0, y: 0, width: document.documentElement.clientWidth, "
                "height: document.querySelector('#standings table').getBoundingClientRect().bottom + window.scrollY + 8})")
        browser.screenshot(os.path.join(args.artefacts, "report-live.png"), json.loads(top) if top else None)

        # Once the run has ended, the last page stays.
        code = run.wait(timeout=120)
        check(code == 0, "the run exits 0: %s" % run.stderr.read()[-300:])
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and (q("!!document.getElementById('live')") is not False or
                                               q("document.documentElement.dataset.live") is not None):
            time.sleep(0.05)
        check(q("!!document.getElementById('live')") is False, "the run's last page has no live part")
        settled = q(origin)
        time.sleep(1.5 * REFRESH)  # past the live page's reload interval
        check(q(origin) == settled, "the last page does not reload itself")
        check("finished" in (q("document.querySelector('header.report').textContent") or ""), "the last page says finished")
    finally:
        browser.close()
        if run.poll() is None:
            run.kill()
            run.wait()
    print("%d checks failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
