"""Issue 61, the cost of several processes: a write that only appends actions announces them in
its notification, so a process that follows the game (a WebSocket of its own watches it, or its
bot is thinking) applies them without reading the store; a process that follows nothing does
not read the game at each change but when it is next asked for. Two services in one event loop
share one PostgreSQL schema, each with its own store and listener, as two processes would."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest

from tabletop.core.registry import get_game
from tabletop.web.authority import Authority
from tabletop.web.live import LiveGame
from tabletop.web.service import GameService
from tabletop.web.store import CHANNEL, NOTE_MAX, ActionRow, GameRow, SeatRow, Store, append_note, read_note
from tests.reliability.helpers import Truth, jsonable

GAH = "grand-austria-hotel"


def _rows(n: int, seed: int = 3) -> tuple[GameRow, list[ActionRow]]:
    """A game row and its first ``n`` actions, played with the first legal action (dice rolled)."""
    st = get_game(GAH).new_game(players=2, seed=seed)
    rows = []
    while len(rows) < n:
        a = st.sample_chance() if st.is_chance() else st.legal_actions()[0]
        rows.append(ActionRow(len(rows), st.current_player, a, st.describe(a), False))
        st.apply(a)
    row = GameRow("0123456789abcdef", GAH, 2, {}, seed, "active", "spect", 0.0, None)
    return row, rows


def _live(row: GameRow, log: list[ActionRow]) -> LiveGame:
    seats = [SeatRow(i, f"tok{i}", "human", None, f"P{i}", True) for i in range(2)]
    return LiveGame(row, seats, Authority._build(row, log), list(log))


def test_a_note_carries_the_rows_with_their_named_fields() -> None:
    _row, rows = _rows(4)
    note = append_note(rows)
    assert all(set(entry) == {"idx", "seat", "action", "text", "irreversible", "auto"} for entry in json.loads(note))
    assert read_note(note) == rows
    assert read_note("not json") is None and read_note('[{"idx": 1}]') is None


def test_following_applies_contiguous_appends_and_refuses_anything_else() -> None:
    row, rows = _rows(12)
    live = _live(row, rows[:6])
    live.row.version = 6
    # versions 7 and 8 appended rows 6-8 and 9-11: followed, the state is the rebuilt one
    assert Authority.follow(live, {7: rows[6:9], 8: rows[9:12]})
    assert live.row.version == 8 and live.revision == 12
    assert live.state.view(0) == Authority._build(row, rows).view(0)
    # a version it was not told the rows of (a seat change, an undo): the store must be read
    live = _live(row, rows[:6])
    live.row.version = 6
    assert not Authority.follow(live, {7: rows[6:9], 8: None, 9: rows[9:12]})
    assert live.row.version == 7 and live.revision == 9  # what it could follow, it did
    # rows that do not start where its log ends, or that do not play: nothing changes
    live = _live(row, rows[:6])
    live.row.version = 6
    before = live.state.view(0)
    assert not Authority.follow(live, {7: rows[7:9]})
    bad = [*rows[6:8], ActionRow(8, 0, "no-such-action", "", False)]
    assert not Authority.follow(live, {7: bad})
    assert live.revision == 6 and live.row.version == 6 and live.state.view(0) == before


def _listen(url: str) -> psycopg.Connection[Any]:
    conn = psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    conn.execute(f"LISTEN {CHANNEL}")
    return conn


def test_an_append_is_announced_with_its_rows_unless_they_do_not_fit(pg_url: str) -> None:
    store = Store(pg_url)
    row, rows = _rows(6)
    store.create_game(row, [SeatRow(i, f"t{row.id}{i}", "human", None, f"P{i}", True) for i in range(2)])
    conn = _listen(pg_url)
    try:
        v = store.append_actions(row.id, rows[:3], expect=0, bot_turn=False)
        long = ActionRow(3, rows[3].seat, rows[3].action, "x" * NOTE_MAX, False)
        v = store.append_actions(row.id, [long], expect=v, bot_turn=False)
        store.append_actions(row.id, rows[4:6], expect=v, bot_turn=False, status="finished", result={})
        # the channel is the database's: other tests running beside this one notify on it too
        notes = []
        for n in conn.notifies(timeout=5):
            if n.payload.startswith(row.id + " "):
                notes.append(n.payload)
            if len(notes) == 3:
                break
    finally:
        conn.close()
    first, second, third = (p.split(" ", 2) for p in notes)
    assert first[:2] == [row.id, "1"] and read_note(first[2]) == rows[:3]
    assert second == [row.id, "2"]  # too long for PostgreSQL's 8000 bytes: the listeners read the game
    assert third == [row.id, "3"]  # the game ended (status, result): read whole


async def _two_people(svc: GameService, seed: int) -> tuple[str, list[str]]:
    """A started game of two people, made on ``svc``: its id and the seats' tokens."""
    g = await svc.create(GAH, 2, {}, [{"kind": "human"}, {"kind": "human"}], seed=seed)
    tokens = [s["token"] for s in g["seats"]]
    for t in tokens:
        await svc.join(g["id"], t, "P")
    await svc.start(g["id"], tokens[0])
    return g["id"], tokens


