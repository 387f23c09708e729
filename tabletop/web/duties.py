"""The server's own duties at a table: the bots' turns. A bot thinks on a snapshot of its seat's
view, in a worker process (:mod:`tabletop.web.botpool`), without holding the game's lock, so
that a bot thinking never delays another game's updates; its move is then committed by the
authority like a person's, if the game is still where the bot saw it.

When several server processes share a store, one of them plays a game's bot turns: the one
holding the game's duty lease in the database (``Store.take_duty``), renewed before a
decision once half of it has run. A process that dies stops renewing; within the lease's seconds another one's sweep
(``sweep``: running games where a bot is to move and nobody holds the lease) takes the game
over. A move made twice cannot be committed twice anyway: the store takes one write per
version."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable

from tabletop.web.authority import Authority
from tabletop.web.botpool import BotPool
from tabletop.web.errors import Conflict, ServiceError
from tabletop.web.fanout import Fanout
from tabletop.web.live import LiveGame

TURN_FLOOR = 0.5  # seconds a bot's later decision of a turn gets when its turn's bound is spent
log = logging.getLogger("tabletop.web")


class BotDuties:
    def __init__(self, authority: Authority, fanout: Fanout, bot_pool: BotPool, bot_delay: float = 0.0,
                 bot_seconds: float | None = None, lease: float = 30.0) -> None:
        """``lease``: seconds a process holds a game's bot turns without renewing (a dead
        process's games are taken over after at most this)."""
        self.authority = authority
        self.fanout = fanout
        self.bot_pool = bot_pool
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.lease = max(lease, 3 * (bot_seconds or 0))
        self.owner = uuid.uuid4().hex  # this process, as the leases name it
        self.thinking = 0  # decisions asked of the workers and not yet answered
        self.observe: Callable[[float], None] = lambda seconds: None  # each decision's time (the metrics)

    def schedule(self, live: LiveGame) -> None:
        """Start the game's bot task if a bot is to move (and none runs)."""
        if live.row.status != "active":
            return
        cp = live.state.current_player
        if cp < 0 or live.seats[cp].kind != "bot":
            return
        self.bot_pool.start()
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        store = self.authority.store
        try:
            await self._play_bots(live)
        finally:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(store.release_duty, live.row.id, self.owner)

    async def _play_bots(self, live: LiveGame) -> None:
        store = self.authority.store
        held_until = 0.0  # this process holds the duty until then (renewed once half of it is gone)
        turn_seat, turn_started = -1, 0.0  # whose turn this loop is playing, since when
        while True:
            if time.monotonic() > held_until - self.lease / 2:
                asked = time.monotonic()
                try:
                    mine = await asyncio.to_thread(store.take_duty, live.row.id, self.owner, self.lease)
                except Exception:
                    log.exception("game %s: could not take the bots' duty; the sweep tries again", live.row.id)
                    return
                if not mine:
                    return  # another process plays this game's bots
                held_until = asked + self.lease
            async with live.lock:
                st = live.state
                cp = st.current_player
                if live.row.status != "active" or cp < 0 or live.seats[cp].kind != "bot":
                    return
                # the bot thinks on a snapshot of its view, without holding the game's lock
                view = st.view(cp)
                legal = list(st.legal_actions())
                revision = live.revision
                bot = live.bot(cp, self.bot_seconds)
                # the table's bound is a turn's, not a decision's: a turn of several decisions (a
                # plan undone by a card drawn) shares it, each later one getting at least TURN_FLOOR
                last = next((r.seat for r in reversed(live.log) if r.seat >= 0), None)
                if last != cp or turn_seat != cp:
                    turn_seat, turn_started = cp, time.monotonic()
                if self.bot_seconds and getattr(bot, "seconds", None) and "seconds=" not in (live.seats[cp].bot or ""):
                    bot.seconds = max(TURN_FLOOR, self.bot_seconds - (time.monotonic() - turn_started))  # type: ignore[attr-defined]
            self.thinking += 1
            asked = time.perf_counter()
            try:
                action, thought = await self.bot_pool.choose(bot, live.row.game, cp, legal, view)
            except Exception:
                log.exception("bot of seat %s in game %s failed; the seat waits", cp, live.row.id)
                return
            finally:
                self.thinking -= 1
            self.observe(time.perf_counter() - asked)
            async with live.lock:
                # keep what the bot remembers (its random stream, its plan), as a thread changing
                # the bot in place would have, unless the seat got a new bot meanwhile
                if live.bots.get(cp) is bot:
                    live.bots[cp] = thought
                if live.revision != revision or live.state.current_player != cp or live.seats[cp].kind != "bot":
                    continue  # the game moved on meanwhile (undo, seat change): think again
                try:
                    await self.authority.apply(live, cp, action)
                except Conflict:
                    continue  # another process moved the game on (it is read again): think again
                except ServiceError:
                    await asyncio.sleep(1.0)  # the store is down: try again later
                    continue
            await self.fanout.broadcast(live)
            # a pause between two bots' turns, so that people can follow them; a bot's own turn is
            # played at once, so it follows the player's without waiting on each of its decisions
            nxt = live.state.current_player
            if self.bot_delay and nxt != cp and 0 <= nxt < len(live.seats) and live.seats[nxt].kind == "bot":
                await asyncio.sleep(self.bot_delay)

    async def sweep(self, every: float) -> None:
        """Every ``every`` seconds, take over the running games whose bot is to move and whose duty
        nobody holds (after a restart, or a process that died). Runs until cancelled."""
        while True:
            await asyncio.sleep(every)
            try:
                due = await asyncio.to_thread(self.authority.store.due_duties)
            except Exception as exc:
                log.warning("duty sweep: the store did not answer (%s)", exc.__class__.__name__)
                continue
            for game_id in due:
                try:
                    live = await self.authority.get(game_id)
                    async with live.lock:
                        changed = await self.authority.refresh(live)
                    if changed:
                        await self.fanout.broadcast(live)
                    self.schedule(live)
                except Exception:
                    log.exception("duty sweep: game %s", game_id)

    async def drain(self) -> None:
        """Stop the running bot tasks and the bot workers (tests and shutdown)."""
        tasks = [g.bot_task for g in self.authority.live.values() if g.bot_task and not g.bot_task.done()]
        for t in tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t
        self.bot_pool.shutdown()
