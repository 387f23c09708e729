"""Fan-out: who watches each game over a WebSocket, and sending each of them their own view
after every change, in order, each (seat, language) payload made and encoded once."""

from __future__ import annotations

import asyncio
from typing import Any

from tabletop.web import views
from tabletop.web.live import LiveGame, Sender


class Fanout:
    def __init__(self) -> None:
        self._next_sub = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def add(self, live: LiveGame, send: Sender, seat: int | None, lang: str) -> int:
        """Register a subscriber; its id (for ``remove``)."""
        self._next_sub += 1
        live.subscribers[self._next_sub] = (send, seat, lang)
        return self._next_sub

    def remove(self, live: LiveGame, sub_id: int) -> int | None:
        """Forget a subscriber; the seat it watched as (None: a spectator, or unknown)."""
        entry = live.subscribers.pop(sub_id, None)
        return entry[1] if entry else None

    def seats_changed(self, live: LiveGame) -> None:
        """Tell the table that a player came or went (the away countdown starts or stops): a small
        ``seats`` message, not a whole new state."""
        if live.row.status == "active" and live.subscribers:
            task = asyncio.get_running_loop().create_task(self._send_seats(live))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _send_seats(self, live: LiveGame) -> None:
        seats = [views.seat_entry(live, s) for s in live.seats]
        msg = views.dumps({"type": "seats", "revision": live.revision, "seats": seats})
        for sub_id, (send, _seat, _lang) in list(live.subscribers.items()):
            try:
                await send(msg)
            except Exception:
                live.subscribers.pop(sub_id, None)

    async def broadcast(self, live: LiveGame,
                        known: dict[tuple[int | None, str], dict[str, Any]] | None = None) -> None:
        """Send each subscriber its own view; ``known``: payloads already made for this revision.

        One push at a time per game, so that they arrive in order; each (seat, language) payload
        is made and encoded once, and carries only the log entries since the last push (the
        page adds them to the log it has), unless the seats' names changed since."""
        async with live.push_lock:
            seats = tuple((s.name, s.kind, s.bot) for s in live.seats)
            delta = None
            if live.pushed is not None and seats == live.pushed_seats:
                delta = (live.pushed, min(live.pushed, live.low, live.revision))
            live.pushed, live.low, live.pushed_seats = live.revision, live.revision, seats
            live.pushed_version = live.row.version
            cache: dict[tuple[int | None, str], str] = {}
            for key, payload in (known or {}).items():
                if payload["revision"] == live.revision and payload["status"] == live.row.status and (
                        payload["log_after"] is None or (payload["log_after"], payload["log_since"]) == delta):
                    cache[key] = views.dumps({"type": "state", **payload})
            dead = []
            for sub_id, (send, seat, lang) in list(live.subscribers.items()):
                text = cache.get((seat, lang))
                if text is None:
                    text = cache[seat, lang] = views.dumps({"type": "state", **views.payload(live, seat, lang, delta)})
                try:
                    await send(text)
                except Exception:
                    dead.append(sub_id)
            for sub_id in dead:
                live.subscribers.pop(sub_id, None)
