#!/usr/bin/env python3
"""Click-to-board latency of the browser UI, over a whole solo game (Playwright + Chromium).

Starts ``tabletop serve`` on a free 127.0.0.1 port (a temporary SQLite file, no bot delay),
opens Debian's Chromium on a table against a bot (all Let's Waltz! modules by default, made
through the API) and plays the person's seat to the end by clicking, as a person does
(the board, or the prompt's buttons). For every click that makes a move it measures, in the
page, the time from the click (the ``click`` event, capture phase) to the board showing the
result: the first frame painted after the game's revision changed in the DOM
(``requestAnimationFrame`` after the MutationObserver saw it). Prints median, 90th percentile
and maximum in ms (JSON on the last line of stdout).

    .venv/bin/python tools/latency_bench.py                 # all modules, 2 players, medium bot
    .venv/bin/python tools/latency_bench.py --modules none --seed 3 --limit 200

The page's own work is what this measures (server local); a bot's turns in between are not
counted, only the person's clicks.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import find_chromium  # noqa: E402
from tests.browser.gah_modules_ui import progress_choice  # noqa: E402
from tests.browser.ui import click_action, legal  # noqa: E402
from tools.loadtest import Server  # noqa: E402 - the server in a subprocess, as the load test starts it

PROBE = """() => {
  if (window.__lat) return;
  window.__lat = { samples: [], pending: null };
  document.addEventListener("click", () => { window.__lat.pending = performance.now(); }, true);
  const seen = () => { const g = document.querySelector(".game"); return g ? g.dataset.revision : null; };
  let last = seen();
  new MutationObserver(() => {
    const now = seen();
    if (now !== null && now !== last) {
      last = now;
      const t0 = window.__lat.pending;
      window.__lat.pending = null;
      if (t0 !== null) requestAnimationFrame(() => window.__lat.samples.push(performance.now() - t0));
    }
  }).observe(document.getElementById("app"), { subtree: true, childList: true, attributes: true,
                                               attributeFilter: ["data-revision"] });
}"""


def chromium() -> str:
    found = find_chromium()
    if found is None:
        sys.exit("Chromium not found: apt-get install chromium (or set TABLETOP_CHROMIUM)")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modules", default="all", help="'all', 'none' or a comma-separated list")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="medium")
    ap.add_argument("--seed", type=int, default=1, help="the person's random clicking (the deal is random)")
    ap.add_argument("--limit", type=int, default=600, help="at most this many clicks")
    ap.add_argument("--width", type=int, default=1360)
    ap.add_argument("--height", type=int, default=950)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="latency-"))
    server = Server(f"sqlite:///{tmp / 'games.db'}", 0.0, tmp / "server.log")
    try:
        server.start()
    except RuntimeError as exc:
        sys.exit(str(exc))
    base = server.url
    try:
        import httpx

        modules = [] if args.modules == "none" else (
            ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"] if args.modules == "all"
            else [m.strip() for m in args.modules.split(",") if m.strip()])
        # the table is made through the API (create, join, start), so that the same tool measures
        # older versions of the page too
        seats = [{"kind": "human", "name": "Bench"}] + [{"kind": "bot", "bot": args.bot}] * (args.players - 1)
        g = httpx.post(f"{base}/api/games", json={"game": "grand-austria-hotel", "players": args.players,
                                                  "seats": seats, "config": {"modules": modules} if modules else {}},
                       timeout=10).json()
        token = g["seats"][0]["token"]
        httpx.post(f"{base}/api/games/{g['id']}/join", json={"token": token, "name": "Bench"}, timeout=10)
        httpx.post(f"{base}/api/games/{g['id']}/start", json={"token": token}, timeout=10)
        rng = random.Random(args.seed)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium(), args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            page.on("pageerror", lambda exc: print("page error:", exc, file=sys.stderr))
            page.goto(f"{base}/game/{g['id']}?token={token}")
            page.wait_for_selector(".game")
            page.evaluate(PROBE)
            clicks = 0
            while clicks < args.limit:
                page.wait_for_selector("#prompt[data-mine='1'], .game[data-status='finished']", timeout=60000)
                if page.locator(".game[data-status='finished']").count():
                    break
                click_action(page, progress_choice(rng, legal(page)), timeout=30000)
                clicks += 1
            page.wait_for_timeout(200)
            samples = page.evaluate("window.__lat.samples")
            status = page.get_attribute(".game", "data-status")
            browser.close()
    finally:
        server.stop()
    if not samples:
        sys.exit("no click was measured")
    ordered = sorted(samples)
    result = {"clicks": clicks, "measured": len(samples), "finished": status == "finished",
              "median_ms": round(statistics.median(ordered), 1),
              "p90_ms": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 1),
              "max_ms": round(ordered[-1], 1), "modules": modules, "players": args.players}
    print(f"{len(samples)} clicks measured over {'a whole game' if result['finished'] else f'{clicks} clicks'}: "
          f"median {result['median_ms']} ms, p90 {result['p90_ms']} ms, max {result['max_ms']} ms")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
