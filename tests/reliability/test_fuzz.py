"""Fuzzing: random and malformed requests never make the server fail (no 5xx).

1. schemathesis generates requests for every operation of the app's OpenAPI schema
   (``/openapi.json`` of a real server on loopback), schema-valid ("positive") and
   schema-violating ("negative"), a bounded number per operation. Cases are steered
   towards real games: the game id and the tokens are often those of live games (one
   running, one finished, one not started, one running with all Let's Waltz! modules on),
   so the checks past authentication run too; games created get a Let's Waltz! ``modules``
   config (good and bad values) in about a third of the cases.
2. Hand-written malformed requests: huge strings, wrong types, unknown fields, bad
   tokens, negative and huge revisions, invalid JSON, wrong content types, unknown games,
   actions for finished games, and WebSockets with a bad token, an unknown game or
   garbage messages.
3. Let's Waltz! modules: the ``modules`` config, good (201, and the game has exactly those
   modules) and bad (an unknown name, a number, an object, a nested list, null, "all"
   mixed with names, duplicated names: a 400/422 whose message names ``modules`` and the
   bad value), as a table and by hypothesis; and malformed actions posted to an
   all-modules game at several points (the auction's opening and bidding, the turn menu,
   later turns): module verbs with bad arguments (``croll:9-9-9``, ``croll:``,
   ``bid:-1``, ``open:nowhere:1``, ``kozi:1-3``, ``d1:purple``, ...) and module actions
   that are not legal then are refused with a 400 (a 409 for another seat or a stale
   revision) and change nothing: same revision, same view.

Server bugs found here (and since fixed) have their own regression tests below.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tabletop.games.grand_austria_hotel.config import MODULES
from tests.reliability.helpers import ServerProcess, create_game

EXAMPLES = {"positive": 60, "negative": 60}  # per operation and mode: ~1,400 requests in all
STATS: Counter[str] = Counter()


def operation_cases() -> list[tuple[str, str]]:
    """(operation, mode) for every operation of the app's schema (read from the app itself at
    collection); negative cases only where there is an input to get wrong."""
    from tests.web.apps import api_app

    with tempfile.TemporaryDirectory() as d:
        app = api_app(f"sqlite:///{d}/schema.db")
        spec = app.openapi()
        app.state.service.store.engine.dispose()
    out = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            label = f"{method.upper()} {path}"
            out.append((label, "positive"))
            if op.get("parameters") or op.get("requestBody"):
                out.append((label, "negative"))
    return out


CASES = operation_cases()


class World:
    def __init__(self, srv: ServerProcess, games: dict[str, dict[str, Any]]) -> None:
        self.srv = srv
        self.games = games
        self.ids = [g["id"] for g in games.values()]
        self.tokens = [s["token"] for g in games.values() for s in g["seats"]] + \
            [g["spectator_token"] for g in games.values()]
        self._schema: Any = None
        self.session: Any = None

    @property
    def schema(self) -> Any:
        """The live server's OpenAPI schema, loaded by schemathesis (on first use)."""
        if self._schema is None:
            schemathesis = pytest.importorskip("schemathesis")
            import requests

            self._schema = schemathesis.openapi.from_url(f"{self.srv.url}/openapi.json", timeout=10)
            self.session = requests.Session()
            self.session.trust_env = False  # loopback only: no proxy from the environment
        return self._schema


