"""Issue 62, "Ratings": rated games between accounts (no hints, no coach, no bot for one's own
seat while they run), openskill's Plackett-Luce rating with its uncertainty, each bot level at a
fixed rating measured on its own games, the leaderboard and each player's history; rated once,
whichever process and whatever stops, over the real databases (SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update

from tabletop.analysis import bot_ratings
from tabletop.web.ratings import Ratings, bot_levels, places, plays_like, rating_history, ratings
from tabletop.web.service import GameService
from tabletop.web.store import Store, games, seat_changes
from tests.web.apps import api_app
from tests.web.test_accounts import PASSWORD, count, sign_up
from tests.web.test_api import new_game, state

TWO = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]


@pytest.fixture
def app(database):
    return api_app(database)


def browsers(app, n: int):
    """``n`` browsers (cookie jars) on one server, each signed up as its own account."""
    out = [TestClient(app) for _ in range(n)]
    for i, c in enumerate(out):
        c.__enter__()
        assert sign_up(c, f"Rater{i}", PASSWORD).status_code == 201
    return out


def rated_table(host, guests, seats=TWO, game="grand-austria-hotel", **extra):
    """A rated table made by ``host``, each person's seat joined by the next browser, started."""
    g = new_game(host, seats=seats, rated=True, game=game, players=len(seats), **extra)
    people = [s for s in g["seats"] if s["kind"] == "human"]
    for s, who in zip(people, [host, *guests]):
        r = who.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
        assert r.status_code == 200, r.text
    r = host.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    return g


def play_out(client, g, rng: random.Random, limit: float = 120.0) -> dict:
    """Random legal moves for whoever is to move among the people until the game is over (bots
    move by themselves); the spectator's last state."""
    deadline = time.time() + limit
    while time.time() < deadline:
        s = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        if s["status"] == "finished":
            return s
        cp = s["current_player"]
        mine = state(client, g, cp) if 0 <= cp < len(g["seats"]) and g["seats"][cp]["kind"] == "human" else None
        if not mine or not mine["legal"]:
            time.sleep(0.02)  # a bot or the dice
            continue
        pick = rng.choice(mine["legal"])["action"]
        client.post(f"/api/games/{g['id']}/actions",
                    json={"token": g["seats"][cp]["token"], "revision": mine["revision"], "action": pick})
    raise AssertionError("the game did not end")


def wait_rated(client, name: str, games_: int, limit: float = 20.0) -> dict:
    deadline = time.time() + limit
    while True:
        r = client.get(f"/api/players/{name}/ratings", params={"game": "burger-joint"}).json()
        if r["games"] >= games_ or time.time() > deadline:
            return r
        time.sleep(0.05)


def test_a_rated_game_between_accounts_moves_both_ratings_once_by_the_library(app) -> None:
    ann, ben = browsers(app, 2)
    g = rated_table(ann, [ben], game="burger-joint")
    s = state(ann, g, 0)
    assert s["rated"] is True and s["can_hint"] is False
    end = play_out(ann, g, random.Random(5))
    result = end["result"]
    a = wait_rated(ann, "Rater0", 1)
    b = wait_rated(ann, "Rater1", 1)
    assert a["games"] == b["games"] == 1
    # the very numbers openskill gives for this result (the winners first, then by score)
    m = PlackettLuce()
    place = places(result, 2, {})
    expect = m.rate([[m.rating()], [m.rating()]], ranks=place)
    assert a["mu"] == pytest.approx(expect[0][0].mu, abs=0.01) and b["mu"] == pytest.approx(expect[1][0].mu, abs=0.01)
    assert a["sigma"] < 25 / 3 and b["sigma"] < 25 / 3  # a game played: less uncertain
    winner = 0 if place[0] == 1 else 1
    assert [a, b][winner]["mu"] > 25 > [a, b][1 - winner]["mu"] or place == [1, 1]
    # each one's history: the game, the place, the rating before and after
    h = a["history"][0]
    assert h["game_id"] == g["id"] and h["place"] == place[0] and h["before"] == 0.0 and h["players"] == 2
    # the leaderboard: both accounts, best first, with the bot levels among them at their fixed ratings
    board = ann.get("/api/ratings", params={"game": "burger-joint"}).json()["entries"]
    people = [e for e in board if e["bot"] is None]
    mine = {"Rater0": a["rating"], "Rater1": b["rating"]}
    assert [e["name"] for e in people] == sorted(mine, key=lambda n: -mine[n])
    assert [e["rank"] for e in people] == [1, 2]
    assert {e["bot"] for e in board if e["bot"]} == set(bot_levels("burger-joint"))
    assert [e["rating"] for e in board] == sorted((e["rating"] for e in board), reverse=True)
    # the sweep finds nothing left to rate: rated once
    svc = app.state.service
    assert svc.ratings.settle(g["id"]) is False and svc.ratings.unsettled() == []
    assert count(ann, rating_history) == 2
    for c in (ann, ben):
        c.__exit__(None, None, None)


