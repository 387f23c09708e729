""""Your turn" out of the page: a durable outbox in the store, sent to each account's webhook
and, where the server has an SMTP server to send through, by e-mail.

When a move makes it a person's turn (the first step of their turn, not each step), every
account that plays that seat and has a webhook gets one notice, written to the ``outbox``
table (its id is derived from the account, the game and the turn, so the same turn is never
queued twice, whichever process sees it). Every server process runs a sender that claims due
notices with a lease in the store (``owner``, ``lease_until``: a notice is sent by one process
at a time), posts them in the form the webhook's owner chose (Discord, Slack, ntfy or plain
JSON, so phones and Telegram are reachable through those services), and marks them sent; a
refusal, an error or a webhook that does not answer within ``TIMEOUT`` has it tried again
later (``RETRY_BASE`` seconds, doubling, at most an hour; given up after ``MAX_ATTEMPTS``).
The game never waits for a webhook: the sender runs beside the requests. A notice queued
before a restart is sent after it. During the account's quiet hours a notice waits for
their end. Each notice carries its id (``X-Tabletop-Notice``), so a receiver can drop the one
that a process killed between sending and marking would send again.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.policy
import hashlib
import json
import logging
import smtplib
import time
import uuid
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

import httpx
from sqlalchemy import Column, Float, Integer, String, Table, Text, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.core.registry import get_game
from tabletop.i18n.catalog import catalog
from tabletop.web.accounts import Accounts, account_seats, accounts
from tabletop.web.errors import ServiceError
from tabletop.web.live import LiveGame
from tabletop.web.store import Store, metadata

log = logging.getLogger("tabletop.web")

TIMEOUT = 5.0  # seconds a webhook may take to answer
RETRY_BASE = 5.0
MAX_ATTEMPTS = 8
LEASE = 30.0  # seconds a process holds a notice it is sending
FORMATS = ("json", "discord", "slack", "ntfy")  # and "email" (an outbox row's format: a mail)

outbox = Table(
    "outbox", metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of (account, game, turn): queued once
    Column("account_id", String(32), nullable=False, index=True),
    Column("game_id", String(32), nullable=False),
    Column("target", Text, nullable=False),  # the webhook's address
    Column("format", String(12), nullable=False),
    Column("body", Text, nullable=False),  # JSON: what the notice says (the format makes it the request)
    Column("created", Float, nullable=False),
    Column("due", Float, nullable=False, index=True),
    Column("state", String(8), nullable=False),  # queued / sent / failed
    Column("attempts", Integer, nullable=False),
    Column("owner", String(40)),
    Column("lease_until", Float),
    Column("sent", Float),
    Column("last_error", String(200)),
)


def check_webhook(url: str) -> str:
    """A webhook is an http(s) address; anything else is refused with a reason."""
    parsed = httpx.URL(url) if "://" in url else None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.host:
        raise ServiceError("a webhook is an http:// or https:// address", "account.webhook_scheme")
    return url


def quiet_until(now: float, quiet: list[int] | None, offset_minutes: int) -> float:
    """When the account's quiet hours ([start hour, end hour), in its own time) end, if ``now``
    is inside them; else ``now``."""
    if not quiet:
        return now
    start, end = quiet
    local = now + offset_minutes * 60
    hour = (local % 86400) / 3600
    inside = start <= hour < end if start <= end else (hour >= start or hour < end)
    if not inside:
        return now
    day = local - local % 86400
    end_at = day + end * 3600
    if end_at <= local:
        end_at += 86400
    return end_at - offset_minutes * 60


def request_for(fmt: str, body: dict[str, Any]) -> dict[str, Any]:
    """The HTTP request a notice makes in the webhook's format (httpx keyword arguments)."""
    text = body["text"]
    if fmt == "discord":
        return {"json": {"content": text}}
    if fmt == "slack":
        return {"json": {"text": text}}
    if fmt == "ntfy":
        return {"content": text.encode(), "headers": {"Title": body["title"].encode().decode("latin-1", "replace"),
                                                      "Click": body["url"]}}
    return {"json": body}


@dataclass
class Mailer:
    """The SMTP server the turn e-mails go through (``tabletop serve --smtp HOST:PORT``)."""

    host: str
    port: int
    sender: str
    starttls: bool = False
    user: str | None = None
    password: str | None = None
    timeout: float = 10.0

    def send(self, to: str, subject: str, text: str, unsubscribe: str) -> None:
        # lines up to SMTP's own limit: a long link in a header stays as it is, not encoded in pieces
        msg = EmailMessage(policy=email.policy.SMTP.clone(max_line_length=998))
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg.set_content(text)
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
            if self.starttls:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(msg)


@dataclass
class Notice:
    id: str
    target: str
    format: str
    body: dict[str, Any]
    attempts: int


