"""Issue 61, "Watching it": /healthz and /readyz, Prometheus metrics at /metrics, one JSON log
line per request with its request id, and a graceful shutdown (SIGTERM: requests finish, each
WebSocket is closed with 1012 "service restart", the process exits by itself)."""

from __future__ import annotations

import asyncio
import json
import signal
import time

from websockets.asyncio.client import connect

from tests.reliability.helpers import ServerProcess, acreate_game


def metric(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the Prometheus text ``text`` (0 when absent)."""
    want = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith("#") or " " not in line:
            continue
        key, value = line.rsplit(" ", 1)
        base, _, rest = key.partition("{")
        got = ",".join(sorted(rest.rstrip("}").split(","))) if rest else ""
        if base == name and got == want:
            return float(value)
    return 0.0


def test_health_readiness_metrics_and_request_ids(db_url: str, make_server) -> None:
    srv: ServerProcess = make_server(db_url)
    with srv.client() as http:
        assert http.get("/healthz").json() == {"status": "ok"}
        r = http.get("/readyz")
        assert r.status_code == 200 and r.json()["status"] == "ready", r.text
        before = http.get("/metrics").text
        g = http.post("/api/games", json={"players": 2, "start": True, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "random"}]}, headers={"X-Request-ID": "abc-123"})
        assert g.status_code == 201 and g.headers["x-request-id"] == "abc-123"
        g = g.json()
        assert len(http.get("/api/meta").headers["x-request-id"]) == 16  # made up when none is given
        assert http.get("/api/meta", headers={"X-Request-ID": "not a token"}).headers["x-request-id"] != "not a token"
        r = http.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": g["seats"][0]["token"], "bot": "random"})
        assert r.status_code == 200
        deadline = time.monotonic() + 60
        while http.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        after = http.get("/metrics")
        assert after.headers["content-type"].startswith("text/plain")
        text = after.text
    route = "/api/games"
    assert metric(text, "tabletop_http_requests_total", method="POST", route=route, status="201") == \
        metric(before, "tabletop_http_requests_total", method="POST", route=route, status="201") + 1
    assert metric(text, "tabletop_http_request_seconds_count", method="GET", route="/api/meta") >= 3
    assert metric(text, "tabletop_actions_total") > 50  # the bots' whole game, chance outcomes too
    assert metric(text, "tabletop_bot_decision_seconds_count") > 20
    for name in ("tabletop_games_live", "tabletop_websockets", "tabletop_bot_queue", "tabletop_coach_queue"):
        assert f"\n{name} " in text, name
    # the log: one JSON object a line, the request's id on the lines of that request
    lines = [json.loads(x) for x in srv.log().splitlines() if x.startswith("{")]
    mine = [x for x in lines if x.get("request_id") == "abc-123"]
    assert mine and mine[-1]["logger"] == "tabletop.access" and mine[-1]["status"] == 201
    assert mine[-1]["route"] == "/api/games" and mine[-1]["method"] == "POST"


def test_sigterm_closes_websockets_with_a_reconnect_hint_and_exits(sqlite_url: str, make_server) -> None:
    srv: ServerProcess = make_server(sqlite_url)

    async def main() -> tuple[int | None, float]:
        async with srv.async_client() as http:
            g = await acreate_game(http, [{"kind": "human"}, {"kind": "human"}], seed=4)
        url = f"{srv.ws_url}/api/games/{g['id']}/ws?token={g['seats'][0]['token']}"
        async with connect(url, proxy=None, ping_interval=None) as ws:
            await ws.recv()  # the greeting state
            t = time.monotonic()
            assert srv.proc is not None
            srv.proc.send_signal(signal.SIGTERM)
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 15)
            except Exception:
                pass
            return ws.close_code, time.monotonic() - t

    code, took = asyncio.run(main())
    assert code == 1012, code  # "service restart": the page reconnects (to another process, or this one again)
    # uvicorn shuts down, then raises the SIGTERM it caught again, so that a supervisor sees it
    assert srv.proc is not None and srv.proc.wait(15) in (0, -signal.SIGTERM)
    assert took < 12 and srv.tracebacks() == 0, srv.log()[-3000:]
