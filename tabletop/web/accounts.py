"""Accounts: a name and a password, for people who want their games on every device.

Accounts are optional: an invite link (a seat's token) plays without one, as before. An
account keeps the seats its person joined (or claimed with the tokens a browser kept as a
guest), so that logging in on another device lists every game; it holds the person's settings.

- Passwords are kept as Argon2id hashes (argon2-cffi, the reference implementation's binding),
  hashed in a worker thread: a hash takes a tenth of a second on purpose.
- A session is a random token in an HTTP-only, SameSite=Lax cookie; the store keeps only its
  SHA-256, so a copy of the database opens no session. Logging out everywhere deletes them all.
- Wrong passwords are bounded per account: after ``MAX_TRIES`` within ``TRY_WINDOW`` seconds the
  name refuses every login (429, with the seconds to wait) until the window has passed, on
  every server process alike (the count is in the store).
- No route reads another account's data: every one of them answers for the session's account.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, Float, Integer, String, Table, Text, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.web.errors import Conflict, ServiceError, TooMany, Unauthorized
from tabletop.web.store import Store, metadata, seats

COOKIE = "tabletop_session"
SESSION_DAYS = 30
MAX_TRIES = 5  # wrong passwords an account takes within TRY_WINDOW before it refuses logins
TRY_WINDOW = 15 * 60.0
NAME = re.compile(r"^[^\W_][\w .'-]{0,22}[^\W_]$")  # letters of any script, digits; inner spaces . ' - _
PASSWORD_MIN, PASSWORD_MAX = 8, 256

accounts = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(80), nullable=False, unique=True),  # the name case-folded: one owner
    Column("password", String(200), nullable=False),  # Argon2id, PHC string
    Column("created", Float, nullable=False),
    Column("settings", Text, nullable=False),  # JSON (Settings)
    Column("failures", Integer, nullable=False),  # wrong passwords since failed_since
    Column("failed_since", Float),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's token
    Column("account_id", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

# the seats an account's person plays (joined while logged in, or claimed from a guest's browser)
account_seats = Table(
    "account_seats", metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("added", Float, nullable=False),
)

# the links in turn e-mails that stop them, without logging in (one per account)
unsubscribes = Table(
    "unsubscribes", metadata,
    Column("token", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, unique=True),
)

DEFAULT_SETTINGS: dict[str, Any] = {"lang": None, "sound": True, "browser_notices": False}
EMAIL = re.compile(r"^[^@\s<>\"]{1,64}@[^@\s<>\"]+\.[^@\s<>\"]+$")


def check_email(address: str) -> str:
    if len(address) > 254 or not EMAIL.match(address):
        raise ServiceError("an e-mail address looks like name@example.org", "account.email")
    return address


@dataclass
class Account:
    id: str
    name: str
    created: float
    settings: dict[str, Any]


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The name as kept (NFKC, trimmed), or a 422-like refusal saying what is wrong."""
    name = unicodedata.normalize("NFKC", name).strip()
    if not 2 <= len(name) <= 24:
        raise ServiceError("a name has 2 to 24 characters", "account.name_length")
    if not NAME.match(name) or "  " in name:
        raise ServiceError("a name is letters and digits, with single spaces, dots, apostrophes, hyphens or "
                           "underscores inside", "account.name_characters")
    return name


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ServiceError(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters", "account.password_length")
    if not password.strip():
        raise ServiceError("a password cannot be only spaces", "account.password_length")
    return password


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """The accounts' part of the store and their rules (every method blocks: call it in a thread)."""

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.engine = store.engine
        metadata.create_all(self.engine, tables=[accounts, sessions, account_seats, unsubscribes])
        self.hasher = hasher or PasswordHasher()  # Argon2id with the library's recommended costs
        self.clock = time.time

    # ----------------------------------------------------------- sign-up, log in and out
    def create(self, name: str, password: str) -> tuple[Account, str]:
        """A new account and its first session's token; 409 when the name is taken."""
        name = check_name(name)
        check_password(password)
        hashed = self.hasher.hash(password)
        now = self.clock()
        acc = Account(secrets.token_hex(16), name, now, dict(DEFAULT_SETTINGS))
        try:
            with self.engine.begin() as c:
                c.execute(insert(accounts).values(id=acc.id, name=name, name_key=name_key(name), password=hashed,
                                                  created=now, settings=json.dumps(acc.settings), failures=0,
                                                  failed_since=None))
        except IntegrityError:
            raise Conflict(f"the name {name!r} is taken", "account.name_taken") from None
        return acc, self._open_session(acc.id)

    def login(self, name: str, password: str) -> tuple[Account, str]:
        """The account and a new session's token; 401 for a wrong name or password (the same
        answer for both), 429 while the account refuses logins after too many wrong passwords."""
        key = name_key(name.strip())
        with self.engine.connect() as c:
            row = c.execute(select(accounts).where(accounts.c.name_key == key)).first()
        wrong = Unauthorized("wrong name or password", "account.wrong_password")
        if row is None:
            self.hasher.hash(password[:PASSWORD_MAX])  # as slow as a real check: names are not told apart
            raise wrong
        now = self.clock()
        failures, since = row.failures, row.failed_since
        if since is not None and now - since > TRY_WINDOW:
            failures, since = 0, None
        if failures >= MAX_TRIES and since is not None:
            wait = TRY_WINDOW - (now - since)
            raise TooMany(f"too many wrong passwords for this account: try again in {int(wait) + 1} s", wait,
                          "account.locked")
        try:
            self.hasher.verify(row.password, password)
        except (VerificationError, InvalidHashError):
            with self.engine.begin() as c:
                c.execute(update(accounts).where(accounts.c.id == row.id).values(
                    failures=failures + 1, failed_since=since if since is not None else now))
            raise wrong from None
        with self.engine.begin() as c:
            values: dict[str, Any] = {"failures": 0, "failed_since": None}
            if self.hasher.check_needs_rehash(row.password):
                values["password"] = self.hasher.hash(password)
            c.execute(update(accounts).where(accounts.c.id == row.id).values(**values))
        return self._account(row), self._open_session(row.id)

    def _open_session(self, account_id: str) -> str:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        with self.engine.begin() as c:
            c.execute(insert(sessions).values(token_hash=_digest(token), account_id=account_id, created=now,
                                              expires=now + SESSION_DAYS * 86400))
        return token

    def logout(self, token: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(sessions).where(sessions.c.token_hash == _digest(token)))

    def logout_everywhere(self, account_id: str) -> int:
        """End every session of the account (every device); how many there were."""
        with self.engine.begin() as c:
            return c.execute(delete(sessions).where(sessions.c.account_id == account_id)).rowcount or 0

    # ------------------------------------------------------------------------ reads
    @staticmethod
    def _account(row: Any) -> Account:
        settings = {**DEFAULT_SETTINGS, **json.loads(row.settings)}
        return Account(row.id, row.name, row.created, settings)

    def by_session(self, token: str | None) -> Account | None:
        """The account of a live session token (None: no token, unknown or expired)."""
        if not token or len(token) > 100:
            return None
        with self.engine.connect() as c:
            row = c.execute(select(accounts).join(sessions, sessions.c.account_id == accounts.c.id)
                            .where(sessions.c.token_hash == _digest(token), sessions.c.expires > self.clock())).first()
        return self._account(row) if row is not None else None

    def set_settings(self, account_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        with self.engine.begin() as c:
            row = c.execute(select(accounts.c.settings).where(accounts.c.id == account_id)).first()
            if row is None:
                raise Unauthorized("no such account", "account.no_session")
            settings = {**DEFAULT_SETTINGS, **json.loads(row.settings), **changes}
            c.execute(update(accounts).where(accounts.c.id == account_id).values(settings=json.dumps(settings)))
        return settings

    def unsubscribe_token(self, account_id: str) -> str:
        """The account's link token that stops its turn e-mails (made the first time)."""
        with self.engine.connect() as c:
            row = c.execute(select(unsubscribes.c.token).where(unsubscribes.c.account_id == account_id)).first()
        if row is not None:
            return str(row.token)
        token = secrets.token_urlsafe(24)
        try:
            with self.engine.begin() as c:
                c.execute(insert(unsubscribes).values(token=token, account_id=account_id))
        except IntegrityError:  # made at the same moment elsewhere
            return self.unsubscribe_token(account_id)
        return token

    def unsubscribe(self, token: str) -> bool:
        """Stop the turn e-mails of the token's account; whether the token was one."""
        with self.engine.connect() as c:
            row = c.execute(select(unsubscribes.c.account_id).where(unsubscribes.c.token == token)).first()
        if row is None:
            return False
        self.set_settings(row.account_id, {"email_notices": False})
        return True

    # ------------------------------------------------------------------------ seats
    def link(self, account_id: str, game_id: str, seat: int) -> None:
        """Keep that this account's person plays ``seat`` of ``game_id`` (idempotent)."""
        with self.engine.begin() as c:
            have = c.execute(select(account_seats.c.seat).where(
                account_seats.c.account_id == account_id, account_seats.c.game_id == game_id,
                account_seats.c.seat == seat)).first()
            if have is None:
                c.execute(insert(account_seats).values(account_id=account_id, game_id=game_id, seat=seat,
                                                       added=self.clock()))

    def claim(self, account_id: str, tokens: list[str]) -> int:
        """Link the seats these tokens (a guest's browser kept them) open; spectator and unknown
        tokens are passed over. How many seats are linked now that were not."""
        if not tokens:
            return 0
        with self.engine.connect() as c:
            found = c.execute(select(seats.c.game_id, seats.c.seat).where(seats.c.token.in_(tokens))).all()
        with self.engine.connect() as c:
            mine = {(r.game_id, r.seat) for r in c.execute(
                select(account_seats.c.game_id, account_seats.c.seat).where(account_seats.c.account_id == account_id))}
        new = [(r.game_id, r.seat) for r in found if (r.game_id, r.seat) not in mine]
        for game_id, seat in new:
            self.link(account_id, game_id, seat)
        return len(new)

    def carry(self, old_game: str, new_game: str, players: int) -> None:
        """A rematch: each account's seat of the old game is its seat of the new one (one seat on)."""
        with self.engine.connect() as c:
            rows = c.execute(select(account_seats).where(account_seats.c.game_id == old_game)).all()
        for r in rows:
            self.link(r.account_id, new_game, (r.seat - 1) % players)

    def seat_tokens(self, account_id: str) -> list[str]:
        """The tokens of the account's seats, newest game first."""
        with self.engine.connect() as c:
            rows = c.execute(select(seats.c.token).join(
                account_seats, (account_seats.c.game_id == seats.c.game_id) & (account_seats.c.seat == seats.c.seat))
                .where(account_seats.c.account_id == account_id).order_by(account_seats.c.added.desc())).all()
        return [r.token for r in rows]


class AccountDesk:
    """The accounts for the event loop: each call in a worker thread (hashing, the store)."""

    def __init__(self, accounts_: Accounts) -> None:
        self.accounts = accounts_

    async def create(self, name: str, password: str) -> tuple[Account, str]:
        return await asyncio.to_thread(self.accounts.create, name, password)

    async def login(self, name: str, password: str) -> tuple[Account, str]:
        return await asyncio.to_thread(self.accounts.login, name, password)

    async def logout(self, token: str) -> None:
        await asyncio.to_thread(self.accounts.logout, token)

    async def logout_everywhere(self, account_id: str) -> int:
        return await asyncio.to_thread(self.accounts.logout_everywhere, account_id)

    async def current(self, token: str | None) -> Account | None:
        return await asyncio.to_thread(self.accounts.by_session, token) if token else None

    async def required(self, token: str | None) -> Account:
        acc = await self.current(token)
        if acc is None:
            raise Unauthorized("log in first (no session, or it ended)", "account.no_session")
        return acc

    async def set_settings(self, account_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(self.accounts.set_settings, account_id, changes)

    async def link(self, account_id: str, game_id: str, seat: int) -> None:
        await asyncio.to_thread(self.accounts.link, account_id, game_id, seat)

    async def claim(self, account_id: str, tokens: list[str]) -> int:
        return await asyncio.to_thread(self.accounts.claim, account_id, tokens)

    async def unsubscribe(self, token: str) -> bool:
        return await asyncio.to_thread(self.accounts.unsubscribe, token)

    async def carry(self, old_game: str, new_game: str, players: int) -> None:
        await asyncio.to_thread(self.accounts.carry, old_game, new_game, players)

    async def seat_tokens(self, account_id: str) -> list[str]:
        return await asyncio.to_thread(self.accounts.seat_tokens, account_id)
