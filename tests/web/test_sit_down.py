"""Sitting down to play (issue: one click to a game against bots, no click without a choice):
a table against bots starts at once, and a person's decision with exactly one option resolves
by itself — saying so in that player's log, going back with an undo, and never for a player
who turned it off."""

from __future__ import annotations

import time

from tests.web.test_api import new_game, state


def solo(client, **extra):
    r = client.post("/api/games", json={"game": "grand-austria-hotel", "players": 2, "seed": 7, "start": True,
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                                        **extra})
    assert r.status_code == 201, r.text
    return r.json()


def play_to_end(client, g, choose, seat=0, limit=180.0):
    """Play ``seat`` of a game against bots to its end through the API, ``choose(legal actions)``
    picking each move; returns the final state."""
    deadline = time.time() + limit
    while time.time() < deadline:
        s = state(client, g, seat)
        if s["status"] == "finished":
            return s
        if s["current_player"] != seat or not s["legal"]:
            time.sleep(0.02)
            continue
        r = client.post(f"/api/games/{g['id']}/actions", json={
            "token": g["seats"][seat]["token"], "revision": s["revision"],
            "action": choose([x["action"] for x in s["legal"]])})
        assert r.status_code in (200, 409), r.text
    return s


def wait_for_turn(client, g, seat=0, limit=20.0):
    deadline = time.time() + limit
    while time.time() < deadline:
        s = state(client, g, seat)
        if s["current_player"] == seat and s["legal"]:
            return s
        time.sleep(0.05)
    raise AssertionError("the bot did not move on")


def test_play_against_bots_starts_at_once(client) -> None:
    g = solo(client)
    s = wait_for_turn(client, g)
    assert s["status"] == "active" and s["seats"][0]["joined"] and s["revision"] >= 1
    # only with bots: people are invited through the waiting room
    r = client.post("/api/games", json={"players": 2, "start": True,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 400 and "every other seat a bot" in r.json()["detail"]


def test_no_decision_with_a_single_option_is_asked(client) -> None:
    """A whole solo game played by always taking the first option: the player is never asked
    to choose among one, and the automatic steps are marked in the player's log only."""
    g = solo(client)
    asked = []
    s = play_to_end(client, g, lambda legal: asked.append(legal) or legal[0])
    assert all(len(legal) > 1 for legal in asked), [x for x in asked if len(x) < 2]
    assert s["status"] == "finished" and len(asked) > 20
    mine = client.get(f"/api/games/{g['id']}/log", params={"token": g["seats"][0]["token"]}).json()
    theirs = client.get(f"/api/games/{g['id']}/log", params={"token": g["spectator_token"]}).json()
    assert any(e.get("auto") for e in mine)
    assert not any("auto" in e for e in theirs)


def test_the_setting_turns_it_off_and_undo_takes_automatic_steps_back(client) -> None:
    g = new_game(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}])
    for s in g["seats"]:
        client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
    tok0, tok1 = g["seats"][0]["token"], g["seats"][1]["token"]
    r = client.post(f"/api/games/{g['id']}/seats/1/settings", json={"token": tok0, "auto_single": False})
    assert r.status_code == 403  # only one's own settings
    r = client.post(f"/api/games/{g['id']}/seats/0/settings", json={"token": tok0, "auto_single": False})
    assert r.status_code == 200 and r.json()["auto_single"] is False
    client.post(f"/api/games/{g['id']}/start", json={"token": tok0})
    tokens = {0: tok0, 1: tok1}
    singles = {0: 0, 1: 0}
    undone = False
    for _ in range(400):
        spec = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        cp = spec["current_player"]
        if spec["status"] != "active" or cp not in tokens:
            break
        s = state(client, g, cp)
        singles[cp] += len(s["legal"]) == 1
        r = client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[cp], "revision": s["revision"],
                                                              "action": s["legal"][0]["action"]})
        assert r.status_code == 200, r.text
        after = r.json()
        log = client.get(f"/api/games/{g['id']}/log", params={"token": tokens[cp]}).json()
        new = [e for e in log if e.get("idx", -1) >= s["revision"] and "action" in e]
        if cp == 1 and not undone and any(e.get("auto") for e in new) and after["can_undo"] \
                and all(e["idx"] < s["revision"] or e.get("seat") in (1,) for e in new):
            # the choice and the steps that resolved by themselves after it go back together
            u = client.post(f"/api/games/{g['id']}/undo", json={"token": tok1, "revision": after["revision"]})
            assert u.status_code == 200 and u.json()["revision"] == s["revision"], u.text
            undone = True
    assert singles[0] >= 1  # asked, although there was no choice (the setting is off)
    assert singles[1] == 0  # never asked
    assert undone


def test_a_medium_bot_turn_follows_the_players_within_a_second(database) -> None:
    """With the server's default pause for people to follow the bots (0.4 s), a medium bot's whole
    turn still comes within 1 s of the player's: the pause is between bots' turns, not within one."""
    from fastapi.testclient import TestClient

    from tests.web.apps import api_app

    with TestClient(api_app(database, bot_delay=0.4)) as c:
        g = solo(c, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "medium"}])
        waits = []
        for _ in range(60):
            s = wait_for_turn(c, g)
            if s["status"] != "active":
                break
            legal = [x["action"] for x in s["legal"]]
            ends = "done" in legal and s["view"]["pending"][-1]["decision"] == "turn"
            action = "done" if ends else ("pass" if "pass" in legal else legal[0])
            started = time.monotonic()
            r = c.post(f"/api/games/{g['id']}/actions", json={"token": g["seats"][0]["token"],
                                                              "revision": s["revision"], "action": action})
            assert r.status_code == 200, r.text
            if r.json()["current_player"] == 1:  # the bot's turn: time until the player's again
                wait_for_turn(c, g)
                waits.append(time.monotonic() - started)
            if len(waits) >= 4:
                break
        assert waits and max(waits) < 1.0, waits
