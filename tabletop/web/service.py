"""The game host: the only authority over game state.

Every hosted game lives in memory as a real engine state rebuilt from the
store (config + seed + action log). Each change happens under the game's
lock: the action is checked against the revision the client saw, applied to
the engine (illegal -> rejected, nothing changes), chance events are resolved
with the game's own RNG, everything is committed to the store, and only then
are the seats and spectators told (each gets its own view: no hidden
information leaves the server). Bot seats play in a background task, their
thinking in worker processes (:mod:`tabletop.web.botpool`), so that a bot
thinking never delays another game's updates.

Who plays a seat is the seat's own business: a player may hand their own seat to a
bot and take it back with their link; the others may do so only once that player has
been away (no connection, no request) for longer than the table's away limit, which
every seat sees counting down. Each such change is recorded and shown in the log, and
a finished game's result names the seats a bot played for a person.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.bots import coach
from tabletop.bots.base import Bot
from tabletop.bots.registry import LEVELS, make_bot, parse_bot_spec, with_time_limit
from tabletop.bots.search import check_eval
from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed
from tabletop.core.state import GameState
from tabletop.i18n.catalog import Catalog, catalog
from tabletop.i18n.events import action_text, reasons_text
from tabletop.web.botpool import BotPool, default_workers
from tabletop.web.store import ActionRow, GameRow, SeatChange, SeatRow, Store

LOG_TAIL = 60
# actions the live state keeps undo information for: an undo takes back a seat's own last action
# and the steps that resolved by themselves after it, far fewer; keeping every action's would
# grow each game's journal to thousands of objects for the garbage collector to visit
UNDO_KEEP = 40
# Web clients choose bots by level only: a free bot budget would let anyone make the server think forever.
# A game offers those whose judgement it has (web_bots: the master's is a model only some games have).
WEB_BOTS = ("random", "easy", "medium", "hard", "expert", "master")
GAME_ID = re.compile(r"^[0-9a-f]{16}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
log = logging.getLogger("tabletop.web")


@functools.cache  # the judgements a game has are fixed when the server starts
def web_bots(game: str) -> tuple[str, ...]:
    """The bots web clients may choose for ``game``: the lobby and the game page offer these
    (GET /api/meta) and the service refuses any other, so the two cannot differ."""
    out = []
    for spec in WEB_BOTS:
        try:
            check_eval(game, parse_bot_spec(spec)[1])
        except ValueError:
            continue  # e.g. master for a game without a ``master`` evaluation
        out.append(spec)
    return tuple(out)


def web_levels(game: str) -> list[str]:
    """The strength levels ``game`` offers at the table (``web_bots`` less the random bot)."""
    return [b for b in web_bots(game) if b in LEVELS]


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


class TooMany(ServiceError):
    """A client past one of its request limits (429, with the seconds to wait)."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


Sender = Callable[[str], Awaitable[None]]  # sends one JSON text to one WebSocket


def _reasons(cat: Catalog, why: tuple[tuple[str, float], ...], head: str = "hint.reasons") -> dict[str, Any]:
    """A coach's reasons for the API: ``why`` as data (``[{term, vp}]``) and ``reasons`` in words."""
    return {"why": [{"term": term, "vp": vp} for term, vp in why], "reasons": reasons_text(cat, why, head)}