def make_games(http: httpx.Client) -> dict[str, dict[str, Any]]:
    """A running game (one move made), a finished one, one not started yet, and a running
    game with all modules on (one move made: the auction has opened)."""
    running = create_game(http, [{"kind": "human"}, {"kind": "human"}], seed=1)
    s = http.get(f"/api/games/{running['id']}", params={"token": running["seats"][1]["token"]}).json()
    r = http.post(f"/api/games/{running['id']}/actions", json={
        "token": running["seats"][1]["token"], "revision": s["revision"], "action": s["legal"][0]["action"]})
    assert r.status_code == 200
    finished = create_game(http, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and http.get(f"/api/games/{finished['id']}", params={
            "token": finished["spectator_token"]}).json()["status"] != "finished":
        time.sleep(0.1)
    opened = create_game(http, [{"kind": "human"}, {"kind": "human"}], seed=3, start=False)
    modules = create_game(http, [{"kind": "human"}, {"kind": "human"}], seed=4, config={"modules": "all"})
    s = http.get(f"/api/games/{modules['id']}", params={"token": modules["spectator_token"]}).json()
    cp = s["current_player"]
    s = http.get(f"/api/games/{modules['id']}", params={"token": modules["seats"][cp]["token"]}).json()
    r = http.post(f"/api/games/{modules['id']}/actions", json={
        "token": modules["seats"][cp]["token"], "revision": s["revision"], "action": s["legal"][0]["action"]})
    assert r.status_code == 200, r.text
    return {"running": running, "finished": finished, "open": opened, "modules": modules}


@pytest.fixture
def fresh(world: World) -> dict[str, dict[str, Any]]:
    """Games of the same kinds, untouched by the fuzzing (which may act in the world's games)."""
    with world.srv.client() as http:
        return make_games(http)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    wd = tmp_path_factory.mktemp("fuzz")
    srv = ServerProcess(f"sqlite:///{wd / 'games.db'}", wd).start()
    try:
        with srv.client() as http:
            w = World(srv, make_games(http))
        yield w
        if w.session is not None:
            w.session.close()
        print(f"\nfuzz: {dict(sorted(STATS.items()))}")
    finally:
        srv.stop()


def known_bug(label: str, case: Any) -> str | None:
    """Inputs that hit a known, unfixed server bug (none at present)."""
    return None


# the ``modules`` config: good and bad values (see expected_modules)
MODULE_WORDS = st.sampled_from([*MODULES, "all", "ALL", "Ballrooms", "", " ", "nope", " ballrooms", "all,more",
                                "ballrooms,celebrities", "ballrooms,", "ballrooms,ballrooms"])
MODULE_VALUES = st.one_of(
    MODULE_WORDS,
    st.lists(MODULE_WORDS, max_size=7),
    st.lists(st.sampled_from(MODULES), max_size=5, unique=True),
    st.text(max_size=30),
    st.integers(-(2 ** 70), 2 ** 70), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
    st.dictionaries(st.text(max_size=5), MODULE_WORDS, max_size=3),
    st.lists(st.one_of(st.lists(MODULE_WORDS, max_size=2), st.integers(), st.none(), st.booleans(),
                       st.dictionaries(MODULE_WORDS, st.booleans(), max_size=2)), max_size=3),
)


def expected_modules(value: Any) -> tuple[str, ...] | None:
    """The modules a ``modules`` value turns on (rulebook order), or None if it must be refused:
    'all' (alone, as a string), comma-separated names, or a list of names; each known."""
    if isinstance(value, str):
        if value.strip() == "all":
            return MODULES
        names = [v.strip() for v in value.split(",") if v.strip()]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        names = list(value)
    else:
        return None
    if any(n not in MODULES for n in names) or len(set(names)) != len(names):
        return None
    return tuple(m for m in MODULES if m in names)


def duplicated(value: Any) -> bool:
    names = [v.strip() for v in value.split(",")] if isinstance(value, str) else value
    return isinstance(names, list) and all(isinstance(v, str) for v in names) and \
        len([v for v in names if v]) != len({v for v in names if v})


def steer(case: Any, data: Any, w: World) -> None:
    """Often use a live game's id and real tokens, so requests get past the 404/403 checks;
    often give a created game a Let's Waltz! ``modules`` config (good or bad), for a real
    game and player count, so it reaches the config's validation."""
    pp = case.path_parameters
    if isinstance(pp, dict) and "game_id" in pp and data.draw(st.integers(0, 3)):
        pp["game_id"] = data.draw(st.sampled_from(w.ids))
    if isinstance(case.query, dict):
        for key in ("token", "game_id"):
            if key in case.query and data.draw(st.booleans()):
                case.query[key] = data.draw(st.sampled_from(w.tokens if key == "token" else w.ids))
    if isinstance(case.body, dict):
        if "token" in case.body and data.draw(st.integers(0, 3)):
            case.body["token"] = data.draw(st.sampled_from(w.tokens))
        if "tokens" in case.body and data.draw(st.booleans()):
            case.body["tokens"] = data.draw(st.lists(st.sampled_from(w.tokens), max_size=5))
        if isinstance(case.body.get("config"), dict) and not data.draw(st.integers(0, 2)):
            case.body["config"]["modules"] = data.draw(MODULE_VALUES)
            STATS["modules configs steered"] += 1
            if data.draw(st.booleans()):
                case.body["game"] = "grand-austria-hotel"
                case.body["players"] = data.draw(st.integers(2, 4))
                case.body.pop("seats", None)


@pytest.mark.parametrize(("label", "mode"), CASES)
def test_schemathesis_no_server_error(world: World, label: str, mode: str) -> None:
    from schemathesis.checks import not_a_server_error
    from schemathesis.generation import GenerationMode

    op = world.schema.find_operation_by_label(label)
    assert op is not None, label

    @settings(max_examples=EXAMPLES[mode], deadline=None, derandomize=True, database=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(case=op.as_strategy(generation_mode=GenerationMode(mode)), data=st.data())
    def fuzz(case: Any, data: Any) -> None:
        steer(case, data, world)
        response = case.call(base_url=world.srv.url, session=world.session, timeout=20)
        STATS[f"{mode} requests"] += 1
        STATS[f"status {response.status_code // 100}xx"] += 1
        bug = known_bug(label, case)
        if response.status_code >= 500:
            world.session.close()  # the server drops the connection after an unhandled error
        if bug is not None:
            STATS[f"known-bug {response.status_code // 100}xx"] += 1
            STATS[f"known bug input: {bug}"] += 1
            return
        case.validate_response(response, checks=[not_a_server_error])

    tb_before, known_before = world.srv.tracebacks(), STATS["known-bug 5xx"]
    fuzz()
    assert world.srv.alive()
    # no hidden failures either: each traceback in the server log comes from a known bug's 500
    new_tb = world.srv.tracebacks() - tb_before
    assert new_tb <= STATS["known-bug 5xx"] - known_before, world.srv.log()[-4000:]


# ------------------------------------------------------------- hand-written cases
HUGE = "x" * 1_000_000
LONG = "t" * 60_000  # as long as a URL query the client sends at all


def test_malformed_requests_get_clear_4xx(world: World, fresh: dict[str, dict[str, Any]]) -> None:
    run, fin, opened = fresh["running"], fresh["finished"], fresh["open"]
    gid, tok, spec = run["id"], run["seats"][0]["token"], run["spectator_token"]
    cases: list[tuple[str, str, dict[str, Any], set[int]]] = [
        # (method, path, request kwargs, accepted statuses)
        ("POST", "/api/games", {"json": {"game": HUGE}}, {413}),  # past the body bound (issue 60)
        ("POST", "/api/games", {"json": {"game": HUGE[:50_000]}}, {422}),
        ("POST", "/api/games", {"json": {"game": "chess"}}, {400}),
        ("POST", "/api/games", {"json": {"players": "two"}}, {422}),
        ("POST", "/api/games", {"json": {"players": 10 ** 30}}, {422}),
        ("POST", "/api/games", {"json": {"players": 3, "seats": [{"kind": "human"}]}}, {400}),
        ("POST", "/api/games", {"json": {"seed": -1}}, {422}),
        ("POST", "/api/games", {"json": {"seed": 2 ** 64}}, {422}),
        ("POST", "/api/games", {"json": {"unknown": 1}}, {422}),
        ("POST", "/api/games", {"json": {"config": {"nonsense": True}}}, {400}),
        ("POST", "/api/games", {"json": {"config": {"staff_draft": "maybe"}}}, {400}),
        ("POST", "/api/games", {"json": {"config": {"objectives": ["A1", "B1"]}}}, {400}),
        ("POST", "/api/games", {"json": {"config": {"staff_draft": True, "introductory_sets": True}}}, {400}),
        ("POST", "/api/games", {"json": {"config": "x"}}, {422}),
        ("POST", "/api/games", {"json": {"game": "burger-joint", "players": 3}}, {400}),
        ("POST", "/api/games", {"json": {"game": "burger-joint", "config": {"turn_limit": -1}}}, {400}),
        ("POST", "/api/games", {"json": {"seats": [{"kind": "robot"}, {"kind": "human"}]}}, {422}),
        ("POST", "/api/games", {"json": {"seats": [{"kind": "bot", "bot": "nobody"}, {"kind": "human"}]}}, {400}),
        ("POST", "/api/games", {"json": {"seats": [{"kind": "bot", "bot": "greedy:steps"}, {"kind": "human"}]}},
         {400}),
        ("POST", "/api/games", {"content": b"{not json", "headers": {"content-type": "application/json"}}, {422}),
        ("POST", "/api/games", {"content": b"players=2", "headers": {"content-type": "text/plain"}}, {422}),
        ("POST", "/api/games", {"content": b"\xff\xfe\x00", "headers": {"content-type": "application/json"}},
         {400, 422}),
        ("POST", "/api/games", {"content": b"[]", "headers": {"content-type": "application/json"}}, {422}),
        ("POST", "/api/games", {"content": b"null", "headers": {"content-type": "application/json"}}, {422}),
        ("POST", "/api/games", {"content": b"[" * 10000 + b"]" * 10000,
                                "headers": {"content-type": "application/json"}}, {400, 422}),
        ("GET", f"/api/games/{gid}", {"params": {"token": "nope"}}, {403}),
        ("GET", f"/api/games/{gid}", {"params": {"token": HUGE[:100]}}, {403}),
        ("GET", f"/api/games/{gid}", {"params": {"token": LONG}}, {422, 414, 431}),
        ("GET", f"/api/games/{gid}", {}, {422}),
        ("GET", f"/api/games/{gid}", {"params": {"token": ""}}, {422}),
        ("GET", "/api/games/" + "z" * 5000, {"params": {"token": tok}}, {404}),
        ("GET", "/api/games/..%2F..%2Fetc%2Fpasswd", {"params": {"token": tok}}, {404}),
        ("GET", f"/api/games/{gid}/log", {"params": {"token": "nope"}}, {403}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": -1, "action": "g0"}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 2 ** 70, "action": "g0"}},
         {409, 422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": "one", "action": "g0"}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1.5, "action": "g0"}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": HUGE}}, {413}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": HUGE[:50_000]}},
         {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": ""}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": 5}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": ["g0"]}}, {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": "g0", "x": 1}},
         {422}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": spec, "revision": 1, "action": "g0"}}, {403}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": fin["seats"][0]["token"], "revision": 1,
                                                        "action": "g0"}}, {403}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": "roll:1-1-1-1-1-5"}},
         {400, 409}),
        ("POST", f"/api/games/{gid}/actions", {"json": {"token": tok, "revision": 1, "action": "draft:chef"}},
         {400, 409}),
        ("POST", f"/api/games/{fin['id']}/actions", {"json": {"token": fin["seats"][0]["token"], "revision": 0,
                                                              "action": "pass"}}, {409}),
        ("POST", f"/api/games/{fin['id']}/undo", {"json": {"token": fin["seats"][0]["token"], "revision": 0}},
         {409}),
        ("POST", f"/api/games/{opened['id']}/actions", {"json": {"token": opened["seats"][0]["token"],
                                                                 "revision": 0, "action": "g0"}}, {409}),
        ("POST", f"/api/games/{gid}/undo", {"json": {"token": tok, "revision": -5}}, {422}),
        ("POST", f"/api/games/{gid}/undo", {"json": {"token": tok, "revision": 10 ** 9}}, {409}),
        ("POST", f"/api/games/{gid}/undo", {"json": {"token": spec, "revision": 1}}, {403}),
        ("POST", f"/api/games/{gid}/start", {"json": {"token": tok}}, {409}),
        ("POST", f"/api/games/{gid}/start", {"json": {}}, {422}),
        ("POST", f"/api/games/{gid}/join", {"json": {"token": tok, "name": HUGE}}, {413}),
        ("POST", f"/api/games/{gid}/join", {"json": {"token": tok, "name": HUGE[:50_000]}}, {422}),
        ("POST", f"/api/games/{gid}/join", {"json": {"token": spec, "name": "x"}}, {403}),
        ("POST", f"/api/games/{gid}/seats/7/bot", {"json": {"token": tok, "bot": "easy"}}, {400}),
        ("POST", f"/api/games/{gid}/seats/-1/bot", {"json": {"token": tok, "bot": "easy"}}, {400}),
        ("POST", f"/api/games/{gid}/seats/{10 ** 30}/bot", {"json": {"token": tok, "bot": "easy"}}, {400, 422}),
        ("POST", f"/api/games/{gid}/seats/x/bot", {"json": {"token": tok, "bot": "easy"}}, {422}),
        ("POST", f"/api/games/{gid}/seats/1/bot", {"json": {"token": tok, "bot": "skynet"}}, {400}),
        ("POST", f"/api/games/{gid}/seats/1/bot", {"json": {"token": spec, "bot": "easy"}}, {403}),
        ("GET", f"/api/games/{gid}/replay/0", {"params": {"token": spec}}, {409}),
        ("GET", f"/api/games/{fin['id']}/replay/-1", {"params": {"token": fin["spectator_token"]}}, {400}),
        ("GET", f"/api/games/{fin['id']}/replay/{10 ** 30}", {"params": {"token": fin["spectator_token"]}},
         {400, 422}),
        ("GET", f"/api/games/{fin['id']}/replay/1e3", {"params": {"token": fin["spectator_token"]}}, {422}),
        ("POST", "/api/my-games", {"json": {"tokens": ["x"] * 201}}, {422}),
        ("POST", "/api/my-games", {"json": {"tokens": "abc"}}, {422}),
        ("POST", "/api/my-games", {"json": {"tokens": [HUGE[:100_000]]}}, {413}),
        ("POST", "/api/my-games", {"json": {"tokens": [HUGE[:50_000]]}}, {422}),  # a token is 100 at most
        ("POST", "/api/my-games", {"json": {"tokens": ["x", "x"]}}, {422}),  # repeated
        ("POST", "/api/my-games", {"json": {"tokens": [1, 2]}}, {422}),
        ("DELETE", f"/api/games/{gid}", {}, {405}),
        ("PUT", "/api/games", {"json": {}}, {405}),
        ("GET", "/api/nothing-here", {}, {404}),
    ]
    failures = []
    tb_before = world.srv.tracebacks()
    with httpx.Client(base_url=world.srv.url, timeout=30, trust_env=False) as http:
        before = http.get(f"/api/games/{gid}", params={"token": tok}).json()
        for method, path, kw, ok in cases:
            r = http.request(method, path, **kw)
            STATS["hand-written requests"] += 1
            if r.status_code not in ok:
                failures.append(f"{method} {path[:60]} {str(kw)[:120]} -> {r.status_code} {r.text[:200]}")
            elif r.status_code != 200 and r.headers.get("content-type", "").startswith("application/json"):
                assert "detail" in r.json()  # says what is wrong
        after = http.get(f"/api/games/{gid}", params={"token": tok}).json()
    assert not failures, "\n".join(failures)
    assert (after["revision"], after["view"]) == (before["revision"], before["view"]), "a refusal changed the game"
    assert world.srv.tracebacks() == tb_before, world.srv.log()[-4000:]