def test_a_rated_table_refuses_hints_the_coach_and_bot_help_and_seats_only_accounts(app, database) -> None:
    ann, ben = browsers(app, 2)
    with TestClient(app) as guest:
        r = guest.post("/api/games", json={"players": 2, "seats": TWO, "rated": True})
        assert r.status_code == 401 and r.json()["code"] == "rated.account_needed"
        r = ann.post("/api/games", json={"players": 2, "seats": TWO, "rated": True, "hints": True})
        assert r.status_code == 400 and r.json()["code"] == "rated.no_hints"
        g = new_game(ann, seats=TWO, rated=True)
        assert ann.post(f"/api/games/{g['id']}/join", json={"token": g["seats"][0]["token"]}).status_code == 200
        # a guest may not take a seat at it, by link or from the list
        r = guest.post(f"/api/games/{g['id']}/join", json={"token": g["seats"][1]["token"]})
        assert r.status_code == 403 and r.json()["code"] == "rated.account_needed"
        assert not state(ann, g, 1)["seats"][1]["joined"]
        listed = new_game(ann, seats=TWO, rated=True, listed=True)
        r = guest.post(f"/api/games/{listed['id']}/sit", json={"name": "Walk-in"})
        assert r.status_code == 403 and r.json()["code"] == "rated.account_needed"
        assert any(t["rated"] for t in guest.get("/api/tables").json() if t["game_id"] == listed["id"])
        # the same account in both seats: no rated game
        assert ann.post(f"/api/games/{g['id']}/join", json={"token": g["seats"][1]["token"]}).status_code == 200
        r = ann.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
        assert r.status_code == 409 and r.json()["code"] == "rated.one_seat_each"
    g = rated_table(ann, [ben])
    me = g["seats"][0]["token"]
    # no hints and no coach while it runs, for anyone
    for c, tok in ((ann, me), (ben, g["seats"][1]["token"])):
        r = c.get(f"/api/games/{g['id']}/hint", params={"token": tok})
        assert r.status_code == 403 and r.json()["code"] == "rated.no_hints"
    # nobody hands their own seat to a bot
    r = ann.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": me, "bot": "master"})
    assert r.status_code == 403 and r.json()["code"] == "rated.fixed_seats"
    assert state(ann, g, 0)["seats"][0]["kind"] == "human"
    for c in (ann, ben):
        c.__exit__(None, None, None)


def test_a_bot_counts_at_its_fixed_rating_and_is_never_changed(app) -> None:
    (ann,) = browsers(app, 1)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]
    g = rated_table(ann, [], seats=seats, game="burger-joint")
    end = play_out(ann, g, random.Random(2))
    a = wait_rated(ann, "Rater0", 1)
    easy = bot_levels("burger-joint")["easy"]
    m = PlackettLuce()
    expect = m.rate([[m.rating()], [m.rating(mu=easy["mu"], sigma=easy["sigma"])]],
                    ranks=places(end["result"], 2, {}))
    assert a["mu"] == pytest.approx(expect[0][0].mu, abs=0.01)
    assert a["sigma"] == pytest.approx(expect[0][0].sigma, abs=0.01)
    assert count(ann, ratings) == 1  # the account's; a bot's rating is data, not a row
    board = ann.get("/api/ratings", params={"game": "burger-joint"}).json()["entries"]
    assert next(e for e in board if e["bot"] == "easy")["mu"] == pytest.approx(easy["mu"], abs=0.01)
    ann.__exit__(None, None, None)


