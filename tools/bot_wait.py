#!/usr/bin/env python3
"""Issue 64's measure of a bot's wait: how long a person waits for a bot's turn at a table of
``tabletop serve`` (its defaults: the bot workers, the 4 s bound a decision), on a machine
that is also doing other work (``--load N``: N processes spinning at normal priority beside
it, as a build or another program would).

One person (this tool, answering at once with a random legal move) plays ``--games`` games
against ``--bot``; for each bot turn, the wait is from the person's move that handed the turn
over to the moment the game, as the tool polls it every 20 ms, is the person's again (or
over). Prints the median, p90, p99 and the longest; the last line is a JSON summary.

    .venv/bin/python tools/bot_wait.py --bot master --load 2 --turns 40
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tabletop.bots.match import percentile  # noqa: E402
from tests.reliability.helpers import UNLIMITED, ServerProcess  # noqa: E402


def spin() -> None:
    """Other work on the machine: a core's worth of arithmetic, until stopped."""
    x = 0
    while True:
        x = (x * 31 + 7) % 1_000_003


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="master")
    ap.add_argument("--game", default="grand-austria-hotel")
    ap.add_argument("--load", type=int, default=2, help="processes spinning beside the server (0: none)")
    ap.add_argument("--turns", type=int, default=40, help="bot turns to measure")
    ap.add_argument("--seed", type=int, default=64)
    ap.add_argument("--extra", default="", help="more `tabletop serve` options, space-separated")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="bot-wait-"))
    server = ServerProcess(f"sqlite:///{tmp / 'games.db'}", tmp, extra=UNLIMITED + tuple(args.extra.split())).start()
    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.load)]
    for p in load:
        p.start()
    waits: list[float] = []
    http = httpx.Client(base_url=server.url, timeout=120, trust_env=False)
    try:
        game_no = 0
        while len(waits) < args.turns:
            game_no += 1
            g = http.post("/api/games", json={
                "game": args.game, "players": 2, "start": True, "seed": args.seed * 1000 + game_no,
                "seats": [{"kind": "human", "name": "Person"}, {"kind": "bot", "bot": args.bot}]}).json()
            token = g["seats"][0]["token"]
            since: float | None = None  # the bot's turn began (our move handed it over)
            while len(waits) < args.turns:
                s = http.get(f"/api/games/{g['id']}", params={"token": token}).json()
                if s["status"] == "finished" or s["legal"]:
                    if since is not None:
                        waits.append(time.monotonic() - since)
                        print(f"  bot turn {len(waits)}: {waits[-1]:.2f} s", file=sys.stderr, flush=True)
                        since = None
                    if s["status"] == "finished":
                        break
                    action = rng.choice(s["legal"])["action"]
                    r = http.post(f"/api/games/{g['id']}/actions",
                                  json={"token": token, "revision": s["revision"], "action": action})
                    if r.status_code == 200 and not r.json()["legal"] and r.json()["status"] == "active":
                        since = time.monotonic()
                    continue
                time.sleep(0.02)
    finally:
        http.close()
        for p in load:
            p.terminate()
        server.stop()
    out = {"bot": args.bot, "load": args.load, "cpus": os.cpu_count(), "turns": len(waits),
           "median": round(statistics.median(waits), 2), "p90": round(percentile(waits, 0.9), 2),
           "p99": round(percentile(waits, 0.99), 2), "max": round(max(waits), 2), "extra": args.extra}
    print(f"{args.bot} with {args.load} busy processes beside it on {os.cpu_count()} cores: {len(waits)} bot turns, "
          f"median {out['median']} s, p90 {out['p90']} s, p99 {out['p99']} s, longest {out['max']} s")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