def test_websocket_bad_tokens_unknown_games_and_garbage(world: World, fresh: dict[str, dict[str, Any]]) -> None:
    from websockets.asyncio.client import connect

    run = fresh["running"]
    ws = world.srv.ws_url

    async def first_message(url: str) -> tuple[dict[str, Any], int | None]:
        async with connect(url, proxy=None, open_timeout=10, close_timeout=2) as c:
            msg = json.loads(await asyncio.wait_for(c.recv(), 10))
            code = None
            if msg.get("type") == "error":
                await asyncio.wait_for(c.wait_closed(), 10)
                code = c.close_code
            return msg, code

    async def main() -> None:
        for url, status in ((f"{ws}/api/games/{run['id']}/ws?token=bad", 403),
                            (f"{ws}/api/games/{run['id']}/ws", 403),
                            (f"{ws}/api/games/{run['id']}/ws?token=", 403),
                            (f"{ws}/api/games/nosuchgame/ws?token={run['spectator_token']}", 404),
                            (f"{ws}/api/games/{'q' * 3000}/ws?token=x", 404)):
            msg, code = await first_message(url)
            assert msg == {"type": "error", "status": status, "detail": msg["detail"]}, (url, msg)
            assert code == 4000 + status
        # garbage text is ignored; the connection stays usable ("ping" still answered)
        async with connect(f"{ws}/api/games/{run['id']}/ws?token={run['spectator_token']}", proxy=None,
                           open_timeout=10, close_timeout=2, max_size=2 ** 23) as c:
            first = json.loads(await asyncio.wait_for(c.recv(), 10))
            assert first["type"] == "state" and first["seat"] is None and first["legal"] == []
            for junk in ("", "pong", "{\"type\": \"act\", \"action\": \"g0\"}", "\x00" * 1000, "ü" * 100_000,
                         json.dumps({"token": run["seats"][0]["token"], "revision": 1, "action": "g0"})):
                await c.send(junk)
            await c.send("ping")
            pong = json.loads(await asyncio.wait_for(c.recv(), 10))
            assert pong == {"type": "pong", "revision": first["revision"]}
            STATS["websocket cases"] += 12

    asyncio.run(main())
    with world.srv.client() as http:  # nothing sent over the socket changed the game
        s = http.get(f"/api/games/{run['id']}", params={"token": run["spectator_token"]}).json()
        assert s["revision"] == 1