class LiveGame:
    def __init__(self, row: GameRow, seats: list[SeatRow], state: GameState, log: list[ActionRow],
                 changes: list[SeatChange] | None = None) -> None:
        self.row = row
        self.seats = seats
        self.state = state
        self.log = log
        self.changes: list[SeatChange] = changes or []
        # presence: open connections per seat, and when each seat was last heard from (a
        # request or a connection ending); after a restart everyone counts as just seen
        self.connections: dict[int, int] = {}
        now = time.monotonic()
        self.seen: dict[int, float] = {s.seat: now for s in seats}
        self.lock = asyncio.Lock()
        self.subscribers: dict[int, tuple[Sender, int | None, str]] = {}  # send, seat, language
        self.bots: dict[int, Bot] = {}
        # mid-game level changes of seats made for bots, asked for and not yet agreed by all the
        # people at the table: target seat -> {asking seat: level}
        self.level_votes: dict[int, dict[int, str]] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.hints: dict[tuple[int, int], list[coach.Advice]] = {}  # (revision, seat): the coach's moves
        self.reviews: dict[int, list[coach.Mistake]] = {}  # seat: the finished game's review
        # the log's sentences, per language: (event object, seat names, text) for each event
        self.texts: dict[str, list[tuple[Any, tuple[str, ...], str]]] = {}
        # pushes: the revision the last one showed, the lowest revision since (an undo goes
        # back) and the seats it named, so that the next push need carry only the new log
        self.pushed: int | None = None
        self.low = 0
        self.pushed_seats: tuple[tuple[str, str, str | None], ...] = ()
        self.push_lock = asyncio.Lock()  # one push at a time per game: they arrive in order

    @property
    def revision(self) -> int:
        return len(self.log)

    def person_seat(self, seat: int) -> bool:
        """Whether a person holds this seat's link (it was made for a human), whoever plays it now."""
        for c in self.changes:
            if c.seat == seat:
                return c.was == "human"
        return self.seats[seat].kind == "human"

    def away_for(self, seat: int) -> float | None:
        """Seconds this seat's person has been away (no connection, no request), None if present."""
        if self.connections.get(seat, 0) > 0:
            return None
        return max(0.0, time.monotonic() - self.seen[seat])

    def away_left(self, seat: int) -> float | None:
        """Seconds until this seat's player has been away past the table's limit (0: they have);
        None when they are here or the table has no limit."""
        limit = self.row.away_limit
        away = self.away_for(seat)
        return None if limit is None or away is None else max(0.0, limit - away)

    def takeover_in(self, seat: int) -> float | None:
        """The countdown every seat sees: seconds until the others may hand this person's seat
        to a bot (0: now); None while the player is here, a bot plays, or the game is not running."""
        if self.row.status != "active" or self.seats[seat].kind != "human" or not self.person_seat(seat):
            return None
        return self.away_left(seat)

    def bot(self, seat: int, think_limit: float | None = None) -> Bot:
        """The bot at ``seat``; a search bot made here stops its play-outs after ``think_limit``
        seconds (``with_time_limit``)."""
        spec = self.seats[seat].bot or "medium"
        if seat not in self.bots:
            self.bots[seat] = make_bot(with_time_limit(spec, think_limit),
                                       derive_seed(self.row.seed, 500 + seat, self.revision))
        return self.bots[seat]


