"""Issue 60, the server holes found by probing a fresh server from outside, on real ``tabletop
serve`` processes over SQLite and PostgreSQL: a huge or repeated list answered at once (and the
server free for everyone meanwhile), a lone UTF-16 surrogate answered 4xx on every write route,
bodies past the limit answered 413, and per-client limits answered 429 with Retry-After,
counted in memory or, shared by two processes, in Redis."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest

from tests.reliability.helpers import post_while_watching

JSON = {"content-type": "application/json"}


def game(http: httpx.Client, **extra: Any) -> dict[str, Any]:
    body = {"players": 2, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}], **extra}
    r = http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_a_megabyte_of_list_is_answered_at_once_and_the_server_stays_free(db_url: str, make_server) -> None:
    """'POST /api/games with modules ["more", "more", …]': 100,000 names (0.8 MB) took the server
    down for minutes. With bodies of up to 2 MB allowed, every such request is answered 4xx in
    well under a second, and GET /api/meta keeps answering meanwhile. (The issue's figures, 1 s
    and 100 ms on a quiet machine, are measured in docs/RELIABILITY.md; here the bounds leave
    room for a loaded test machine.)"""
    srv = make_server(db_url, extra=("--max-body", str(2 * 1024 * 1024), "--limit", "create=off"))
    bodies = {
        "modules": {"players": 2, "config": {"modules": ["more"] * 100_000}},
        "alternatives": {"players": 2, "config": {"alternatives": ["room_vp:alt"] * 60_000}},
        "module string": {"players": 2, "config": {"modules": ",".join(["more"] * 150_000)}},
        "seats": {"players": 2, "seats": [{"kind": "human"}] * 40_000},
        "config keys": {"players": 2, "config": {f"k{i}": i for i in range(60_000)}},
        "nesting": {"players": 2, "config": {"modules": [[["more"]] * 10] * 20_000}},
    }
    for what, body in bodies.items():
        raw = json.dumps(body).encode()
        assert 500_000 < len(raw) <= 2 * 1024 * 1024, (what, len(raw))
        status, took, slowest = asyncio.run(post_while_watching(srv.url, "/api/games", raw))
        assert 400 <= status < 500, (what, status)
        assert took < 1.0, (what, took)
        assert slowest < 0.5, (what, slowest)
    # nothing of it was stored
    with srv.client() as http:
        assert http.post("/api/games", json={"players": 2, "config": {"alternatives": ["room_vp:alt"] * 2}}
                         ).status_code == 422
        r = http.post("/api/games", json={"players": 2, "config": {"alternatives": ["room_vp:alt"]}})
        assert r.status_code == 201
    assert srv.tracebacks() == 0, srv.log()[-3000:]


def test_repeated_or_overlong_entries_are_refused_with_a_reason(sqlite_url: str, make_server) -> None:
    srv = make_server(sqlite_url)
    with srv.client() as http:
        g = game(http)
        tok = g["seats"][0]["token"]
        cases = [
            ({"players": 2, "config": {"modules": ["more", "more"]}}, "more"),
            ({"players": 2, "config": {"alternatives": ["room_vp:alt", "room_vp:alt"]}}, "repeated"),
            ({"players": 2, "config": {"modules": ["x" * 500]}}, "80"),
            ({"players": 2, "config": {"edition": "y" * 5000}}, "200"),
        ]
        for body, word in cases:
            r = http.post("/api/games", json=body)
            assert r.status_code in (400, 422) and word in r.text, (body, r.text[:300])
            assert len(r.content) < 4000  # the refusal does not echo the request back whole
        r = http.post("/api/my-games", json={"tokens": [tok, tok]})
        assert r.status_code == 422 and "repeated" in r.text
        r = http.post("/api/my-games", json={"tokens": ["t" * 101]})
        assert r.status_code == 422
        assert http.post("/api/my-games", json={"tokens": [tok]}).json()[0]["game_id"] == g["id"]
    assert srv.tracebacks() == 0, srv.log()[-3000:]


def test_bodies_past_the_limit_are_413_unread(sqlite_url: str, make_server) -> None:
    """A 10 MB body (a my-games token of 10 MB answered 200 before) is refused by its length; one
    sent in chunks without a length is refused once the limit is passed."""
    srv = make_server(sqlite_url)
    with srv.client() as http:
        big = json.dumps({"tokens": ["t" * 10_000_000]}).encode()
        t = time.perf_counter()
        r = http.post("/api/my-games", content=big, headers=JSON)
        assert r.status_code == 413 and "65536" in r.json()["detail"]
        assert time.perf_counter() - t < 2.0

        def chunks():
            yield b'{"tokens": ["'
            for _ in range(100):
                yield b"t" * 10_000
            yield b'"]}'

        r = http.post("/api/my-games", content=chunks(), headers=JSON)
        assert r.status_code == 413
        # a body just under the limit is read and judged on its merits
        r = http.post("/api/my-games", content=json.dumps({"tokens": ["t" * 60_000]}).encode(), headers=JSON)
        assert r.status_code == 422
        assert http.get("/api/meta").status_code == 200
    assert srv.alive() and srv.tracebacks() == 0, srv.log()[-3000:]


SURROGATE = "\\ud800x"  # as it is written in the JSON text: the escape of a lone surrogate


def test_a_lone_surrogate_is_4xx_on_every_write_route(db_url: str, make_server) -> None:
    """'A JSON body with the escape "\\ud800" in a name … an action, a game name, a bot level, or a
    my-games token': 500 and a reset connection before. Now 4xx with a readable message on one
    kept-alive connection, which then still serves."""
    srv = make_server(db_url)
    with srv.client() as http:
        g = game(http)
        gid, tok = g["id"], g["seats"][0]["token"]
        b = f"/api/games/{gid}"
        s = SURROGATE
        cases = [
            ("/api/games", f'{{"game": "{s}", "players": 2}}'),
            ("/api/games", f'{{"players": 2, "seats": [{{"kind": "human", "name": "{s}"}}, {{"kind": "human"}}]}}'),
            ("/api/games", f'{{"players": 2, "seats": [{{"kind": "bot", "bot": "{s}"}}, {{"kind": "human"}}]}}'),
            ("/api/games", f'{{"players": 2, "config": {{"modules": ["{s}"]}}}}'),
            ("/api/games", f'{{"players": 2, "config": {{"{s}": true}}}}'),
            (f"{b}/join", f'{{"token": "{tok}", "name": "{s}"}}'),
            (f"{b}/join", f'{{"token": "{s}", "name": "x"}}'),
            (f"{b}/start", f'{{"token": "{s}"}}'),
            (f"{b}/actions", f'{{"token": "{tok}", "revision": 0, "action": "{s}"}}'),
            (f"{b}/undo", f'{{"token": "{s}", "revision": 0}}'),
            (f"{b}/seats/1/bot", f'{{"token": "{tok}", "bot": "{s}"}}'),
            (f"{b}/seats/0/reclaim", f'{{"token": "{s}"}}'),
            (f"{b}/seats/0/settings", f'{{"token": "{s}", "auto_single": true}}'),
            ("/api/my-games", f'{{"tokens": ["{s}"]}}'),
        ]
        for path, text in cases:
            r = http.post(path, content=text.encode(), headers=JSON)
            assert 400 <= r.status_code < 500, (path, text, r.status_code, r.text[:200])
            detail = json.dumps(r.json()["detail"])
            assert "surrogate" in detail or "Unicode" in detail or "character" in detail, (path, detail[:300])
        # a surrogate pair is a character like any other (an emoji in a name)
        r = http.post(f"{b}/join", content=f'{{"token": "{tok}", "name": "Ann \\ud83c\\udfa9"}}'.encode(),
                      headers=JSON)
        assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Ann 🎩"
    assert srv.tracebacks() == 0, srv.log()[-3000:]


def test_per_client_limits_are_429_with_retry_after(sqlite_url: str, make_server) -> None:
    srv = make_server(sqlite_url, extra=("--limit", "create=3/minute", "--limit", "write=5/minute",
                                         "--limit", "action=off", "--limit", "coach=off"))
    with srv.client() as http:
        made = [http.post("/api/games", json={"players": 2}) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 201]
        r = http.post("/api/games", json={"players": 2})
        assert r.status_code == 429 and "create" in r.json()["detail"]
        assert 1 <= int(r.headers["Retry-After"]) <= 60
        # other kinds are counted apart; reading is never limited
        tok = made[0].json()["seats"][0]["token"]
        codes = [http.post("/api/my-games", json={"tokens": [tok]}).status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        assert http.get(f"/api/games/{made[0].json()['id']}", params={"token": tok}).status_code == 200
        assert http.get("/api/meta").status_code == 200


def _redis_or_fail() -> Any:
    import redis

    client = redis.Redis(host="127.0.0.1", port=6379, socket_connect_timeout=3)
    try:
        client.ping()
    except redis.RedisError as exc:  # pragma: no cover - depends on the machine
        pytest.fail(f"Redis NOT REACHABLE at 127.0.0.1:6379 ({exc}): the shared limits need it. Start it with "
                    "redis-server --daemonize yes --bind 127.0.0.1 --port 6379")
    return client


def test_two_processes_share_their_limits_in_redis(sqlite_url: str, pg_url: str, make_server) -> None:
    """With --limits-storage redis://…, a client's creations are counted across the processes
    that share the store: three on one, then the fourth on the other is refused."""
    client = _redis_or_fail()
    for key in client.scan_iter("*tabletop/create/127.0.0.1*"):
        client.delete(key)  # an earlier run's counts (they expire within the minute anyway)
    extra = ("--limit", "create=3/minute", "--limits-storage", "redis://127.0.0.1:6379", "--limit", "write=off")
    a = make_server(pg_url, extra=extra)
    b = make_server(pg_url, extra=extra)
    with a.client() as ha, b.client() as hb:
        assert [ha.post("/api/games", json={"players": 2}).status_code for _ in range(3)] == [201] * 3
        r = hb.post("/api/games", json={"players": 2})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    client.close()


def test_limits_options_are_checked_at_start(sqlite_url: str, tmp_path) -> None:
    import subprocess
    import sys

    for bad in (("--limit", "nothing=1/minute"), ("--limit", "create=lots"), ("--limit", "create"),
                ("--limits-storage", "mongodb://x")):
        out = subprocess.run([sys.executable, "-m", "tabletop.cli.main", "serve", "--database", sqlite_url, *bad],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and "limit" in out.stderr, (bad, out.stderr[-500:])
