"""Bots think in worker processes: the same games as in threads of the server, a worker that
dies is replaced and its seat thinks again, and shutting down leaves no process behind."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.apps import api_app
from tests.web.bots import CrashOnceBot, HangOnceBot
from tests.web.test_api import new_game, started, state

# a search bot (its own workers) and a quick one (the quick bots' worker)
BOTS = [{"kind": "bot", "bot": "expert"}, {"kind": "bot", "bot": "medium"}]


def live_children() -> dict[int, str]:
    """This process's children that still run, with their command lines (Linux /proc); the
    resource tracker multiprocessing starts once per process is not one of the server's."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z" and "resource_tracker" not in cmd:
            out[int(d.name)] = cmd
    return out


def spectate(client, g):
    r = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]})
    assert r.status_code == 200, r.text
    return r.json()


def bot_game(database, workers, actions):
    """The first ``actions`` log entries of a seeded game that bots play on every seat."""
    with TestClient(api_app(database, bot_workers=workers)) as c:
        assert c.app.state.service.bot_pool.workers == workers
        g = new_game(c, seats=BOTS, seed=11)
        assert c.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
        deadline = time.time() + 120
        while time.time() < deadline:
            s = spectate(c, g)
            if s["revision"] >= actions or s["status"] == "finished":
                break
            time.sleep(0.1)
        played = [a.action for a in c.app.state.service.live[g["id"]].log]  # chance outcomes too
    return played[:actions]


def test_worker_processes_play_the_same_game_as_threads(database) -> None:
    """Bots keep state between decisions (random stream, planned line): it travels with them."""
    threads = bot_game(database, 0, 60)
    workers = bot_game(database, 2, 60)
    assert len(threads) == 60 and all(threads)
    assert workers == threads


def bot_takes_seat_1(client) -> tuple[dict, dict]:
    """Start a game (seat 1 chooses first), hand seat 1 to a random bot and wait (at most 30 s)
    for its move: seat 1's view before, and seat 0's after."""
    g = started(client)
    before = state(client, g, 1)
    assert client.post(f"/api/games/{g['id']}/seats/1/bot",
                       json={"token": g["seats"][1]["token"], "bot": "random"}).status_code == 200
    deadline = time.time() + 30
    while time.time() < deadline and state(client, g, 0)["current_player"] == 1:
        time.sleep(0.05)
    return before, state(client, g, 0)


@pytest.mark.parametrize("trouble", ["crash", "hang"])
def test_a_worker_that_dies_or_hangs_is_replaced_and_the_seat_thinks_again(database, trouble, tmp_path,
                                                                           monkeypatch, caplog) -> None:
    marker = tmp_path / "happened"
    kind = CrashOnceBot if trouble == "crash" else HangOnceBot
    monkeypatch.setattr("tabletop.web.live.make_bot", lambda spec, seed: kind(marker, seed))
    with TestClient(api_app(database, bot_workers=1)) as c:
        pool = c.app.state.service.bot_pool
        # a decision may take 3 s here (300 s in the server); the clock starts once the request is
        # in a worker that has started (a new worker's imports are not counted)
        pool.time_limit = 3.0
        before, after = bot_takes_seat_1(c)
        assert marker.exists(), "the bot never ran in a worker"
        assert after["current_player"] == 0 and after["revision"] == before["revision"] + 1  # the move is made
        assert pool.restarts == 1 and pool.pids() and int(marker.read_text()) not in pool.pids()
    assert "a bot worker died" in caplog.text
    if trouble == "hang":
        assert "thought longer than 3.0 s" in caplog.text