# ------------------------------------------------------------- known server bugs
def one_shot(srv: ServerProcess, method: str, path: str, **kw: Any) -> int:
    """The status of one request on its own connection (after an unhandled error the server
    drops a kept-alive connection, which would fail the next request instead)."""
    try:
        return httpx.request(method, srv.url + path, timeout=30, trust_env=False, **kw).status_code
    except httpx.TransportError:
        return 599


def test_non_ascii_token_is_403_not_500(world: World, fresh: dict[str, dict[str, Any]]) -> None:
    gid, srv = fresh["running"]["id"], world.srv
    codes = [one_shot(srv, "GET", f"/api/games/{gid}", params={"token": "é"}),
             one_shot(srv, "POST", f"/api/games/{gid}/join", json={"token": "ü", "name": "x"}),
             one_shot(srv, "POST", f"/api/games/{gid}/actions", json={"token": "☃", "revision": 0, "action": "g0"})]
    STATS["known-bug 5xx"] += sum(c >= 500 for c in codes)
    assert codes == [403, 403, 403]


def test_config_with_players_or_seed_is_400_not_500(world: World) -> None:
    """Found here as a 500 (TypeError); fixed in the server since: kept as a regression test."""
    srv = world.srv
    codes = [one_shot(srv, "POST", "/api/games", json={"config": {"players": 3}}),
             one_shot(srv, "POST", "/api/games", json={"config": {"seed": 1}}),
             one_shot(srv, "POST", "/api/games", json={"game": "burger-joint", "config": {"players": 2}})]
    assert codes == [400, 400, 400]


