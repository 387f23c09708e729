"""Issue 62, "Finding a game": open tables anyone may sit at with one click, private tables that
only their links open, and the rematch (one click at the end: the same people, a new deal, seats
rotated), over the real databases (SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import select

from tabletop.web.service import GameService
from tabletop.web.store import Store, games
from tests.web.test_accounts import PASSWORD, sign_up
from tests.web.test_api import new_game, started, state, wait_finished

PEOPLE3 = [{"kind": "human", "name": "Host"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]


def tables(client):
    r = client.get("/api/tables")
    assert r.status_code == 200
    return {t["game_id"]: t for t in r.json()}


def sit(client, g, name):
    return client.post(f"/api/games/{g['id']}/sit", json={"name": name})


def test_an_open_table_is_listed_without_its_links_and_anyone_sits_down(client) -> None:
    g = new_game(client, seats=PEOPLE3, players=3, listed=True, config={"edition": "original"})
    private = new_game(client)
    listed = tables(client)
    assert private["id"] not in listed
    entry = listed[g["id"]]
    assert entry["free"] == 2 and entry["players"] == 3 and entry["config"] == {"edition": "original"}
    assert entry["lang"] == "en" and entry["title"] == "Grand Austria Hotel"
    text = str(entry)
    assert all(s["token"] not in text for s in g["seats"]) and g["spectator_token"] not in text
    # one click: the first free seat, with its token, joined under the name given
    r = sit(client, g, "Walk-in")
    assert r.status_code == 200, r.text
    me = r.json()
    assert me["seat"] == 0 and me["token"] == g["seats"][0]["token"]
    assert state(client, {"id": g["id"], "seats": [{"token": me["token"]}]}, 0)["seats"][0]["name"] == "Walk-in"
    assert tables(client)[g["id"]]["free"] == 1
    assert sit(client, g, "Second").json()["seat"] == 1
    assert g["id"] not in tables(client)  # full: no longer listed
    r = sit(client, g, "Third")
    assert r.status_code == 409 and r.json()["code"] == "tables.full"


def test_a_private_table_or_a_started_one_takes_nobody_without_a_link(client) -> None:
    private = new_game(client)
    r = sit(client, private, "Stranger")
    assert r.status_code == 403 and r.json()["code"] == "tables.closed"
    assert all(not s["joined"] for s in state(client, private, 0)["seats"])
    running = started(client)
    assert sit(client, running, "Late").status_code == 403
    r = client.post("/api/games", json={"players": 2, "start": True, "listed": True,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    assert r.status_code == 400
    assert sit(client, {"id": "0123456789abcdef"}, "x").status_code == 404


def test_people_sitting_down_at_once_get_a_seat_each(tmp_path: Path) -> None:
    svc = GameService(Store(f"sqlite:///{tmp_path / 'g.db'}"), bot_workers=0)

    async def main() -> list[int]:
        g = await svc.create("grand-austria-hotel", 4, {}, [{"kind": "human"}] * 4, listed=True)
        out = await asyncio.gather(*(svc.sit(g["id"], f"P{i}") for i in range(4)))
        assert len({o["token"] for o in out}) == 4
        await svc.drain()
        return sorted(o["seat"] for o in out)

    assert asyncio.run(main()) == [0, 1, 2, 3]


def finished_between_people(client, names=("Ann", "Ben")):
    """A game of two people that bots finished for them (each handed their own seat over)."""
    g = started(client, seats=[{"kind": "human", "name": n} for n in names])
    for seat in (0, 1):
        r = client.post(f"/api/games/{g['id']}/seats/{seat}/bot", json={"token": g["seats"][seat]["token"],
                                                                         "bot": "random"})
        assert r.status_code in (200, 202), r.text
    assert wait_finished(client, g)["status"] == "finished"
    return g


def test_a_rematch_seats_the_same_people_one_seat_on_with_a_new_deal(client) -> None:
    g = started(client)
    r = client.post(f"/api/games/{g['id']}/rematch", json={"token": g["seats"][0]["token"]})
    assert r.status_code == 409  # the game is not over
    assert sign_up(client, "Ann Account", PASSWORD).status_code == 201
    g = finished_between_people(client)
    client.post("/api/me/seats", json={"tokens": [g["seats"][0]["token"]]})
    r = client.post(f"/api/games/{g['id']}/rematch", json={"token": g["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    ann = r.json()
    assert ann["seat"] == 1  # Ann was seat 0: one seat on
    new = {"id": ann["game_id"], "seats": [None, {"token": ann["token"]}]}
    s = state(client, new, 1)
    assert s["status"] == "active" and [x["name"] for x in s["seats"]] == ["Ben", "Ann"]
    assert [x["kind"] for x in s["seats"]] == ["human", "human"]  # the people, not the bots that finished for them
    assert all(x["joined"] for x in s["seats"])
    # Ben asks too: the same game, his place in it; a spectator is shown where to watch
    ben = client.post(f"/api/games/{g['id']}/rematch", json={"token": g["seats"][1]["token"]}).json()
    assert ben["game_id"] == ann["game_id"] and ben["seat"] == 0 and ben["token"] != ann["token"]
    watch = client.get(f"/api/games/{g['id']}/rematch", params={"token": g["spectator_token"]}).json()
    assert watch["game_id"] == ann["game_id"] and watch["seat"] is None
    # the old game's pages learn of it; the new deal is another; the account keeps the new seat
    assert state(client, g, 0)["rematch"] == ann["game_id"]
    with client.app.state.service.store.engine.connect() as c:
        seeds = dict(c.execute(select(games.c.id, games.c.seed)).all())
    assert seeds[ann["game_id"]] != seeds[g["id"]]
    mine = {(x["game_id"], x["seat"]) for x in client.get("/api/me/games").json()}
    assert (ann["game_id"], 1) in mine and (g["id"], 0) in mine
    # spectators watch; they do not make rematches
    assert client.post(f"/api/games/{g['id']}/rematch", json={"token": g["spectator_token"]}).status_code == 403
