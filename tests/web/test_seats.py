"""Who may hand a seat to a bot, the away limit and its countdown, taking a seat back, and
strict JSON bodies, over real databases (SQLite and PostgreSQL).

A seat is its player's: only they may hand it to a bot, unless they have been away (no
connection, no request) past the limit the table was created with; then any other seat
may, and everyone sees the countdown to that moment. The player takes the seat back with
their own link. Every change is in the log; a finished game names the seats a bot played."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from tabletop.web.store import Store
from tests.web.apps import api_app
from tests.web.bots import FileGateBot
from tests.web.test_api import new_game, started, state, wait_finished


def to_bot(client, g, by, target, bot="random"):
    return client.post(f"/api/games/{g['id']}/seats/{target}/bot", json={"token": g["seats"][by]["token"], "bot": bot})


def reclaim(client, g, by, target):
    return client.post(f"/api/games/{g['id']}/seats/{target}/reclaim", json={"token": g["seats"][by]["token"]})


def who(payload):
    """Who plays each seat (the presence figures change with time and are left out)."""
    return [(s["name"], s["kind"], s["bot"], s["stand_in"]) for s in payload["seats"]]


def seat_log(payload):
    return [e for e in payload["log"] if e.get("kind") == "seat"]


def started_with_limit(client, away_limit):
    g = new_game(client, away_limit=away_limit)
    assert g["away_limit"] == away_limit
    for s in g["seats"]:
        r = client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
        assert r.status_code == 200
    assert client.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
    return g


def test_a_player_cannot_hand_an_opponent_to_a_bot(client) -> None:
    g = started(client)  # the default limit: 10 minutes
    before = state(client, g, 0)
    r = to_bot(client, g, 1, 0)
    assert r.status_code == 403, r.text
    assert "only seat 0's player can hand it to a bot until they have been away 600 s" in r.json()["detail"]
    after = state(client, g, 0)
    assert after["seats"][0]["kind"] == "human" and not after["seats"][0]["stand_in"]
    assert (after["revision"], after["view"], seat_log(after)) == (before["revision"], before["view"], [])
    # spectators neither; a bad level is refused before anything is looked at
    r = client.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": g["spectator_token"], "bot": "random"})
    assert r.status_code == 403
    assert to_bot(client, g, 1, 0, bot="skynet").status_code == 400


def test_own_seat_to_a_bot_and_back(client) -> None:
    g = started(client)
    r = to_bot(client, g, 1, 1)
    assert r.status_code == 200, r.text
    seat = r.json()["seats"][1]
    assert seat["kind"] == "bot" and seat["bot"] == "random" and seat["stand_in"] and seat["name"] == "Ben"
    deadline = time.time() + 20
    while time.time() < deadline and state(client, g, 0)["current_player"] == 1:
        time.sleep(0.05)  # the bot chooses seat 1's starting guest
    s0 = state(client, g, 0)
    assert s0["current_player"] == 0
    assert seat_log(s0) == [{"idx": 0, "seat": 1, "kind": "seat", "change": "to_bot", "bot": "random",
                             "reason": "own", "by": 1}]
    # someone else's link cannot take the seat; the player's own can
    assert reclaim(client, g, 0, 1).status_code == 403
    r = reclaim(client, g, 1, 1)
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["kind"] == "human" and not r.json()["seats"][1]["stand_in"]
    assert [e["change"] for e in seat_log(r.json())] == ["to_bot", "reclaimed"]
    assert reclaim(client, g, 1, 1).status_code == 409  # already theirs
    full = client.get(f"/api/games/{g['id']}/log", params={"token": g["seats"][0]["token"]}).json()
    assert len(full) == state(client, g, 0)["log_total"]


@pytest.mark.parametrize("workers", [0, 1], ids=["threads", "processes"])
def test_a_bot_stops_when_its_seat_is_taken_back_and_nobody_acts_for_a_bot(database, workers, tmp_path,
                                                                           monkeypatch) -> None:
    gate = tmp_path / "answer"  # the bot thinks until this file exists (in a worker process too)
    monkeypatch.setattr("tabletop.web.live.make_bot", lambda spec, seed: FileGateBot(gate))
    with TestClient(api_app(database, bot_workers=workers)) as client:
        g = started(client)  # seat 1 chooses first
        assert to_bot(client, g, 1, 1).status_code == 200  # the bot starts thinking ...
        s = state(client, g, 1)
        # ... and while it plays the seat, its player cannot act for it
        r = client.post(f"/api/games/{g['id']}/actions", json={"token": g["seats"][1]["token"],
                                                              "revision": s["revision"], "action": "g0"})
        assert r.status_code == 409 and "take the seat back first" in r.json()["detail"]
        r = reclaim(client, g, 1, 1)
        assert r.status_code == 200 and r.json()["revision"] == s["revision"]
        gate.touch()  # the bot answers after its seat was taken back: the answer is dropped
        time.sleep(0.5)
        after = state(client, g, 1)
        assert after["revision"] == s["revision"] and after["current_player"] == 1 and after["legal"]


def test_away_limit_countdown_takeover_and_return(client) -> None:
    g = started_with_limit(client, 2)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={g['seats'][1]['token']}") as ws:
        ws.receive_json()
        # seat 0 was just here (it joined): the countdown runs, everyone sees it
        s1 = state(client, g, 1)
        assert s1["seats"][1]["present"] and s1["seats"][1]["takeover_in"] is None
        left = s1["seats"][0]["takeover_in"]
        assert left is not None and 0 < left <= 2
        spec = client.get(f"/api/games/{gid}", params={"token": g["spectator_token"]}).json()
        assert spec["seats"][0]["takeover_in"] is not None and spec["away_limit"] == 2
        r = to_bot(client, g, 1, 0)
        assert r.status_code == 403 and "s left" in r.json()["detail"]
        time.sleep(2.2)
        s1 = state(client, g, 1)
        assert s1["seats"][0]["takeover_in"] == 0 and s1["seats"][0]["away"] >= 2
        # seat 0 is away past the limit: seat 1 may hand it to a bot now, and it is logged
        r = to_bot(client, g, 1, 0)
        assert r.status_code == 200, r.text
        assert r.json()["seats"][0]["stand_in"]
        assert seat_log(r.json())[-1] == {"idx": r.json()["revision"], "seat": 0, "kind": "seat",
                                          "change": "to_bot", "bot": "random", "reason": "away", "by": 1}
    # the player comes back with their own link and takes the seat back
    r = reclaim(client, g, 0, 0)
    assert r.status_code == 200 and r.json()["seats"][0]["kind"] == "human"
    assert [e["reason"] for e in seat_log(r.json())] == ["away", "return"]
    # while connected, the player is never away, however long
    with client.websocket_connect(f"/api/games/{gid}/ws?token={g['seats'][0]['token']}") as ws0:
        ws0.receive_json()
        time.sleep(2.2)
        s1 = state(client, g, 1)
        assert s1["seats"][0]["present"] and s1["seats"][0]["takeover_in"] is None
        r = to_bot(client, g, 1, 0)
        assert r.status_code == 403 and "they are here" in r.json()["detail"]


def test_finished_game_names_the_seats_a_bot_played_and_changes_survive_a_restart(database) -> None:
    with TestClient(api_app(database)) as c:
        g = started_with_limit(c, 1)
        time.sleep(1.2)
        assert to_bot(c, g, 1, 0).status_code == 200  # away
        assert to_bot(c, g, 1, 1).status_code == 200  # own
        s = wait_finished(c, g)
        assert s["status"] == "finished"
        assert s["result"]["stand_ins"] == [{"seat": 0, "reasons": ["away"]}, {"seat": 1, "reasons": ["own"]}]
        assert reclaim(c, g, 0, 0).status_code == 409  # the game is over
        assert to_bot(c, g, 0, 0).status_code == 409
    with TestClient(api_app(database)) as c2:
        again = c2.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        assert again["result"]["stand_ins"] == s["result"]["stand_ins"]
        full = c2.get(f"/api/games/{g['id']}/log", params={"token": g["spectator_token"]}).json()
        assert [(e["seat"], e["reason"]) for e in full if e.get("kind") == "seat"] == [(0, "away"), (1, "own")]


def test_bot_seats_and_the_waiting_room(client) -> None:
    g = new_game(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"},
                                {"kind": "bot", "bot": "easy"}], players=3)
    gid = g["id"]
    client.post(f"/api/games/{gid}/join", json={"token": g["seats"][0]["token"], "name": "Ann"})
    # before the start, an empty seat may be given to a bot by anyone at the table ...
    r = to_bot(client, g, 0, 1)
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
    assert seat_log(r.json())[0]["reason"] == "absent"
    # ... and its player, arriving with the link later, takes it back
    assert reclaim(client, g, 1, 1).status_code == 200
    client.post(f"/api/games/{gid}/join", json={"token": g["seats"][1]["token"], "name": "Ben"})
    # a joined player's seat is theirs
    assert to_bot(client, g, 0, 1).status_code == 403
    # a seat made for a bot: anyone may change its level, nobody can take it "back"
    r = to_bot(client, g, 1, 2, bot="random")
    assert r.status_code == 200 and r.json()["seats"][2]["bot"] == "random"
    assert seat_log(r.json())[-1]["reason"] == "level"
    assert reclaim(client, g, 2, 2).status_code == 409
    assert not r.json()["seats"][2]["person"] and r.json()["seats"][0]["person"]


def test_a_seat_goes_only_to_a_level_its_game_offers(client) -> None:
    """The master only where the game has its judgement (Grand Austria Hotel, not Burger Joint)."""
    g = new_game(client)
    client.post(f"/api/games/{g['id']}/join", json={"token": g["seats"][0]["token"], "name": "Ann"})
    r = to_bot(client, g, 0, 1, bot="master")
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["kind"] == "bot" and r.json()["seats"][1]["bot"] == "master"
    r = client.post("/api/games", json={"game": "burger-joint", "players": 2, "seed": 3,
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]})
    b = r.json()
    client.post(f"/api/games/{b['id']}/join", json={"token": b["seats"][0]["token"], "name": "Ann"})
    before = state(client, b, 0)
    r = to_bot(client, b, 0, 1, bot="master")
    assert r.status_code == 400 and "Burger Joint" in r.json()["detail"] and "'master'" in r.json()["detail"]
    after = state(client, b, 0)
    assert who(after) == who(before) and seat_log(after) == []
    assert to_bot(client, b, 0, 1, bot="expert").status_code == 200


def test_no_away_limit_means_never(client) -> None:
    g = started_with_limit(client, None)
    s = state(client, g, 1)
    assert s["away_limit"] is None and s["seats"][0]["takeover_in"] is None
    r = to_bot(client, g, 1, 0)
    assert r.status_code == 403 and "no away limit" in r.json()["detail"]


NON_FINITE = ["NaN", "Infinity", "-Infinity"]


@pytest.mark.parametrize("constant", NON_FINITE)
def test_non_finite_numbers_in_bodies_are_422(client, constant) -> None:
    g = started(client)
    gid, tok = g["id"], g["seats"][0]["token"]
    before = state(client, g, 0)
    bodies = {
        f"/api/games/{gid}/actions": [f'{{"token": {constant}}}',
                                      f'{{"token": "{tok}", "revision": {constant}, "action": "r1"}}'],
        f"/api/games/{gid}/undo": [f'{{"token": {constant}}}', f'{{"token": "{tok}", "revision": {constant}}}'],
        f"/api/games/{gid}/join": [f'{{"token": {constant}}}'],
        f"/api/games/{gid}/start": [f'{{"token": {constant}}}'],
        f"/api/games/{gid}/seats/0/bot": [f'{{"token": {constant}}}'],
        f"/api/games/{gid}/seats/0/reclaim": [f'{{"token": {constant}}}'],
        "/api/games": [f'{{"token": {constant}}}', f'{{"players": {constant}}}',
                       f'{{"players": 2, "config": {{"modules": [{constant}]}}}}',
                       f'{{"players": 2, "away_limit": {constant}}}'],
        "/api/my-games": [f'{{"token": {constant}}}', f'{{"tokens": [{constant}]}}'],
    }
    for path, texts in bodies.items():
        for text in texts:
            r = client.post(path, content=text, headers={"content-type": "application/json"})
            assert r.status_code == 422, (path, text, r.status_code, r.text)
            assert f"{constant} is not a JSON number" in json.dumps(r.json()["detail"]), r.text
    after = state(client, g, 0)
    assert (after["revision"], after["view"], who(after)) == (before["revision"], before["view"], who(before))


def test_validation_errors_quoting_non_finite_values_still_answer() -> None:
    """Belt and braces: a validation error that quotes a non-finite value is answered as JSON."""
    from fastapi.exceptions import RequestValidationError

    from tabletop.web.app import _finite

    exc = RequestValidationError([{"type": "x", "loc": ("body", "a"), "msg": "m", "input": float("nan"),
                                   "ctx": {"limit": float("-inf")}}])
    out = _finite(exc.errors())
    assert json.dumps(out, allow_nan=False) and out[0]["input"] == "nan" and out[0]["ctx"]["limit"] == "-inf"


def test_an_older_database_gets_the_new_column(tmp_path) -> None:
    """A games table made before away limits existed is brought up to date on start."""
    import sqlite3

    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(40) NOT NULL, players INTEGER "
                "NOT NULL, config TEXT NOT NULL, seed BIGINT NOT NULL, status VARCHAR(12) NOT NULL, spectator "
                "VARCHAR(64) NOT NULL UNIQUE, created FLOAT NOT NULL, result TEXT)")
    con.execute("INSERT INTO games VALUES "
                "('0123456789abcdef', 'grand-austria-hotel', 2, '{}', 1, 'open', 's', 0, NULL)")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    try:
        loaded = store.load_game("0123456789abcdef")
        assert loaded is not None and loaded[0].away_limit is None and loaded[0].hints is False and loaded[3] == []
    finally:
        store.engine.dispose()


def test_a_bot_seats_level_changes_mid_game_only_by_agreement(client) -> None:
    """Issue 60: a seat made for a bot may be re-levelled by anyone before the start; once the game
    runs, only when every person playing at the table asks for the same level (202 until then,
    the level unchanged and the request shown to all); alone against bots, at once."""
    g = new_game(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"},
                                {"kind": "bot", "bot": "easy"}], players=3)
    gid = g["id"]
    for seat, name in ((0, "Ann"), (1, "Ben")):
        client.post(f"/api/games/{gid}/join", json={"token": g["seats"][seat]["token"], "name": name})
    assert client.post(f"/api/games/{gid}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
    r = to_bot(client, g, 0, 2, bot="random")
    assert r.status_code == 202, r.text
    assert r.json()["pending"] == {"seat": 2, "bot": "random", "waiting_for": [1]}
    ben = state(client, g, 1)
    assert ben["seats"][2]["bot"] == "easy"
    assert ben["level_votes"] == [{"seat": 2, "votes": [{"by": 0, "bot": "random"}]}]
    # Ben asks for another level: still no agreement, nothing changes
    r = to_bot(client, g, 1, 2, bot="hard")
    assert r.status_code == 202 and r.json()["pending"]["waiting_for"] == [0]
    assert state(client, g, 0)["seats"][2]["bot"] == "easy"
    # Ben agrees with Ann: the level changes, the log says so, the requests are gone
    r = to_bot(client, g, 1, 2, bot="random")
    assert r.status_code == 200, r.text
    assert r.json()["seats"][2]["bot"] == "random" and r.json()["level_votes"] == []
    assert seat_log(r.json())[-1]["reason"] == "level"

    # alone against bots: the one person at the table agrees with themselves
    solo = client.post("/api/games", json={"players": 2, "start": True}).json()
    r = to_bot(client, solo, 0, 1, bot="easy")
    assert r.status_code == 200 and r.json()["seats"][1]["bot"] == "easy"


def test_an_away_limit_under_a_minute_is_refused(database) -> None:
    """Issue 60: the lobby offers 2 min to 1 h; the API refuses a limit under 60 s (the server's
    --min-away-limit), and accepts 60 s and "never" (null)."""
    from tests.web.apps import api_app, no_limits

    with TestClient(api_app(database, min_away_limit=60, limits=no_limits())) as c:
        for bad in (1, 59):
            r = c.post("/api/games", json={"players": 2, "away_limit": bad})
            assert r.status_code == 400 and "away_limit" in r.json()["detail"] and "60" in r.json()["detail"]
        for good in (60, None):
            r = c.post("/api/games", json={"players": 2, "away_limit": good})
            assert r.status_code == 201 and r.json()["away_limit"] == good
