"""The game host: the only authority over game state, made of parts with one job each.

Every hosted game lives in memory as a real engine state rebuilt from the store (config +
seed + action log). Each change happens under the game's lock: the action is checked against
the revision the client saw, applied to the engine (illegal -> rejected, nothing changes),
chance events are resolved with the game's own RNG, everything is committed to the store, and
only then are the seats and spectators told (each gets its own view: no hidden information
leaves the server). Bot seats play in a background task, their thinking in worker processes
(:mod:`tabletop.web.botpool`), so that a bot thinking never delays another game's updates.

The parts (docs/ARCHITECTURE.md, "The game server"):

- :mod:`~tabletop.web.authority` commits every change and loads games (the only writer);
- :mod:`~tabletop.web.seats` decides who may hand a seat to a bot or take it back, and keeps
  presence (who is connected, the away countdown);
- :mod:`~tabletop.web.duties` plays the bots' turns;
- :mod:`~tabletop.web.coaching` answers hints and reviews;
- :mod:`~tabletop.web.views` makes what each viewer is sent (changes nothing);
- :mod:`~tabletop.web.fanout` sends it to every subscriber, in order;
- :mod:`~tabletop.web.bus` hears what other server processes commit (PostgreSQL only).

``GameService`` below only authenticates a request, hands it to its part, and then has the
change told (fan-out) and the bots moved (duties).

Who plays a seat is the seat's own business: a player may hand their own seat to a bot and
take it back with their link; the others may do so only once that player has been away (no
connection, no request) for longer than the table's away limit, which every seat sees
counting down. Each such change is recorded and shown in the log, and a finished game's
result names the seats a bot played for a person.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from tabletop.web import views
from tabletop.web.authority import Authority
from tabletop.web.botpool import BotPool, default_workers
from tabletop.web.bus import Bus
from tabletop.web.chat import ChatDesk, ChatLine
from tabletop.web.coaching import CoachDesk
from tabletop.web.duties import BotDuties
from tabletop.web.errors import Conflict, Forbidden, NotFound, ServiceError, TooMany, Unavailable
from tabletop.web.fanout import Fanout
from tabletop.web.live import WEB_BOTS, LiveGame, Sender, web_bots, web_levels
from tabletop.web.notices import Mailer, Notices
from tabletop.web.ratings import Ratings
from tabletop.web.seats import Seats
from tabletop.web.store import ActionRow, Store
from tabletop.web.views import dumps

log = logging.getLogger("tabletop.web")
OPEN_FOR = 7 * 86400.0  # seconds an open table stays in the list of open tables

__all__ = ["WEB_BOTS", "Conflict", "Forbidden", "GameService", "LiveGame", "NotFound", "ServiceError", "TooMany",
           "Unavailable", "dumps", "web_bots", "web_levels"]


class GameService:
    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int | None = None,
                 bot_threads: int = 2, bot_seconds: float | None = None, min_away_limit: int = 60,
                 duty_lease: float = 30.0, public_url: str = "http://127.0.0.1:8000",
                 notice_retry: float = 5.0, mailer: Mailer | None = None) -> None:
        """``bot_workers``: processes bots think in (default: one per core but one; 0: in
        ``bot_threads`` threads of this process, as before the worker processes).
        ``bot_seconds``: a search bot's time limit a decision (``with_time_limit``; None: none).
        ``min_away_limit``: the shortest away limit a table may have (seconds)."""
        self.store = store
        # bots (and the coach, in a lane of its own) think in their own pool, never in the one
        # the store uses
        self.bot_pool = BotPool(default_workers() if bot_workers is None else bot_workers, bot_threads)
        self.authority = Authority(store, min_away_limit)
        self.fanout = Fanout()
        self.seats = Seats(self.authority, self.fanout)
        self.duties = BotDuties(self.authority, self.fanout, self.bot_pool, bot_delay, bot_seconds, duty_lease)
        self.coach = CoachDesk(self.bot_pool)
        self.chat = ChatDesk(store)
        self.notices = Notices(store, public_url, notice_retry, mailer)
        self.ratings = Ratings(store)
        self.authority.after_commit = self._after_commit
        self.authority.loaded = self.duties.schedule
        self.bus = Bus(store.url) if store.shared else None
        if self.bus is not None:
            self.bus.chat = self._chat_heard
        self._background: list[asyncio.Task[None]] = []
        self.stopping = False  # set at shutdown: /readyz says so
        self._catching_up: set[str] = set()  # games being read again after another process's change
        self._again: set[str] = set()  # ... and changed once more meanwhile
        # what the notifications of other processes' changes carried, per game, not yet applied:
        # version -> the rows appended (None: a change to read from the store; version 0: any)
        self._notes: dict[str, dict[int, list[ActionRow] | None]] = {}

    def start_background(self, sweep_every: float | None = 2.0) -> None:
        """Start what runs beside the requests: the listener of other processes' changes (a
        shared store) and the bots' duty sweep (every ``sweep_every`` s; None: none)."""
        loop = asyncio.get_running_loop()
        if self.bus is not None:
            self._background.append(loop.create_task(self.bus.run(self._changed)))
        if sweep_every:
            self._background.append(loop.create_task(self.duties.sweep(sweep_every)))
        if self.store.shared:
            self._background.append(loop.create_task(self.seats.beat()))
        if sweep_every:
            self._background.append(loop.create_task(self.notices.run(min(1.0, sweep_every))))
            self._background.append(loop.create_task(self.clock_sweep(min(1.0, sweep_every))))
            self._background.append(loop.create_task(self.rating_sweep(30.0)))

    def _after_commit(self, live: LiveGame) -> None:
        """After every committed change: a person's turn may have begun (notices); a rated game
        may have ended (its ratings)."""
        self.notices.after_commit(live)
        if live.row.rated and live.row.status == "finished":
            task = asyncio.get_running_loop().create_task(self.settle(live.row.id))
            self._background.append(task)
            task.add_done_callback(self._background.remove)

    async def settle(self, game_id: str) -> None:
        """Write a finished rated game's ratings (once, whichever process gets there first)."""
        try:
            await asyncio.to_thread(self.ratings.settle, game_id)
        except Exception:
            log.exception("ratings: game %s", game_id)

    async def rating_sweep(self, every: float) -> None:
        """At the start and every ``every`` seconds: rate the finished rated games a process
        stopped before rating (the mark is written with the ratings). Until cancelled."""
        while True:
            try:
                for game_id in await asyncio.to_thread(self.ratings.unsettled):
                    await self.settle(game_id)
            except Exception as exc:
                log.warning("rating sweep: the store did not answer (%s)", exc.__class__.__name__)
            await asyncio.sleep(every)

    def _changed(self, game_id: str | None, version: int, rows: list[ActionRow] | None = None) -> None:
        """Another process committed a change (None: maybe several; ``rows``: the actions it
        appended, when the notification carried them): catch up the games in memory that this
        process follows (its sockets watch them, or its bot is thinking); the others are read
        again when next asked for. One catch-up at a time per game; a change heard meanwhile
        makes it catch up once more."""
        lives = list(self.live.values()) if game_id is None else [g for g in (self.live.get(game_id),) if g]
        log.debug("bus: game %s version %s (%s in memory)", game_id, version, len(lives))
        for live in lives:
            if game_id is not None and version <= live.row.version and version <= live.pushed_version:
                log.debug("bus: game %s version %s skipped, at %s", game_id, version, live.row.version)
                continue  # this process wrote it, or has read and pushed it already
            notes = self._notes.setdefault(live.row.id, {})
            notes[version if game_id is not None else 0] = rows
            if not live.subscribers and (live.bot_task is None or live.bot_task.done()):
                live.stale = True  # nothing here follows it: read it when asked for (Authority.get)
                self._notes.pop(live.row.id, None)
                continue
            if live.row.id in self._catching_up:
                self._again.add(live.row.id)
                continue
            self._catching_up.add(live.row.id)
            task = asyncio.get_running_loop().create_task(self._catch_up(live))
            self._background.append(task)
            task.add_done_callback(self._background.remove)

    async def clock_sweep(self, every: float) -> None:
        """Every ``every`` seconds: the running games whose turn's time is up get their table's
        policy (once, whichever process gets there first). Runs until cancelled."""
        while True:
            await asyncio.sleep(every)
            await self.clocks_due()

    async def clocks_due(self) -> int:
        """Apply the clock policy of every game whose time is up now; how many changed."""
        try:
            due = await asyncio.to_thread(self.store.due_deadlines, self.authority.now())
        except Exception as exc:
            log.warning("clock sweep: the store did not answer (%s)", exc.__class__.__name__)
            return 0
        try:
            await self.notices.remind(self.store, self.authority.now())
        except Exception as exc:
            log.warning("reminders: the store did not answer (%s)", exc.__class__.__name__)
        changed = 0
        for game_id in due:
            try:
                live = await self.get(game_id)
                if await self.authority.clock_expired(live):
                    changed += 1
                    log.info("game %s: a turn's time ran out (%s)", game_id, (live.row.clock or {}).get("policy"))
                    await self.fanout.broadcast(live)
                    self.bot_pool.start()
                    self.duties.schedule(live)
            except Exception:
                log.exception("clock sweep: game %s", game_id)
        return changed

    def _chat_heard(self, game_id: str, rest: str) -> None:
        """Another process's chat line: pushed by this one to its sockets of that game."""
        live = self.live.get(game_id)
        if live is not None:
            self.chat.announced(live, rest)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            while True:
                self._again.discard(live.row.id)
                t = time.monotonic()
                async with live.lock:
                    locked = time.monotonic() - t
                    before = live.row.version
                    notes = self._notes.pop(live.row.id, {})
                    read = bool(notes) and (0 in notes or not self.authority.follow(live, notes))
                    if read or live.stale:
                        await self.authority.refresh(live)
                    changed = live.row.version != before
                log.debug("catch-up of %s: lock %.3f s, %s %.3f s, changed %s, at %s", live.row.id, locked,
                          "read" if read else "followed", time.monotonic() - t - locked, changed, live.row.version)
                # pushed too when a request of this process read the change first (a move refused
                # because another process's came first reads the game, and pushes nothing)
                if changed or live.pushed_version < live.row.version:
                    await self.fanout.broadcast(live)
                    self.duties.schedule(live)
                if live.row.id not in self._again:
                    return
        except Exception:
            log.exception("game %s: could not catch up with the store", live.row.id)
        finally:
            self._catching_up.discard(live.row.id)

    @property
    def live(self) -> dict[str, LiveGame]:
        return self.authority.live

    @property
    def _loading(self) -> dict[str, asyncio.Lock]:
        return self.authority._loading

    # ------------------------------------------------------------- lifecycle
    async def create(self, game: str, players: int, config: dict[str, Any], seat_specs: list[dict[str, Any]],
                     seed: int | None = None, away_limit: int | None = 600, start: bool = False,
                     hints: bool = False, listed: bool = False, lang: str | None = None,
                     clock: dict[str, Any] | None = None, rated: bool = False) -> dict[str, Any]:
        out = await self.authority.create(game, players, config, seat_specs, seed, away_limit, start, hints,
                                          listed, lang, clock, rated)
        if any(s["kind"] == "bot" for s in out["seats"]):
            self.bot_pool.start()  # the workers import the engine while people join, not at the bot's move
        return out

    async def get(self, game_id: str) -> LiveGame:
        return await self.authority.get(game_id)

    async def resume_active(self) -> int:
        """After a restart: load every running game and let its bots continue."""
        return await self.authority.resume_active()

    async def auth(self, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
        return await self.authority.auth(game_id, token)

    async def _player(self, game_id: str, token: str, refusal: str) -> tuple[LiveGame, int]:
        """The game and the token's seat; ``refusal`` (403) for a spectator's token."""
        live, seat = await self.authority.auth(game_id, token)
        if seat is None:
            raise Forbidden(refusal)
        return live, seat

    async def drain(self) -> None:
        """Stop the background tasks, the running bot tasks and the bot workers (tests and shutdown)."""
        for task in list(self._background):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self.seats.drain()
        await self.duties.drain()

    # ----------------------------------------------------------------- reads
    @staticmethod
    def payload(live: LiveGame, seat: int | None, lang: str = "en",
                delta: tuple[int, int] | None = None) -> dict[str, Any]:
        return views.payload(live, seat, lang, delta)

    async def full_log(self, game_id: str, token: str, lang: str = "en") -> list[dict[str, Any]]:
        live, seat = await self.auth(game_id, token)
        return views.game_log(live, seat, lang)

    async def my_games(self, tokens: list[str]) -> list[dict[str, Any]]:
        out = []
        for token in tokens[:200]:
            found = await asyncio.to_thread(self.store.game_for_token, token)
            if found is None:
                continue
            live = await self.get(found[0])
            out.append(views.summary(live, found[1], token))
        return out

    async def record(self, game_id: str, token: str) -> dict[str, Any]:
        live, _seat = await self.auth(game_id, token)
        return views.record(live)

    async def replay(self, game_id: str, token: str, step: int) -> dict[str, Any]:
        """The finished game at ``step``, with the chat said up to that moment."""
        live, _seat = await self.auth(game_id, token)
        out = views.replay(live, step)
        out["chat"] = [views.chat_line(x) for x in await self.chat.lines(live) if x.revision <= step]
        return out

    # ---------------------------------------------------------------- tables
    async def open_tables(self) -> list[dict[str, Any]]:
        """Listed tables made in the last week that wait for people, newest first."""
        rows = await asyncio.to_thread(self.store.open_tables, time.time() - OPEN_FOR)
        return [t for t in (views.table_entry(row, seats) for row, seats in rows) if t["free"]]

    async def sit(self, game_id: str, name: str, lang: str = "en") -> dict[str, Any]:
        """Sit at an open table (no link needed): its first free seat; its token comes with the answer."""
        live = await self.get(game_id)
        for _ in range(3):
            try:
                seat, out = await self.authority.sit(live, name, lang)
                break
            except Conflict as exc:
                if exc.code is not None:
                    raise
                continue  # another process seated someone first: the game was read again
        else:
            raise Conflict("too many people sat down at once: try again", "tables.busy")
        await self.fanout.broadcast(live)
        return {**out, "token": live.seats[seat].token}

    async def rematch(self, game_id: str, token: str) -> dict[str, Any]:
        """Make (once) or find the finished game's rematch; the asking seat's place and token in it."""
        live, seat = await self._player(game_id, token, "spectators watch the rematch: GET it")
        known = live.row.rematch
        await self.authority.rematch(live)
        if known is None:
            await self.fanout.broadcast(live)  # every page offers the way to the new table
        return await self.rematch_seat(game_id, token)

    async def rematch_seat(self, game_id: str, token: str) -> dict[str, Any]:
        """Where this token's holder sits in the rematch: a seat moves one on (seat ``s`` is seat
        ``s - 1`` there); a spectator watches it."""
        live, seat = await self.auth(game_id, token)
        if not live.row.rematch:
            raise NotFound("no rematch of this game yet")
        new = await self.get(live.row.rematch)
        n = live.row.players
        if seat is None:
            return {"game_id": new.row.id, "seat": None, "token": new.row.spectator}
        mine = (seat - 1) % n
        return {"game_id": new.row.id, "seat": mine, "token": new.seats[mine].token}

    # ------------------------------------------------------------------ chat
    async def chat_lines(self, game_id: str, token: str) -> dict[str, Any]:
        """The table's chat (any seat or spectator), and whether spectators may write."""
        live, _seat = await self.auth(game_id, token)
        lines = await self.chat.lines(live)
        spectators = await asyncio.to_thread(self.chat.store.spectators_may_write, game_id)
        return {"lines": [views.chat_line(x) for x in lines], "spectators_write": spectators}

    async def say(self, game_id: str, token: str, text: str) -> ChatLine:
        live, seat = await self.auth(game_id, token)
        return await self.chat.say(live, seat, text)

    # --------------------------------------------------------------- changes
    async def act(self, game_id: str, token: str, revision: int, action: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot act")
        out = await self.authority.act(live, seat, revision, action, lang)
        await self.fanout.broadcast(live, known={(seat, lang): out})
        self.duties.schedule(live)
        return out

    async def undo(self, game_id: str, token: str, revision: int, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot undo")
        out = await self.authority.undo(live, seat, revision, lang)
        await self.fanout.broadcast(live)
        return out

    async def join(self, game_id: str, token: str, name: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot join")
        out = await self.authority.join(live, seat, name, lang)
        await self.fanout.broadcast(live)
        return out

    async def start(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot start a game")
        out = await self.authority.start(live, seat, lang)
        await self.fanout.broadcast(live)
        self.duties.schedule(live)
        return out

    # ----------------------------------------------------------------- seats
    async def seat_to_bot(self, game_id: str, token: str, target: int, bot: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot change seats")
        out = await self.seats.to_bot(live, seat, target, bot, lang)
        self.bot_pool.start()
        await self.fanout.broadcast(live)
        self.duties.schedule(live)
        return out

    async def settings(self, game_id: str, token: str, target: int, auto_single: bool,
                       lang: str = "en") -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        out = await self.seats.settings(live, seat, target, auto_single, lang)
        await self.fanout.broadcast(live)
        self.duties.schedule(live)
        return out

    async def reclaim(self, game_id: str, token: str, target: int, lang: str = "en") -> dict[str, Any]:
        live, seat = await self._player(game_id, token, "spectators cannot take seats")
        out = await self.seats.reclaim(live, seat, target, lang)
        await self.fanout.broadcast(live)
        return out

    # ----------------------------------------------------------------- coach
    async def hint(self, game_id: str, token: str, lang: str = "en", top: int = 3) -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        return await self.coach.hint(live, seat, lang, top)

    async def review(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        return await self.coach.review(live, seat, lang)

    # ------------------------------------------------------------ watchers
    async def subscribe(self, game_id: str, token: str, send: Sender,
                        lang: str = "en") -> tuple[int, LiveGame, int | None]:
        live, seat = await self.auth(game_id, token)
        sub_id = self.fanout.add(live, send, seat, lang)
        self.seats.connected(live, seat)
        return sub_id, live, seat

    def unsubscribe(self, live: LiveGame, sub_id: int) -> None:
        self.seats.disconnected(live, self.fanout.remove(live, sub_id))