NON_FINITE_BODIES = ['{{"token": {c}}}', '{{"token": "{tok}", "revision": {c}, "action": "r1"}}',
                     '{{"token": "{tok}", "revision": {c}}}', '{{"token": "{tok}", "bot": {c}}}',
                     '{{"players": {c}}}', '{{"players": 2, "config": {{"modules": [{c}]}}}}',
                     '{{"seed": {c}}}', '{{"away_limit": {c}}}', '{{"tokens": [{c}]}}', '[{c}]', '{c}']


def test_non_finite_numbers_are_4xx_on_every_route(world: World, fresh: dict[str, dict[str, Any]]) -> None:
    """Found as a 500: NaN / Infinity in a JSON body (Python's parser takes them, the error
    answer could not be written). Every POST route of the app's schema, read from the app itself
    so that a new route is covered too, answers each such body with a 4xx and changes nothing."""
    run = fresh["running"]
    gid, tok, srv = run["id"], run["seats"][0]["token"], world.srv
    paths = [path for path, ops in world.schema.raw_schema["paths"].items() if "post" in ops]
    assert {"/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/seats/{seat}/bot",
            "/api/games/{game_id}/seats/{seat}/reclaim", "/api/my-games"} <= set(paths)
    with srv.client() as http:
        before = http.get(f"/api/games/{gid}", params={"token": tok}).json()
    failures = []
    for path in paths:
        url = path.replace("{game_id}", gid).replace("{seat}", "0")
        for c in ("NaN", "Infinity", "-Infinity"):
            for body in NON_FINITE_BODIES:
                text = body.format(c=c, tok=tok)
                code = one_shot(srv, "POST", url, content=text, headers={"content-type": "application/json"})
                STATS["non-finite bodies"] += 1
                if not 400 <= code < 500:
                    failures.append(f"POST {path} {text} -> {code}")
    assert not failures, "\n".join(failures)
    with srv.client() as http:
        after = http.get(f"/api/games/{gid}", params={"token": tok}).json()
    assert (after["revision"], after["view"]) == (before["revision"], before["view"])