@contextlib.asynccontextmanager
async def listening(*services: GameService) -> AsyncIterator[None]:
    """The services' listeners running (each hears the others' writes), drained at the end."""
    for svc in services:
        svc.start_background(sweep_every=None)
    try:
        await asyncio.wait_for(asyncio.gather(*(svc.bus.listening.wait() for svc in services)), 10)
        yield
    finally:
        for svc in services:
            await svc.drain()


@pytest.fixture
def two_services(pg_url: str) -> Any:
    made: list[GameService] = []

    def make() -> GameService:
        svc = GameService(Store(pg_url), bot_workers=0)
        made.append(svc)
        return svc

    yield make
    for svc in made:
        svc.store.engine.dispose()


def test_a_watched_game_follows_the_announced_moves_without_reading_the_store(two_services: Any,
                                                                           pg_url: str) -> None:
    a, b = two_services(), two_services()

    async def main() -> None:
        async with listening(a, b):
            g_id, tokens = await _two_people(a, 4)
            seen: list[dict[str, Any]] = []

            async def send(text: str) -> None:
                seen.append(json.loads(text))

            await b.subscribe(g_id, tokens[1], send)  # B's socket of seat 1
            reads = []
            real = b.store.load_game
            b.store.load_game = lambda *args: reads.append(args) or real(*args)  # type: ignore[method-assign]
            for _ in range(6):
                live = await a.get(g_id)
                cp = live.state.current_player
                await a.act(g_id, tokens[cp], live.revision, live.state.legal_actions()[0])
                rev = live.revision
                for _ in range(100):
                    if seen and seen[-1]["revision"] == rev:
                        break
                    await asyncio.sleep(0.02)
                assert seen and seen[-1]["revision"] == rev, "B did not push A's move"
            assert reads == [], "B read the store though the notifications carried the moves"
            truth = Truth(pg_url, g_id)
            assert seen[-1]["view"] == jsonable(truth.state_at(truth.revision).view(1))
            assert (await b.get(g_id)).row.version == (await a.get(g_id)).row.version

    asyncio.run(main())


def test_a_game_nobody_follows_here_is_read_when_asked_for_not_at_each_change(two_services: Any,
                                                                            pg_url: str) -> None:
    a, b = two_services(), two_services()

    async def main() -> None:
        async with listening(a, b):
            g_id, tokens = await _two_people(a, 6)
            held = await b.get(g_id)  # B answered a request once: it holds the game, no socket
            reads = []
            real = b.store.load_game
            b.store.load_game = lambda *args: reads.append(args) or real(*args)  # type: ignore[method-assign]
            for _ in range(5):
                live = await a.get(g_id)
                await a.act(g_id, tokens[live.state.current_player], live.revision, live.state.legal_actions()[0])
            for _ in range(100):
                if held.stale:
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.2)
            assert held.stale and reads == [], "B caught up with a game nobody follows there"
            # asked for it, B reads it once and answers as the store has it
            again = await b.get(g_id)
            assert again is held and not held.stale and len(reads) == 1
            truth = Truth(pg_url, g_id)
            assert held.revision == truth.revision
            assert jsonable(held.state.view(0)) == jsonable(truth.state_at(truth.revision).view(0))
            # and a move there is judged on the game as it is
            cp = held.state.current_player
            out = await b.act(g_id, tokens[cp], held.revision, held.state.legal_actions()[0])
            assert out["revision"] > truth.revision

    asyncio.run(main())


def test_a_chat_line_said_on_one_process_is_pushed_by_another(two_services: Any) -> None:
    """Issue 62's chat across processes: the line crosses on its own channel (with its text)."""
    a, b = two_services(), two_services()

    async def main() -> None:
        async with listening(a, b):
            g_id, tokens = await _two_people(a, 8)
            other_id, other_tokens = await _two_people(a, 9)
            heard: list[dict[str, Any]] = []
            elsewhere: list[dict[str, Any]] = []

            async def send(text: str) -> None:
                heard.append(json.loads(text))

            async def send_other(text: str) -> None:
                elsewhere.append(json.loads(text))

            await b.subscribe(g_id, tokens[1], send)
            await b.subscribe(other_id, other_tokens[1], send_other)
            for text in ("<i>hello</i>", "second"):
                await a.say(g_id, tokens[0], text)
            for _ in range(100):
                said = [x["text"] for m in heard if m["type"] == "chat" for x in m["lines"]]
                if len(said) == 2:
                    break
                await asyncio.sleep(0.02)
            assert said == ["<i>hello</i>", "second"]
            assert not [m for m in elsewhere if m["type"] == "chat"]  # the other table heard nothing
            assert [x["text"] for x in (await b.chat_lines(g_id, tokens[1]))["lines"]] == said

    asyncio.run(main())
