"""Seats and presence: who may hand a seat to a bot or take it back, a player's own settings, and
who is at the table (connections, the away countdown). The changes themselves are committed by
the authority; this part decides whether they may be made."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from tabletop.web import views
from tabletop.web.authority import Authority
from tabletop.web.errors import Conflict, Forbidden, ServiceError
from tabletop.web.fanout import Fanout
from tabletop.web.live import LiveGame, check_bot

log = logging.getLogger("tabletop.web")
BEAT = 5.0  # seconds between presence marks when several processes share the store


class Seats:
    def __init__(self, authority: Authority, fanout: Fanout) -> None:
        self.authority = authority
        self.fanout = fanout
        self._marks: set[asyncio.Task[None]] = set()

    # -------------------------------------------------------------- presence
    def connected(self, live: LiveGame, seat: int | None) -> None:
        """A seat's WebSocket opened: the first one shows its player is here."""
        if seat is not None:
            live.connections[seat] = live.connections.get(seat, 0) + 1
            if live.connections[seat] == 1:
                self.fanout.seats_changed(live)

    def disconnected(self, live: LiveGame, seat: int | None) -> None:
        """A seat's WebSocket closed: away counts from the end of its last connection."""
        if seat is not None:
            live.connections[seat] = max(0, live.connections.get(seat, 0) - 1)
            live.seen[seat] = time.time()
            if live.connections[seat] == 0:
                self.fanout.seats_changed(live)
                if self.authority.store.shared:  # the other processes count from now too
                    mark: list[tuple[str, int, float | None, float]] = [(live.row.id, seat, None, live.seen[seat])]
                    task = asyncio.get_running_loop().create_task(asyncio.to_thread(self.authority.store.beat, mark))
                    self._marks.add(task)
                    task.add_done_callback(self._marks.discard)

    @staticmethod
    def _here(live: LiveGame) -> tuple[bool, ...]:
        return tuple(live.away_for(s.seat) is None for s in live.seats)

    async def beat(self, every: float = BEAT) -> None:
        """With several processes on one store: every ``every`` seconds, mark in the store the
        seats connected here (until three beats from now) and those heard from lately, and read
        what every process marked, so that a player connected to another process is not away
        here. Runs until cancelled."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.beat_once(every)
            except Exception as exc:
                log.warning("presence beat: the store did not answer (%s)", exc.__class__.__name__)

    async def beat_once(self, every: float = BEAT) -> None:
        lives = [g for g in self.authority.live.values() if g.row.status != "finished"]
        now = time.time()
        marks: list[tuple[str, int, float | None, float]] = []
        for live in lives:
            for s in live.seats:
                if live.connections.get(s.seat, 0) > 0:
                    marks.append((live.row.id, s.seat, now + 3 * every, now))
                elif live.seen[s.seat] > now - 2 * every:
                    marks.append((live.row.id, s.seat, None, live.seen[s.seat]))
        store = self.authority.store
        await asyncio.to_thread(store.beat, marks)
        known = await asyncio.to_thread(store.presence, [g.row.id for g in lives])
        for live in lives:
            before = self._here(live)
            live.elsewhere = known.get(live.row.id, {})
            if self._here(live) != before:
                self.fanout.seats_changed(live)

    async def _look_elsewhere(self, live: LiveGame) -> None:
        """Read the game's presence marks now (before a takeover is judged on them)."""
        if self.authority.store.shared:
            known = await asyncio.to_thread(self.authority.store.presence, [live.row.id])
            live.elsewhere = known.get(live.row.id, {})

    async def drain(self) -> None:
        for task in list(self._marks):
            with contextlib.suppress(BaseException):
                await task

    # ------------------------------------------------------------ who plays
    @staticmethod
    def takeover_reason(live: LiveGame, by: int, target: int) -> str:
        """Why seat ``by`` may hand seat ``target`` to a bot, or Forbidden saying why not."""
        s = live.seats[target]
        if by == target:
            return "own"
        if not live.person_seat(target):
            return "level"  # a seat that was a bot from the start: its level (see to_bot)
        if live.row.status == "open" and not s.joined:
            return "absent"  # an empty seat in the waiting room
        if live.row.status == "active":
            left = live.away_left(target)  # a bot may play for them already: then this changes its level
            if left == 0:
                return "away"
            limit = live.row.away_limit
            if limit is None:
                raise Forbidden(f"only seat {target}'s player can hand it to a bot: this table has no away limit")
            if left is None:
                raise Forbidden(f"only seat {target}'s player can hand it to a bot: they are here")
            raise Forbidden(f"only seat {target}'s player can hand it to a bot until they have been away "
                            f"{limit} s ({int(left) + 1} s left)")
        raise Forbidden(f"only seat {target}'s player can hand it to a bot: they have joined")

    async def to_bot(self, live: LiveGame, seat: int, target: int, bot: str, lang: str = "en") -> dict[str, Any]:
        """Hand a seat to a bot: one's own at any time; another player's only once they have been away
        past the table's limit (or an empty seat before the start). A seat made for a bot changes
        its level before the start at anyone's word; once the game runs, only when every person
        playing at the table has asked for the same level (alone against bots: at once). Until
        then the request is kept and shown to all (``level_votes``), and the answer says so."""
        if not 0 <= target < live.row.players:
            raise ServiceError(f"no seat {target}")
        check_bot(live.row.game, bot, f"seat {target}")
        await self._look_elsewhere(live)  # is the player connected to another process?
        async with live.lock:
            if live.row.status == "finished":
                raise Conflict("the game is over")
            reason = self.takeover_reason(live, seat, target)
            if live.row.rated and (reason == "own" or (reason == "level" and live.row.status == "active")):
                raise Forbidden("at a rated table people play their own seats and the bots keep their level",
                                "rated.fixed_seats")
            waiting: list[int] = []
            if reason == "level" and live.row.status == "active":
                votes = live.level_votes.setdefault(target, {})
                votes[seat] = bot
                people = {s.seat for s in live.seats if s.kind == "human"} | {seat}
                waiting = sorted(p for p in people if votes.get(p) != bot)
            if waiting:
                out = views.payload(live, seat, lang)
                out["pending"] = {"seat": target, "bot": bot, "waiting_for": waiting}
                return out
            live.level_votes.pop(target, None)
            await self.authority.change_seat(live, target, seat, "to_bot", reason, "bot", bot)
            return views.payload(live, seat, lang)

    async def settings(self, live: LiveGame, seat: int | None, target: int, auto_single: bool,
                       lang: str = "en") -> dict[str, Any]:
        """A player's own settings: whether a decision with one option resolves by itself."""
        if seat != target:
            raise Forbidden(f"only seat {target}'s own link can change its settings")
        async with live.lock:
            await self.authority.set_auto_single(live, target, auto_single)
            return views.payload(live, seat, lang)

    async def reclaim(self, live: LiveGame, seat: int, target: int, lang: str = "en") -> dict[str, Any]:
        """A player takes their own seat back from the bot that played it (with their own link)."""
        if not 0 <= target < live.row.players:
            raise ServiceError(f"no seat {target}")
        if seat != target:
            raise Forbidden(f"only seat {target}'s own link can take it back")
        async with live.lock:
            if live.row.status == "finished":
                raise Conflict("the game is over")
            if live.seats[target].kind != "bot":
                raise Conflict(f"seat {target} is played by its player already")
            if not live.person_seat(target):
                raise Conflict(f"seat {target} was made for a bot: there is no player to take it back")
            if any(c.seat == target and c.reason == "forfeit" for c in live.changes):
                raise Conflict(f"seat {target} lost on time: a bot plays it to the end", "clock.forfeited")
            await self.authority.change_seat(live, target, seat, "reclaimed", "return", "human", None)
            await self.authority.resolve_chance(live)
            return views.payload(live, seat, lang)
