"""The game server's API over real databases: lobby, play, errors, undo, updates, restart."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tabletop.web.store import games
from tests.web.apps import api_app


def new_game(client, seats=None, **extra):
    body = {"game": "grand-austria-hotel", "players": 2, "seed": 7,
            "seats": seats or [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}], **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def started(client, seats=None):
    g = new_game(client, seats)
    for s in g["seats"]:
        if s["kind"] == "human":
            r = client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
            assert r.status_code == 200
    r = client.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    return g


def state(client, g, seat):
    r = client.get(f"/api/games/{g['id']}", params={"token": g["seats"][seat]["token"]})
    assert r.status_code == 200, r.text
    return r.json()


def wait_finished(client, g, limit=60.0):
    """The spectator's state once the game is over (bots playing it), or when ``limit`` s are up."""
    deadline = time.time() + limit
    while True:
        s = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        if s["status"] == "finished" or time.time() > deadline:
            return s
        time.sleep(0.1)


def game_count(client) -> int:
    """How many games the server's database holds."""
    with client.app.state.service.store.engine.connect() as c:
        return int(c.execute(select(func.count()).select_from(games)).scalar_one())


def act(client, g, seat, action, revision=None):
    s = state(client, g, seat)
    rev = s["revision"] if revision is None else revision
    return client.post(f"/api/games/{g['id']}/actions",
                       json={"token": g["seats"][seat]["token"], "revision": rev, "action": action})


