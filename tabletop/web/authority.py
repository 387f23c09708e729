"""The authority: the only part of the server that changes a game. It loads each game from
the store (config + seed + action log) into a LiveGame, checks every change against the
revision its client saw, applies it to the engine (illegal: refused, nothing changes), rolls
the game's own dice, and commits to the store before anyone can see the move (the state is put
back while the store works, then the very same actions are applied again). Who may make a
change (seats, tokens) is decided by its caller; telling the others (fan-out) and the bots'
turns (duties) come after it, outside."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import get_game
from tabletop.web import views
from tabletop.web.errors import Conflict, Forbidden, NotFound, ServiceError, Unavailable
from tabletop.web.live import GAME_ID, TOKEN, UNDO_KEEP, LiveGame, check_bot
from tabletop.web.store import ActionRow, GameRow, SeatChange, SeatRow, Store


class Authority:
    def __init__(self, store: Store, min_away_limit: int = 60) -> None:
        """``min_away_limit``: the shortest away limit a table may have (seconds)."""
        self.store = store
        self.min_away_limit = min_away_limit
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # called with each game once loaded (and after a restart): its bots may have to move
        self.loaded: Callable[[LiveGame], None] = lambda live: None

    # ------------------------------------------------------------- lifecycle
    async def create(self, game: str, players: int, config: dict[str, Any], seat_specs: list[dict[str, Any]],
                     seed: int | None = None, away_limit: int | None = 600, start: bool = False,
                     hints: bool = False) -> dict[str, Any]:
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

        def check() -> None:
            info.new_game(players=players, seed=seed, **config)

        try:
            await asyncio.to_thread(check)  # a deal takes milliseconds: not on the event loop
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
        row = GameRow(secrets.token_hex(8), game, players, dict(config), seed, "active" if start else "open",
                      secrets.token_urlsafe(18), time.time(), None, away_limit, bool(hints))
        await asyncio.to_thread(self.store.create_game, row, seat_rows)
        return {"id": row.id, "spectator_token": row.spectator, "away_limit": away_limit, "hints": bool(hints),
                "seats": [{"seat": s.seat, "token": s.token, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for s in seat_rows]}

    async def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
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
                info = get_game(row.game)
                state = info.new_game(players=row.players, seed=row.seed, **row.config)
                if info.event_sentence is not None:
                    state.keep_events()  # the game log people read (see _log)
                for a in entries:
                    state.apply(a.action)
                state.forget_undo(UNDO_KEEP)
                live = LiveGame(row, seat_rows, state, entries, changes)
                self.live[game_id] = live
        finally:
            self._loading.pop(game_id, None)
        if state.is_chance() and row.status == "active":
            async with live.lock:
                await self.resolve_chance(live)
        self.loaded(live)
        return live

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
                live.seen[s.seat] = time.monotonic()  # any request of a seat shows its player is here
                return live, s.seat
        if secrets.compare_digest(live.row.spectator.encode(), token.encode()):
            return live, None
        raise Forbidden("this token does not belong to this game")

    # --------------------------------------------------------------- changes
    async def act(self, live: LiveGame, seat: int, revision: int, action: str, lang: str = "en") -> dict[str, Any]:
        """Apply ``seat``'s action chosen at ``revision``; the seat's payload with this move's log."""
        async with live.lock:
            self.check_turn(live, seat, revision)
            await self.apply(live, seat, action)
            # the answer carries the log entries of this move (and of what followed by itself):
            # the page has the rest, it showed ``revision``
            return views.payload(live, seat, lang, delta=(revision, revision))

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
        for _ in rows:
            st.undo()
        try:
            await asyncio.to_thread(self.store.append_actions, live.row.id, rows, status, result)
        except Exception as exc:  # the store refused: nothing changed
            raise Unavailable(f"could not store the action, nothing changed: {exc.__class__.__name__}") from None
        for r in rows:
            st.apply(r.action)
        st.forget_undo(UNDO_KEEP)
        live.log.extend(rows)
        if status:
            live.row.status = status
            live.row.result = result

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
            if revision != live.revision:
                raise Conflict(f"stale revision {revision}: the game is at revision {live.revision}; reload")
            idx = live.undo_point(seat)
            if idx is None:
                raise Conflict("nothing to undo: only your own last action of this turn, before any "
                               "roll, draw or other player's action")
            await asyncio.to_thread(self.store.truncate_actions, live.row.id, idx)
            while len(live.log) > idx:
                live.state.undo()
                live.log.pop()
            live.low = min(live.low, live.revision)
            return views.payload(live, seat, lang)

    async def join(self, live: LiveGame, seat: int, name: str, lang: str = "en") -> dict[str, Any]:
        name = name.strip()[:60] or live.seats[seat].name
        async with live.lock:
            await asyncio.to_thread(self.store.update_seat, live.row.id, seat, name=name, joined=True)
            live.seats[seat].name = name
            live.seats[seat].joined = True
            return views.payload(live, seat, lang)

    async def start(self, live: LiveGame, seat: int, lang: str = "en") -> dict[str, Any]:
        async with live.lock:
            if live.row.status != "open":
                raise Conflict("the game has already started")
            waiting = [s.seat for s in live.seats if not s.joined]
            if waiting:
                raise Conflict(f"seats {waiting} have not joined yet (or make them bots)")
            await asyncio.to_thread(self.store.set_status, live.row.id, "active")
            live.row.status = "active"
            await self.resolve_chance(live)
            return views.payload(live, seat, lang)

    async def change_seat(self, live: LiveGame, target: int, by: int, change: str, reason: str,
                          kind: str, bot: str | None) -> None:
        """Record who plays ``target`` now (under the game's lock)."""
        s = live.seats[target]
        rec = SeatChange(len(live.changes), live.revision, target, change, bot, reason, by, s.kind, time.time())
        await asyncio.to_thread(self.store.change_seat, live.row.id, rec, kind=kind, bot=bot, joined=True)
        s.kind, s.bot, s.joined = kind, bot, True
        live.changes.append(rec)
        live.bots.pop(target, None)

    async def set_auto_single(self, live: LiveGame, target: int, auto_single: bool) -> None:
        """A player's own setting (under the game's lock): one-option decisions resolve by themselves."""
        await asyncio.to_thread(self.store.update_seat, live.row.id, target, auto_single=auto_single)
        live.seats[target].auto_single = auto_single
        await self.resolve_chance(live)