class Outbox:
    """The outbox's part of the store (blocking: call in a thread)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        metadata.create_all(self.engine, tables=[outbox])
        self.clock = time.time

    def queue_turn(self, game_id: str, seat: int, turn: int, title: str, base_url: str,
                   mail: Accounts | None = None, left: float | None = None) -> int:
        """One notice per account that plays ``seat`` of ``game_id`` and has a webhook (and one
        by e-mail where it asked for them and ``mail`` is given: the server sends e-mail), for
        the turn that began at revision ``turn``; how many were queued now (0: queued before).
        With ``left`` (seconds), the reminder that the turn's time runs out (``turn``: when the
        turn began, to tell its reminder from another turn's)."""
        with self.engine.connect() as c:
            rows = c.execute(select(accounts.c.id, accounts.c.settings).join(
                account_seats, account_seats.c.account_id == accounts.c.id).where(
                account_seats.c.game_id == game_id, account_seats.c.seat == seat)).all()
        queued = 0
        now = self.clock()
        for r in rows:
            settings = json.loads(r.settings)
            words = catalog(settings.get("lang") or "en")
            if left is None:
                said, event = words.t("notice.title"), "your_turn"
            elif left >= 5400:
                said, event = words.t("notice.reminderHours", hours=round(left / 3600)), "reminder"
            else:
                said, event = words.t("notice.reminderMinutes", minutes=max(1, round(left / 60))), "reminder"
            body = {"event": event, "game_id": game_id, "seat": seat, "turn": turn, "title": title,
                    "text": f"{title}: {said}", "url": f"{base_url}/game/{game_id}"}
            due = quiet_until(now, settings.get("quiet_hours"), int(settings.get("utc_offset_minutes") or 0))
            channels = []
            if settings.get("webhook"):
                channels.append((settings["webhook"], settings.get("webhook_format") or "json", body))
            if mail is not None and settings.get("email") and settings.get("email_notices"):
                link = f"{base_url}/api/unsubscribe?token={mail.unsubscribe_token(r.id)}"
                channels.append((settings["email"], "email", {
                    **body, "unsubscribe": link,
                    "mail": f"{said if left is not None else words.t('notice.body')}\n\n{body['url']}"
                            f"\n\n{words.t('notice.unsubscribe')}: {link}\n"}))
            for target, fmt, what in channels:
                kind = "" if left is None else ":reminder"
                nid = hashlib.sha256(f"{r.id}:{game_id}:{turn}{kind}:{fmt == 'email'}".encode()).hexdigest()
                try:
                    with self.engine.begin() as c:
                        c.execute(insert(outbox).values(
                            id=nid, account_id=r.id, game_id=game_id, target=target, format=fmt,
                            body=json.dumps(what), created=now, due=due, state="queued", attempts=0, owner=None,
                            lease_until=None, sent=None, last_error=None))
                    queued += 1
                except IntegrityError:
                    continue  # this turn's notice is queued already
        return queued

    def claim(self, owner: str, limit: int = 20) -> list[Notice]:
        """Due notices nobody is sending, each leased to ``owner`` (one process wins each)."""
        now = self.clock()
        with self.engine.connect() as c:
            due = c.execute(select(outbox).where(outbox.c.state == "queued", outbox.c.due <= now)
                            .order_by(outbox.c.due).limit(limit)).all()
        mine = []
        for r in due:
            if r.lease_until is not None and r.lease_until > now:
                continue
            with self.engine.begin() as c:
                done = c.execute(update(outbox).where(
                    outbox.c.id == r.id, outbox.c.state == "queued",
                    (outbox.c.lease_until.is_(None)) | (outbox.c.lease_until <= now))
                    .values(owner=owner, lease_until=now + LEASE))
            if done.rowcount == 1:
                mine.append(Notice(r.id, r.target, r.format, json.loads(r.body), r.attempts))
        return mine

    def sent(self, notice: Notice, owner: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(outbox).where(outbox.c.id == notice.id, outbox.c.owner == owner)
                      .values(state="sent", sent=self.clock(), lease_until=None, attempts=notice.attempts + 1))

    def failed(self, notice: Notice, owner: str, error: str, retry_base: float) -> None:
        attempts = notice.attempts + 1
        state = "failed" if attempts >= MAX_ATTEMPTS else "queued"
        with self.engine.begin() as c:
            c.execute(update(outbox).where(outbox.c.id == notice.id, outbox.c.owner == owner).values(
                state=state, attempts=attempts, lease_until=None, last_error=error[:200],
                due=self.clock() + min(3600.0, retry_base * 2 ** (attempts - 1))))

    def pending(self, account_id: str) -> list[dict[str, Any]]:
        """The account's notices not sent yet (its own only)."""
        with self.engine.connect() as c:
            rows = c.execute(select(outbox).where(outbox.c.account_id == account_id, outbox.c.state == "queued")
                             .order_by(outbox.c.due)).all()
        return [{"game_id": r.game_id, "due": r.due, "attempts": r.attempts, "last_error": r.last_error}
                for r in rows]