class GameService:
    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int | None = None,
                 bot_threads: int = 2, bot_seconds: float | None = None, min_away_limit: int = 60) -> None:
        """``bot_workers``: processes bots think in (default: one per core but one; 0: in
        ``bot_threads`` threads of this process, as before the worker processes).
        ``bot_seconds``: a search bot's time limit a decision (``with_time_limit``; None: none).
        ``min_away_limit``: the shortest away limit a table may have (seconds)."""
        self.store = store
        self.min_away_limit = min_away_limit
        # the coach's answers being worked out: identical requests in flight wait for one
        self._coaching: dict[tuple[Any, ...], asyncio.Future[Any]] = {}
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._next_sub = 0
        self._tasks: set[asyncio.Task[None]] = set()
        # bots (and the coach, in a lane of its own) think in their own pool, never in the one
        # the store uses
        self.bot_pool = BotPool(default_workers() if bot_workers is None else bot_workers, bot_threads)

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
                self._check_bot(game, bot, f"seat {i}")
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
        if any(s.kind == "bot" for s in seat_rows):
            self.bot_pool.start()  # the workers import the engine while people join, not at the bot's move
        return {"id": row.id, "spectator_token": row.spectator, "away_limit": away_limit, "hints": bool(hints),
                "seats": [{"seat": s.seat, "token": s.token, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for s in seat_rows]}

    @staticmethod
    def _check_bot(game: str, spec: str, where: str) -> None:
        """Refuse a bot the game does not offer (``web_bots``: a level whose judgement it lacks too)."""
        offered = web_bots(game)
        if spec not in offered:
            raise ServiceError(f"{where}: bot must be one of {', '.join(offered)} "
                               f"(the bots {get_game(game).title} offers), not {spec[:40]!r}")
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
                live.seen[s.seat] = time.monotonic()  # any request of a seat shows its player is here
                return live, s.seat
        if secrets.compare_digest(live.row.spectator.encode(), token.encode()):
            return live, None
        raise Forbidden("this token does not belong to this game")

    # -------------------------------------------------------------- payloads
    def payload(self, live: LiveGame, seat: int | None, lang: str = "en",
                delta: tuple[int, int] | None = None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) sees of the game, in ``lang``.

        The log is the last ``LOG_TAIL`` actions' entries (``log_first``: the first action kept).
        ``delta`` = (after, since) makes a push that carries only the entries of the actions
        from ``since`` on: the page that shows revision ``after`` drops its entries from
        ``since`` on and adds these (``log_after`` and ``log_since``; both null in a payload
        with the whole tail)."""
        st = live.state
        first = max(0, live.revision - LOG_TAIL)
        if delta is not None and (st.events is None or delta[1] <= first
                                  or first < max(0, delta[0] - LOG_TAIL)):
            # no events (the log is the actions), the tail is all new, or an undo moved its start
            # back to entries the page has dropped: send it whole
            delta = None
        info = get_game(live.row.game)
        cp = st.current_player
        to_act = seat is not None and cp == seat and live.row.status == "active"
        legal = self._legal(live, lang) if to_act else []
        return {
            "game_id": live.row.id,
            "game": live.row.game,
            "title": info.title,
            "players": live.row.players,
            "config": live.row.config,
            "status": live.row.status,
            "revision": live.revision,
            "seat": seat,
            "seats": [self._seat_entry(live, s) for s in live.seats],
            "away_limit": live.row.away_limit,
            "hints": live.row.hints,
            "can_hint": to_act and self.hints_allowed(live, seat),
            "current_player": cp,
            "prompt": st.prompt(),
            "view": st.view(seat),
            "legal": legal,
            "log": self._log(live, seat, lang, LOG_TAIL, since=None if delta is None else delta[1]),
            "log_first": first,
            "log_after": None if delta is None else delta[0],
            "log_since": None if delta is None else delta[1],
            "log_total": self._log_total(live),
            "scores": st.scores(),
            "projected": st.projected_scores(),
            "result": live.row.result,
            "can_undo": seat is not None and self._undo_point(live, seat) is not None,
            "auto_single": seat is not None and live.seats[seat].auto_single,
            "undo_why": self._undo_why(live, seat),
            "level_votes": [{"seat": t, "votes": [{"by": b, "bot": v} for b, v in sorted(votes.items())]}
                            for t, votes in sorted(live.level_votes.items())],
        }

    @staticmethod
    def _seat_entry(live: LiveGame, s: SeatRow) -> dict[str, Any]:
        person = live.person_seat(s.seat)
        away = live.away_for(s.seat) if person and live.row.status == "active" else None
        takeover = live.takeover_in(s.seat)
        return {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined,
                "person": person, "stand_in": person and s.kind == "bot",
                "present": live.connections.get(s.seat, 0) > 0,
                "away": None if away is None else round(away, 1),
                "takeover_in": None if takeover is None else round(takeover, 1)}

    @staticmethod
    def _log_entry(a: ActionRow, seat: int | None) -> dict[str, Any]:
        entry: dict[str, Any] = {"idx": a.idx, "seat": a.seat, "text": a.text}
        if a.seat == seat or a.seat < 0:
            entry["action"] = a.action  # other seats' raw actions can name hidden cards
        return entry

    @staticmethod
    def _change_entry(c: SeatChange) -> dict[str, Any]:
        """A seat change in the log: data for the page to put in words (no action, no text)."""
        return {"idx": c.revision, "seat": c.seat, "kind": "seat", "change": c.change, "bot": c.bot,
                "reason": c.reason, "by": c.by_seat}

    @staticmethod
    def _legal(live: LiveGame, lang: str) -> list[dict[str, Any]]:
        """The legal actions, each in words in ``lang`` (as the log will say it)."""
        say = GameService._sayer(live, live.state, lang)
        return [{"action": a, "text": say(a)} for a in live.state.legal_actions()]

    @staticmethod
    def _sayer(live: LiveGame, st: GameState, lang: str) -> Callable[[str], str]:
        """An action of ``st`` (the live game, or one of its earlier moments) in words in ``lang``;
        a game without event sentences says it in its own English."""
        if get_game(live.row.game).event_sentence is None:
            return st.describe
        cat, names = catalog(lang), list(GameService._names(live, lang))
        return lambda a: action_text(live.row.game, cat, st, a, names)

    @staticmethod
    def _names(live: LiveGame, lang: str = "en") -> tuple[str, ...]:
        """Seat names for the log in ``lang`` (the default names "Bot (level)" and "Player N"
        translated), told apart where two are alike."""
        cat = catalog(lang)
        names = []
        for i, s in enumerate(live.seats):
            if s.kind == "bot" and s.name == f"Bot ({s.bot})":
                names.append(cat.t("name.bot", level=cat.t(f"level.{s.bot}") if f"level.{s.bot}" in cat else s.bot))
            elif s.name == f"Player {i + 1}":
                names.append(cat.t("lobby.playerN", n=i + 1))
            else:
                names.append(s.name)
        return tuple(f"{n} #{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names))

    @staticmethod
    def _log_total(live: LiveGame) -> int:
        events = live.state.events
        return (live.revision if events is None else len(events)) + len(live.changes)

    def _log(self, live: LiveGame, seat: int | None, lang: str = "en", tail: int | None = None,
             since: int | None = None) -> list[dict[str, Any]]:
        """The game log: the events of the last ``tail`` actions (or all, or those from action
        ``since`` on), each with its sentence in ``lang``, and the seat changes between them.
        Games without event sentences: the actions."""
        if live.state.events is not None:
            if since is None:
                since = 0 if tail is None else max(0, len(live.log) - tail)
            return self._event_log(live, seat, lang, since)
        actions = live.log if tail is None else live.log[-tail:]
        first = actions[0].idx if actions else live.revision
        changes = [c for c in live.changes if c.revision >= first]
        out: list[dict[str, Any]] = []
        i = 0
        for a in actions:
            while i < len(changes) and changes[i].revision <= a.idx:
                out.append(self._change_entry(changes[i]))
                i += 1
            out.append(self._log_entry(a, seat))
        out.extend(self._change_entry(c) for c in changes[i:])
        return out if tail is None else out[-tail:]

    def _event_log(self, live: LiveGame, seat: int | None, lang: str, first: int) -> list[dict[str, Any]]:
        """The entries of the actions from ``first`` on (0: from the start, where seats start)."""
        st = live.state
        events, marks = st.events, st._event_marks
        assert events is not None
        start = 0 if first == 0 else marks[first] if first < len(marks) else len(events)
        texts = self._texts(live, lang)
        changes = [c for c in live.changes if c.revision >= first]
        out: list[dict[str, Any]] = []
        ci = 0
        i = first - 1  # the action an event belongs to (-1: before the first, where seats start)
        for j in range(start, len(events)):
            while i + 1 < len(marks) and marks[i + 1] <= j:
                i += 1
                while ci < len(changes) and changes[ci].revision <= i:
                    out.append(self._change_entry(changes[ci]))
                    ci += 1
            entry = {"idx": i, **events[j], "text": texts[j][2]}
            if i >= 0 and j == marks[i] and (live.log[i].seat == seat or live.log[i].seat < 0):
                entry["action"] = live.log[i].action  # other seats' raw actions can name hidden cards
                if live.log[i].auto:
                    entry["auto"] = True  # the only option: it resolved by itself (shown to its player)
            out.append(entry)
        out.extend(self._change_entry(c) for c in changes[ci:])
        return out

    def _texts(self, live: LiveGame, lang: str) -> list[tuple[Any, tuple[str, ...], str]]:
        """(event, seat names, sentence) of every event in ``lang``: each sentence worked out once
        per event and seat names. Only the new events are looked at while the cache still ends
        with the same event object and names (an undo that took events back, or a renamed seat,
        makes it check them all)."""
        st = live.state
        events = st.events
        assert events is not None
        names = self._names(live, lang)
        cache = live.texts.setdefault(lang, [])
        n = len(cache)
        if n <= len(events) and (n == 0 or (cache[n - 1][0] is events[n - 1] and cache[n - 1][1] == names)):
            first = n
        else:
            first = 0
            del cache[len(events):]
        render = get_game(live.row.game).event_sentence
        assert render is not None
        cat = catalog(lang)
        for j in range(first, len(events)):
            ev = events[j]
            if j < len(cache):
                if cache[j][0] is ev and cache[j][1] == names:
                    continue
                del cache[j:]
            cache.append((ev, names, render(cat, ev, list(names))))
        return cache

    async def full_log(self, game_id: str, token: str, lang: str = "en") -> list[dict[str, Any]]:
        live, seat = await self.auth(game_id, token)
        return self._log(live, seat, lang)

    # --------------------------------------------------------------- changes
    async def act(self, game_id: str, token: str, revision: int, action: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot act")
        async with live.lock:
            self._check_turn(live, seat, revision)
            await self._apply(live, seat, action)
            # the answer carries the log entries of this move (and of what followed by itself):
            # the page has the rest, it showed ``revision``
            out = self.payload(live, seat, lang, delta=(revision, revision))
        await self._broadcast(live, known={(seat, lang): out})
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
        if live.seats[seat].kind == "bot":
            raise Conflict(f"a bot plays seat {seat} now: take the seat back first "
                           f"(POST /api/games/{live.row.id}/seats/{seat}/reclaim)")

    async def _resolve_chance(self, live: LiveGame) -> None:
        """Move a game on that waits on chance (e.g. Burger Joint opens with draws) or on a person's
        decision with one option."""
        st = live.state
        if live.row.status != "active" or not (st.is_chance() or self._single_option(live)):
            return
        rows: list[ActionRow] = []
        self._resolve_rows(live, rows)
        await self._commit(live, rows)

    @staticmethod
    def _single_option(live: LiveGame) -> str | None:
        """The one legal action of a person's pending decision, when it should resolve by itself
        (the player's setting; bots decide for themselves). It reveals nothing: the player
        could only have clicked it."""
        st = live.state
        cp = st.current_player
        if live.row.status != "active" or cp < 0:
            return None
        s = live.seats[cp]
        if s.kind != "human" or not s.auto_single:
            return None
        legal = st.legal_actions()
        return legal[0] if len(legal) == 1 else None

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
            only = self._single_option(live)
            if only is None:
                return
            cp = st.current_player
            fp = st.hidden_fingerprint()
            text = st.describe(only)
            st.apply(only)
            rows.append(ActionRow(live.revision + len(rows), cp, only, text, fp != st.hidden_fingerprint(), True))

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
        st.forget_undo(UNDO_KEEP)
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
            result = {"scores": st.scores(), "winners": st.winners(), "breakdown": st.score_breakdown(),
                      "stand_ins": self._stand_ins(live)}
        await self._commit(live, rows, status, result)

    def _undo_point(self, live: LiveGame, seat: int) -> int | None:
        """Board Game Arena's policy: a seat may take back its own last action of the current
        turn, never across another player's action, a draw, a shuffle or a roll. The steps that
        resolved by themselves after it (one option) go back with it."""
        if live.row.status != "active" or not live.log:
            return None
        log = live.log
        i = len(log) - 1
        while i >= 0 and log[i].auto and log[i].seat == seat:
            i -= 1
        if i < 0:
            return None
        last = log[i]
        if last.seat != seat or last.auto or any(r.irreversible for r in log[i:]):
            return None
        if len(log) - last.idx > live.state.undoable():
            return None  # further back than the state keeps (UNDO_KEEP)
        return last.idx

    def _undo_why(self, live: LiveGame, seat: int | None) -> str | None:
        """Why this seat cannot undo now, for the page to say: "revealed" (its last action showed new
        information: a card drawn, a guest or a die revealed), "others" (another player moved since)."""
        if seat is None or live.row.status != "active" or not live.log or self._undo_point(live, seat) is not None:
            return None
        if live.state.current_player != seat:
            return None  # not this seat's decision: nothing to explain
        i = len(live.log) - 1
        while i >= 0 and live.log[i].auto:
            i -= 1
        if i >= 0 and live.log[i].seat == seat and live.log[i].irreversible:
            return "revealed"  # its own last move drew or revealed something (a card, a guest)
        return None  # nothing of its own to take back yet

    async def undo(self, game_id: str, token: str, revision: int, lang: str = "en") -> dict[str, Any]:
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
            while len(live.log) > idx:
                live.state.undo()
                live.log.pop()
            live.low = min(live.low, live.revision)
            out = self.payload(live, seat, lang)
        await self._broadcast(live)
        return out

    async def join(self, game_id: str, token: str, name: str, lang: str = "en") -> dict[str, Any]:
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot join")
        name = name.strip()[:60] or live.seats[seat].name
        async with live.lock:
            await asyncio.to_thread(self.store.update_seat, live.row.id, seat, name=name, joined=True)
            live.seats[seat].name = name
            live.seats[seat].joined = True
            out = self.payload(live, seat, lang)
        await self._broadcast(live)
        return out

    async def start(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
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
            out = self.payload(live, seat, lang)
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    @staticmethod
    def _stand_ins(live: LiveGame) -> list[dict[str, Any]]:
        """The person's seats a bot played at some time, with why (own / away / absent)."""
        why: dict[int, list[str]] = {}
        for c in live.changes:
            if c.change == "to_bot" and live.person_seat(c.seat):
                reasons = why.setdefault(c.seat, [])
                if c.reason not in reasons:
                    reasons.append(c.reason)
        return [{"seat": s, "reasons": r} for s, r in sorted(why.items())]

    def _takeover_reason(self, live: LiveGame, by: int, target: int) -> str:
        """Why seat ``by`` may hand seat ``target`` to a bot, or Forbidden saying why not."""
        s = live.seats[target]
        if by == target:
            return "own"
        if not live.person_seat(target):
            return "level"  # a seat that was a bot from the start: any seat may change its level
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

    async def _change_seat(self, live: LiveGame, target: int, by: int, change: str, reason: str,
                           kind: str, bot: str | None) -> None:
        """Record who plays ``target`` now (under the game's lock)."""
        s = live.seats[target]
        rec = SeatChange(len(live.changes), live.revision, target, change, bot, reason, by, s.kind, time.time())
        await asyncio.to_thread(self.store.change_seat, live.row.id, rec, kind=kind, bot=bot, joined=True)
        s.kind, s.bot, s.joined = kind, bot, True
        live.changes.append(rec)
        live.bots.pop(target, None)

    async def seat_to_bot(self, game_id: str, token: str, target: int, bot: str, lang: str = "en") -> dict[str, Any]:
        """Hand a seat to a bot: one's own at any time; another player's only once they have been away
        past the table's limit (or an empty seat before the start). A seat made for a bot changes
        its level before the start at anyone's word; once the game runs, only when every person
        playing at the table has asked for the same level (alone against bots: at once). Until
        then the request is kept and shown to all (``level_votes``), and the answer says so."""
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot change seats")
        if not 0 <= target < live.row.players:
            raise ServiceError(f"no seat {target}")
        self._check_bot(live.row.game, bot, f"seat {target}")
        async with live.lock:
            if live.row.status == "finished":
                raise Conflict("the game is over")
            reason = self._takeover_reason(live, seat, target)
            waiting: list[int] = []
            if reason == "level" and live.row.status == "active":
                votes = live.level_votes.setdefault(target, {})
                votes[seat] = bot
                people = {s.seat for s in live.seats if s.kind == "human"} | {seat}
                waiting = sorted(p for p in people if votes.get(p) != bot)
            if waiting:
                out = self.payload(live, seat, lang)
                out["pending"] = {"seat": target, "bot": bot, "waiting_for": waiting}
            else:
                live.level_votes.pop(target, None)
                await self._change_seat(live, target, seat, "to_bot", reason, "bot", bot)
                out = self.payload(live, seat, lang)
        self.bot_pool.start()
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    async def settings(self, game_id: str, token: str, target: int, auto_single: bool,
                       lang: str = "en") -> dict[str, Any]:
        """A player's own settings: whether a decision with one option resolves by itself."""
        live, seat = await self.auth(game_id, token)
        if seat != target:
            raise Forbidden(f"only seat {target}'s own link can change its settings")
        async with live.lock:
            await asyncio.to_thread(self.store.update_seat, live.row.id, target, auto_single=auto_single)
            live.seats[target].auto_single = auto_single
            await self._resolve_chance(live)
            out = self.payload(live, seat, lang)
        await self._broadcast(live)
        self._schedule_bots(live)
        return out

    async def reclaim(self, game_id: str, token: str, target: int, lang: str = "en") -> dict[str, Any]:
        """A player takes their own seat back from the bot that played it (with their own link)."""
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators cannot take seats")
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
            await self._change_seat(live, target, seat, "reclaimed", "return", "human", None)
            await self._resolve_chance(live)
            out = self.payload(live, seat, lang)
        await self._broadcast(live)
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

    async def record(self, game_id: str, token: str) -> dict[str, Any]:
        live, _seat = await self.auth(game_id, token)
        if live.row.status != "finished":
            raise Conflict("a game's record can be downloaded once it is finished (it names hidden cards)")
        return {"format": "tabletop-game-record/1", "game": live.row.game, "game_id": live.row.id,
                "players": live.row.players, "config": live.row.config, "seed": live.row.seed,
                "names": [s.name for s in live.seats], "actions": [a.action for a in live.log],
                "scores": live.state.scores(), "winners": live.state.winners(), "result": live.row.result}

    async def replay(self, game_id: str, token: str, step: int) -> dict[str, Any]:
        """The public (spectator) view after ``step`` log entries of a finished game."""
        live, _seat = await self.auth(game_id, token)
        if live.row.status != "finished":
            raise Conflict("replays are for finished games")
        if not 0 <= step <= live.revision:
            raise ServiceError(f"step must be 0-{live.revision}")
        _step, st = next(coach.walk(self._start(live), [a.action for a in live.log], [step]))
        return {"game_id": live.row.id, "step": step, "steps": live.revision, "view": st.view(None),
                "prompt": st.prompt(), "scores": st.scores(),
                "text": live.log[step - 1].text if step else "setup"}

    @staticmethod
    def _start(live: LiveGame) -> GameState:
        """The game as it was dealt (the replay and the review play its log on from there)."""
        return get_game(live.row.game).new_game(players=live.row.players, seed=live.row.seed, **live.row.config)

    # ----------------------------------------------------------------- coach
    @staticmethod
    def hints_allowed(live: LiveGame, seat: int | None) -> bool:
        """Hints are for a seat playing against bots only, unless the table allows them to all
        (a game option everyone sees): nobody gets secret help against another person."""
        if seat is None:
            return False
        return live.row.hints or not any(live.person_seat(s.seat) for s in live.seats if s.seat != seat)

    async def hint(self, game_id: str, token: str, lang: str = "en", top: int = 3) -> dict[str, Any]:
        """The coach's best moves for the token's seat's pending decision, judged from its view."""
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("spectators get no hints")
        if not self.hints_allowed(live, seat):
            raise Forbidden("this table does not allow hints between people (a game option at creation)")
        async with live.lock:
            if live.row.status != "active" or live.state.current_player != seat:
                raise Conflict("a hint is for your own pending decision: it is not your turn")
            revision = live.revision
            st = live.state
            legal = list(st.legal_actions())
            view = st.view(seat)
            texts = {x["action"]: x["text"] for x in self._legal(live, lang)}
        key = (revision, seat)
        moves = live.hints.get(key)
        if moves is None:
            moves = await self._once(("hint", live.row.id, revision, seat, top),
                                     lambda: self.bot_pool.run(coach.hint, live.row.game, seat, legal, view, top))
            live.hints = {key: moves}  # the latest decision's only
        best = moves[0].worth
        cat = catalog(lang)
        return {"revision": revision, "seat": seat,
                "moves": [{"action": m.action, "text": texts.get(m.action, m.action), "worth": m.worth,
                           "behind": round(best - m.worth, 2), **_reasons(cat, m.why)} for m in moves]}

    async def review(self, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
        """After the game: the token's seat's decisions that lost the most against the coach's pick,
        each with the replay step to jump to."""
        live, seat = await self.auth(game_id, token)
        if seat is None:
            raise Forbidden("a review is of your own moves: open it with your seat's link")
        if live.row.status != "finished":
            raise Conflict("the review comes once the game is over")
        found = live.reviews.get(seat)
        actions = [a.action for a in live.log]
        if found is None:
            row = live.row
            found = await self._once(("review", row.id, seat), lambda: self.bot_pool.run(
                coach.review_game, row.game, row.players, row.seed, row.config, actions, [seat]))
            live.reviews[seat] = found
        by_step = {m.step: m for m in found}
        said: dict[int, dict[str, Any]] = {}
        cat = catalog(lang)

        def move(advice: coach.Advice, say: Callable[[str], str]) -> dict[str, Any]:
            return {"action": advice.action, "text": say(advice.action), "worth": advice.worth,
                    **_reasons(cat, advice.why)}

        for step, st in coach.walk(self._start(live), actions, by_step):  # the game played once, not per line
            m, say = by_step[step], self._sayer(live, st, lang)
            said[step] = {"step": step, "round": getattr(st, "round", None),
                          "played": move(m.played, say), "best": move(m.best, say), "loss": m.loss,
                          **_reasons(cat, m.why, "review.reasons")}
        out = [said[m.step] for m in found]
        return {"seat": seat, "mistakes": out}

    async def _once(self, key: tuple[Any, ...], work: Callable[[], Awaitable[Any]]) -> Any:
        """The coach's answer for ``key``, worked out once however many identical requests arrive
        while it is being worked out (each waits for the same result)."""
        running = self._coaching.get(key)
        if running is None:
            running = asyncio.get_running_loop().create_future()
            self._coaching[key] = running
            try:
                running.set_result(await work())
            except ValueError as exc:
                running.set_exception(Conflict(str(exc)))
            except BaseException:
                running.cancel()  # the first request was cancelled: the others ask again
                raise
            finally:
                del self._coaching[key]
        return await asyncio.shield(running)

    # ------------------------------------------------------------------ bots
    def _schedule_bots(self, live: LiveGame) -> None:
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
                    await self._apply(live, cp, action)
                except ServiceError:
                    await asyncio.sleep(1.0)  # the store is down: try again later
                    continue
            await self._broadcast(live)
            # a pause between two bots' turns, so that people can follow them; a bot's own turn is
            # played at once, so it follows the player's without waiting on each of its decisions
            nxt = live.state.current_player
            if self.bot_delay and nxt != cp and 0 <= nxt < len(live.seats) and live.seats[nxt].kind == "bot":
                await asyncio.sleep(self.bot_delay)

    async def drain(self) -> None:
        """Stop the running bot tasks and the bot workers (tests and shutdown)."""
        tasks = [g.bot_task for g in self.live.values() if g.bot_task and not g.bot_task.done()]
        for t in tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t
        self.bot_pool.shutdown()

    # ---------------------------------------------------------- subscribers
    async def subscribe(self, game_id: str, token: str, send: Sender,
                        lang: str = "en") -> tuple[int, LiveGame, int | None]:
        live, seat = await self.auth(game_id, token)
        self._next_sub += 1
        live.subscribers[self._next_sub] = (send, seat, lang)
        if seat is not None:
            live.connections[seat] = live.connections.get(seat, 0) + 1
            if live.connections[seat] == 1:
                self._presence_changed(live)
        return self._next_sub, live, seat

    def unsubscribe(self, live: LiveGame, sub_id: int) -> None:
        entry = live.subscribers.pop(sub_id, None)
        seat = entry[1] if entry else None
        if seat is not None:
            live.connections[seat] = max(0, live.connections.get(seat, 0) - 1)
            live.seen[seat] = time.monotonic()  # away counts from the end of the last connection
            if live.connections[seat] == 0:
                self._presence_changed(live)

    def _presence_changed(self, live: LiveGame) -> None:
        """Tell the table that a player came or went (the away countdown starts or stops): a small
        ``seats`` message, not a whole new state."""
        if live.row.status == "active" and live.subscribers:
            task = asyncio.get_running_loop().create_task(self._send_seats(live))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _send_seats(self, live: LiveGame) -> None:
        seats = [self._seat_entry(live, s) for s in live.seats]
        msg = dumps({"type": "seats", "revision": live.revision, "seats": seats})
        for sub_id, (send, _seat, _lang) in list(live.subscribers.items()):
            try:
                await send(msg)
            except Exception:
                live.subscribers.pop(sub_id, None)

    async def _broadcast(self, live: LiveGame,
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
            cache: dict[tuple[int | None, str], str] = {}
            for key, payload in (known or {}).items():
                if payload["revision"] == live.revision and payload["status"] == live.row.status and (
                        payload["log_after"] is None or (payload["log_after"], payload["log_since"]) == delta):
                    cache[key] = dumps({"type": "state", **payload})
            dead = []
            for sub_id, (send, seat, lang) in list(live.subscribers.items()):
                text = cache.get((seat, lang))
                if text is None:
                    text = cache[seat, lang] = dumps({"type": "state", **self.payload(live, seat, lang, delta)})
                try:
                    await send(text)
                except Exception:
                    dead.append(sub_id)
            for sub_id in dead:
                live.subscribers.pop(sub_id, None)


def dumps(message: dict[str, Any]) -> str:
    """A WebSocket message as JSON text (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
