"""Shared tools of the reliability tests: a real ``tabletop serve`` process on loopback,
WebSocket recorders, and the true game state loaded on the side from the store."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from tabletop.core.registry import get_game
from tabletop.core.state import GameState
from tabletop.web.store import ActionRow, GameRow, SeatRow, Store

LOOPBACK = "127.0.0.1"
UNLIMITED = ("--limit", "create=off", "--limit", "action=off", "--limit", "coach=off", "--limit", "write=off",
             "--min-away-limit", "1")
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``tabletop serve`` in its own process (and session) on a free loopback port."""

    def __init__(self, database: str, workdir: Path, bot_delay: float = 0.0,
                 extra: tuple[str, ...] | None = None) -> None:
        self.database = database
        self.bot_delay = bot_delay
        # the harness plays many tables from one address: no per-client limits unless asked for
        self.extra = UNLIMITED if extra is None else extra
        self.log_path = workdir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.port = free_port()
        self.starts += 1
        cmd = [sys.executable, "-c", "from tabletop.cli.main import main; main()", "serve",
               "--host", LOOPBACK, "--port", str(self.port), "--database", self.database,
               "--bot-delay", str(self.bot_delay), *self.extra]
        with open(self.log_path, "ab") as log:
            log.write(f"\n==== start #{self.starts} on port {self.port}\n".encode())
            log.flush()
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                                         start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/meta", timeout=2, trust_env=False).status_code == 200:
                    return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"server did not answer within {timeout}s:\n{self.log()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (a crash, the OOM killer, a pulled plug of the process)."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def tracebacks(self) -> int:
        return self.log().count("Traceback (most recent call last)")

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, trust_env=False)

    def async_client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.url, timeout=30, trust_env=False)


