"""The game host: the only authority over game state.

Every hosted game lives in memory as a real engine state rebuilt from the
store (config + seed + action log). Each change happens under the game's
lock: the action is checked against the revision the client saw, applied to
the engine (illegal -> rejected, nothing changes), chance events are resolved
with the game's own RNG, everything is committed to the store, and only then
are the seats and spectators told (each gets its own view: no hidden
information leaves the server). Bot seats play in a background task, their
thinking in a worker thread, so the server never blocks on them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tabletop.bots.base import Bot, Observation, make_bot
from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed
from tabletop.core.state import GameState
from tabletop.web.store import ActionRow, GameRow, SeatRow, Store

LOG_TAIL = 60
# Web clients choose bots by level only: a free bot budget would let anyone make the server think forever.
WEB_BOTS = ("random", "easy", "medium", "hard", "expert")
GAME_ID = re.compile(r"^[0-9a-f]{16}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
log = logging.getLogger("tabletop.web")


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Unavailable(ServiceError):
    status = 503


Sender = Callable[[dict[str, Any]], Awaitable[None]]


def _constant(view: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    def get() -> dict[str, Any]:
        return view

    return get


class LiveGame:
    def __init__(self, row: GameRow, seats: list[SeatRow], state: GameState, log: list[ActionRow]) -> None:
        self.row = row
        self.seats = seats
        self.state = state
        self.log = log
        self.lock = asyncio.Lock()
        self.subscribers: dict[int, tuple[Sender, int | None]] = {}
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def revision(self) -> int:
        return len(self.log)

    def bot(self, seat: int) -> Bot:
        spec = self.seats[seat].bot or "medium"
        if seat not in self.bots:
            self.bots[seat] = make_bot(spec, derive_seed(self.row.seed, 500 + seat, self.revision))
        return self.bots[seat]


class GameService:
    def __init__(self, store: Store, bot_delay: float = 0.0, bot_threads: int = 2) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._next_sub = 0
        # bots think in their own small pool, never in the one the store uses
        self._bot_pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bot")

    # ------------------------------------------------------------- lifecycle
    async def create(self, game: str, players: int, config: dict[str, Any], seat_specs: list[dict[str, Any]],
                     seed: int | None = None) -> dict[str, Any]:
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
        try:
            info.new_game(players=players, seed=seed, **config)
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
                self._check_bot(bot, f"seat {i}")
            name = str(spec.get("name") or (f"Bot ({bot})" if kind == "bot" else f"Player {i + 1}"))[:60]
            seat_rows.append(SeatRow(i, secrets.token_urlsafe(18), kind, bot if kind == "bot" else None, name,
                                     kind == "bot"))
        row = GameRow(secrets.token_hex(8), game, players, dict(config), seed, "open",
                      secrets.token_urlsafe(18), time.time(), None)
        await asyncio.to_thread(self.store.create_game, row, seat_rows)
        return {"id": row.id, "spectator_token": row.spectator,
                "seats": [{"seat": s.seat, "token": s.token, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for s in seat_rows]}

    @staticmethod
    def _check_bot(spec: str, where: str) -> None:
        if spec not in WEB_BOTS:
            raise ServiceError(f"{where}: bot must be one of {', '.join(WEB_BOTS)}")
        try:
            make_bot(spec, 0)
        except ValueError as exc:
            raise ServiceError(f"{where}: {exc}") from None

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
                row, seat_rows, entries = loaded
                info = get_game(row.game)
                state = info.new_game(players=row.players, seed=row.seed, **row.config)
                for a in entries:
                    state.apply(a.action)
                live = LiveGame(row, seat_rows, state, entries)
                self.live[game_id] = live
        finally:
            self._loading.pop(game_id, None)
        if state.is_chance() and row.status == "active":
            async with live.lock:
                await self._resolve_chance(live)
        self._schedule_bots(live)
        return live

    async def resume_active(self) -> int:
        """After a restart: load every running game and let its bots continue."""
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
                return live, s.seat
        if secrets.compare_digest(live.row.spectator.encode(), token.encode()):
            return live, None
        raise Forbidden("this token does not belong to this game")

    # -------------------------------------------------------------- payloads
    def payload(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        st = live.state
        info = get_game(live.row.game)
        cp = st.current_player
        to_act = seat is not None and cp == seat and live.row.status == "active"
        legal = [{"action": a, "text": st.describe(a)} for a in st.legal_actions()] if to_act else []
        return {
            "game_id": live.row.id,
            "game": live.row.game,
            "title": info.title,
            "players": live.row.players,
            "config": live.row.config,
            "status": live.row.status,
            "revision": live.revision,
            "seat": seat,
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined}
                      for s in live.seats],
            "current_player": cp,
            "prompt": st.prompt(),
            "view": st.view(seat),
            "legal": legal,
            "log": [self._log_entry(a, seat) for a in live.log[-LOG_TAIL:]],
            "log_total": live.revision,
            "scores": st.scores(),
            "projected": st.projected_scores(),
            "result": live.row.result,
            "can_undo": seat is not None and self._undo_point(live, seat) is not None,
        }

    @staticmethod
    def _log_entry(a: ActionRow, seat: int | None) -> dict[str, Any]:
        entry: dict[str, Any] = {"idx": a.idx, "seat": a.seat, "text": a.text}
        if a.seat == seat or a.seat < 0:
            entry["action"] = a.action  # other seats' raw actions can name hidden cards
        return entry

    async def full_log(self, game_id: str, token: str) -> list[dict[str, Any]]:
        live, seat = await self.auth(game_id, token)
        return [self._log_entry(a, seat) for a in live.log]

    # --------------------------------------------------------------- changes
    async def act(self, game_id: str, token: str, revision: int, action: str) -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot act")
        async with live.lock:
            self._check_turn(live, seat, revision)
            await self._apply(live, seat, action)
            out = self.payload(live, seat)
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    def _check_turn(self, live: LiveGame, seat: int, revision: int) -> None:
        if live.row.status == "open":
            raise Conflict("the game has not started yet")
        if live.row.status == "finished":
            raise Conflict("the game is over")
        if revision != live.revision:
            raise Conflict(f"stale revision {revision}: the game is at revision {live.revision}; reload")
        if live.state.current_player != seat:
            raise Conflict(f"it is not seat {seat}'s turn ({live.state.prompt()})")

    async def _resolve_chance(self, live: LiveGame) -> None:
        """Roll/draw for a game that waits on chance (e.g. Burger Joint opens with draws)."""
        st = live.state
        if live.row.status != "active" or not st.is_chance():
            return
        rows: list[ActionRow] = []
        self._resolve_rows(live, rows)
        await self._commit(live, rows)

    def _resolve_rows(self, live: LiveGame, rows: list[ActionRow]) -> None:
        st = live.state
        while st.is_chance():
            outcome = st.sample_chance()
            text = st.describe(outcome)
            st.apply(outcome)
            rows.append(ActionRow(live.revision + len(rows), -1, outcome, text, True))

    async def _commit(self, live: LiveGame, rows: list[ActionRow], status: str | None = None,
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
        live.log.extend(rows)
        if status:
            live.row.status = status
            live.row.result = result

    async def _apply(self, live: LiveGame, seat: int, action: str) -> None:
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
            result = {"scores": st.scores(), "winners": st.winners(), "breakdown": st.score_breakdown()}
        await self._commit(live, rows, status, result)

    def _undo_point(self, live: LiveGame, seat: int) -> int | None:
        """Board Game Arena's policy: a seat may take back its own last action of the current
        turn, never across another player's action, a draw, a shuffle or a roll."""
        if live.row.status != "active" or not live.log:
            return None
        last = live.log[-1]
        if last.seat != seat or last.irreversible:
            return None
        return last.idx

    async def undo(self, game_id: str, token: str, revision: int) -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot undo")
        async with live.lock:
            if revision != live.revision:
                raise Conflict(f"stale revision {revision}: the game is at revision {live.revision}; reload")
            idx = self._undo_point(live, seat)
            if idx is None:
                raise Conflict("nothing to undo: only your own last action of this turn, before any "
                               "roll, draw or other player's action")
            await asyncio.to_thread(self.store.truncate_actions, live.row.id, idx)
            live.state.undo()
            live.log.pop()
            out = self.payload(live, seat)
        await self._broadcast(live)
        return out

    async def join(self, game_id: str, token: str, name: str) -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot join")
        name = name.strip()[:60] or live.seats[seat].name
        async with live.lock:
            await asyncio.to_thread(self.store.update_seat, live.row.id, seat, name=name, joined=True)
            live.seats[seat].name = name
            live.seats[seat].joined = True
            out = self.payload(live, seat)
        await self._broadcast(live)
        return out

    async def start(self, game_id: str, token: str) -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot start a game")
        async with live.lock:
            if live.row.status != "open":
                raise Conflict("the game has already started")
            waiting = [s.seat for s in live.seats if not s.joined]
            if waiting:
                raise Conflict(f"seats {waiting} have not joined yet (or make them bots)")
            await asyncio.to_thread(self.store.set_status, live.row.id, "active")
            live.row.status = "active"
            await self._resolve_chance(live)
            out = self.payload(live, seat)
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    async def seat_to_bot(self, game_id: str, token: str, target: int, bot: str) -> dict[str, Any]:
        """A player who left (or an empty seat) is taken over by a bot; any seat of the game may ask."""
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot change seats")
        if not 0 <= target < live.row.players:
            raise ServiceError(f"no seat {target}")
        self._check_bot(bot, f"seat {target}")
        async with live.lock:
            s = live.seats[target]
            base = s.name.split(" (bot")[0] if s.kind == "bot" else s.name
            name = f"{base} (bot {bot})"[:60]
            await asyncio.to_thread(self.store.update_seat, live.row.id, target, kind="bot", bot=bot,
                                    joined=True, name=name)
            s.kind, s.bot, s.joined, s.name = "bot", bot, True, name
            live.bots.pop(target, None)
            out = self.payload(live, seat)
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    async def my_games(self, tokens: list[str]) -> list[dict[str, Any]]:
        out = []
        for token in tokens[:200]:
            found = await asyncio.to_thread(self.store.game_for_token, token)
            if found is None:
                continue
            live = await self.get(found[0])
            seat = found[1]
            out.append({"game_id": live.row.id, "game": live.row.game, "seat": seat, "token": token,
                        "status": live.row.status, "revision": live.revision,
                        "your_turn": seat is not None and live.state.current_player == seat
                        and live.row.status == "active",
                        "seats": [s.name for s in live.seats], "created": live.row.created,
                        "scores": live.state.scores() if live.row.status == "finished" else None})
        return out

    async def replay(self, game_id: str, token: str, step: int) -> dict[str, Any]:
        """The public (spectator) view after ``step`` log entries of a finished game."""
        live, _seat = await self.auth(game_id, token)
        if live.row.status != "finished":
            raise Conflict("replays are for finished games")
        if not 0 <= step <= live.revision:
            raise ServiceError(f"step must be 0-{live.revision}")
        info = get_game(live.row.game)
        st = info.new_game(players=live.row.players, seed=live.row.seed, **live.row.config)
        for a in live.log[:step]:
            st.apply(a.action)
        return {"game_id": live.row.id, "step": step, "steps": live.revision, "view": st.view(None),
                "prompt": st.prompt(), "scores": st.scores(),
                "text": live.log[step - 1].text if step else "setup"}

    # ------------------------------------------------------------------ bots
    def _schedule_bots(self, live: LiveGame) -> None:
        if live.row.status != "active":
            return
        cp = live.state.current_player
        if cp < 0 or live.seats[cp].kind != "bot":
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with live.lock:
                st = live.state
                cp = st.current_player
                if live.row.status != "active" or cp < 0 or live.seats[cp].kind != "bot":
                    return
                # the bot thinks on a snapshot of its view, without holding the game's lock
                view = st.view(cp)
                obs = Observation(live.row.game, cp, list(st.legal_actions()), _constant(view))
                revision = live.revision
                bot = live.bot(cp)
            try:
                action = await loop.run_in_executor(self._bot_pool, bot.choose, obs)
            except Exception:
                log.exception("bot of seat %s in game %s failed; the seat waits", cp, live.row.id)
                return
            async with live.lock:
                if live.revision != revision or live.state.current_player != cp:
                    continue  # the game moved on meanwhile (undo, seat change): think again
                try:
                    await self._apply(live, cp, action)
                except ServiceError:
                    await asyncio.sleep(1.0)  # the store is down: try again later
                    continue
            await self._broadcast(live)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    async def drain(self) -> None:
        """Wait for running bot tasks (tests and shutdown)."""
        tasks = [g.bot_task for g in self.live.values() if g.bot_task and not g.bot_task.done()]
        for t in tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t
        self._bot_pool.shutdown(wait=False, cancel_futures=True)

    # ---------------------------------------------------------- subscribers
    async def subscribe(self, game_id: str, token: str, send: Sender) -> tuple[int, LiveGame, int | None]:
        live, seat = await self.auth(game_id, token)
        self._next_sub += 1
        live.subscribers[self._next_sub] = (send, seat)
        return self._next_sub, live, seat

    def unsubscribe(self, live: LiveGame, sub_id: int) -> None:
        live.subscribers.pop(sub_id, None)

    async def _broadcast(self, live: LiveGame) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        dead = []
        for sub_id, (send, seat) in list(live.subscribers.items()):
            if seat not in cache:
                cache[seat] = {"type": "state", **self.payload(live, seat)}
            try:
                await send(cache[seat])
            except Exception:
                dead.append(sub_id)
        for sub_id in dead:
            live.subscribers.pop(sub_id, None)