def test_websocket_binary_frame_is_ignored(world: World, fresh: dict[str, dict[str, Any]]) -> None:
    from websockets.asyncio.client import connect

    run = fresh["running"]

    async def main() -> dict[str, Any]:
        async with connect(f"{world.srv.ws_url}/api/games/{run['id']}/ws?token={run['spectator_token']}",
                           proxy=None, open_timeout=10, close_timeout=2, max_size=2 ** 23) as c:
            await asyncio.wait_for(c.recv(), 10)
            await c.send(b"\x00\x01binary")
            await c.send("ping")
            return dict(json.loads(await asyncio.wait_for(c.recv(), 10)))

    tb_before = world.srv.tracebacks()
    try:
        pong = asyncio.run(main())
    finally:
        STATS["known-bug 5xx"] += world.srv.tracebacks() - tb_before
    assert pong["type"] == "pong"


def test_config_cannot_read_server_files(world: World, tmp_path) -> None:
    secret = tmp_path / "server-secret.yaml"
    secret.write_text("database_password: hunter2\n")
    broken = tmp_path / "server-notes.yaml"
    broken.write_text("top: 1\nroot_password: s3cr3t: oops\n")
    with world.srv.client() as http:
        answers = [http.post("/api/games", json={"config": {"data_override": str(path)}})
                   for path in (secret, broken, tmp_path / "missing.yaml")]
    texts = [r.text for r in answers]
    # the answer must not depend on the server's files, nor echo their contents
    assert not any("hunter2" in t or "database_password" in t or "s3cr3t" in t for t in texts), texts
    assert answers[0].json() == answers[1].json() == answers[2].json(), texts


def nul_codes(srv: ServerProcess) -> list[int]:
    with srv.client() as http:
        g = make_games(http)["running"]
    tok = g["seats"][0]["token"]
    return [
        one_shot(srv, "POST", f"/api/games/{g['id']}/join", json={"token": tok, "name": "a\x00b"}),
        one_shot(srv, "POST", "/api/games", json={"seats": [{"kind": "human", "name": "\x00"}, {"kind": "human"}]}),
        one_shot(srv, "POST", "/api/my-games", json={"tokens": ["a\x00b"]}),
        one_shot(srv, "GET", "/api/games/a%00b", params={"token": tok}),
        one_shot(srv, "POST", f"/api/games/{g['id']}/actions", json={"token": tok, "revision": 1, "action": "g\x00"}),
    ]


def test_nul_characters_sqlite(sqlite_url: str, make_server) -> None:
    assert all(c < 500 for c in nul_codes(make_server(sqlite_url)))


def test_nul_characters_postgresql(pg_url: str, make_server) -> None:
    assert all(c < 500 for c in nul_codes(make_server(pg_url)))


def test_bad_bot_options_are_refused_or_the_game_goes_on(world: World) -> None:
    with world.srv.client() as http:
        outcomes = []
        for spec in ("greedy:steps=abc", "random:x=1"):
            r = http.post("/api/games", json={"seats": [{"kind": "bot", "bot": spec},
                                                        {"kind": "bot", "bot": "random"}]})
            if r.status_code == 400:
                outcomes.append("refused")
                continue
            g = r.json()
            assert http.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][1]["token"]}).status_code == 200
            deadline = time.monotonic() + 4  # random bots make dozens of moves a second
            s: dict[str, Any] = {}
            while time.monotonic() < deadline:
                s = http.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
                if s["revision"] > 5 or s["status"] == "finished":
                    break
                time.sleep(0.1)
            outcomes.append("plays on" if s["revision"] > 5 or s["status"] == "finished" else
                            f"stalled at {s['revision']} ({s['prompt']})")
    assert all(o in ("refused", "plays on") for o in outcomes), outcomes


