#!/usr/bin/env python3
"""Load test for the game server (``tabletop serve``), on loopback only.

Starts a real server in a subprocess (``tabletop serve`` on a free 127.0.0.1
port, a temporary SQLite file unless ``--database`` names a local
PostgreSQL), creates ``--games`` concurrent two-player games (one human seat
driven by this client with random legal actions, one bot seat played by the
server; ``--expert-games`` of them against the ``expert`` level instead of
``--bot``), keeps WebSocket clients connected to every game (the human seat, the
bot seat and ``--spectators`` spectators), and measures for every action:

* ``ack``: POST /actions round trip;
* ``ws_self``: from sending the POST to the first update with the acknowledged
  revision (or later) on the acting seat's WebSocket;
* ``ws_other``: the same on every other client of the game (bot seat, spectators).

A game that finishes is replaced by a new one until ``--duration`` is over.
Then every client must have received its game's final revision ("every update
delivered"), revisions must never go backwards on a client, and no request may
get a 5xx. Prints a JSON summary (last line of stdout); exits 1 if a check fails.

Every loop is bounded by a count and/or a deadline; the whole run stops by
itself after about ``setup-timeout + duration + drain`` seconds.

    .venv/bin/python tools/loadtest.py --games 100 --spectators 1 --duration 60
    .venv/bin/python tools/loadtest.py --think 0.5,1.5 --bot-delay 0.4 --expert-games 20  # thinking bots
    .venv/bin/python tools/loadtest.py --database postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect

LOOPBACK = "127.0.0.1"
# the server sends {"type": "state", ..., "status": ..., "revision": ...} with these keys near the head
_HEAD = re.compile(r'^\{"type":\s*"state",.*?"status":\s*"(\w+)",\s*"revision":\s*(\d+),')
LOCAL_DB_HOSTS = {"127.0.0.1", "localhost", "::1", ""}
ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def check_local_database(url: str) -> None:
    """Refuse any database that is not on this machine (traffic stays on loopback)."""
    if url.startswith("sqlite"):
        return
    host = urlsplit(url).hostname or ""
    if host not in LOCAL_DB_HOSTS:
        raise SystemExit(f"refusing database host {host!r}: only loopback databases are allowed")


class Server:
    """``tabletop serve`` in a subprocess on a free loopback port."""

    def __init__(self, database: str, bot_delay: float, log_path: Path, bot_workers: int | None = None) -> None:
        check_local_database(database)
        self.database = database
        self.bot_delay = bot_delay
        self.bot_workers = bot_workers
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        self.port = free_port()
        cmd = [sys.executable, "-c", "from tabletop.cli.main import main; main()", "serve",
               "--host", LOOPBACK, "--port", str(self.port), "--database", self.database,
               "--bot-delay", str(self.bot_delay),
               # every simulated client comes from 127.0.0.1: no per-client limits in a load test
               "--limit", "create=off", "--limit", "action=off", "--limit", "coach=off", "--limit", "write=off"]
        if self.bot_workers is not None:
            cmd += ["--bot-workers", str(self.bot_workers)]
        log = open(self.log_path, "ab")  # noqa: SIM115 - owned by the child
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                                     start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                r = httpx.get(f"{self.url}/api/meta", timeout=2, trust_env=False)
                if r.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not answer within {timeout}s:\n{self.log_tail()}")

    def stats(self) -> dict[str, Any]:
        """CPU seconds and peak memory of the server process (Linux /proc)."""
        out: dict[str, Any] = {}
        if self.proc is None:
            return out
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith(("VmHWM", "VmRSS", "Threads")):
                    k, v = line.split(":", 1)
                    out[k] = v.strip()
        with contextlib.suppress(OSError, IndexError, ValueError):
            parts = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            tick = os.sysconf("SC_CLK_TCK")
            out["cpu_seconds"] = round((int(parts[11]) + int(parts[12])) / tick, 1)
        return out

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout)

    def log_tail(self, n: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""


# ------------------------------------------------------------------ clients
@dataclass
class Stats:
    ack: list[float] = field(default_factory=list)
    ws_self: list[float] = field(default_factory=list)
    ws_other: list[float] = field(default_factory=list)
    get: list[float] = field(default_factory=list)
    status: Counter[str] = field(default_factory=Counter)  # "POST /actions 200", ...
    errors: Counter[str] = field(default_factory=Counter)  # transport errors, timeouts, checks
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    revisions_advanced: int = 0
    updates_received: int = 0
    out_of_order: int = 0
    undelivered: int = 0
    clients_now: int = 0
    clients_peak: int = 0
    clients_min_steady: int | None = None
    examples: list[str] = field(default_factory=list)

    def error(self, kind: str, detail: str = "") -> None:
        self.errors[kind] += 1
        if detail and len(self.examples) < 20:
            self.examples.append(f"{kind}: {detail[:300]}")


class WsClient:
    """One WebSocket subscriber; timestamps every update it receives."""

    def __init__(self, base_ws: str, game_id: str, token: str, role: str, stats: Stats,
                 compression: bool) -> None:
        self.url = f"{base_ws}/api/games/{game_id}/ws?token={token}"
        self.role = role
        self.stats = stats
        self.compression = compression
        self.arrivals: list[tuple[int, float]] = []  # (revision, perf_counter) in arrival order
        self.max_rev = -1
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.ready = asyncio.Event()
        self.closed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.ws: ClientConnection | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        connected = False
        try:
            async with connect(self.url, proxy=None, open_timeout=20, max_size=2 ** 23,
                               ping_interval=None, close_timeout=2,
                               compression="deflate" if self.compression else None) as ws:
                self.ws = ws
                connected = True
                self.stats.clients_now += 1
                self.stats.clients_peak = max(self.stats.clients_peak, self.stats.clients_now)
                async for raw in ws:
                    now = time.perf_counter()
                    msg = self.parse(raw)
                    if msg.get("type") != "state":
                        if msg.get("type") == "error":
                            self.stats.error("ws error message", json.dumps(msg))
                        continue
                    rev = int(msg["revision"])
                    self.stats.updates_received += 1
                    if rev < self.max_rev:
                        self.stats.out_of_order += 1
                        self.stats.error("ws revision went backwards",
                                         f"{self.role} got {rev} after {self.max_rev}")
                    self.max_rev = max(self.max_rev, rev)
                    self.arrivals.append((rev, now))
                    self.latest = msg
                    self.ready.set()
                    self.changed.set()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a dropped connection is an error of the run
            self.stats.error(f"ws {exc.__class__.__name__}", str(exc))
        finally:
            if connected:
                self.stats.clients_now -= 1
            self.closed.set()
            self.ready.set()
            self.changed.set()

    def parse(self, raw: str | bytes) -> dict[str, Any]:
        """Seats need the whole update (legal actions); the other clients only its revision
        and status, read from the head of the message so the load client stays cheap."""
        if self.role != "seat":
            head = raw[:2000] if isinstance(raw, str) else raw[:2000].decode(errors="replace")
            m = _HEAD.search(head)
            if m is not None:
                return {"type": "state", "revision": int(m.group(2)), "status": m.group(1)}
        return json.loads(raw)  # type: ignore[no-any-return]

    def arrival_at_or_after(self, rev: int) -> float | None:
        for r, t in self.arrivals:  # short lists; first message that shows `rev` or later
            if r >= rev:
                return t
        return None

    async def wait_rev(self, rev: int, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        while self.max_rev < rev and not self.closed.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.changed.clear()
            if self.max_rev >= rev:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
        return self.arrival_at_or_after(rev)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 3)
        if self.task is not None:
            if not self.task.done():
                self.task.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self.task, 3)


@dataclass
class Options:
    games: int = 100
    spectators: int = 1
    duration: float = 60.0
    setup_timeout: float = 60.0
    drain: float = 15.0
    bot: str = "random"
    expert_games: int = 0  # this many of the games are against the expert level instead of ``bot``
    game: str = "grand-austria-hotel"
    config: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    compression: bool = True
    get_every: int = 10
    wait_timeout: float = 30.0
    think: tuple[float, float] = (0.0, 0.0)  # a person's thinking time before each action (s)


class Run:
    def __init__(self, base: str, opts: Options) -> None:
        self.base = base
        self.base_ws = "ws" + base[len("http"):]
        self.opts = opts
        self.stats = Stats()
        self.rng = random.Random(opts.seed)
        self.http: httpx.AsyncClient | None = None
        self.play_deadline = 0.0
        self.final_checks: list[tuple[str, str, list[WsClient]]] = []
        self.setup_done = asyncio.Event()
        self.lag: list[float] = []

    async def request(self, method: str, path: str, label: str, **kw: Any) -> httpx.Response | None:
        assert self.http is not None
        try:
            r = await self.http.request(method, path, **kw)
        except httpx.HTTPError as exc:
            self.stats.error(f"{label} {exc.__class__.__name__}", str(exc))
            return None
        self.stats.status[f"{label} {r.status_code}"] += 1
        if r.status_code >= 500:
            self.stats.error("5xx", f"{label} {r.status_code} {r.text}")
        return r

    async def new_game(self, bot: str) -> tuple[dict[str, Any], list[WsClient]] | None:
        o = self.opts
        body = {"game": o.game, "players": 2, "config": o.config, "seed": self.rng.randrange(2 ** 40),
                "seats": [{"kind": "human", "name": "load"}, {"kind": "bot", "bot": bot}]}
        r = await self.request("POST", "/api/games", "POST /games", json=body)
        if r is None or r.status_code != 201:
            self.stats.error("create failed", r.text if r is not None else "")
            return None
        g = r.json()
        gid, human = g["id"], g["seats"][0]["token"]
        # subscribe before the game starts, so every update is seen
        clients = [WsClient(self.base_ws, gid, human, "seat", self.stats, o.compression),
                   WsClient(self.base_ws, gid, g["seats"][1]["token"], "bot-seat", self.stats, o.compression)]
        clients += [WsClient(self.base_ws, gid, g["spectator_token"], "spectator", self.stats, o.compression)
                    for _ in range(o.spectators)]
        for c in clients:
            c.start()
        try:
            await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in clients)), o.wait_timeout)
        except TimeoutError:
            self.stats.error("ws connect timeout", gid)
        r = await self.request("POST", f"/api/games/{gid}/join", "POST /join", json={"token": human, "name": "load"})
        r2 = await self.request("POST", f"/api/games/{gid}/start", "POST /start", json={"token": human})
        if r is None or r2 is None or r2.status_code != 200:
            self.stats.error("start failed", r2.text if r2 is not None else "")
            await asyncio.gather(*(c.close() for c in clients))
            return None
        self.stats.games_started += 1
        return g, clients

    async def my_turn(self, seat_client: WsClient, after_rev: int, deadline: float) -> dict[str, Any] | None:
        """The seat's latest update once it is this seat's turn (revision > after_rev)."""
        while time.monotonic() < deadline and not seat_client.closed.is_set():
            msg = seat_client.latest
            if msg is not None and msg["revision"] > after_rev and (msg["legal"] or msg["status"] == "finished"):
                return msg
            seat_client.changed.clear()  # no await since the check: no update can slip between
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seat_client.changed.wait(), max(0.01, min(1.0, deadline - time.monotonic())))
        return None

    async def play_game(self, g: dict[str, Any], clients: list[WsClient]) -> None:
        o, st = self.opts, self.stats
        gid, token = g["id"], g["seats"][0]["token"]
        seat_client = clients[0]
        rev = -1
        state: dict[str, Any] | None = None
        n = 0
        max_actions = 2000  # a game has far fewer; a hard bound all the same
        while time.monotonic() < self.play_deadline and n < max_actions:
            if state is None or not state["legal"]:
                state = await self.my_turn(seat_client, rev, min(self.play_deadline, time.monotonic() + o.wait_timeout))
                if state is None:
                    if time.monotonic() < self.play_deadline:
                        st.error("stalled: no turn within wait timeout", gid)
                    break
            if state["status"] == "finished":
                break
            if o.think[1] > 0:
                await asyncio.sleep(self.rng.uniform(*o.think))
            action = self.rng.choice(state["legal"])["action"]
            t0 = time.perf_counter()
            r = await self.request("POST", f"/api/games/{gid}/actions", "POST /actions",
                                   json={"token": token, "revision": state["revision"], "action": action})
            t1 = time.perf_counter()
            n += 1
            if r is None:  # no answer: applied or not, the seat's updates will tell
                rev = state["revision"] - 1
                state = None
                continue
            if r.status_code != 200:
                st.error("action refused", f"{gid} {action} -> {r.status_code} {r.text}")
                rev = state["revision"]  # wait for a newer state before trying again
                state = None
                continue
            st.actions += 1
            st.ack.append(t1 - t0)
            state = r.json()
            rev = state["revision"]
            for c in clients:
                t = await c.wait_rev(rev, o.wait_timeout)
                if t is None:
                    st.undelivered += 1
                    st.error("update not delivered", f"{gid} rev {rev} to {c.role}")
                else:
                    (st.ws_self if c is seat_client else st.ws_other).append(max(0.0, t - t0))
            if o.get_every and n % o.get_every == 0:
                t2 = time.perf_counter()
                g2 = await self.request("GET", f"/api/games/{gid}", "GET /games/{id}",
                                        params={"token": g["spectator_token"]})
                if g2 is not None and g2.status_code == 200:
                    st.get.append(time.perf_counter() - t2)
            if state["status"] == "finished":
                break
            if not state["legal"]:
                state = None  # wait for the bot's reply
        if state is not None and state["status"] == "finished":
            st.games_finished += 1
            st.revisions_advanced += state["revision"]
            await self.check_final(gid, state["revision"], clients)
        else:
            self.final_checks.append((gid, g["spectator_token"], clients))

    async def check_final(self, gid: str, final: int, clients: list[WsClient], timeout: float = 10.0) -> None:
        """Every client of a game must have received its final revision; then they leave."""
        deadline = time.monotonic() + timeout
        for c in clients:
            if await c.wait_rev(final, max(0.1, deadline - time.monotonic())) is None:
                self.stats.undelivered += 1
                self.stats.error("final update not delivered", f"{gid} {c.role} {c.max_rev}<{final}")
        await asyncio.gather(*(c.close() for c in clients))

    async def slot(self, index: int) -> None:
        """One concurrent game slot: play games until the time is up."""
        await asyncio.sleep(self.rng.random() * 2.0)  # stagger the ramp a little
        setup_deadline = time.monotonic() + self.opts.setup_timeout
        first = True
        for _ in range(50):  # bounded number of games per slot
            if time.monotonic() >= (setup_deadline if first else self.play_deadline):
                break
            made = await self.new_game("expert" if index < self.opts.expert_games else self.opts.bot)
            if made is None:
                await asyncio.sleep(0.5)
                continue
            if first:
                first = False
                self.ready_slots += 1
                if self.ready_slots == self.opts.games:
                    self.setup_done.set()
                await self.setup_done.wait()
            await self.play_game(*made)
            if time.monotonic() >= self.play_deadline:
                break

    async def final_delivery_check(self) -> None:
        """Games still running at the end: every client must reach the server's revision."""
        await asyncio.sleep(0.5)  # let bots finish the move they are making
        for gid, spec, clients in self.final_checks:
            r = await self.request("GET", f"/api/games/{gid}", "GET /games/{id}", params={"token": spec})
            if r is None or r.status_code != 200:
                await asyncio.gather(*(c.close() for c in clients))
                continue
            final = r.json()["revision"]
            self.stats.revisions_advanced += final
            await self.check_final(gid, final, clients, self.opts.drain)

    async def loop_lag(self) -> None:
        """How late this client's event loop wakes up (its own share of the measured latency)."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.05)
            self.lag.append(max(0.0, time.perf_counter() - t - 0.05))

    async def sample_clients(self) -> None:
        """Lowest number of connected clients during the steady phase (sampled every 0.5 s)."""
        await self.setup_done.wait()
        while time.monotonic() < self.play_deadline - 1:
            now = self.stats.clients_now
            m = self.stats.clients_min_steady
            self.stats.clients_min_steady = now if m is None else min(m, now)
            await asyncio.sleep(0.5)

    async def run(self) -> dict[str, Any]:
        o = self.opts
        self.ready_slots = 0
        # keepalive_expiry below uvicorn's 5 s keep-alive timeout: an idle connection is dropped here
        # first, so a request never races the server closing it (a POST is not retried)
        limits = httpx.Limits(max_connections=o.games + 20, max_keepalive_connections=o.games + 20,
                              keepalive_expiry=4.0)
        async with httpx.AsyncClient(base_url=self.base, timeout=30, limits=limits, trust_env=False) as http:
            self.http = http
            t_setup = time.monotonic()
            self.play_deadline = t_setup + o.setup_timeout + o.duration  # replaced once set up
            slots = [asyncio.ensure_future(self.slot(i)) for i in range(o.games)]
            sampler = asyncio.ensure_future(self.sample_clients())
            lag = asyncio.ensure_future(self.loop_lag())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.setup_done.wait(), o.setup_timeout)
            setup_s = time.monotonic() - t_setup
            if not self.setup_done.is_set():
                self.stats.error("setup timeout", f"{self.ready_slots}/{o.games} games ready")
                self.setup_done.set()
            t_play = time.monotonic()
            self.play_deadline = t_play + o.duration
            done, pending = await asyncio.wait(slots, timeout=o.duration + o.wait_timeout + 10)
            for t in pending:
                t.cancel()
                self.stats.error("slot did not stop in time")
            for t in done:
                if t.exception() is not None:
                    self.stats.error(f"slot crashed {t.exception().__class__.__name__}", repr(t.exception()))
            play_s = time.monotonic() - t_play
            sampler.cancel()
            lag.cancel()
            await self.final_delivery_check()
        return self.summary(setup_s, play_s)

    def summary(self, setup_s: float, play_s: float) -> dict[str, Any]:
        st = self.stats
        fives = sum(v for k, v in st.status.items() if k.rsplit(" ", 1)[1].startswith("5"))
        return {
            "games_concurrent": self.opts.games,
            "games_started": st.games_started,
            "games_finished": st.games_finished,
            "clients_per_game": 2 + self.opts.spectators,
            "ws_clients_peak": st.clients_peak,
            "ws_clients_min_steady": st.clients_min_steady,
            "setup_seconds": round(setup_s, 1),
            "duration_seconds": round(play_s, 1),
            "bot": self.opts.bot,
            "expert_games": self.opts.expert_games,
            "think_seconds": list(self.opts.think),
            "actions": st.actions,
            "actions_per_second": round(st.actions / play_s, 1) if play_s else 0,
            "revisions_advanced": st.revisions_advanced,
            "revisions_per_second": round(st.revisions_advanced / (setup_s + play_s), 1),
            "updates_received": st.updates_received,
            "latency_ms": {name: percentiles(vals) for name, vals in
                           (("ack", st.ack), ("ws_self", st.ws_self), ("ws_other", st.ws_other),
                            ("get", st.get))},
            "client_loop_lag_ms": percentiles(self.lag),
            "client_cpu_seconds": round(sum(resource.getrusage(resource.RUSAGE_SELF)[:2]), 1),
            "http_status": dict(sorted(st.status.items())),
            "http_5xx": fives,
            "errors": dict(st.errors),
            "error_examples": st.examples,
            "out_of_order": st.out_of_order,
            "undelivered": st.undelivered,
        }


def percentiles(vals: list[float]) -> dict[str, Any]:
    if not vals:
        return {"n": 0}
    s = sorted(vals)

    def q(p: float) -> float:
        return round(1000 * s[min(len(s) - 1, int(p * len(s)))], 1)

    return {"n": len(s), "p50": q(0.50), "p90": q(0.90), "p99": q(0.99), "max": round(1000 * s[-1], 1)}


def failures(summary: dict[str, Any]) -> list[str]:
    out = []
    if summary["http_5xx"]:
        out.append(f"{summary['http_5xx']} responses were 5xx")
    if summary["undelivered"]:
        out.append(f"{summary['undelivered']} updates not delivered")
    if summary["out_of_order"]:
        out.append(f"{summary['out_of_order']} updates arrived after a newer revision")
    if summary["errors"]:
        out.append(f"errors: {summary['errors']}")
    return out


def run_load(opts: Options, database: str | None = None, bot_delay: float = 0.0,
             workdir: Path | None = None, bot_workers: int | None = None) -> dict[str, Any]:
    """Start a server, run the load, stop the server; returns the summary (server stats included)."""
    tmp = tempfile.TemporaryDirectory(prefix="tabletop-load-") if workdir is None else None
    wd = Path(tmp.name) if tmp is not None else Path(workdir)  # type: ignore[arg-type]
    db = database or f"sqlite:///{wd / 'load.db'}"
    server = Server(db, bot_delay, wd / "server.log", bot_workers)
    server.start()
    load_before = os.getloadavg()
    try:
        summary = asyncio.run(asyncio.wait_for(Run(server.url, opts).run(),
                                               opts.setup_timeout + opts.duration + opts.wait_timeout
                                               + opts.drain + 60))
        summary["server"] = server.stats()
        summary["bot_delay"] = bot_delay
        summary["bot_workers"] = "server default" if bot_workers is None else bot_workers
        if summary["revisions_advanced"] and "cpu_seconds" in summary["server"]:
            summary["server_cpu_ms_per_revision"] = round(
                1000 * summary["server"]["cpu_seconds"] / summary["revisions_advanced"], 2)
        summary["database"] = "postgresql" if db.startswith("postgresql") else "sqlite"
        # the machine's load average (1 min) before and after: other work on the box inflates latencies
        summary["machine"] = {"cpus": os.cpu_count(), "loadavg_before": round(load_before[0], 2),
                              "loadavg_after": round(os.getloadavg()[0], 2)}
    finally:
        server.stop()
        log = server.log_tail(20000)
        if tmp is not None:
            tmp.cleanup()
    tracebacks = log.count("Traceback")
    summary["server_tracebacks"] = tracebacks
    if tracebacks:
        summary["server_log_tail"] = log[-3000:]
    return summary


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    p.add_argument("--spectators", type=int, default=1, help="spectator clients per game (default 1)")
    p.add_argument("--duration", type=float, default=60.0, help="seconds of play after setup (default 60)")
    p.add_argument("--setup-timeout", type=float, default=60.0)
    p.add_argument("--wait-timeout", type=float, default=30.0,
                   help="seconds the human seat waits for its turn (or an update) before the game counts as "
                        "stalled (default 30; longer when slow bots share few bot workers)")
    p.add_argument("--bot", default="random", help="bot level or spec for the bot seat (default random)")
    p.add_argument("--expert-games", type=int, default=0,
                   help="this many of the games are against the expert level instead of --bot (default 0)")
    p.add_argument("--bot-workers", type=int, default=None,
                   help="server --bot-workers (default: the server's; 0: bots think in server threads)")
    p.add_argument("--bot-delay", type=float, default=0.0, help="server --bot-delay (default 0: full speed)")
    p.add_argument("--database", default=None, help="default: a temporary SQLite file; or postgresql://...@127.0.0.1/db")
    p.add_argument("--game", default="grand-austria-hotel")
    p.add_argument("--config", default="{}", help="game config as JSON, e.g. '{\"staff_draft\": true}'")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", default="0,0", help="MIN,MAX seconds the human seat waits before each action "
                   "(default 0,0: as fast as possible)")
    p.add_argument("--no-compression", action="store_true", help="no permessage-deflate on the WebSockets")
    p.add_argument("--p99-limit-ms", type=float, default=None, help="fail if ws p99 latency exceeds this")
    a = p.parse_args(argv)
    if not (1 <= a.games <= 1000 and 0 <= a.spectators <= 20 and 0 < a.duration <= 3600):
        p.error("games 1-1000, spectators 0-20, duration 0-3600 s")
    if not 0 <= a.expert_games <= a.games:
        p.error("--expert-games 0 to --games")
    opts = Options(games=a.games, spectators=a.spectators, duration=a.duration, setup_timeout=a.setup_timeout,
                   wait_timeout=a.wait_timeout,
                   bot=a.bot, expert_games=a.expert_games, game=a.game, config=json.loads(a.config), seed=a.seed,
                   compression=not a.no_compression,
                   think=tuple(float(x) for x in a.think.split(",")))  # type: ignore[arg-type]
    summary = run_load(opts, a.database, a.bot_delay, bot_workers=a.bot_workers)
    bad = failures(summary)
    if a.p99_limit_ms is not None:
        for k in ("ws_self", "ws_other"):
            p99 = summary["latency_ms"][k].get("p99", 0)
            if p99 > a.p99_limit_ms:
                bad.append(f"{k} p99 {p99} ms > {a.p99_limit_ms} ms")
    summary["failures"] = bad
    print(json.dumps(summary))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
