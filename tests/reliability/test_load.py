"""A small run of tools/loadtest.py: 20 concurrent games, 60 WebSocket clients, 15 s.

The full-size run (100 games, 300 clients, 60 s) and its figures are in docs/RELIABILITY.md.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def load_tool():
    spec = importlib.util.spec_from_file_location("tabletop_loadtest", ROOT / "tools" / "loadtest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_small_load_no_5xx_every_update_delivered(tmp_path: Path) -> None:
    lt = load_tool()
    opts = lt.Options(games=20, spectators=1, duration=15.0, setup_timeout=60.0, bot="random", seed=7)
    summary = lt.run_load(opts, database=None, bot_delay=0.0, workdir=tmp_path)
    print(json.dumps(summary, indent=1))  # shown with -s or on failure
    assert summary["http_5xx"] == 0, summary["error_examples"]
    assert summary["undelivered"] == 0, summary["error_examples"]
    assert summary["out_of_order"] == 0, summary["error_examples"]
    assert summary["errors"] == {}, summary["error_examples"]
    assert summary["server_tracebacks"] == 0, summary.get("server_log_tail")
    assert summary["games_started"] >= 20
    assert summary["ws_clients_min_steady"] >= 40 and summary["ws_clients_peak"] >= 60
    assert summary["actions"] >= 100, "the load hardly ran"
    lat = summary["latency_ms"]
    assert lat["ws_self"]["n"] == summary["actions"] and lat["ws_other"]["n"] == 2 * summary["actions"]
    # generous: this 2-core machine also runs the rest of the suite (and other work) meanwhile
    for k in ("ack", "ws_self", "ws_other"):
        assert lat[k]["p99"] < 5000, (k, lat[k])


def test_expensive_bots_cannot_starve_the_server(tmp_path: Path) -> None:
    from tests.reliability.helpers import ServerProcess

    srv = ServerProcess(f"sqlite:///{tmp_path / 'dos.db'}", tmp_path).start()
    try:
        with srv.client() as http:
            refused = 0
            for _ in range(6):
                r = http.post("/api/games", json={"seats": [{"kind": "bot", "bot": "flatmc:samples=1000000"}] * 2})
                if r.status_code == 400:
                    refused += 1
                    continue
                g = r.json()
                http.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
            time.sleep(1.0)
            try:
                r = http.post("/api/games", json={}, timeout=5)
                answered = r.status_code == 201
            except httpx.TimeoutException:
                answered = False
    finally:
        srv.kill()  # the bots' threads would keep a gentle shutdown waiting
    assert refused == 6 or answered, "the server stopped creating games"
