"""The table's chat: lines kept with the game (the replay shows each at the moment it was said),
pushed live to everyone watching, on every server process.

A line is plain text, never markup: the server keeps and sends it as it was typed (less control
characters), and the page puts it in the document as text. It is at most ``MAX_CHARS`` long and
``MAX_LINES`` lines; a seat may say ``RATE_LINES`` lines per ``RATE_SECONDS`` (on each process;
the per-address write limit counts as well). The seats may write; spectators read, and write
only at a table made with ``spectator_chat``. Muting a person is the reader's own business: the
page hides their lines for that reader only.

With several processes, a line is announced on its own channel (``NOTIFY tabletop_chat``) with
its text, so that the others push it to their sockets without reading the store.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import unicodedata
from collections import deque
from dataclasses import asdict, dataclass

from sqlalchemy import Column, Float, Integer, String, Table, Text, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.web.bus import CHAT_CHANNEL
from tabletop.web.errors import Conflict, Forbidden, ServiceError, TooMany
from tabletop.web.live import LiveGame
from tabletop.web.store import Store, games, metadata
from tabletop.web.views import chat_line

MAX_CHARS = 500
MAX_LINES = 6
RATE_LINES, RATE_SECONDS = 5, 10.0
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")

chat = Table(
    "chat", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, ... per game
    Column("seat", Integer),  # None: a spectator
    Column("name", String(60), nullable=False),  # the seat's name when it was said
    Column("revision", Integer, nullable=False),  # actions played before it (the replay's step)
    Column("text", Text, nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass
class ChatLine:
    n: int
    seat: int | None
    name: str
    revision: int
    text: str
    created: float


def clean(text: str) -> str:
    """The line as kept: NFC, no control or direction-changing characters, at most ``MAX_LINES``
    lines, trimmed; a refusal (400, with a code for the page's words) when empty or too long."""
    text = _CONTROL.sub("", unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n")))
    text = "\n".join(line.rstrip() for line in text.strip().split("\n"))
    if not text:
        raise ServiceError("an empty chat line", "chat.empty")
    if len(text) > MAX_CHARS:
        raise ServiceError(f"a chat line has at most {MAX_CHARS} characters", "chat.too_long")
    if text.count("\n") >= MAX_LINES:
        raise ServiceError(f"a chat line has at most {MAX_LINES} lines", "chat.too_long")
    return text


class ChatStore:
    """The chat's part of the store (blocking: call it in a thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        metadata.create_all(self.engine, tables=[chat])

    def add(self, game_id: str, seat: int | None, name: str, revision: int, text: str) -> ChatLine:
        for _ in range(5):  # two processes taking the same number: one of them takes the next
            try:
                with self.engine.begin() as c:
                    n = c.execute(select(func.coalesce(func.max(chat.c.n) + 1, 0)).where(chat.c.game_id == game_id)
                                  ).scalar_one()
                    line = ChatLine(n, seat, name, revision, text, time.time())
                    c.execute(insert(chat).values(game_id=game_id, **asdict(line)))
                    if self.store.shared:
                        payload = f"{game_id} {json.dumps(asdict(line))}"
                        if len(payload.encode()) < 7900:
                            c.execute(select(func.pg_notify(CHAT_CHANNEL, payload)))
                        else:
                            c.execute(select(func.pg_notify(CHAT_CHANNEL, f"{game_id} {n}")))
                return line
            except IntegrityError:
                continue
        raise Conflict("the chat is busy: say it again", "chat.busy")

    def lines(self, game_id: str, since: int = 0) -> list[ChatLine]:
        with self.engine.connect() as c:
            rows = c.execute(select(chat).where(chat.c.game_id == game_id, chat.c.n >= since).order_by(chat.c.n)).all()
        return [ChatLine(r.n, r.seat, r.name, r.revision, r.text, r.created) for r in rows]

    def spectators_may_write(self, game_id: str) -> bool:
        with self.engine.connect() as c:
            return bool(c.execute(select(games.c.spectator_chat).where(games.c.id == game_id)).scalar())

    def allow_spectators(self, game_id: str, allowed: bool) -> None:
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == game_id).values(spectator_chat=allowed))


class ChatDesk:
    """Saying and reading lines; pushing them to the game's sockets (``type: chat``)."""

    def __init__(self, store: Store) -> None:
        self.store = ChatStore(store)
        self._said: dict[tuple[str, int | None], deque[float]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def lines(self, live: LiveGame) -> list[ChatLine]:
        """The game's lines (read from the store the first time; kept up to date after)."""
        kept: list[ChatLine] | None = live.chat
        if kept is None:
            kept = await asyncio.to_thread(self.store.lines, live.row.id)
            live.chat = kept
        return kept

    async def say(self, live: LiveGame, seat: int | None, text: str) -> ChatLine:
        text = clean(text)
        if seat is None and not await asyncio.to_thread(self.store.spectators_may_write, live.row.id):
            raise Forbidden("spectators read this table's chat; only its players write", "chat.spectators")
        key = (live.row.id, seat)
        said = self._said.setdefault(key, deque())
        now = time.monotonic()
        while said and now - said[0] > RATE_SECONDS:
            said.popleft()
        if len(said) >= RATE_LINES:
            wait = RATE_SECONDS - (now - said[0])
            raise TooMany(f"at most {RATE_LINES} lines every {int(RATE_SECONDS)} s: wait {int(wait) + 1} s", wait,
                          "chat.too_fast")
        said.append(now)
        await self.lines(live)  # the lines before this one, so that this one is pushed as new
        name = live.seats[seat].name if seat is not None else ""
        line = await asyncio.to_thread(self.store.add, live.row.id, seat, name, live.revision, text)
        await self.heard(live, line)
        return line

    async def heard(self, live: LiveGame, line: ChatLine | None) -> None:
        """A line said here or on another process (None: one too long to be announced): kept in
        the game's chat and pushed to its sockets, each once and in order. A line that does not
        follow the last one kept (another process's came between) has the store read from there:
        every line up to it is committed when it is heard."""
        async with live.chat_lock:
            if live.chat is None:  # read now, the new line may be among them: it is still to be pushed
                loaded = await asyncio.to_thread(self.store.lines, live.row.id)
                upto = line.n if line is not None else (loaded[-1].n if loaded else 0)
                live.chat = [x for x in loaded if x.n < upto]
            have = await self.lines(live)
            last = have[-1].n if have else -1
            if line is not None and line.n <= last:
                return  # kept already (read with the others)
            if line is not None and line.n == last + 1:
                fresh = [line]
            else:
                fresh = await asyncio.to_thread(self.store.lines, live.row.id, last + 1)
            have.extend(fresh)
            if fresh and live.subscribers:
                msg = json.dumps({"type": "chat", "lines": [chat_line(x) for x in fresh]}, ensure_ascii=False)
                for sub_id, (send, _seat, _lang) in list(live.subscribers.items()):
                    try:
                        await send(msg)
                    except Exception:
                        live.subscribers.pop(sub_id, None)

    def announced(self, live: LiveGame, payload: str) -> None:
        """Another process's line (its NOTIFY, after the game id): pushed here if anyone watches;
        else this process forgets the chat it read and reads it again when asked."""
        if not live.subscribers:
            live.chat = None
            return
        line: ChatLine | None = None
        try:
            data = json.loads(payload)
            if isinstance(data, dict):
                line = ChatLine(**data)
        except (ValueError, TypeError):
            line = None
        task = asyncio.get_running_loop().create_task(self.heard(live, line))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
