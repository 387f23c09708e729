"""The coach over the API: hints for a pending decision (against bots, or where the table allows
them), and the review of a finished game with replay steps (on SQLite and PostgreSQL)."""

from __future__ import annotations

from tests.web.test_api import new_game, started, state
from tests.web.test_sit_down import play_to_end, solo, wait_for_turn


def hint(client, g, seat, token=None):
    return client.get(f"/api/games/{g['id']}/hint", params={"token": token or g["seats"][seat]["token"]})


def test_no_secret_help_between_people(client) -> None:
    """Two people, no table option: nobody may ask (403), and the payload says so."""
    g = started(client)
    for seat in (0, 1):
        s = state(client, g, seat)
        assert s["hints"] is False and s["can_hint"] is False
        r = hint(client, g, seat)
        assert r.status_code == 403 and "does not allow hints" in r.json()["detail"]


def test_a_table_that_allows_hints_gives_them_to_the_player_to_move_only(client) -> None:
    g = new_game(client, hints=True)
    assert g["hints"] is True
    for s in g["seats"]:
        r = client.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]})
        assert r.status_code == 200
    assert client.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
    spec = client.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
    assert spec["hints"] is True and spec["can_hint"] is False  # shown to all
    mover = spec["current_player"]
    other = 1 - mover
    before = state(client, g, mover)
    assert before["can_hint"] is True and state(client, g, other)["can_hint"] is False
    r = hint(client, g, mover)
    assert r.status_code == 200, r.text
    body = r.json()
    legal = {x["action"]: x["text"] for x in before["legal"]}
    moves = body["moves"]
    assert body["revision"] == before["revision"] and 1 <= len(moves) <= 3
    assert all(m["action"] in legal and m["text"] == legal[m["action"]] for m in moves)
    assert moves[0]["behind"] == 0 and [m["worth"] for m in moves] == sorted((m["worth"] for m in moves), reverse=True)
    assert hint(client, g, mover).json() == body  # the same decision, the same hint
    assert state(client, g, mover)["revision"] == before["revision"]  # asking changes nothing
    r = hint(client, g, other)
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]
    r = hint(client, g, None, token=g["spectator_token"])
    assert r.status_code == 403


def test_against_bots_hints_in_german_and_a_review_after_the_game(client) -> None:
    """Against a bot the coach is there without any option; its words follow the language. After
    the game the review names the costliest decisions with legal moves and replay steps."""
    g = solo(client, seed=12)
    s = wait_for_turn(client, g)
    while len(s["legal"]) < 3:
        client.post(f"/api/games/{g['id']}/actions", json={"token": g["seats"][0]["token"],
                                                          "revision": s["revision"], "action": s["legal"][0]["action"]})
        s = wait_for_turn(client, g)
    assert s["can_hint"] is True and s["hints"] is False
    de = client.get(f"/api/games/{g['id']}/hint", params={"token": g["seats"][0]["token"], "lang": "de"}).json()
    de_legal = client.get(f"/api/games/{g['id']}", params={"token": g["seats"][0]["token"], "lang": "de"}).json()
    texts = {x["action"]: x["text"] for x in de_legal["legal"]}
    assert len(de["moves"]) == 3 and all(m["text"] == texts[m["action"]] for m in de["moves"])
    # each move's reasons: the terms it changes most, as data and in the player's language
    assert any(m["why"] for m in de["moves"])
    for m in de["moves"]:
        assert all(set(w) == {"term", "vp"} and abs(w["vp"]) >= 0.5 for w in m["why"])
        assert (m["reasons"].startswith("Warum: ") if m["why"] else m["reasons"] == "")
    # review: not before the end
    r = client.get(f"/api/games/{g['id']}/review", params={"token": g["seats"][0]["token"]})
    assert r.status_code == 409
    s = play_to_end(client, g, lambda legal: legal[-1])
    assert s["status"] == "finished"
    r = client.get(f"/api/games/{g['id']}/review", params={"token": g["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    mistakes = r.json()["mistakes"]
    assert mistakes and len(mistakes) <= 5
    assert [m["loss"] for m in mistakes] == sorted((m["loss"] for m in mistakes), reverse=True)
    record = client.get(f"/api/games/{g['id']}/record", params={"token": g["seats"][0]["token"]}).json()
    for m in mistakes:
        assert record["actions"][m["step"]] == m["played"]["action"] != m["best"]["action"]
        assert m["loss"] >= 0.5 and m["played"]["text"] and m["best"]["text"]
        assert all(set(w) == {"term", "vp"} for w in m["best"]["why"] + m["played"]["why"] + m["why"])
        rep = client.get(f"/api/games/{g['id']}/replay/{m['step']}", params={"token": g["seats"][0]["token"]})
        assert rep.status_code == 200 and rep.json()["step"] == m["step"]
    assert any(m["why"] and m["reasons"].startswith("The coach's pick against yours: ") for m in mistakes)
    assert client.get(f"/api/games/{g['id']}/review", params={"token": g["spectator_token"]}).status_code == 403


def test_identical_coach_requests_in_flight_are_computed_once(tmp_path) -> None:
    """Issue 60: a hint asked five times at once (a double click, a script) is worked out once,
    and every request gets the same answer (a review goes through the same CoachDesk._once). A
    failure is given to every waiting request, and the next request asks again."""
    import asyncio

    from tabletop.web.service import Conflict, GameService
    from tabletop.web.store import Store

    async def main() -> None:
        svc = GameService(Store(f"sqlite:///{tmp_path / 'c.db'}"), bot_workers=0)
        calls: list[str] = []
        real = svc.bot_pool.run

        async def counted(fn, *args):
            calls.append(fn.__name__)
            await asyncio.sleep(0.3)  # the coach thinking: the other requests arrive meanwhile
            return await real(fn, *args)

        svc.bot_pool.run = counted
        try:
            g = await svc.create("grand-austria-hotel", 2, {}, [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                 seed=3, start=True, away_limit=None)
            gid, tok = g["id"], g["seats"][0]["token"]
            for _ in range(200):  # the bot's setup steps, then seat 0 decides
                live = await svc.get(gid)
                if live.state.current_player == 0:
                    break
                await asyncio.sleep(0.05)
            answers = await asyncio.gather(*(svc.hint(gid, tok) for _ in range(5)))
            assert calls == ["hint"]
            assert all(a == answers[0] for a in answers) and answers[0]["moves"]

            async def failing(fn, *args):
                calls.append("failing")
                await asyncio.sleep(0.2)
                raise ValueError("the coach cannot judge this")

            svc.bot_pool.run = failing
            live.hints = {}
            out = await asyncio.gather(*(svc.hint(gid, tok) for _ in range(3)), return_exceptions=True)
            assert calls.count("failing") == 1 and all(isinstance(e, Conflict) for e in out)
            assert svc.coach._coaching == {}  # nothing left behind: the next request asks again
        finally:
            await svc.drain()

    asyncio.run(main())