def test_lobby_join_start_and_first_moves(client) -> None:
    g = new_game(client)
    tokens = [s["token"] for s in g["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 20 for t in tokens)
    r = client.post(f"/api/games/{g['id']}/start", json={"token": tokens[0]})
    assert r.status_code == 409 and "not joined" in r.json()["detail"]
    for t in tokens:
        client.post(f"/api/games/{g['id']}/join", json={"token": t, "name": "x"})
    assert client.post(f"/api/games/{g['id']}/start", json={"token": tokens[0]}).status_code == 200
    s1 = state(client, g, 1)  # seat 1 chooses the first starting guest (reverse order)
    assert s1["status"] == "active" and s1["current_player"] == 1 and s1["legal"]
    r = act(client, g, 1, s1["legal"][0]["action"])
    assert r.status_code == 200 and r.json()["revision"] == 1


def test_errors_are_clear_4xx_and_change_nothing(client) -> None:
    g = started(client)
    before = state(client, g, 1)
    gid, tok = g["id"], g["seats"][1]["token"]
    cases = [
        ({"token": tok, "revision": before["revision"], "action": "d9"}, 400, "illegal action"),
        ({"token": tok, "revision": before["revision"] + 5, "action": "g0"}, 409, "stale revision"),
        ({"token": g["seats"][0]["token"], "revision": before["revision"], "action": "g0"}, 409, "not seat 0"),
        ({"token": "nope", "revision": 0, "action": "g0"}, 403, "token"),
        ({"token": tok, "revision": -1, "action": "g0"}, 422, None),
        ({"token": tok, "action": "g0"}, 422, None),
        ({"token": tok, "revision": 0, "action": "g0", "extra": 1}, 422, None),
    ]
    for body, code, text in cases:
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == code, (body, r.text)
        if text:
            assert text in r.json()["detail"]
    assert client.post("/api/games/nosuchgame/actions",
                       json={"token": tok, "revision": 0, "action": "g0"}).status_code == 404
    after = state(client, g, 1)
    assert after["revision"] == before["revision"] and after["view"] == before["view"]


def test_views_hide_other_hands_and_spectators_see_public_only(client) -> None:
    g = started(client)
    s0, s1 = state(client, g, 0), state(client, g, 1)
    spec = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
    assert isinstance(s0["view"]["players"][0]["hand"], list)
    assert isinstance(s0["view"]["players"][1]["hand"], int)
    assert isinstance(s1["view"]["players"][0]["hand"], int)
    assert all(isinstance(p["hand"], int) for p in spec["view"]["players"])
    assert spec["legal"] == [] and "rng" not in spec["view"]
    for slug in s1["view"]["players"][1]["hand"]:
        assert slug not in str(spec) and slug not in str(s0)


def test_undo_within_own_turn_only(client) -> None:
    g = started(client)
    # setup: seat 1 then seat 0 take starting guests (queue refills: a draw -> no undo)
    act(client, g, 1, "g0")
    s1 = state(client, g, 1)
    assert s1["can_undo"] is False
    act(client, g, 0, "g0")
    s0 = state(client, g, 0)  # seat 0 prepares starting rooms: no hidden information involved
    r = act(client, g, 0, "r0")
    assert r.status_code == 200 and r.json()["can_undo"] is True
    rev = r.json()["revision"]
    u = client.post(f"/api/games/{g['id']}/undo", json={"token": g["seats"][0]["token"], "revision": rev})
    assert u.status_code == 200 and u.json()["revision"] == rev - 1
    assert u.json()["view"] == s0["view"]
    # seat 1 cannot undo seat 0's action
    act(client, g, 0, "r0")
    u = client.post(f"/api/games/{g['id']}/undo", json={"token": g["seats"][1]["token"], "revision": rev})
    assert u.status_code == 409


def test_bots_play_their_seats_and_the_game_finishes(client) -> None:
    g = started(client, seats=[{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "random"}])
    s = wait_finished(client, g)
    assert s["status"] == "finished"
    assert s["result"]["scores"] == s["scores"] and s["result"]["winners"]
    assert sum(s["result"]["breakdown"][0].values()) == s["scores"][0]
    rep = client.get(f"/api/games/{g['id']}/replay/0", params={"token": g["spectator_token"]})
    assert rep.status_code == 200 and rep.json()["steps"] == s["revision"]
    last = client.get(f"/api/games/{g['id']}/replay/{s['revision']}", params={"token": g["spectator_token"]})
    assert last.json()["scores"] == s["scores"]


def next_state(ws):
    """The next whole state pushed (``seats`` messages, who is connected, are passed over)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] != "seats":
            return msg


def test_websocket_pushes_updates_to_each_seat(client) -> None:
    g = started(client)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={g['seats'][0]['token']}") as ws0, \
            client.websocket_connect(f"/api/games/{gid}/ws?token={g['spectator_token']}") as wss:
        first0, firsts = next_state(ws0), next_state(wss)
        assert first0["seat"] == 0 and firsts["seat"] is None
        act(client, g, 1, "g0")
        up0, ups = next_state(ws0), next_state(wss)
        assert up0["revision"] == first0["revision"] + 1 == ups["revision"]
        assert ups["legal"] == []
    with client.websocket_connect(f"/api/games/{gid}/ws?token=bad") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 403


def test_seat_taken_over_by_a_bot_and_my_games(client) -> None:
    g = started(client)
    r = client.post(f"/api/games/{g['id']}/seats/1/bot", json={"token": g["seats"][1]["token"], "bot": "easy"})
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
    deadline = time.time() + 20
    while time.time() < deadline and state(client, g, 0)["current_player"] == 1:
        time.sleep(0.05)
    assert state(client, g, 0)["current_player"] != 1  # the bot took its starting guest
    mine = client.post("/api/my-games", json={"tokens": [g["seats"][0]["token"], "unknown"]}).json()
    assert len(mine) == 1 and mine[0]["game_id"] == g["id"] and mine[0]["seat"] == 0


def test_restart_keeps_every_accepted_action(database) -> None:
    with TestClient(api_app(database)) as c:
        g = started(c)
        act(c, g, 1, "g0")
        act(c, g, 0, "g1")
        act(c, g, 0, "r0")
        before = state(c, g, 0)
    with TestClient(api_app(database)) as c2:  # a new server process over the same database
        after = state(c2, g, 0)
        assert after["revision"] == before["revision"] and after["view"] == before["view"]
        assert act(c2, g, 0, "r1").status_code == 200


def test_create_rejects_bad_configs_with_4xx(client) -> None:
    base = {"game": "grand-austria-hotel", "players": 2}
    for extra, text in (({"config": {"players": 3}}, "cannot set"), ({"config": {"edition": "1999"}}, "edition"),
                        ({"config": {"nonsense": True}}, "nonsense"), ({"players": 6}, "2-4 players"),
                        ({"game": "chess"}, "unknown game")):
        r = client.post("/api/games", json={**base, **extra})
        assert 400 <= r.status_code < 500, (extra, r.text)
        assert text in r.text


def test_meta_lists_the_bot_levels_each_game_offers(client) -> None:
    """The master judges with a model only Grand Austria Hotel has: the lobby offers it there only."""
    meta = client.get("/api/meta").json()
    levels = {g["name"]: g["levels"] for g in meta["games"]}
    assert levels["grand-austria-hotel"] == ["easy", "medium", "hard", "expert", "master"]
    assert levels["burger-joint"] == ["easy", "medium", "hard", "expert"]
    assert {"title", "min_players", "max_players", "options"} <= set(meta["games"][0])
    assert "master" in meta["bot_levels"] and meta["languages"] == ["en", "de", "zh"]


def test_a_master_bot_only_for_a_game_with_its_judgement(client) -> None:
    g = new_game(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "master"}])
    assert g["seats"][1]["kind"] == "bot" and g["seats"][1]["bot"] == "master"
    before = game_count(client)
    r = client.post("/api/games", json={"game": "burger-joint", "players": 2, "seed": 3,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "master"}]})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert detail.startswith("seat 1: bot must be one of random, easy, medium, hard, expert ")
    assert "Burger Joint" in detail and "'master'" in detail
    assert game_count(client) == before  # nothing made


def test_burger_joint_opens_with_draws_resolved_by_the_server(client) -> None:
    r = client.post("/api/games", json={"game": "burger-joint", "players": 2, "seed": 3,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    g = r.json()
    for s in g["seats"]:
        client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": "x"})
    s = client.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).json()
    assert s["current_player"] == 0 and s["legal"] and s["revision"] > 0
    assert all(e["seat"] == -1 or e.get("kind") == "start" for e in s["log"])  # draws (and where seats start)


def test_log_sentences_follow_undo_and_seat_names(client) -> None:
    """The server keeps each event's sentence once worked out (per language); after an undo took
    events back and other events came instead, and after a seat's name changed (a bot took it),
    every sentence is still the one the event says now."""
    from tabletop.core.registry import get_game
    from tabletop.i18n.catalog import catalog
    from tabletop.web import views

    g = started(client)
    service = client.app.state.service
    live = service.live[g["id"]]

    def fresh(lang):
        names = list(views.seat_names(live, lang))
        render = get_game(live.row.game).event_sentence
        return [render(catalog(lang), ev, names) for ev in live.state.events]

    act(client, g, 1, "g0")
    act(client, g, 0, "g0")
    assert [t[2] for t in views.event_texts(live, "de")] == fresh("de")
    r = act(client, g, 0, "r0")
    assert r.status_code == 200, r.text
    rev = state(client, g, 0)["revision"]
    views.event_texts(live, "de")
    u = client.post(f"/api/games/{g['id']}/undo", json={"token": g["seats"][0]["token"], "revision": rev})
    assert u.status_code == 200, u.text
    act(client, g, 0, "r1")
    assert [t[2] for t in views.event_texts(live, "de")] == fresh("de")
    assert any("1" in t for t in fresh("de")[-3:])
    r = client.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": g["seats"][0]["token"], "bot": "random"})
    assert r.status_code == 200, r.text
    assert [t[2] for t in views.event_texts(live, "en")] == fresh("en")
