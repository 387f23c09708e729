"""A hosted game as the server holds it in memory: the engine state rebuilt from the store, its
seats, the log, who is connected, and the rules of the table that follow from them alone (who
is away, whether hints are allowed, how far back an undo may go). Nothing here talks to the
store or to a client: the other parts of the service do, through a LiveGame."""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.bots import coach
from tabletop.bots.base import Bot
from tabletop.bots.registry import LEVELS, make_bot, parse_bot_spec, with_time_limit
from tabletop.bots.search import check_eval
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed
from tabletop.core.state import GameState
from tabletop.web.errors import ServiceError
from tabletop.web.store import ActionRow, GameRow, SeatChange, SeatRow

# actions the live state keeps undo information for: an undo takes back a seat's own last action
# and the steps that resolved by themselves after it, far fewer; keeping every action's would
# grow each game's journal to thousands of objects for the garbage collector to visit
UNDO_KEEP = 40
# Web clients choose bots by level only: a free bot budget would let anyone make the server think forever.
# A game offers those whose judgement it has (web_bots: the master's is a model only some games have).
WEB_BOTS = ("random", "easy", "medium", "hard", "expert", "master")
GAME_ID = re.compile(r"^[0-9a-f]{16}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,100}$")

Sender = Callable[[str], Awaitable[None]]  # sends one JSON text to one WebSocket


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


def check_bot(game: str, spec: str, where: str) -> None:
    """Refuse a bot the game does not offer (``web_bots``: a level whose judgement it lacks too)."""
    offered = web_bots(game)
    if spec not in offered:
        raise ServiceError(f"{where}: bot must be one of {', '.join(offered)} "
                           f"(the bots {get_game(game).title} offers), not {spec[:40]!r}")
    try:
        make_bot(spec, 0)
    except ValueError as exc:
        raise ServiceError(f"{where}: {exc}") from None


class LiveGame:
    """One hosted game in memory. Its ``lock`` orders every change; readers see only committed
    moves (the authority puts the state back while the store commits)."""

    def __init__(self, row: GameRow, seats: list[SeatRow], state: GameState, log: list[ActionRow],
                 changes: list[SeatChange] | None = None) -> None:
        self.row = row
        self.seats = seats
        self.state = state
        self.log = log
        self.changes: list[SeatChange] = changes or []
        # presence: open connections per seat (on this process), and when each seat was last
        # heard from here (a request or a connection ending; wall clock, comparable across
        # processes); after a restart everyone counts as just seen
        self.connections: dict[int, int] = {}
        now = time.time()
        self.seen: dict[int, float] = {s.seat: now for s in seats}
        # what the other processes sharing the store know (seat: (connected until, last seen)),
        # read by the presence beat (web/seats.py); empty with one process
        self.elsewhere: dict[int, tuple[float | None, float | None]] = {}
        self.lock = asyncio.Lock()
        # another process changed the game and nothing here follows it (no socket, no bot turn):
        # it is read again when next asked for (Authority.get), not at every change
        self.stale = False
        self.subscribers: dict[int, tuple[Sender, int | None, str]] = {}  # send, seat, language
        self.chat: list[Any] | None = None  # the table's chat lines (web/chat.py), read when first asked
        self.chat_lock = asyncio.Lock()
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
        self.pushed_version = 0  # the store version of the game as last pushed (web/fanout.py)
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
        now = time.time()
        until, seen = self.elsewhere.get(seat, (None, None))
        if until is not None and until > now:
            return None  # connected to another process
        return max(0.0, now - max(self.seen[seat], seen or 0.0))

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

    def hints_allowed(self, seat: int | None) -> bool:
        """Hints are for a seat playing against bots only, unless the table allows them to all
        (a game option everyone sees): nobody gets secret help against another person; and at a
        rated table nobody gets any."""
        if seat is None or (self.row.rated and self.row.status != "finished"):
            return False  # a rated game gives nobody help (web/ratings.py)
        return self.row.hints or not any(self.person_seat(s.seat) for s in self.seats if s.seat != seat)

    def single_option(self) -> str | None:
        """The one legal action of a person's pending decision, when it should resolve by itself
        (the player's setting; bots decide for themselves). It reveals nothing: the player
        could only have clicked it."""
        st = self.state
        cp = st.current_player
        if self.row.status != "active" or cp < 0:
            return None
        s = self.seats[cp]
        if s.kind != "human" or not s.auto_single:
            return None
        legal = st.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def undo_point(self, seat: int) -> int | None:
        """Board Game Arena's policy: a seat may take back its own last action of the current
        turn, never across another player's action, a draw, a shuffle or a roll. The steps that
        resolved by themselves after it (one option) go back with it."""
        if self.row.status != "active" or not self.log:
            return None
        log = self.log
        i = len(log) - 1
        while i >= 0 and log[i].auto and log[i].seat == seat:
            i -= 1
        if i < 0:
            return None
        last = log[i]
        if last.seat != seat or last.auto or any(r.irreversible for r in log[i:]):
            return None
        if len(log) - last.idx > self.state.undoable():
            return None  # further back than the state keeps (UNDO_KEEP)
        return last.idx

    def undo_why(self, seat: int | None) -> str | None:
        """Why this seat cannot undo now, for the page to say: "revealed" (its last action showed new
        information: a card drawn, a guest or a die revealed), "others" (another player moved since)."""
        if seat is None or self.row.status != "active" or not self.log or self.undo_point(seat) is not None:
            return None
        if self.state.current_player != seat:
            return None  # not this seat's decision: nothing to explain
        i = len(self.log) - 1
        while i >= 0 and self.log[i].auto:
            i -= 1
        if i >= 0 and self.log[i].seat == seat and self.log[i].irreversible:
            return "revealed"  # its own last move drew or revealed something (a card, a guest)
        return None  # nothing of its own to take back yet

    def stand_ins(self) -> list[dict[str, Any]]:
        """The person's seats a bot played at some time, with why (own / away / absent)."""
        why: dict[int, list[str]] = {}
        for c in self.changes:
            if c.change == "to_bot" and self.person_seat(c.seat):
                reasons = why.setdefault(c.seat, [])
                if c.reason not in reasons:
                    reasons.append(c.reason)
        return [{"seat": s, "reasons": r} for s, r in sorted(why.items())]
