"""What keeps one client from hurting the others: a bound on every request body, limits on
how often a client may create games, act, ask the coach or write at all, and error answers
that never echo undecodable or huge input.

The limits are counted by the ``limits`` library, in memory (one process) or in Redis, which
several server processes share (``--limits-storage redis://HOST:PORT``). A client is its
address as the server sees it (behind a reverse proxy on this machine, uvicorn reads the
``X-Forwarded-For`` header the proxy sets).
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from limits import RateLimitItem, parse_many
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DRAIN = 32 * 1024 * 1024  # a body past the bound is read (and dropped) up to this, then the connection closed
MAX_BODY = 64 * 1024  # bytes; the largest real request (a game with five seats and every option) is under 2 KB
# per client; a person at a table never comes near them (a whole game is ~150 actions a seat)
DEFAULT_LIMITS: dict[str, str] = {
    "create": "30/10 minutes",  # new games
    "action": "20/second;900/minute",  # moves and undos
    "coach": "30/minute",  # hints and reviews
    "write": "120/minute",  # every other POST: join, start, seats, settings, my-games
}
LIMIT_KINDS = tuple(DEFAULT_LIMITS)
STORAGES = ("memory", "redis", "rediss", "redis+unix", "redis+sentinel", "redis+cluster")


class BodyLimit:
    """ASGI middleware: a request body longer than ``max_body`` bytes is answered 413 without
    being read further (by its Content-Length when it gives one, else as its chunks arrive).
    A body within the bound is read here whole and handed on as one piece."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared < 0 or declared > self.max_body:
                    await self._drain(receive)
                    await self._refuse(send, declared)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":
                return  # the client went away before its body was complete
            body = msg.get("body", b"")
            size += len(body)
            if size > self.max_body:
                if msg.get("more_body", False):
                    await self._drain(receive)
                await self._refuse(send, size)
                return
            chunks.append(body)
            if not msg.get("more_body", False):
                break
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)

    async def _drain(self, receive: Receive) -> None:
        """Read what the client is still sending, keeping none of it, so that it can read the 413
        (a client writes its whole body before it reads): up to DRAIN bytes, then the
        connection is closed on it."""
        seen = 0
        while seen < DRAIN:
            msg = await receive()
            if msg["type"] != "http.request":
                return
            seen += len(msg.get("body", b""))
            if not msg.get("more_body", False):
                return

    async def _refuse(self, send: Send, size: int) -> None:
        text = (f'{{"detail":"the request body is too large: at most {self.max_body} bytes'
                f'{"" if size < 0 else f" (this one: {size} or more)"}"}}').encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(text)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": text})


@dataclass
class RateLimits:
    """Per-client request limits by kind (``DEFAULT_LIMITS``'s keys), each a ``limits`` rate
    string such as ``"20/second;900/minute"``, or ``"off"``."""

    rates: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_LIMITS))
    storage_uri: str = "memory://"
    _items: dict[str, list[RateLimitItem]] = field(default_factory=dict, init=False)
    _storage: Storage | None = field(default=None, init=False)
    _limiter: MovingWindowRateLimiter | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        unknown = set(self.rates) - set(LIMIT_KINDS)
        if unknown:
            raise ValueError(f"unknown limit kind(s) {sorted(unknown)}; known: {', '.join(LIMIT_KINDS)}")
        self.rates = {**DEFAULT_LIMITS, **self.rates}
        for kind, rate in self.rates.items():
            if rate.strip().lower() in ("off", "none", ""):
                self._items[kind] = []
                continue
            try:
                self._items[kind] = parse_many(rate)
            except ValueError as exc:
                raise ValueError(f"limit {kind}={rate!r}: {exc}") from None
        uri = self.storage_uri.removeprefix("async+")
        if uri.split("://")[0] not in STORAGES:
            raise ValueError(f"limits storage {uri[:60]!r}: give memory:// or redis://HOST:PORT (or rediss://, "
                             "redis+sentinel://, redis+cluster://)")
        self.storage_uri = f"async+{uri}"

    def _get(self) -> MovingWindowRateLimiter:
        if self._limiter is None:
            # Redis through redis-py's asyncio client (limits' default would be coredis)
            options = {"implementation": "redispy"} if "redis" in self.storage_uri.split("://")[0] else {}
            storage = storage_from_string(self.storage_uri, **options)
            assert isinstance(storage, Storage)  # an async+ scheme gives the asyncio storage
            self._storage = storage
            self._limiter = MovingWindowRateLimiter(storage)
        return self._limiter

    async def hit(self, kind: str, client: str) -> float | None:
        """Count one request of ``kind`` from ``client``; None if allowed, else the seconds until
        it would be (for ``Retry-After``)."""
        items = self._items[kind]
        if not items:
            return None
        limiter = self._get()
        for item in items:
            if not await limiter.hit(item, "tabletop", kind, client):
                stats = await limiter.get_window_stats(item, "tabletop", kind, client)
                return max(1.0, math.ceil(stats.reset_time - time.time()))
        return None

    def describe(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.rates.items())


def parse_limit_options(values: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``KIND=RATE`` options (``tabletop serve --limit``) as a dict; a clear error otherwise."""
    out: dict[str, str] = {}
    for v in values:
        kind, sep, rate = v.partition("=")
        if not sep or kind not in LIMIT_KINDS:
            raise ValueError(f"--limit {v!r}: give KIND=RATE with KIND one of {', '.join(LIMIT_KINDS)}")
        out[kind] = rate
    return out


def printable(value: Any, limit: int = 200) -> Any:
    """``value`` safe to send back as JSON: text with lone surrogates escaped, long text and
    long lists cut (an error answer never echoes megabytes or undecodable input)."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + f"… ({len(value)} characters)"
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, bytes):
        return printable(value.decode("utf-8", "backslashreplace"), limit)
    if isinstance(value, dict):
        items = list(value.items())
        out = {printable(str(k), 60): printable(v, limit) for k, v in items[:20]}
        if len(items) > 20:
            out["…"] = f"{len(items) - 20} more entries"
        return out
    if isinstance(value, list | tuple):
        cut = [printable(v, limit) for v in value[:20]]
        return cut + [f"… {len(value) - 20} more"] if len(value) > 20 else cut
    return value  # numbers as they are (app._finite writes the non-finite ones as text)


def has_lone_surrogate(obj: Any) -> bool:
    """Whether any text in a parsed JSON value holds a lone UTF-16 surrogate (``"\\ud800"``: valid
    JSON escape, but no character: it cannot be stored, logged or sent back as UTF-8)."""
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(obj, dict):
        return any(has_lone_surrogate(k) or has_lone_surrogate(v) for k, v in obj.items())
    if isinstance(obj, list):
        return any(has_lone_surrogate(v) for v in obj)
    return False
