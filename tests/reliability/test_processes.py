"""Issue 61: several ``tabletop serve`` processes share one PostgreSQL database. Any process
accepts any request for any game; a player on one process sees a move made on another live
(LISTEN/NOTIFY); of two moves at the same revision on two processes exactly one is taken (the
store's compare and set); a game's bots are played by one process at a time, and taken over by
another within the duty lease when that process is killed; every bot move is made once."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from tests.reliability.helpers import UNLIMITED, Recorder, ServerProcess, Truth, acreate_game, jsonable

FAST = (*UNLIMITED, "--duty-lease", "3")  # a dead process's bots are taken over within about 3 s


def servers(make_server: Any, pg_url: str, n: int = 2) -> list[ServerProcess]:
    return [make_server(pg_url, extra=FAST) for _ in range(n)]


def test_a_move_on_one_process_is_pushed_live_by_another(pg_url: str, make_server) -> None:
    a, b = servers(make_server, pg_url)

    async def main() -> None:
        async with a.async_client() as ha, b.async_client() as hb:
            g = await acreate_game(ha, [{"kind": "human"}, {"kind": "human"}], seed=5)
            gid = g["id"]
            rec = await Recorder(b.ws_url, gid, g["seats"][1]["token"], "B seat 1").start()
            try:
                for _ in range(12):  # moves on A, each seen on B's WebSocket
                    s = (await ha.get(f"/api/games/{gid}", params={"token": g["seats"][0]["token"]})).json()
                    mover = s["current_player"]
                    tok = g["seats"][mover]["token"]
                    s = (await ha.get(f"/api/games/{gid}", params={"token": tok})).json()
                    t = time.perf_counter()
                    r = await ha.post(f"/api/games/{gid}/actions", json={
                        "token": tok, "revision": s["revision"], "action": s["legal"][0]["action"]})
                    assert r.status_code == 200, r.text
                    rev = r.json()["revision"]
                    got = await rec.wait_for(lambda m, rev=rev: m["revision"] >= rev, 10)
                    assert got is not None, f"B did not push revision {rev}"
                    assert time.perf_counter() - t < 5
                # B answers reads of the game as it is now, and its view is the engine's
                whole = (await hb.get(f"/api/games/{gid}", params={"token": g["seats"][1]["token"]})).json()
                truth = Truth(pg_url, gid)
                assert whole["revision"] == truth.revision
                assert whole["view"] == jsonable(truth.state_at(truth.revision).view(1))
                # and takes moves itself
                mover = whole["current_player"]
                tok = g["seats"][mover]["token"]
                s = (await hb.get(f"/api/games/{gid}", params={"token": tok})).json()
                r = await hb.post(f"/api/games/{gid}/actions", json={
                    "token": tok, "revision": s["revision"], "action": s["legal"][0]["action"]})
                assert r.status_code == 200, r.text
            finally:
                await rec.close()

    asyncio.run(main())
    assert a.tracebacks() == 0 and b.tracebacks() == 0, (a.log()[-3000:], b.log()[-3000:])


def test_the_same_revision_on_two_processes_has_one_winner(pg_url: str, make_server) -> None:
    a, b = servers(make_server, pg_url)
    rng = random.Random(7)

    async def main() -> None:
        async with a.async_client() as ha, b.async_client() as hb:
            g = await acreate_game(ha, [{"kind": "human"}, {"kind": "human"}], seed=9)
            gid = g["id"]
            # a spectator on each process: the winner's move reaches both at once, also the one
            # whose own move lost (it read the game again while refusing, and pushes it all the same)
            watch = [await Recorder(p.ws_url, gid, g["spectator_token"], f"spectator on {i}").start()
                     for i, p in enumerate((a, b))]
            wins = 0
            for _ in range(20):
                s = (await ha.get(f"/api/games/{gid}", params={"token": g["seats"][0]["token"]})).json()
                tok = g["seats"][s["current_player"]]["token"]
                s = (await hb.get(f"/api/games/{gid}", params={"token": tok})).json()
                legal = [x["action"] for x in s["legal"]]
                picks = [rng.choice(legal), rng.choice(legal)]
                answers = await asyncio.gather(*(
                    h.post(f"/api/games/{gid}/actions", json={"token": tok, "revision": s["revision"], "action": p})
                    for h, p in ((ha, picks[0]), (hb, picks[1]))))
                codes = sorted(r.status_code for r in answers)
                assert codes == [200, 409], [(r.status_code, r.text[:200]) for r in answers]
                wins += 1
                winner = next(r for r in answers if r.status_code == 200).json()
                for rec in watch:
                    got = await rec.wait_for(lambda m, rev=winner["revision"]: m["revision"] >= rev, 2)
                    assert got is not None, f"{rec.label} did not push revision {winner['revision']} within 2 s"
                # both processes now show the winner's game
                for h in (ha, hb):
                    now = (await h.get(f"/api/games/{gid}", params={"token": tok})).json()
                    assert now["revision"] >= winner["revision"]
            truth = Truth(pg_url, gid)
            assert truth.revision >= wins
            for rec in watch:
                await rec.close()

    asyncio.run(main())


def test_a_killed_process_bots_are_taken_over_and_each_move_made_once(pg_url: str, make_server) -> None:
    """Bots play a game on A; A is killed mid-game (SIGKILL); B, which never saw the game,
    takes its bots over within the lease and plays it to the end. The log is one game: it
    replays with the engine, each index once."""
    a, b = servers(make_server, pg_url)

    async def main() -> str:
        async with a.async_client() as ha:
            g = await acreate_game(ha, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=21, start=False)
            gid = g["id"]
            r = await ha.post("/api/games", json={})  # (another game, so that B's sweep has company)
            assert r.status_code == 201
            await ha.post(f"/api/games/{gid}/join", json={"token": g["seats"][0]["token"], "name": "Ann"})
            await ha.post(f"/api/games/{gid}/start", json={"token": g["seats"][0]["token"]})
            r = await ha.post(f"/api/games/{gid}/seats/0/bot", json={"token": g["seats"][0]["token"], "bot": "random"})
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # let A's bots play a while
                s = (await ha.get(f"/api/games/{gid}", params={"token": g["spectator_token"]})).json()
                if s["revision"] > 40:
                    break
                await asyncio.sleep(0.05)
            assert s["status"] == "active", "the game ended before A could be killed"
        a.kill()
        killed_at = Truth(pg_url, gid).revision
        async with b.async_client() as hb:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                s = (await hb.get(f"/api/games/{gid}", params={"token": g["spectator_token"]})).json()
                if s["status"] == "finished":
                    break
                await asyncio.sleep(0.2)
            assert s["status"] == "finished", f"B did not finish the game (revision {s['revision']})"
            assert s["revision"] > killed_at
        return gid

    gid = asyncio.run(main())
    truth = Truth(pg_url, gid)
    st = truth.state_at(truth.revision)  # replays move by move: an illegal or doubled move would raise
    assert st.is_terminal()
    assert [r.idx for r in truth.log] == list(range(len(truth.log)))
    assert b.tracebacks() == 0, b.log()[-3000:]


def test_one_process_on_sqlite_still_needs_nothing_else(sqlite_url: str, make_server) -> None:
    """The zero-setup default: one process on SQLite, no listener; its bots play as before."""
    srv = make_server(sqlite_url)
    with srv.client() as http:
        g = http.post("/api/games", json={"players": 2, "start": True, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        r = http.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": g["seats"][0]["token"], "bot": "random"})
        assert r.status_code == 200
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            s = http.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
            if s["status"] == "finished":
                break
            time.sleep(0.1)
        assert s["status"] == "finished"
    assert "bus:" not in srv.log() and srv.tracebacks() == 0


def test_a_player_connected_to_one_process_is_not_away_on_another(pg_url: str, make_server) -> None:
    """Presence crosses processes: Ann's WebSocket is open on A; on B she is shown present and Ben
    cannot hand her seat to a bot however long the away limit has run; once her connection on A
    ends, B counts her away from then and, past the limit, lets Ben hand the seat over."""
    a, b = servers(make_server, pg_url)

    async def main() -> None:
        async with a.async_client() as ha, b.async_client() as hb:
            body = {"players": 2, "away_limit": 2, "seats": [{"kind": "human", "name": "Ann"},
                                                             {"kind": "human", "name": "Ben"}]}
            g = (await ha.post("/api/games", json=body)).json()
            gid = g["id"]
            for s in g["seats"]:
                await ha.post(f"/api/games/{gid}/join", json={"token": s["token"], "name": s["name"]})
            await ha.post(f"/api/games/{gid}/start", json={"token": g["seats"][0]["token"]})
            ann = await Recorder(a.ws_url, gid, g["seats"][0]["token"], "Ann on A").start()
            try:
                await asyncio.sleep(12)  # two presence beats, far past the 2 s away limit
                s = (await hb.get(f"/api/games/{gid}", params={"token": g["seats"][1]["token"]})).json()
                assert s["seats"][0]["away"] is None, s["seats"][0]
                r = await hb.post(f"/api/games/{gid}/seats/0/bot", json={"token": g["seats"][1]["token"],
                                                                         "bot": "easy"})
                assert r.status_code == 403 and "here" in r.json()["detail"], r.text
            finally:
                await ann.close()
            await asyncio.sleep(1)  # her last connection's end is marked in the store at once
            deadline = time.monotonic() + 30
            while True:
                r = await hb.post(f"/api/games/{gid}/seats/0/bot", json={"token": g["seats"][1]["token"],
                                                                         "bot": "easy"})
                if r.status_code == 200 or time.monotonic() > deadline:
                    break
                await asyncio.sleep(1)
            assert r.status_code == 200, r.text
            assert r.json()["seats"][0]["stand_in"]

    asyncio.run(main())
