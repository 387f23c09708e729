"""Changes made by other server processes, as they are committed: PostgreSQL's LISTEN/NOTIFY.

Every write to a shared store sends ``NOTIFY tabletop_games, '<game id> <version>'`` in its own
transaction (``Store._bump``), so PostgreSQL delivers it to every listening process exactly
when the write is committed and in commit order, with no second service to run or to keep in
step with the database (docs/WEB.md, "Several server processes"). A process that has the game
in memory then reads it again from the store and pushes it to its own WebSocket clients. After
a lost connection the listener reconnects and asks for every game to be read again, since a
notification sent meanwhile is gone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from tabletop.web.store import CHANNEL, ActionRow, read_note

CHAT_CHANNEL = "tabletop_chat"  # web/chat.py: '<game id> <line as JSON>'


log = logging.getLogger("tabletop.web")

# (game id, version, the rows appended if the notification carried them); None: anything may have changed
Changed = Callable[[str | None, int, list[ActionRow] | None], None]


class Bus:
    def __init__(self, url: str) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.listening = asyncio.Event()
        # another process's chat line: (game id, the rest of the payload)
        self.chat: Callable[[str, str], None] = lambda game_id, rest: None

    async def run(self, changed: Changed) -> None:
        """Listen until cancelled, reconnecting (after 0.5 s, then up to 5 s) when the connection is lost."""
        import psycopg

        wait = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {CHAT_CHANNEL}")
                    self.listening.set()
                    wait = 0.5
                    changed(None, 0, None)  # whatever was sent while not listening is lost: read again
                    async for note in conn.notifies():
                        game_id, _, rest = note.payload.partition(" ")
                        if note.channel == CHAT_CHANNEL:
                            self.chat(game_id, rest)
                            continue
                        version, _, rows = rest.partition(" ")
                        try:
                            changed(game_id, int(version), read_note(rows) if rows else None)
                        except ValueError:
                            log.warning("bus: a notification that is not '<game> <version>': %r", note.payload)
            except (psycopg.Error, OSError) as exc:
                self.listening.clear()
                log.warning("bus: lost the connection to PostgreSQL (%s); again in %.1f s", exc, wait)
                await asyncio.sleep(wait)
                wait = min(5.0, wait * 2)