def test_a_workers_slow_start_is_not_counted_as_thinking(database, tmp_path, monkeypatch, caplog) -> None:
    """The time limit is for a bot caught in a loop: a worker that takes longer than the limit to
    start (imports on a busy machine) must not be stopped as one, nor its decision asked again."""
    slow = tmp_path / "slow-start"
    slow.mkdir()
    # run by every new Python process started from here (the spawned workers), not by this one
    (slow / "sitecustomize.py").write_text("import time\ntime.sleep(3.0)\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(slow), os.environ.get("PYTHONPATH")])))
    with TestClient(api_app(database, bot_workers=1)) as c:
        pool = c.app.state.service.bot_pool
        pool.time_limit = 1.0  # a random bot's decision takes milliseconds; a start takes 3 s
        before, after = bot_takes_seat_1(c)
        assert after["revision"] == before["revision"] + 1  # the move is made
        assert pool.restarts == 0
    assert "thought longer" not in caplog.text


@pytest.mark.parametrize("workers", [0, 2])
def test_shutting_down_leaves_no_worker_behind(database, workers) -> None:
    before = live_children()
    with TestClient(api_app(database, bot_workers=workers)) as c:
        pool = c.app.state.service.bot_pool
        started(c)
        assert pool.pids() == []  # no worker before the first game with a bot seat
        g = new_game(c, seats=BOTS, seed=5)  # bots think while the server stops
        assert c.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
        deadline = time.time() + 20
        while time.time() < deadline and spectate(c, g)["revision"] < 3:
            time.sleep(0.05)
        assert len(pool.pids()) == (workers + 1 if workers else 0)  # the quick bots' worker too
    assert pool.pids() == [] and multiprocessing.active_children() == []
    assert {pid: cmd for pid, cmd in live_children().items() if pid not in before} == {}


def test_the_coach_thinks_in_a_worker_of_its_own(database) -> None:
    """A hint is worked out in the coach's worker process, not in the server (its GIL) nor in the
    bots' workers; shutting down stops that worker too."""
    before = live_children()
    with TestClient(api_app(database, bot_workers=1)) as c:
        pool = c.app.state.service.bot_pool
        g = new_game(c, hints=True)
        for s in g["seats"]:
            c.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
        c.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
        assert pool.pids() == []  # people only: no bot worker
        mover = spectate(c, g)["current_player"]
        r = c.get(f"/api/games/{g['id']}/hint", params={"token": g["seats"][mover]["token"]})
        assert r.status_code == 200 and r.json()["moves"]
        coach_pids = pool.pids()
        assert len(coach_pids) == 1 and coach_pids[0] != os.getpid()
    assert pool.pids() == []
    assert {pid: cmd for pid, cmd in live_children().items() if pid not in before} == {}


@pytest.mark.parametrize("limit", [None, 2.5])
def test_the_servers_search_bots_get_its_time_limit(tmp_path, limit) -> None:
    """``tabletop serve --bot-seconds`` (create_app's ``bot_seconds``): every search bot the
    server makes carries the limit (tests/bots/test_time_limit.py: what it does); quick bots
    and a server without a limit are left as they are."""
    with TestClient(api_app(f"sqlite:///{tmp_path / 'g.db'}", bot_workers=0, bot_seconds=limit)) as c:
        g = started(c, seats=[{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "easy"}])
        live = c.app.state.service.live[g["id"]]
        deadline = time.time() + 60
        while len(live.bots) < 2 and time.time() < deadline:
            time.sleep(0.05)
        # the limit, or what is left of it within the bot's turn (test below)
        assert live.bots[0].seconds == limit if limit is None else 0 < live.bots[0].seconds <= limit
        assert not hasattr(live.bots[1], "seconds")


def test_a_bots_turn_of_several_decisions_shares_the_servers_bound(tmp_path) -> None:
    """Issue 64, item 4: the bound is a turn's, not each decision's, so a person waits about
    ``--bot-seconds`` for a bot's turn whatever it takes to decide: the first decision of a turn
    gets all of it, each later one of the same turn what is left (at least ``TURN_FLOOR``)."""
    from tabletop.web.duties import TURN_FLOOR

    app = api_app(f"sqlite:///{tmp_path / 'g.db'}", bot_workers=0, bot_seconds=2.0)
    seen: list[tuple[int, float]] = []
    with TestClient(app) as c:
        svc = app.state.service
        real = svc.bot_pool.choose

        async def slow_choose(bot, game, seat, legal, view):  # each decision takes 0.4 s of the turn
            if seat == 0:
                seen.append((len(legal), bot.seconds))
            await asyncio.sleep(0.4)
            return await real(bot, game, seat, legal, view)

        svc.bot_pool.choose = slow_choose
        started(c, seats=[{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "easy"}])
        deadline = time.time() + 60
        while not any(x[1] < 1.9 for x in seen) or len(seen) < 8:
            assert time.time() < deadline, seen
            time.sleep(0.1)
    limits = [x[1] for x in seen]
    assert max(limits) == pytest.approx(2.0, abs=0.05)  # a turn's first decision: the whole bound
    assert min(limits) >= TURN_FLOOR  # a later one: what is left, never less than the floor
    assert any(x < 1.9 for x in limits)  # there were later decisions of a turn, and they got less