def test_places_put_winners_first_then_scores_and_the_forfeit_or_stand_in_last() -> None:
    assert places({"scores": [10, 12], "winners": [1]}, 2, {}) == [2, 1]
    assert places({"scores": [12, 12], "winners": [0]}, 2, {}) == [1, 2]  # a tie-breaker decided
    assert places({"scores": [12, 12], "winners": [0, 1]}, 2, {}) == [1, 1]  # shared
    assert places({"scores": [30, 20, 10], "winners": [0]}, 3, {0: "forfeit"}) == [3, 1, 2]
    assert places({"scores": [30, 20, 10, 5], "winners": [0]}, 4, {0: "stand_in", 1: "stand_in"}) == [3, 4, 1, 2]


def test_plays_like_names_the_strongest_level_at_or_below() -> None:
    levels = bot_levels("grand-austria-hotel")
    assert levels, "the bots' ratings of Grand Austria Hotel are measured (tabletop/bots/data/ratings.yaml)"
    ordered = sorted(levels, key=lambda n: levels[n]["mu"])
    for n in ordered:
        assert plays_like("grand-austria-hotel", levels[n]["mu"]) == n
        assert plays_like("grand-austria-hotel", levels[n]["mu"] + 0.001) == n
    assert plays_like("grand-austria-hotel", levels[ordered[0]]["mu"] - 1) is None


def test_the_shipped_bot_ratings_predict_their_own_games() -> None:
    """The data file is the fit of the ladder games it names: fitting them again gives its
    numbers, and each pairing's predicted share is within 15 points of the share won."""
    import yaml

    from tabletop.web.ratings import BOT_RATINGS

    data = yaml.safe_load(BOT_RATINGS.read_text())
    root = Path(__file__).resolve().parents[2]
    for game, entry in data.items():
        name, pairings = bot_ratings.read_games([root / p for p in entry["source"]["games"]])
        assert name == game
        fitted = bot_ratings.fit(pairings)
        for level, v in entry["levels"].items():
            assert fitted[level]["mu"] == pytest.approx(v["mu"], abs=0.01)
            assert fitted[level]["sigma"] == pytest.approx(v["sigma"], abs=0.01)
        for p in entry["pairings"]:
            assert abs(p["a_share"] - p["predicted"]) <= 0.15, p


def test_a_stopped_process_leaves_the_game_for_the_sweep_and_two_at_once_rate_it_once(database) -> None:
    """The mark and the ratings are one transaction: a game finished but not rated (the process
    stopped between) is rated by the next sweep; two processes settling it at once rate it once."""
    app = api_app(database)
    ann, ben = browsers(app, 2)
    g = rated_table(ann, [ben], game="burger-joint")
    svc: GameService = app.state.service
    svc.authority.after_commit = svc.notices.after_commit  # this process "stops" before rating
    play_out(ann, g, random.Random(9))
    assert svc.ratings.unsettled() == [g["id"]] and count(ann, rating_history) == 0
    # Ben was away once and a bot played for him: he is placed last, whatever the score
    with svc.store.engine.begin() as c:
        c.execute(insert(seat_changes).values(game_id=g["id"], n=0, revision=3, seat=1, change="to_bot",
                                              bot="medium", reason="away", by_seat=0, was="human", created=0.0))
    other = Ratings(Store(database))  # a second process's view of the same database

    async def both() -> list[bool]:
        return list(await asyncio.gather(asyncio.to_thread(svc.ratings.settle, g["id"]),
                                         asyncio.to_thread(other.settle, g["id"])))

    assert sorted(asyncio.run(both())) == [False, True]
    assert count(ann, rating_history) == 2
    with svc.store.engine.connect() as c:
        assert [r.games for r in c.execute(select(ratings))] == [1, 1]
        lines = {r.seat: r for r in c.execute(select(rating_history))}
        assert lines[1].place == 2 and lines[1].last_reason == "stand_in" and lines[0].place == 1
        assert lines[1].mu < 25 < lines[0].mu
        # rating again changes nothing, even with the mark cleared by hand the history refuses a second line
        c.execute(update(games).where(games.c.id == g["id"]).values(rated_done=None))
        c.commit()
    with pytest.raises(Exception):  # noqa: B017 (the store's integrity error, whichever driver)
        svc.ratings._settle(g["id"])
    assert count(ann, rating_history) == 2
    for c in (ann, ben):
        c.__exit__(None, None, None)
    other.engine.dispose()
