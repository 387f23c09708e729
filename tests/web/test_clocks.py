"""Issue 62, "Clocks", over the real databases (SQLite, PostgreSQL), on a test clock that the
tests move on (web/clocks.py ``skip_time``: days pass in a moment): a real-time bank with its
increment, a correspondence deadline, each policy when the time is up (a bot stands in; the
seat forfeits and a bot plays on, or the game ends), each deadline applied once with two
servers on one store and after a restart."""

from __future__ import annotations

import json
import time
from contextlib import nullcontext

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tabletop.web import clocks
from tabletop.web.store import seat_changes
from tests.web.apps import api_app
from tests.web.test_api import new_game, state
from tests.web.test_notices import move_until_turn_of

DAY = 86400


@pytest.fixture(autouse=True)
def wall_clock():
    clocks.skip_time(-1)
    yield
    clocks.skip_time(-1)


def clocked(client: TestClient, **clock) -> dict:
    g = new_game(client, clock=clock)
    for s in g["seats"]:
        r = client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
        assert r.status_code == 200
    assert client.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
    return g


def wait_for(pred, seconds: float = 10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        got = pred()
        if got:
            return got
        time.sleep(0.1)
    return pred()


def changes(client: TestClient, reason: str) -> int:
    with client.app.state.service.store.engine.connect() as c:
        return c.execute(select(func.count()).select_from(seat_changes).where(seat_changes.c.reason == reason)
                         ).scalar_one()


def test_a_realtime_bank_runs_in_its_seats_turns_and_gets_its_increment(client) -> None:
    g = clocked(client, kind="realtime", bank=600, increment=20)
    s = state(client, g, 0)
    first = s["current_player"]
    clock = s["clock"]
    assert clock["running"] == first and clock["kind"] == "realtime"
    # (the wall clock runs on too: a few seconds on a busy machine)
    assert clock["left"][first] == pytest.approx(600, abs=5) and clock["left"][1 - first] == 600
    clocks.skip_time(100)  # the first player thinks 100 s
    assert state(client, g, 0)["clock"]["left"][first] == pytest.approx(500, abs=5)
    move_until_turn_of(client, g, 1 - first)
    clock = state(client, g, 0)["clock"]
    assert clock["running"] == 1 - first
    assert clock["left"][first] == pytest.approx(520, abs=10)  # 600 - 100 + 20
    assert clock["left"][1 - first] == pytest.approx(600, abs=5)


def test_a_correspondence_deadline_hands_the_seat_to_a_bot_and_its_player_takes_it_back(client) -> None:
    g = clocked(client, kind="correspondence", per_move=DAY, bank=3 * DAY, policy="bot")
    first = state(client, g, 0)["current_player"]
    clock = state(client, g, 0)["clock"]
    assert clock["deadline"] - clocks.now() == pytest.approx(4 * DAY, abs=5)
    clocks.skip_time(4 * DAY - 60)  # a minute before: nothing happens
    time.sleep(1.5)
    assert state(client, g, 0)["seats"][first]["kind"] == "human"
    clocks.skip_time(120)  # the deadline passes: the sweep (every second) applies the policy
    assert wait_for(lambda: state(client, g, 0)["seats"][first]["kind"] == "bot")
    log = [e for e in state(client, g, 0)["log"] if e.get("kind") == "seat"]
    assert [(e["seat"], e["change"], e["reason"]) for e in log] == [(first, "to_bot", "clock")]
    assert changes(client, "clock") == 1
    r = client.post(f"/api/games/{g['id']}/seats/{first}/reclaim", json={"token": g["seats"][first]["token"]})
    assert r.status_code == 200, r.text  # the player came back


def test_a_forfeit_that_ends_the_game_ranks_the_others(client) -> None:
    g = clocked(client, kind="realtime", bank=60, policy="forfeit", after_forfeit="end")
    first = state(client, g, 0)["current_player"]
    clocks.skip_time(61)
    s = wait_for(lambda: (x := state(client, g, 0))["status"] == "finished" and x)
    assert s["result"]["forfeit"] == first and s["result"]["winners"] == [1 - first]


def test_a_forfeited_seat_is_played_on_by_a_bot_and_cannot_be_taken_back(client) -> None:
    g = clocked(client, kind="realtime", bank=60, policy="forfeit", after_forfeit="bot")
    first = state(client, g, 0)["current_player"]
    clocks.skip_time(61)
    assert wait_for(lambda: state(client, g, 0)["seats"][first]["kind"] == "bot")
    r = client.post(f"/api/games/{g['id']}/seats/{first}/reclaim", json={"token": g["seats"][first]["token"]})
    assert r.status_code == 409 and r.json()["code"] == "clock.forfeited"


@pytest.mark.parametrize("clock", [
    {"kind": "blitz", "bank": 60}, {"kind": "realtime", "bank": 5}, {"kind": "realtime", "bank": 60, "policy": "x"},
    {"kind": "correspondence", "bank": 60}, {"kind": "realtime", "bank": 60, "per_move": 3600},
])
def test_a_bad_clock_is_refused_and_makes_no_table(client, clock) -> None:
    r = client.post("/api/games", json={"players": 2, "clock": clock,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code in (400, 422), r.text


def test_each_deadline_is_applied_once_with_two_servers_and_after_a_restart(database) -> None:
    first_app = api_app(database, duty_sweep=None)  # no sweep: the deadline waits in the store
    with TestClient(first_app) as client:
        g = clocked(client, kind="correspondence", per_move=DAY, bank=60, policy="bot")
        first = state(client, g, 0)["current_player"]
    clocks.skip_time(DAY + 61)  # the deadline passed while no server ran
    # two servers on the store (PostgreSQL: several processes share it; SQLite: one, restarted)
    shared = database.startswith("postgresql")
    with TestClient(api_app(database)) as a, (TestClient(api_app(database)) if shared else nullcontext(a)) as b:
        assert wait_for(lambda: state(a, g, 0)["seats"][first]["kind"] == "bot")
        time.sleep(2.0)  # both sweeps ran meanwhile
        assert changes(a, "clock") == 1
        assert wait_for(lambda: state(b, g, 0)["seats"][first]["kind"] == "bot")


def test_a_reminder_goes_once_when_a_quarter_of_the_turn_is_left(database) -> None:
    """A correspondence turn of a day and a minute: its player is reminded six hours before the
    deadline (a quarter of the turn, at most twelve hours), once, whichever of two servers on
    the store sweeps first, in the account's language."""
    from tests.web.test_accounts import PASSWORD, sign_up
    from tests.web.test_notices import Receiver

    receiver = Receiver()
    shared = database.startswith("postgresql")
    app = api_app(database, notice_retry=0.2)
    try:
        with TestClient(app) as host, TestClient(app) as ann, \
                (TestClient(api_app(database)) if shared else nullcontext(host)) as other:
            assert sign_up(ann, "Ann Reminded", PASSWORD).status_code == 201
            assert ann.put("/api/me/settings", json={"webhook": receiver.url, "lang": "de"}).status_code == 200
            g = clocked(host, kind="correspondence", per_move=DAY, bank=60, policy="bot")
            first = state(host, g, 0)["current_player"]
            assert ann.post("/api/me/seats", json={"tokens": [g["seats"][first]["token"]]}).json() == {"claimed": 1}
            clocks.skip_time(DAY + 60 - 6 * 3600 - 60)  # a minute before the reminder: nothing
            time.sleep(1.5)
            assert [json.loads(p["body"])["event"] for p in receiver.posts] == []
            clocks.skip_time(120)
            posts = receiver.wait(1)
            time.sleep(2.5)  # both servers swept meanwhile
            bodies = [json.loads(p["body"]) for p in receiver.posts]
            assert [(b["event"], b["seat"]) for b in bodies] == [("reminder", first)]
            assert "Noch 6 Stunden" in bodies[0]["text"], bodies[0]["text"]
            assert state(other, g, 0)["seats"][first]["kind"] == "human"  # the deadline is still ahead
            assert posts
    finally:
        receiver.close()
