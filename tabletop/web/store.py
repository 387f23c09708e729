"""Durable storage of hosted games: config + seed + append-only action log.

SQLite (a file, embedded) by default; PostgreSQL when given a
``postgresql://`` URL. An action is committed before the server answers or
tells anyone about it, so a crash never loses an accepted action.

The database is the authority when several server processes share it: each game has a
``version``, and every write names the version its writer saw and bumps it in the same
transaction (compare and set), so of two processes that change a game at once exactly one
succeeds; the other gets :class:`Stale`, reads the game again and answers 409 if its client's
move no longer fits. On PostgreSQL each write also sends ``NOTIFY tabletop_games`` with the
game's id and new version, delivered on commit to every process (``web/bus.py``); a write that
only appends actions carries them too (``append_note``), so that the others need not read the
game again. A game's
bot turns are played by the one process holding its duty lease (``take_duty``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("config", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(12), nullable=False),  # open / active / finished
    Column("spectator", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("result", Text),
    # seconds a person may be away (no connection, no action) before the others may hand
    # the seat to a bot; NULL: never (added after the first release: see _migrate)
    Column("away_limit", Integer),
    # the people at this table may ask the coach for hints (NULL: no; a game against bots
    # offers them anyway); added later, see _migrate
    Column("hints", Boolean),
    # bumped by every write (NULL: 0, a game stored before versions); see the module docstring
    Column("version", Integer),
    # a bot is to move (the duty sweep looks for these), and which process plays its turns until when
    Column("bot_turn", Boolean),
    Column("duty_owner", String(40)),
    Column("duty_until", Float),
    # spectators may write in the table's chat (web/chat.py); NULL: no
    Column("spectator_chat", Boolean),
    # an open table anyone may sit at (GET /api/tables); NULL: private, its links only
    Column("listed", Boolean),
    Column("lang", String(8)),  # the language its maker plays in (shown in the list of open tables)
    Column("rematch", String(32)),  # the game its people play next (one click at the end)
    Column("clock", Text),  # JSON: the table's clock (web/clocks.py); NULL: none
    Column("clock_state", Text),  # JSON: each seat's bank, whose turn runs since when, its deadline
    Column("deadline", Float, index=True),  # when the running turn's time is up (the clock sweep reads it)
    Column("remind_at", Float, index=True),  # when the running turn's player is reminded (web/clocks.py)
    Column("rated", Boolean),  # a rated table (web/ratings.py); NULL: no
    Column("rated_done", Boolean),  # its ratings are written (once); NULL: not yet
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("kind", String(8), nullable=False),  # human / bot
    Column("bot", String(80)),
    Column("name", String(60), nullable=False),
    Column("joined", Boolean, nullable=False),
    # a decision with one option resolves itself for this player (NULL: yes; added later, see _migrate)
    Column("auto_single", Boolean),
    # presence shared by server processes: a connection to some process until (renewed while
    # it lasts), and when the player was last heard from (wall clock); added later, see _migrate
    Column("present_until", Float),
    Column("seen_at", Float),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),  # -1 = chance
    Column("action", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Column("irreversible", Boolean, nullable=False),
    Column("created", Float, nullable=False),
    Column("auto", Boolean),  # resolved by itself: the only option (added later, see _migrate)
)


# Who plays a seat changed: a bot took it over or its player took it back. Kept apart from
# the action log (the engine never sees these), shown in the game log at its revision.
seat_changes = Table(
    "seat_changes", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, ... per game
    Column("revision", Integer, nullable=False),  # actions played before the change
    Column("seat", Integer, nullable=False),
    Column("change", String(12), nullable=False),  # to_bot / reclaimed
    Column("bot", String(80)),
    Column("reason", String(12), nullable=False),  # own / away / absent / level / return
    Column("by_seat", Integer, nullable=False),
    Column("was", String(8), nullable=False),  # the seat's kind before: human / bot
    Column("created", Float, nullable=False),
)


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    config: dict[str, Any]
    seed: int
    status: str
    spectator: str
    created: float
    result: dict[str, Any] | None
    away_limit: int | None = 600
    hints: bool = False
    version: int = 0
    listed: bool = False
    lang: str | None = None
    rematch: str | None = None
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    rated: bool = False


class Stale(Exception):
    """Another writer changed the game since the version this one saw: nothing was written."""


CHANNEL = "tabletop_games"  # PostgreSQL NOTIFY channel: "<game id> <version>[ <rows>]" after each write
# PostgreSQL refuses a notification's payload from 8000 bytes on: a longer append is announced
# without its rows (the listeners read the game)
NOTE_MAX = 7900


@dataclass
class SeatRow:
    seat: int
    token: str
    kind: str
    bot: str | None
    name: str
    joined: bool
    auto_single: bool = True


@dataclass
class ActionRow:
    idx: int
    seat: int
    action: str
    text: str
    irreversible: bool
    auto: bool = False


def append_note(rows: list[ActionRow]) -> str:
    """The appended rows as a notification carries them (JSON, named fields)."""
    return json.dumps([{"idx": r.idx, "seat": r.seat, "action": r.action, "text": r.text,
                        "irreversible": r.irreversible, "auto": r.auto} for r in rows],
                      separators=(",", ":"))


def read_note(note: str) -> list[ActionRow] | None:
    """The rows of an ``append_note``; None if it is not one (the listener reads the game)."""
    try:
        return [ActionRow(int(r["idx"]), int(r["seat"]), str(r["action"]), str(r["text"]),
                          bool(r["irreversible"]), bool(r["auto"])) for r in json.loads(note)]
    except (ValueError, TypeError, KeyError):
        return None


@dataclass
class SeatChange:
    n: int
    revision: int
    seat: int
    change: str
    bot: str | None
    reason: str
    by_seat: int
    was: str
    created: float


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # safe against process crashes in WAL mode
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, pool_size=8)
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    return engine


class Store:
    def __init__(self, url: str, wait: float = 0.0) -> None:
        """``wait``: seconds to keep trying a database that does not answer yet (a container
        started beside it)."""
        self.url = url
        self.engine = make_engine(url)
        deadline = time.monotonic() + wait
        while True:
            try:
                metadata.create_all(self.engine)
                break
            except OperationalError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(1.0)
        self._migrate()

    @property
    def shared(self) -> bool:
        """Whether several server processes can share this store (PostgreSQL, not SQLite)."""
        return self.engine.dialect.name == "postgresql"

    def _migrate(self) -> None:
        """Bring a database made by an older release up to date (columns added since)."""
        added = [("games", "away_limit", "INTEGER"), ("seats", "auto_single", "BOOLEAN"),
                 ("actions", "auto", "BOOLEAN"), ("games", "hints", "BOOLEAN"), ("games", "version", "INTEGER"),
                 ("games", "bot_turn", "BOOLEAN"), ("games", "duty_owner", "VARCHAR(40)"),
                 ("games", "duty_until", "FLOAT"), ("seats", "present_until", "FLOAT"),
                 ("seats", "seen_at", "FLOAT"), ("games", "spectator_chat", "BOOLEAN"),
                 ("games", "listed", "BOOLEAN"), ("games", "lang", "VARCHAR(8)"), ("games", "rematch", "VARCHAR(32)"),
                 ("games", "clock", "TEXT"), ("games", "clock_state", "TEXT"), ("games", "deadline", "FLOAT"),
                 ("games", "rated", "BOOLEAN"), ("games", "rated_done", "BOOLEAN"), ("games", "remind_at", "FLOAT")]
        for table, column, kind in added:
            have = {c["name"] for c in inspect(self.engine).get_columns(table)}
            if column not in have:
                try:
                    with self.engine.begin() as c:
                        c.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                except DBAPIError:  # another process starting at the same moment added it first
                    if column not in {c["name"] for c in inspect(self.engine).get_columns(table)}:
                        raise

    def _bump(self, c: Connection, game_id: str, expect: int, bot_turn: bool | None = None,
              note: str | None = None, **values: Any) -> int:
        """The write's compare and set: the game's version goes from ``expect`` to ``expect + 1``
        (with ``values``), or :class:`Stale` and the transaction is rolled back. The new version;
        on PostgreSQL every listening process is told on commit (with ``note``: the appended
        rows, ``append_note``)."""
        if bot_turn is not None:
            values["bot_turn"] = bot_turn
        done = c.execute(update(games).where(games.c.id == game_id, func.coalesce(games.c.version, 0) == expect)
                         .values(version=expect + 1, **values))
        if done.rowcount != 1:
            raise Stale(f"game {game_id} is past version {expect}")
        if self.shared:
            payload = f"{game_id} {expect + 1}"
            if note is not None and len(payload) + 1 + len(note) <= NOTE_MAX:  # ASCII: one byte a character
                payload += " " + note
            c.execute(select(func.pg_notify(CHANNEL, payload)))
        return expect + 1

    def ping(self) -> None:
        """Raise if the database does not answer."""
        with self.engine.connect() as c:
            c.execute(select(1))

    def create_game(self, row: GameRow, seat_rows: list[SeatRow], bot_turn: bool = False) -> None:
        with self.engine.begin() as c:
            c.execute(insert(games).values(
                id=row.id, game=row.game, players=row.players, config=json.dumps(row.config),
                seed=row.seed, status=row.status, spectator=row.spectator, created=row.created,
                result=None, away_limit=row.away_limit, hints=row.hints, version=row.version, bot_turn=bot_turn,
                listed=row.listed, lang=row.lang, clock=json.dumps(row.clock) if row.clock else None,
                rated=row.rated or None))
            for s in seat_rows:
                c.execute(insert(seats).values(game_id=row.id, seat=s.seat, token=s.token, kind=s.kind,
                                               bot=s.bot, name=s.name, joined=s.joined))

    def load_game(self, game_id: str, since: int = 0
                  ) -> tuple[GameRow, list[SeatRow], list[ActionRow], list[SeatChange]] | None:
        """The game, its seats, its actions from index ``since`` on, and its seat changes."""
        with self.engine.connect() as c:
            g = c.execute(select(games).where(games.c.id == game_id)).first()
            if g is None:
                return None
            srows = c.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
            arows = c.execute(select(actions).where(actions.c.game_id == game_id, actions.c.idx >= since)
                              .order_by(actions.c.idx)).all()
            crows = c.execute(select(seat_changes).where(seat_changes.c.game_id == game_id)
                              .order_by(seat_changes.c.n)).all()
        return (
            GameRow(g.id, g.game, g.players, json.loads(g.config), g.seed, g.status, g.spectator, g.created,
                    json.loads(g.result) if g.result else None, g.away_limit, bool(g.hints), g.version or 0,
                    bool(g.listed), g.lang, g.rematch, json.loads(g.clock) if g.clock else None,
                    json.loads(g.clock_state) if g.clock_state else None, bool(g.rated)),
            [SeatRow(s.seat, s.token, s.kind, s.bot, s.name, s.joined, s.auto_single is not False) for s in srows],
            [ActionRow(a.idx, a.seat, a.action, a.text, a.irreversible, bool(a.auto)) for a in arows],
            [SeatChange(r.n, r.revision, r.seat, r.change, r.bot, r.reason, r.by_seat, r.was, r.created)
             for r in crows],
        )

    def open_tables(self, since: float, limit: int = 100) -> list[tuple[GameRow, list[SeatRow]]]:
        """Listed tables waiting for people (made after ``since``), newest first, with their seats."""
        with self.engine.connect() as c:
            rows = c.execute(select(games).where(games.c.status == "open", games.c.listed.is_(True),
                                                 games.c.created > since)
                             .order_by(games.c.created.desc()).limit(limit)).all()
            ids = [g.id for g in rows]
            by_game: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in c.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)):
                    by_game[s.game_id].append(SeatRow(s.seat, s.token, s.kind, s.bot, s.name, s.joined))
        return [(GameRow(g.id, g.game, g.players, json.loads(g.config), g.seed, g.status, g.spectator, g.created,
                         None, g.away_limit, bool(g.hints), g.version or 0, True, g.lang,
                         clock=json.loads(g.clock) if g.clock else None, rated=bool(g.rated)), by_game[g.id])
                for g in rows]

    def set_rematch(self, game_id: str, rematch: str, expect: int) -> int:
        with self.engine.begin() as c:
            return self._bump(c, game_id, expect, rematch=rematch)

    def game_for_token(self, token: str) -> tuple[str, int | None] | None:
        """(game id, seat) for a seat token, (game id, None) for a spectator token."""
        with self.engine.connect() as c:
            s = c.execute(select(seats.c.game_id, seats.c.seat).where(seats.c.token == token)).first()
            if s is not None:
                return s.game_id, s.seat
            g = c.execute(select(games.c.id).where(games.c.spectator == token)).first()
            return (g.id, None) if g is not None else None

    def append_actions(self, game_id: str, rows: list[ActionRow], expect: int, bot_turn: bool,
                       status: str | None = None, result: dict[str, Any] | None = None,
                       game_values: dict[str, Any] | None = None) -> int:
        """``game_values``: more of the game's columns written with the move (its clock)."""
        now = time.time()
        with self.engine.begin() as c:
            extra: dict[str, Any] = dict(game_values or {})
            if status is not None:
                extra.update(status=status, result=json.dumps(result) if result is not None else None)
            note = append_note(rows) if status is None else None  # a game ending: read whole
            version = self._bump(c, game_id, expect, bot_turn, note, **extra)
            for r in rows:
                c.execute(insert(actions).values(game_id=game_id, idx=r.idx, seat=r.seat, action=r.action,
                                                 text=r.text, irreversible=r.irreversible, created=now,
                                                 auto=r.auto))
        return version

    def truncate_actions(self, game_id: str, from_idx: int, expect: int, bot_turn: bool) -> int:
        with self.engine.begin() as c:
            version = self._bump(c, game_id, expect, bot_turn)
            c.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.idx >= from_idx))
        return version

    def set_status(self, game_id: str, status: str, expect: int, bot_turn: bool,
                   game_values: dict[str, Any] | None = None) -> int:
        with self.engine.begin() as c:
            return self._bump(c, game_id, expect, bot_turn, status=status, **(game_values or {}))

    def due_deadlines(self, now: float) -> list[str]:
        """Running games whose turn's time is up."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games.c.id).where(
                games.c.status == "active", games.c.deadline.is_not(None), games.c.deadline <= now))]

    def due_reminders(self, now: float) -> list[tuple[str, str, float, dict[str, Any]]]:
        """Running games whose player is to be reminded now: (id, game, when, the clock state)."""
        with self.engine.connect() as c:
            return [(r.id, r.game, r.remind_at, json.loads(r.clock_state)) for r in c.execute(
                select(games.c.id, games.c.game, games.c.remind_at, games.c.clock_state).where(
                    games.c.status == "active", games.c.remind_at.is_not(None), games.c.remind_at <= now))
                if r.clock_state]

    def reminded(self, game_id: str, when: float) -> bool:
        """Mark the reminder due at ``when`` as sent (no version: not a change of the game); False
        if another process marked it, or a move replaced it, first."""
        with self.engine.begin() as c:
            done = c.execute(update(games).where(games.c.id == game_id, games.c.remind_at == when)
                             .values(remind_at=None))
            return done.rowcount == 1

    def update_seat(self, game_id: str, seat: int, expect: int, bot_turn: bool | None = None, **values: Any) -> int:
        with self.engine.begin() as c:
            version = self._bump(c, game_id, expect, bot_turn)
            c.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values))
        return version

    def change_seat(self, game_id: str, change: SeatChange, expect: int, bot_turn: bool,
                    game_values: dict[str, Any] | None = None, **values: Any) -> int:
        """Record who plays a seat now and why, with the seat's new values, in one transaction."""
        with self.engine.begin() as c:
            version = self._bump(c, game_id, expect, bot_turn, **(game_values or {}))
            c.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == change.seat).values(**values))
            c.execute(insert(seat_changes).values(
                game_id=game_id, n=change.n, revision=change.revision, seat=change.seat, change=change.change,
                bot=change.bot, reason=change.reason, by_seat=change.by_seat, was=change.was,
                created=change.created))
        return version

    # ------------------------------------------------------------- presence
    def beat(self, marks: list[tuple[str, int, float | None, float]]) -> None:
        """Presence marks (game id, seat, connected until or None, last seen): each only moves a
        seat's times forward (several processes mark the same seat). Not a game change: no version."""
        if not marks:
            return
        with self.engine.begin() as c:
            for game_id, seat, until, seen in marks:
                where = (seats.c.game_id == game_id, seats.c.seat == seat)
                c.execute(update(seats).where(*where, or_(seats.c.seen_at.is_(None), seats.c.seen_at < seen))
                          .values(seen_at=seen))
                if until is not None:
                    c.execute(update(seats).where(*where, or_(seats.c.present_until.is_(None),
                                                              seats.c.present_until < until))
                              .values(present_until=until))

    def presence(self, game_ids: list[str]) -> dict[str, dict[int, tuple[float | None, float | None]]]:
        """Each game's seats' (connected until, last seen), as the processes marked them."""
        out: dict[str, dict[int, tuple[float | None, float | None]]] = {g: {} for g in game_ids}
        if not game_ids:
            return out
        with self.engine.connect() as c:
            rows = c.execute(select(seats.c.game_id, seats.c.seat, seats.c.present_until, seats.c.seen_at)
                             .where(seats.c.game_id.in_(game_ids)))
            for r in rows:
                out[r.game_id][r.seat] = (r.present_until, r.seen_at)
        return out

    # ------------------------------------------------------- the bots' duty
    def take_duty(self, game_id: str, owner: str, seconds: float) -> bool:
        """Whether ``owner`` (a server process) plays the game's bot turns for the next ``seconds``:
        it holds the lease already, or the lease is free or has run out (its holder died)."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(update(games).where(
                games.c.id == game_id,
                or_(games.c.duty_owner.is_(None), games.c.duty_owner == owner, games.c.duty_until < now),
            ).values(duty_owner=owner, duty_until=now + seconds))
            return done.rowcount == 1

    def release_duty(self, game_id: str, owner: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == game_id, games.c.duty_owner == owner)
                      .values(duty_owner=None, duty_until=None))

    def due_duties(self) -> list[str]:
        """Running games where a bot is to move and no process holds the lease (or its holder died)."""
        now = time.time()
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games.c.id).where(
                games.c.status == "active", games.c.bot_turn.is_(True),
                or_(games.c.duty_owner.is_(None), games.c.duty_until < now)))]

    def active_game_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games.c.id).where(games.c.status == "active"))]
