"""The authority: the only part of the server that changes a game. It loads each game from
the store (config + seed + action log) into a LiveGame, checks every change against the
revision its client saw, applies it to the engine (illegal: refused, nothing changes), rolls
the game's own dice, and commits to the store before anyone can see the move (the state is put
back while the store works, then the very same actions are applied again). Who may make a
change (seats, tokens) is decided by its caller; telling the others (fan-out) and the bots'
turns (duties) come after it, outside."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import DataError, IntegrityError

from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import get_game
from tabletop.core.state import GameState
from tabletop.web import clocks, views
from tabletop.web.errors import Conflict, Forbidden, NotFound, ServiceError, Unavailable
from tabletop.web.live import GAME_ID, TOKEN, UNDO_KEEP, LiveGame, check_bot
from tabletop.web.store import ActionRow, GameRow, SeatChange, SeatRow, Stale, Store


class Authority:
    def __init__(self, store: Store, min_away_limit: int = 60) -> None:
        """``min_away_limit``: the shortest away limit a table may have (seconds)."""
        self.store = store
        self.min_away_limit = min_away_limit
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.committed = 0  # action rows this process committed (the metrics read it)
        # called with each game once loaded (and after a restart): its bots may have to move
        self.loaded: Callable[[LiveGame], None] = lambda live: None
        # called after every committed move (web/notices.py: a person's turn may have begun)
        self.after_commit: Callable[[LiveGame], None] = lambda live: None

    # ------------------------------------------------------------- lifecycle
    async def create(self, game: str, players: int, config: dict[str, Any], seat_specs: list[dict[str, Any]],
                     seed: int | None = None, away_limit: int | None = 600, start: bool = False,
                     hints: bool = False, listed: bool = False, lang: str | None = None,
                     clock: dict[str, Any] | None = None, rated: bool = False) -> dict[str, Any]:
        try:
            info = get_game(game)
        except TabletopError as exc:
            raise ServiceError(str(exc)) from None
        if not info.min_players <= players <= info.max_players:
            raise ServiceError(f"{info.title} takes {info.min_players}-{info.max_players} players")
        if len(seat_specs) != players:
            raise ServiceError(f"give exactly {players} seats")
        seed = secrets.randbits(62) if seed is None else seed
        reserved = {"players", "seed"} & set(config)
        if reserved:
            raise ServiceError(f"config cannot set {sorted(reserved)}: give them as fields of the request")
        if "data_override" in config:
            raise ServiceError("data_override names a file on the server: not available to web clients")
        if away_limit is not None and away_limit < self.min_away_limit:
            raise ServiceError(f"away_limit: at least {self.min_away_limit} s (or null: never), not {away_limit}")

        def check() -> int:
            return info.new_game(players=players, seed=seed, **config).current_player

        try:
            first = await asyncio.to_thread(check)  # a deal takes milliseconds: not on the event loop
        except TabletopError as exc:
            raise ServiceError(str(exc)) from None
        except TypeError as exc:
            raise ServiceError(f"invalid config: {exc}") from None
        seat_rows = []
        for i, spec in enumerate(seat_specs):
            kind = spec.get("kind", "human")
            if kind not in ("human", "bot"):
                raise ServiceError(f"seat {i}: kind must be 'human' or 'bot'")
            bot = spec.get("bot") or ("medium" if kind == "bot" else None)
            if bot is not None:
                check_bot(game, bot, f"seat {i}")
            name = str(spec.get("name") or (f"Bot ({bot})" if kind == "bot" else f"Player {i + 1}"))[:60]
            seat_rows.append(SeatRow(i, secrets.token_urlsafe(18), kind, bot if kind == "bot" else None, name,
                                     kind == "bot"))
        if start:  # one click to play against bots: no waiting room
            if seat_rows[0].kind != "human" or any(s.kind != "bot" for s in seat_rows[1:]):
                raise ServiceError("start: seat 0 must be a person and every other seat a bot "
                                   "(invite people through the waiting room instead)")
            seat_rows[0].joined = True
        clock_spec = clocks.parse(clock)
        if rated and hints:
            raise ServiceError("a rated game gives nobody hints: leave hints off", "rated.no_hints")
        if listed and start:
            raise ServiceError("listed: an open table waits for people; a table started at once has none to wait for")
        row = GameRow(secrets.token_hex(8), game, players, dict(config), seed, "active" if start else "open",
                      secrets.token_urlsafe(18), time.time(), None, away_limit, bool(hints), listed=bool(listed),
                      lang=lang, clock=clock_spec.public() if clock_spec else None, rated=bool(rated))
        bot_turn = start and 0 <= first < players and seat_rows[first].kind == "bot"
        await asyncio.to_thread(self.store.create_game, row, seat_rows, bot_turn)
        if start and clock_spec is not None:  # one click against bots: the person's clock starts now
            live = await self.get(row.id)
            async with live.lock:
                await self._write(live, self.store.set_status, "active", bot_turn=self._bot_turn(live),
                                  game_values=self._clock_values(live))
        return {"id": row.id, "spectator_token": row.spectator, "away_limit": away_limit, "hints": bool(hints),
                "rated": bool(rated),
                "seats": [{"seat": s.seat, "token": s.token, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for s in seat_rows]}

    async def clock_expired(self, live: LiveGame) -> bool:
        """Apply the table's policy if the running turn's time is up (under the game's lock, after
        reading what other processes wrote): a bot takes the seat, or the seat forfeits. Whether
        anything changed; a second process, or a turn that ended meanwhile, changes nothing."""
        async with live.lock:
            if self.store.shared:
                await self.refresh(live)
            spec = clocks.from_row(live.row.clock)
            state = live.row.clock_state
            if spec is None or state is None or live.row.status != "active" or state["deadline"] is None:
                return False
            if state["deadline"] > self.now():
                return False
            seat = state["seat"]
            if seat is None or live.state.current_player != seat or live.seats[seat].kind != "human":
                return False
            bot = live.seats[seat].bot or "medium"
            try:
                if spec.policy == "forfeit" and spec.after_forfeit == "end":
                    st = live.state
                    scores = st.scores()
                    others = [i for i in range(live.row.players) if i != seat]
                    best = max(scores[i] for i in others)
                    result = {"scores": scores, "winners": [i for i in others if scores[i] == best],
                              "breakdown": st.score_breakdown(), "stand_ins": live.stand_ins(), "forfeit": seat}
                    values = self._clock_values(live, "finished")
                    await self._write(live, self.store.append_actions, [], bot_turn=False, status="finished",
                                      result=result, game_values=values)
                    live.row.status, live.row.result = "finished", result
                    self.after_commit(live)
                else:
                    reason = "forfeit" if spec.policy == "forfeit" else "clock"
                    await self.change_seat(live, seat, seat, "to_bot", reason, "bot", bot)
            except Conflict:
                return False  # another process applied it first (the game was read again)
            return True

    async def rematch(self, live: LiveGame) -> str:
        """The finished game's rematch (made once, whoever asks, on whichever process): the same
        people and bots, the same rules, a new deal, everyone one seat on (seat ``i`` is the old
        seat ``i + 1``); every seat joined, the game running at once. Its id."""
        if live.row.status != "finished":
            raise Conflict("a rematch follows a finished game")
        if live.row.rematch:
            return live.row.rematch
        row0 = live.row
        new_id = hashlib.sha256(f"{row0.id}:rematch".encode()).hexdigest()[:16]
        n = row0.players
        seat_rows = []
        for i in range(n):
            old = live.seats[(i + 1) % n]
            person = live.person_seat(old.seat)  # a person a bot stood in for comes back as a person
            seat_rows.append(SeatRow(i, secrets.token_urlsafe(18), "human" if person else "bot",
                                     None if person else (old.bot or "medium"), old.name, True, old.auto_single))
        seed = secrets.randbits(62)
        info = get_game(row0.game)
        first = await asyncio.to_thread(lambda: info.new_game(players=n, seed=seed, **row0.config).current_player)
        row = GameRow(new_id, row0.game, n, dict(row0.config), seed, "active", secrets.token_urlsafe(18), time.time(),
                      None, row0.away_limit, row0.hints, lang=row0.lang, clock=row0.clock, rated=row0.rated)
        bot_turn = 0 <= first < n and seat_rows[first].kind == "bot"
        with contextlib.suppress(IntegrityError):  # another request (or process) made it first: it is the one
            await asyncio.to_thread(self.store.create_game, row, seat_rows, bot_turn)
        async with live.lock:
            if live.row.rematch is None:
                with contextlib.suppress(Conflict):  # read again: another process marked it
                    await self._write(live, self.store.set_rematch, new_id)
                live.row.rematch = live.row.rematch or new_id
        return new_id

    async def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            if live.stale:  # another process changed it while nobody here followed it
                async with live.lock:
                    if live.stale:
                        await self.refresh(live)
            return live
        if not GAME_ID.match(game_id):
            raise NotFound(f"no game {game_id[:40]!r}")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.get(game_id)
                if live is not None:
                    return live
                loaded = await asyncio.to_thread(self.store.load_game, game_id)
                if loaded is None:
                    raise NotFound(f"no game {game_id!r}")
                row, seat_rows, entries, changes = loaded
                live = LiveGame(row, seat_rows, await asyncio.to_thread(self._build, row, entries), entries, changes)
                if self.store.shared:  # who is connected to the other processes (web/seats.py)
                    live.elsewhere = (await asyncio.to_thread(self.store.presence, [game_id]))[game_id]
                self.live[game_id] = live
        finally:
            self._loading.pop(game_id, None)
        if live.state.is_chance() and live.row.status == "active":
            async with live.lock:
                await self.resolve_chance(live)
        self.loaded(live)
        return live

    @staticmethod
    def _build(row: GameRow, entries: list[ActionRow]) -> GameState:
        """The game's engine state: dealt from its config and seed, its log played on."""
        info = get_game(row.game)
        state = info.new_game(players=row.players, seed=row.seed, **row.config)
        if info.event_sentence is not None:
            state.keep_events()  # the game log people read (views.game_log)
        for a in entries:
            state.apply(a.action)
        state.forget_undo(UNDO_KEEP)
        return state

    async def refresh(self, live: LiveGame) -> bool:
        """Catch up with the store (under the game's lock): what another server process committed
        since this one last wrote or read the game. Whether anything changed."""
        # the actions from a little before the end of this process's log: an undo elsewhere takes
        # back a few; more than that, or a log that no longer matches, and the game is read whole
        since = max(0, len(live.log) - UNDO_KEEP)
        live.stale = False  # a change announced from now on makes it stale again
        try:
            loaded = await asyncio.to_thread(self.store.load_game, live.row.id, since)
        except BaseException:
            live.stale = True
            raise
        if loaded is None or loaded[0].version == live.row.version:
            return False
        row, seat_rows, tail, changes = loaded

        def shared(start: int) -> int:
            """How many actions this log and the stored one share, counted from ``start``."""
            n = start
            for mine, theirs in zip(live.log[start:], tail):
                if mine.action != theirs.action:
                    break
                n += 1
            return n

        same = shared(since)
        if same == since and since > 0:  # not even the tail's first action matches: read it all
            loaded = await asyncio.to_thread(self.store.load_game, live.row.id)
            assert loaded is not None
            row, seat_rows, tail, changes = loaded
            since = 0
            same = shared(0)
        entries = live.log[:since] + tail
        st = live.state
        if len(live.log) - same <= st.undoable():
            for _ in range(len(live.log) - same):
                st.undo()
            for a in entries[same:]:
                st.apply(a.action)
            st.forget_undo(UNDO_KEEP)
        else:
            live.state = await asyncio.to_thread(self._build, row, entries)
        live.log = entries
        live.low = min(live.low, same)  # the next push carries the log from there
        for old, new in zip(live.seats, seat_rows):
            if (old.kind, old.bot) != (new.kind, new.bot):
                live.bots.pop(new.seat, None)
        live.row, live.seats, live.changes = row, seat_rows, changes
        live.hints = {}
        return True

    @staticmethod
    def follow(live: LiveGame, notes: dict[int, list[ActionRow] | None]) -> bool:
        """Apply the actions that other processes' notifications carried (version: the rows it
        appended; None: a change they did not carry), in version order, from the version this
        process holds (under the game's lock). Whether the game is now at the last version
        noted; if not, the caller reads it from the store (``refresh``)."""
        st = live.state
        while live.row.version < max(notes):
            rows = notes.get(live.row.version + 1)
            if not rows or [r.idx for r in rows] != list(range(len(live.log), len(live.log) + len(rows))):
                return False
            done = 0
            try:
                for r in rows:
                    st.apply(r.action)
                    done += 1
            except TabletopError:  # not this game's next moves after all: read it
                for _ in range(done):
                    st.undo()
                return False
            st.forget_undo(UNDO_KEEP)
            live.log.extend(rows)
            live.row.version += 1
            live.hints = {}
        return True

    @staticmethod
    def now() -> float:
        """The time the clocks read (web/clocks.py: a test may move it on)."""
        return clocks.now()

    def _clock_values(self, live: LiveGame, status: str | None = None,
                      seat_kind: tuple[int, str] | None = None) -> dict[str, Any]:
        """The table's clock after the change being written (``status``, ``seat_kind``: as in
        ``_bot_turn``), as the game's columns to write with it; kept in ``live.row`` once written
        (``_write``). Empty for a table without a clock."""
        spec = clocks.from_row(live.row.clock)
        if spec is None:
            return {}
        running = live.state.current_player if self._bot_turn_kind(live, status, seat_kind) == "human" else None
        state = live.row.clock_state or clocks.fresh(spec, live.row.players)
        new = clocks.advance(spec, state, running, self.now())
        return {"clock_state": new, "deadline": new["deadline"], "remind_at": clocks.remind_time(new)}

    def _bot_turn_kind(self, live: LiveGame, status: str | None, seat_kind: tuple[int, str] | None) -> str | None:
        """Who is to move in a running game: "human", "bot", or None (nobody: not running, chance)."""
        cp = live.state.current_player
        if (status or live.row.status) != "active" or not 0 <= cp < len(live.seats):
            return None
        return seat_kind[1] if seat_kind is not None and seat_kind[0] == cp else live.seats[cp].kind

    def _bot_turn(self, live: LiveGame, status: str | None = None, seat_kind: tuple[int, str] | None = None) -> bool:
        """Whether a bot is to move in the state as it is now (``status``: the game's status after
        the write; ``seat_kind``: a seat's kind after the write), as the duty sweep reads it."""
        return self._bot_turn_kind(live, status, seat_kind) == "bot"

    async def _write(self, live: LiveGame, write: Callable[..., int], *args: Any, **values: Any) -> None:
        """One write of ``live`` to the store (under its lock), as of the version it was read at.
        If another process wrote the game first, nothing is written: the game is read again and
        the request refused with 409 (its client reloads); a store that fails: 503."""
        clock_state = (values.get("game_values") or {}).get("clock_state")
        if clock_state is not None:
            values["game_values"] = {**values["game_values"], "clock_state": json.dumps(clock_state)}
        try:
            live.row.version = await asyncio.to_thread(write, live.row.id, *args, expect=live.row.version, **values)
            if clock_state is not None:
                live.row.clock_state = clock_state
        except Stale:
            await self.refresh(live)
            raise Conflict("the game changed meanwhile (another move came first): reload") from None
        except DataError:  # e.g. text the database cannot store (a NUL character): the request is at fault
            raise ServiceError("the database refused this input") from None
        except Exception as exc:  # the store failed: nothing changed
            raise Unavailable(f"could not store the change, nothing changed: {exc.__class__.__name__}") from None

    async def resume_active(self) -> int:
        """After a restart: load every running game (``loaded`` lets its bots continue)."""
        ids = await asyncio.to_thread(self.store.active_game_ids)
        for gid in ids:
            await self.get(gid)
        return len(ids)

    async def auth(self, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
        live = await self.get(game_id)
        if not token or not TOKEN.match(token):
            raise Forbidden("a seat or spectator token is needed (letters, digits, '-' and '_')")
        for s in live.seats:
            if secrets.compare_digest(s.token.encode(), token.encode()):
                live.seen[s.seat] = time.time()  # any request of a seat shows its player is here
                return live, s.seat
        if secrets.compare_digest(live.row.spectator.encode(), token.encode()):
            return live, None
        raise Forbidden("this token does not belong to this game")

    # --------------------------------------------------------------- changes
    async def act(self, live: LiveGame, seat: int, revision: int, action: str, lang: str = "en") -> dict[str, Any]:
        """Apply ``seat``'s action chosen at ``revision``; the seat's payload with this move's log."""
        async with live.lock:
            await self.catch_up_to(live, revision)
            self.check_turn(live, seat, revision)
            await self.apply(live, seat, action)
            # the answer carries the log entries of this move (and of what followed by itself):
            # the page has the rest, it showed ``revision``
            return views.payload(live, seat, lang, delta=(revision, revision))

    async def catch_up_to(self, live: LiveGame, revision: int) -> None:
        """A client that saw a later revision than this process holds (another process pushed it
        before this one heard of it): read the game again first, so that its move is judged
        on the game as it is (under the game's lock)."""
        if revision > live.revision and self.store.shared:
            await self.refresh(live)

    def check_turn(self, live: LiveGame, seat: int, revision: int) -> None:
        if live.row.status == "open":
            raise Conflict("the game has not started yet")
        if live.row.status == "finished":
            raise Conflict("the game is over")
        if revision != live.revision:
            raise Conflict(f"stale revision {revision}: the game is at revision {live.revision}; reload")
        if live.state.current_player != seat:
            raise Conflict(f"it is not seat {seat}'s turn ({live.state.prompt()})")
        if live.seats[seat].kind == "bot":
            raise Conflict(f"a bot plays seat {seat} now: take the seat back first "
                           f"(POST /api/games/{live.row.id}/seats/{seat}/reclaim)")

    async def resolve_chance(self, live: LiveGame) -> None:
        """Move a game on that waits on chance (e.g. Burger Joint opens with draws) or on a person's
        decision with one option."""
        st = live.state
        if live.row.status != "active" or not (st.is_chance() or live.single_option()):
            return
        rows: list[ActionRow] = []
        self._resolve_rows(live, rows)
        await self.commit(live, rows)

    def _resolve_rows(self, live: LiveGame, rows: list[ActionRow]) -> None:
        """Roll the dice the game waits for, and resolve the one-option decisions of people."""
        st = live.state
        while True:
            if st.is_chance():
                outcome = st.sample_chance()
                text = st.describe(outcome)
                st.apply(outcome)
                rows.append(ActionRow(live.revision + len(rows), -1, outcome, text, True))
                continue
            only = live.single_option()
            if only is None:
                return
            cp = st.current_player
            fp = st.hidden_fingerprint()
            text = st.describe(only)
            st.apply(only)
            rows.append(ActionRow(live.revision + len(rows), cp, only, text, fp != st.hidden_fingerprint(), True))

    async def commit(self, live: LiveGame, rows: list[ActionRow], status: str | None = None,
                      result: dict[str, Any] | None = None) -> None:
        """Store ``rows`` (already applied to the state), then make them visible.

        While the store works the state is put back as it was, so no reader (a GET, a
        WebSocket greeting) can see a move that is not committed yet; afterwards the very
        same actions are applied again (chance outcomes are named, so this is exact)."""
        st = live.state
        bot_turn = self._bot_turn(live, status)
        clock_values = self._clock_values(live, status)
        for _ in rows:
            st.undo()
        await self._write(live, self.store.append_actions, rows, bot_turn=bot_turn, status=status, result=result,
                          game_values=clock_values)
        for r in rows:
            st.apply(r.action)
        st.forget_undo(UNDO_KEEP)
        live.log.extend(rows)
        self.committed += len(rows)
        if status:
            live.row.status = status
            live.row.result = result
        self.after_commit(live)

    async def apply(self, live: LiveGame, seat: int, action: str) -> None:
        st = live.state
        start = live.revision
        rows: list[ActionRow] = []
        fp = st.hidden_fingerprint()
        text = st.describe(action)
        try:
            st.apply(action)
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None
        rows.append(ActionRow(start, seat, action, text, fp != st.hidden_fingerprint()))
        self._resolve_rows(live, rows)
        status = result = None
        if st.is_terminal():
            status = "finished"
            result = {"scores": st.scores(), "winners": st.winners(), "breakdown": st.score_breakdown(),
                      "stand_ins": live.stand_ins()}
        await self.commit(live, rows, status, result)

    async def undo(self, live: LiveGame, seat: int, revision: int, lang: str = "en") -> dict[str, Any]:
        """Take back ``seat``'s last action of its turn (``LiveGame.undo_point``)."""
        async with live.lock:
            await self.catch_up_to(live, revision)
            if revision != live.revision:
                raise Conflict(f"stale revision {revision}: the game is at revision {live.revision}; reload")
            idx = live.undo_point(seat)
            if idx is None:
                raise Conflict("nothing to undo: only your own last action of this turn, before any "
                               "roll, draw or other player's action")
            taken: list[ActionRow] = []
            while len(live.log) > idx:
                live.state.undo()
                taken.append(live.log.pop())
            try:
                await self._write(live, self.store.truncate_actions, idx, bot_turn=self._bot_turn(live))
            except Unavailable:
                for r in reversed(taken):  # the store did not take it: the moves stand
                    live.state.apply(r.action)
                    live.log.append(r)
                raise
            live.low = min(live.low, live.revision)
            return views.payload(live, seat, lang)

    async def join(self, live: LiveGame, seat: int, name: str, lang: str = "en") -> dict[str, Any]:
        name = name.strip()[:60] or live.seats[seat].name
        async with live.lock:
            await self._write(live, self.store.update_seat, seat, name=name, joined=True)
            live.seats[seat].name = name
            live.seats[seat].joined = True
            return views.payload(live, seat, lang)

    async def sit(self, live: LiveGame, name: str, lang: str = "en") -> tuple[int, dict[str, Any]]:
        """Anyone sits at an open table: its first free person's seat, taken under the game's lock
        (two people on two processes: the store takes one write, the other is asked again). The
        seat and its payload."""
        async with live.lock:
            if live.row.status != "open" or not live.row.listed:
                raise Forbidden("this table is not open to anyone: its players send their links", "tables.closed")
            free = [s for s in live.seats if s.kind == "human" and not s.joined]
            if not free:
                raise Conflict("every seat at this table is taken", "tables.full")
            seat = free[0].seat
            name = name.strip()[:60] or live.seats[seat].name
            await self._write(live, self.store.update_seat, seat, name=name, joined=True)
            live.seats[seat].name = name
            live.seats[seat].joined = True
            return seat, views.payload(live, seat, lang)

    async def start(self, live: LiveGame, seat: int, lang: str = "en") -> dict[str, Any]:
        async with live.lock:
            if live.row.status != "open":
                raise Conflict("the game has already started")
            waiting = [s.seat for s in live.seats if not s.joined]
            if waiting:
                raise Conflict(f"seats {waiting} have not joined yet (or make them bots)")
            await self._write(live, self.store.set_status, "active", bot_turn=self._bot_turn(live, "active"),
                              game_values=self._clock_values(live, "active"))
            live.row.status = "active"
            await self.resolve_chance(live)
            return views.payload(live, seat, lang)

    async def change_seat(self, live: LiveGame, target: int, by: int, change: str, reason: str,
                          kind: str, bot: str | None) -> None:
        """Record who plays ``target`` now (under the game's lock)."""
        s = live.seats[target]
        rec = SeatChange(len(live.changes), live.revision, target, change, bot, reason, by, s.kind, time.time())
        await self._write(live, self.store.change_seat, rec, bot_turn=self._bot_turn(live, seat_kind=(target, kind)),
                          game_values=self._clock_values(live, seat_kind=(target, kind)), kind=kind, bot=bot,
                          joined=True)
        s.kind, s.bot, s.joined = kind, bot, True
        live.changes.append(rec)
        live.bots.pop(target, None)

    async def set_auto_single(self, live: LiveGame, target: int, auto_single: bool) -> None:
        """A player's own setting (under the game's lock): one-option decisions resolve by themselves."""
        await self._write(live, self.store.update_seat, target, auto_single=auto_single)
        live.seats[target].auto_single = auto_single
        await self.resolve_chance(live)