class Notices:
    """Queues a notice when a move makes it a person's turn, and sends the outbox."""

    def __init__(self, store: Store, base_url: str = "http://127.0.0.1:8000", retry_base: float = RETRY_BASE,
                 mailer: Mailer | None = None) -> None:
        self.outbox = Outbox(store)
        self.mailer = mailer
        self.accounts = Accounts(store) if mailer is not None else None
        self.base_url = base_url.rstrip("/")
        self.retry_base = retry_base
        self.owner = uuid.uuid4().hex
        self.wake = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.delivered = 0  # sent by this process (tests, logs)

    def after_commit(self, live: LiveGame) -> None:
        """Called after every committed move: a person's turn that has just begun is noticed."""
        st = live.state
        cp = st.current_player
        if live.row.status != "active" or not 0 <= cp < len(live.seats) or live.seats[cp].kind != "human":
            return
        last = next((r.seat for r in reversed(live.log) if r.seat >= 0), None)
        if last == cp:
            return  # the player's own next step: the turn was noticed when it began
        turn = live.revision
        title = get_game(live.row.game).title
        task = asyncio.get_running_loop().create_task(self._queue(live.row.id, cp, turn, title))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def remind(self, store: Store, now: float) -> int:
        """Queue the reminders due by ``now`` (the turns whose time is nearly up), each once:
        queued first (its id tells it from every other notice), then marked (a process that
        stops between queues it again, and the outbox keeps one). How many games were reminded."""
        done = 0
        for game_id, game, when, state in await asyncio.to_thread(store.due_reminders, now):
            seat, since, deadline = state.get("seat"), state.get("since"), state.get("deadline")
            if seat is not None and since is not None and deadline is not None:
                title = get_game(game).title
                if await asyncio.to_thread(self.outbox.queue_turn, game_id, seat, int(since * 1000), title,
                                           self.base_url, self.accounts, max(0.0, deadline - now)):
                    self.wake.set()
            if await asyncio.to_thread(store.reminded, game_id, when):
                done += 1
        return done

    async def _queue(self, game_id: str, seat: int, turn: int, title: str) -> None:
        try:
            if await asyncio.to_thread(self.outbox.queue_turn, game_id, seat, turn, title, self.base_url,
                                       self.accounts):
                self.wake.set()
        except Exception:
            log.exception("notices: could not queue game %s seat %s's turn", game_id, seat)

    async def run(self, every: float = 1.0) -> None:
        """Send what is due, every ``every`` seconds or when a notice was queued here. Until cancelled."""
        async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as http:
            while True:
                try:
                    batch = await asyncio.to_thread(self.outbox.claim, self.owner)
                    await asyncio.gather(*(self._send(http, n) for n in batch))
                except Exception as exc:
                    log.warning("notices: the outbox did not answer (%s)", exc.__class__.__name__)
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), every)

    async def _send(self, http: httpx.AsyncClient, n: Notice) -> None:
        if n.format == "email":
            await self._mail(n)
            return
        try:
            req = request_for(n.format, n.body)
            req["headers"] = {**req.get("headers", {}), "X-Tabletop-Notice": n.id}
            r = await http.post(n.target, **req)
            ok = 200 <= r.status_code < 300
            error = "" if ok else f"HTTP {r.status_code}"
        except httpx.HTTPError as exc:
            ok, error = False, f"{exc.__class__.__name__}: {exc}"[:200]
        if ok:
            await asyncio.to_thread(self.outbox.sent, n, self.owner)
            self.delivered += 1
        else:
            log.info("notices: %s not delivered (%s): again later", n.id[:12], error)
            await asyncio.to_thread(self.outbox.failed, n, self.owner, error, self.retry_base)

    async def _mail(self, n: Notice) -> None:
        if self.mailer is None:  # this process sends no e-mail: another one may
            await asyncio.to_thread(self.outbox.failed, n, self.owner, "no SMTP server here", self.retry_base)
            return
        try:
            await asyncio.to_thread(self.mailer.send, n.target, n.body["text"], n.body["mail"], n.body["unsubscribe"])
        except (OSError, smtplib.SMTPException) as exc:
            log.info("notices: e-mail %s not sent (%s): again later", n.id[:12], exc.__class__.__name__)
            await asyncio.to_thread(self.outbox.failed, n, self.owner, f"{exc.__class__.__name__}: {exc}"[:200],
                                    self.retry_base)
            return
        await asyncio.to_thread(self.outbox.sent, n, self.owner)
        self.delivered += 1