# ------------------------------------------------------------ WebSocket recorder
class Recorder:
    """A WebSocket client that keeps every message it receives (with its arrival time)."""

    def __init__(self, ws_base: str, game_id: str, token: str, label: str) -> None:
        self.url = f"{ws_base}/api/games/{game_id}/ws?token={token}"
        self.label = label
        self.messages: list[dict[str, Any]] = []
        self.raw_sizes: list[int] = []
        self.error: BaseException | None = None
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.ws: ClientConnection | None = None
        self.task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 20.0) -> Recorder:
        self.task = asyncio.get_running_loop().create_task(self._run())
        await self.wait_for(lambda m: True, timeout)
        return self

    async def _run(self) -> None:
        try:
            async with connect(self.url, proxy=None, open_timeout=20, max_size=2 ** 23,
                               ping_interval=None, close_timeout=2) as ws:
                self.ws = ws
                async for raw in ws:
                    self.take(raw)
                    self.changed.set()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # kept: a test decides whether a dropped connection is expected
            self.error = exc
        finally:
            self.closed.set()
            self.changed.set()

    def take(self, raw: str | bytes) -> None:
        """Keep one message as it arrived (a subclass may keep less)."""
        self.raw_sizes.append(len(raw))
        self.messages.append(json.loads(raw))

    @property
    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") == "state"]

    @property
    def last(self) -> dict[str, Any] | None:
        st = self.states
        return st[-1] if st else None

    async def wait_for(self, pred: Any, timeout: float) -> dict[str, Any] | None:
        """The first state message (from any seen so far) satisfying pred, waiting up to timeout."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            msgs = self.states
            for m in msgs[seen:]:
                if pred(m):
                    return m
            seen = len(msgs)
            if not await self.next_message(deadline):
                return None

    async def next_message(self, deadline: float) -> bool:
        """Wait (at most a second, and not past ``deadline``, monotonic) for another message;
        False when the time is up or the socket closed."""
        left = deadline - time.monotonic()
        if left <= 0 or self.closed.is_set():
            return False
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
        return True

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 3)
        if self.task is not None and not self.task.done():
            self.task.cancel()
        if self.task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self.task, 3)


# -------------------------------------------------------------- the true state
def jsonable(obj: Any) -> Any:
    """What the object looks like after a JSON round trip (tuples become lists, ...)."""
    return json.loads(json.dumps(obj))


class Truth:
    """The real game, as the server has it: config + seed + action log from the store,
    replayed with the engine. ``state_at(rev)`` walks forward (or back with undo)."""

    def __init__(self, database: str, game_id: str) -> None:
        store = Store(database)
        try:
            loaded = store.load_game(game_id)
        finally:
            store.engine.dispose()
        assert loaded is not None, f"game {game_id} is not in the store"
        self.row: GameRow
        self.seats: list[SeatRow]
        self.log: list[ActionRow]
        self.row, self.seats, self.log, _seat_changes = loaded
        self.info = get_game(self.row.game)
        self._state: GameState | None = None
        self._rev = -1

    @classmethod
    def offline(cls, game: str, players: int, config: dict[str, Any], seed: int, log: list[ActionRow]) -> Truth:
        """The same replayer over a log made in this process (no store, no server): for
        testing the checks themselves."""
        t = cls.__new__(cls)
        t.row = GameRow(f"offline-{seed}", game, players, dict(config), seed, "finished", "", 0.0, None)
        t.seats, t.log = [], list(log)
        t.info = get_game(game)
        t._state, t._rev = None, -1
        return t

    @property
    def revision(self) -> int:
        return len(self.log)

    def fresh(self) -> GameState:
        return self.info.new_game(players=self.row.players, seed=self.row.seed, **self.row.config)

    def state_at(self, rev: int) -> GameState:
        assert 0 <= rev <= len(self.log), (rev, len(self.log))
        if self._state is not None and rev < self._rev and self._rev - rev <= 20:
            while self._rev > rev:  # a few steps back: the engine's own undo
                self._state.undo()
                self._rev -= 1
        if self._state is None or rev < self._rev:
            self._state, self._rev = self.fresh(), 0
        while self._rev < rev:
            self._state.apply(self.log[self._rev].action)
            self._rev += 1
        return self._state


# ------------------------------------------------------------------ API helpers
def create_game(http: httpx.Client, seats: list[dict[str, Any]], game: str = "grand-austria-hotel",
                config: dict[str, Any] | None = None, seed: int | None = None, start: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "config": config or {}}
    if seed is not None:
        body["seed"] = seed
    r = http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    if start:
        for s in g["seats"]:
            if s["kind"] == "human":
                r = http.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": f"P{s['seat']}"})
                assert r.status_code == 200, r.text
        r = http.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
        assert r.status_code == 200, r.text
    return g


async def acreate_game(http: httpx.AsyncClient, seats: list[dict[str, Any]], game: str = "grand-austria-hotel",
                       config: dict[str, Any] | None = None, seed: int | None = None,
                       start: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "config": config or {}}
    if seed is not None:
        body["seed"] = seed
    r = await http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    if start:
        await astart(http, g)
    return g


async def astart(http: httpx.AsyncClient, g: dict[str, Any]) -> None:
    for s in g["seats"]:
        if s["kind"] == "human":
            r = await http.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": f"P{s['seat']}"})
            assert r.status_code == 200, r.text
    r = await http.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
    assert r.status_code == 200, r.text


async def post_while_watching(base: str, path: str, body: bytes) -> tuple[int, float, float]:
    """POST ``body`` (JSON text) to ``path`` while another request asks GET /api/meta every 20 ms:
    (status, seconds the POST took, the slowest /api/meta meanwhile). Issue 60's measure of a
    server that stays free for everyone while one request is judged (tools/guard_probe.py)."""
    async with httpx.AsyncClient(base_url=base, timeout=120, trust_env=False) as http:
        done = asyncio.Event()
        slowest = 0.0

        async def watch() -> None:
            nonlocal slowest
            while not done.is_set():
                t = time.perf_counter()
                r = await http.get("/api/meta")
                assert r.status_code == 200
                slowest = max(slowest, time.perf_counter() - t)
                await asyncio.sleep(0.02)

        watcher = asyncio.create_task(watch())
        await asyncio.sleep(0.2)
        t = time.perf_counter()
        r = await http.post(path, content=body, headers={"content-type": "application/json"})
        took = time.perf_counter() - t
        await asyncio.sleep(0.05)
        done.set()
        await watcher
        return r.status_code, took, slowest
