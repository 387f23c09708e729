"""The server's own duties at a table: the bots' turns. A bot thinks on a snapshot of its seat's
view, in a worker process (:mod:`tabletop.web.botpool`), without holding the game's lock, so
that a bot thinking never delays another game's updates; its move is then committed by the
authority like a person's, if the game is still where the bot saw it."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from tabletop.web.authority import Authority
from tabletop.web.botpool import BotPool
from tabletop.web.errors import ServiceError
from tabletop.web.fanout import Fanout
from tabletop.web.live import LiveGame

log = logging.getLogger("tabletop.web")


class BotDuties:
    def __init__(self, authority: Authority, fanout: Fanout, bot_pool: BotPool, bot_delay: float = 0.0,
                 bot_seconds: float | None = None) -> None:
        self.authority = authority
        self.fanout = fanout
        self.bot_pool = bot_pool
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds

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
        while True:
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
            try:
                action, thought = await self.bot_pool.choose(bot, live.row.game, cp, legal, view)
            except Exception:
                log.exception("bot of seat %s in game %s failed; the seat waits", cp, live.row.id)
                return
            async with live.lock:
                # keep what the bot remembers (its random stream, its plan), as a thread changing
                # the bot in place would have, unless the seat got a new bot meanwhile
                if live.bots.get(cp) is bot:
                    live.bots[cp] = thought
                if live.revision != revision or live.state.current_player != cp or live.seats[cp].kind != "bot":
                    continue  # the game moved on meanwhile (undo, seat change): think again
                try:
                    await self.authority.apply(live, cp, action)
                except ServiceError:
                    await asyncio.sleep(1.0)  # the store is down: try again later
                    continue
            await self.fanout.broadcast(live)
            # a pause between two bots' turns, so that people can follow them; a bot's own turn is
            # played at once, so it follows the player's without waiting on each of its decisions
            nxt = live.state.current_player
            if self.bot_delay and nxt != cp and 0 <= nxt < len(live.seats) and live.seats[nxt].kind == "bot":
                await asyncio.sleep(self.bot_delay)

    async def drain(self) -> None:
        """Stop the running bot tasks and the bot workers (tests and shutdown)."""
        tasks = [g.bot_task for g in self.authority.live.values() if g.bot_task and not g.bot_task.done()]
        for t in tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t
        self.bot_pool.shutdown()