def test_unknown_game_ids_are_not_remembered(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from tests.web.apps import api_app

    app = api_app(f"sqlite:///{tmp_path / 'ids.db'}")
    with TestClient(app) as c:
        for i in range(300):
            assert c.get(f"/api/games/unknown{i:05d}{'x' * 1000}", params={"token": "t"}).status_code == 404
        remembered = len(app.state.service._loading)
    assert remembered < 50, f"{remembered} unknown ids kept"


# ------------------------------------------------------------- Let's Waltz! modules
def create_with_modules(http: httpx.Client, value: Any, players: int = 2) -> httpx.Response:
    return http.post("/api/games", json={"players": players, "seats": [{"kind": "human"}] * players,
                                         "config": {"modules": value}})


def check_module_answer(http: httpx.Client, value: Any, r: httpx.Response) -> str | None:
    """None if the answer to creating a game with ``modules`` = ``value`` is right: 201 and a game
    with exactly the expected modules, or a 400/422 that names ``modules``; else what is wrong."""
    want = expected_modules(value)
    if r.status_code == 201:
        if want is None:
            return f"accepted ({r.status_code})"
        g = r.json()
        s = http.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        shown = (tuple(s["view"]["config"].get("modules", ())), tuple(s["view"].get("modules") or ()))
        return None if shown == (want, want) else f"game has modules {shown}, not {want}"
    if want is not None:
        return f"refused ({r.status_code}: {r.text[:200]})"
    if r.status_code not in (400, 422):
        return f"status {r.status_code}: {r.text[:200]}"
    detail = str(r.json().get("detail"))
    return None if "modules" in detail else f"message does not name modules: {detail[:200]}"


def test_module_configs_get_201_or_a_clear_4xx(world: World) -> None:
    cases: list[tuple[Any, tuple[str, ...]]] = [
        # (value, words the refusal must contain; () for a good value)
        ("all", ()), (" all ", ()), ("ballrooms,celebrities", ()), ("celebrities, ,more", ()),
        (["unique_hotels", "ballrooms"], ()), (list(MODULES), ()), (["start_player"], ()),
        ([], ()), ("", ()),  # no module: the base game (the config's default value)
        ("nope", ("modules", "nope")), (["ballrooms", "waltz"], ("modules", "waltz")),
        ("ALL", ("modules", "ALL")), ([" ballrooms"], ("modules",)), (["Ballrooms"], ("modules", "Ballrooms")),
        (5, ("modules",)), (1.5, ("modules",)), (True, ("modules",)), (None, ("modules",)),
        ({"ballrooms": True}, ("modules",)), ([["ballrooms"]], ("modules",)), ([1, 2], ("modules",)),
        ([None], ("modules",)), ([{"name": "ballrooms"}], ("modules",)),
        (["all", "ballrooms"], ("modules", "all")), ("all,ballrooms", ("modules", "all")),
        ("ballrooms,all", ("modules", "all")), (["all"], ("modules", "all")),
        ("x" * 10_000, ("modules",)), (["ballrooms"] * 3 + ["nope"], ("modules", "nope")),
    ]
    failures = []
    tb_before = world.srv.tracebacks()
    with world.srv.client() as http:
        for players in (2, 4):
            for value, words in cases:
                r = create_with_modules(http, value, players)
                STATS["module config requests"] += 1
                problem = check_module_answer(http, value, r)
                if problem is None and words:
                    detail = str(r.json().get("detail"))
                    problem = None if all(w in detail for w in words) else f"message lacks {words}: {detail[:200]}"
                if problem:
                    failures.append(f"{players}p modules={str(value)[:60]!r}: {problem}")
    assert not failures, "\n".join(failures)
    assert world.srv.tracebacks() == tb_before, world.srv.log()[-4000:]


def test_duplicated_module_names_are_refused(world: World) -> None:
    """A module named twice is a mistake in the request (like an unknown name): it is refused
    with a 400 naming the module, not silently merged."""
    answers = {}
    with world.srv.client() as http:
        for value in (["ballrooms", "ballrooms"], "celebrities,celebrities", ["more", "celebrities", "more"]):
            r = create_with_modules(http, value)
            answers[str(value)] = (r.status_code, str(r.json().get("detail"))[:200])
    wrong = {v: a for v, a in answers.items() if a[0] not in (400, 422) or "modules" not in a[1]
             or not any(m in a[1] for m in ("ballrooms", "celebrities", "more"))}
    assert not wrong, wrong


def test_module_configs_fuzz_no_5xx(world: World) -> None:
    """Random ``modules`` values (strings, lists, numbers, objects, nestings): the answer is a
    201 with exactly the expected modules or a 400/422 naming ``modules``, never a 5xx. (A
    duplicated name is pinned by the test above, and not judged here.)"""
    failures: list[str] = []
    tb_before = world.srv.tracebacks()
    with world.srv.client() as http:
        @settings(max_examples=80, deadline=None, derandomize=True, database=None,
                  phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
        @given(value=MODULE_VALUES, players=st.integers(2, 4))
        def fuzz(value: Any, players: int) -> None:
            r = create_with_modules(http, value, players)
            STATS["module config requests"] += 1
            assert r.status_code < 500, (value, r.status_code, r.text[:300])
            if duplicated(value) and expected_modules([v for v in dict.fromkeys(
                    v.strip() if isinstance(value, str) else v
                    for v in (value.split(",") if isinstance(value, str) else value)) if v]) is not None:
                return  # only duplicated: see test_duplicated_module_names_are_refused
            problem = check_module_answer(http, value, r)
            if problem:
                failures.append(f"{players}p modules={str(value)[:80]!r}: {problem}")

        fuzz()
    assert not failures, "\n".join(failures[:20])
    assert world.srv.tracebacks() == tb_before, world.srv.log()[-4000:]


# module verbs with bad arguments, and module actions out of place (each refused unless legal then)
BAD_MODULE_ACTIONS = (
    "croll:9-9-9", "croll:", "croll:1-2", "croll:1-2-3-4", "croll:0-0-0", "croll:1-1-1", "croll:-1-1-1",
    "roll:1-1-1-1-1-5", "roll:", "bid:-1", "bid:0", "bid:21", "bid:" + "9" * 30, "bid:1.5", "bid:", "bid:x",
    "bid:1", "open:nowhere:1", "open:dove:-1", "open:dove:21", "open:dove:", "open::", "open:dove:3:3",
    "open:kaufman:0", "dove:9", "dove:-1", "dove:", "dove:0", "kozi:1-3", "kozi:0-1", "kozi:6-7",
    "kozi:1-2:purple", "kozi:1-2", "kozi:1-2:red", "wray:Z9", "wray:", "wray:A1", "draw:staff", "draw:nothing",
    "bell:nobody", "bell:", "key=9", "key=0", "key=", "key", "key=1", "d1:purple", "d7:red", "d0:red",
    "d1:red", "d6=9:red", "d6=1:red+x", "d6=1:red", "freud:m9r99", "freud:m0r-1", "freud:m0b9t",
    "freud:m0r1", "einstein", "emperor+1", "bin:green", "bin:red", "dancer:9", "dancer:0", "dancer:1",
    "send:9t", "send:0x", "send:0t", "m0b9t", "m0b0x", "m9b0t", "m0b0t", "first:nothing", "first:row",
    "rehearsal:9", "rehearsal:0", "rehearsal:1", "rmdancer:x", "rmdancer:t", "dance:later", "dance:",
    "pass", "done", ":", "::", "a:b:c:d", "d1:red:blue",
)


def test_malformed_module_actions_change_nothing(world: World) -> None:
    tb_before = world.srv.tracebacks()
    rng = random.Random(8)
    failures: list[str] = []
    fired: Counter[int | str] = Counter()
    with world.srv.client() as http:
        g = create_game(http, [{"kind": "human"}, {"kind": "human"}], seed=21, config={"modules": "all"})

        def state(seat: int | None) -> dict[str, Any]:
            tok = g["spectator_token"] if seat is None else g["seats"][seat]["token"]
            return dict(http.get(f"/api/games/{g['id']}", params={"token": tok}).json())

        def fire(where: str) -> None:
            cp = state(None)["current_player"]
            s = state(cp)
            legal = {a["action"] for a in s["legal"]}
            other = g["seats"][1 - cp]["token"]
            for action in BAD_MODULE_ACTIONS:
                for token, revision, ok in ((g["seats"][cp]["token"], s["revision"], {400}),
                                            (other, s["revision"], {409}),
                                            (g["seats"][cp]["token"], s["revision"] + 1, {409})):
                    if action in legal and ok == {400}:
                        continue
                    r = http.post(f"/api/games/{g['id']}/actions",
                                  json={"token": token, "revision": revision, "action": action})
                    fired[r.status_code] += 1
                    if r.status_code not in ok or not str(r.json().get("detail")):
                        failures.append(f"{where} {action!r} -> {r.status_code} {r.text[:160]}")
            after = state(cp)
            if (after["revision"], after["view"], after["log_total"]) != (s["revision"], s["view"], s["log_total"]):
                failures.append(f"{where}: a refused action changed the game")
            fired["checkpoints"] += 1

        moves = 0
        seen_play = False
        while moves < 160:
            s = state(None)
            if s["status"] == "finished":
                break
            if moves in (0, 1) or (not seen_play and s["view"]["phase"] == "play") or moves % 40 == 0:
                fire(f"move {moves} ({s['prompt'][:50]})")
                seen_play = seen_play or s["view"]["phase"] == "play"
            cp = s["current_player"]
            s = state(cp)
            r = http.post(f"/api/games/{g['id']}/actions", json={
                "token": g["seats"][cp]["token"], "revision": s["revision"],
                "action": rng.choice(s["legal"])["action"]})
            assert r.status_code == 200, r.text
            moves += 1
    STATS["module action requests"] += sum(v for k, v in fired.items() if k != "checkpoints")
    STATS["module action checkpoints"] += fired["checkpoints"]
    assert not failures, "\n".join(failures[:30])
    assert seen_play and fired["checkpoints"] >= 5 and fired[400] > 300, fired
    assert world.srv.tracebacks() == tb_before, world.srv.log()[-4000:]
