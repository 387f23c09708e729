"""The legal actions reach the page with their facts, and the page reads only those.

* every legal action of random Grand Austria Hotel games (the base game, and with the Let's
  Waltz! modules: all, and some without module I) gets facts with a known verb from
  ``choice_facts``: the public facts (the event log's) plus only the documented fields, the
  staff card of one's own draft pick or discard from hand among them;
* the server sends them (``{"action", "text", "facts"}``) to the seat to act only: another seat
  and a spectator get no legal actions at all;
* the boards' scripts (gah.js, gah_modules.js, burger.js) find every legal action by its facts:
  no regular expression or string method reads an action string there.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import get_game
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.burger_joint import new_game as new_burger
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.choice_facts import choice_facts
from tests.web.apps import api_app

JS = Path(__file__).resolve().parents[2] / "tabletop" / "web" / "static" / "js"
TILES = ["A3", "B3", "C4"]  # a bonus drawing staff cards to play one, a penalty discarding from hand
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"staff_draft": True, "emperor_tiles": TILES}),
    (4, {"edition": "original", "emperor_tiles": TILES}),
    (2, {"modules": "all", "staff_draft": True, "emperor_tiles": TILES}),
    (3, {"modules": "all"}),
    (4, {"modules": "all", "emperor_tiles": TILES}),
    (3, {"modules": "celebrities,unique_hotels,start_player,more"}),
]
# what choice_facts may add to the public facts, per verb (docstring of choice_facts.py)
ADDED = {"draft": {"staff"}, "discard": {"staff"}, "bal_send": {"at"}, "bal_dance": {"at"},
         "freud_ballroom": {"at"}, "step": {"steps"}}


def random_game(players: int, config: dict[str, Any], seed: int):
    """The states of a random game at each decision of a seat (chance drawn from its own RNG)."""
    st = new_game(players=players, seed=seed, **config)
    rng = random.Random(seed)
    while st.current_player != TERMINAL:
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        yield st
        st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize(("players", "config"), CONFIGS, ids=[f"{n}p-{c}" for n, c in CONFIGS])
def test_every_legal_action_has_facts_with_a_known_verb(players: int, config: dict[str, Any]) -> None:
    verbs: set[str] = set()
    for seed in range(4):
        for st in random_game(players, config, seed):
            for a in st.legal_actions():
                public = st.action_facts(a)
                facts = choice_facts(st, a)
                assert facts["verb"] not in ("other", None), (a, facts)
                assert json.loads(json.dumps(facts)) == facts, (a, facts)  # plain JSON data
                added = set(facts) - set(public)
                assert added <= ADDED.get(facts["verb"], set()), (a, added)
                assert {k: facts[k] for k in public} == public, (a, facts, public)  # the public facts kept
                if facts["verb"] in ("draft", "discard", "play", "use", "bell"):
                    assert facts["staff"] == a.split(":", 1)[1], (a, facts)
                verbs.add(facts["verb"])
    assert {"guest", "die", "done"} <= verbs, verbs
    if config.get("staff_draft"):
        assert "draft" in verbs
    if config.get("modules") == "all":
        assert {"cdie", "open", "bid", "bal_section", "bal_board", "key"} <= verbs, verbs


def test_burger_joint_actions_have_facts_with_a_known_verb() -> None:
    assert get_game("burger-joint").choice_facts is None  # its public facts say all: the server sends them
    for seed in range(3):
        st = new_burger(players=2, seed=seed, turn_limit=12)
        rng = random.Random(seed)
        while st.current_player != TERMINAL:
            legal = st.legal_actions()
            if st.current_player != CHANCE:
                for a in legal:
                    assert st.action_facts(a)["verb"] != "other", a
            st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(legal))


def test_only_the_seat_to_act_gets_the_legal_actions_and_their_facts(tmp_path) -> None:
    with TestClient(api_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        r = client.post("/api/games", json={"game": "grand-austria-hotel", "players": 2, "seed": 3,
                                            "config": {"staff_draft": True},
                                            "seats": [{"kind": "human", "name": "Ann"},
                                                      {"kind": "human", "name": "Ben"}]})
        assert r.status_code == 201, r.text
        g = r.json()
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        for tok in tokens:
            assert client.post(f"/api/games/{gid}/join", json={"token": tok, "name": "x"}).status_code == 200
        assert client.post(f"/api/games/{gid}/start", json={"token": tokens[0]}).status_code == 200
        drafted = 0
        for _ in range(12):  # the staff draft: each seat keeps a card of its own packet
            states = {seat: client.get(f"/api/games/{gid}", params={"token": tok}).json()
                      for seat, tok in [*enumerate(tokens), (None, g["spectator_token"])]}
            cp = states[0]["current_player"]
            assert cp in (0, 1)
            for seat, s in states.items():
                assert (seat == cp) == bool(s["legal"]), (seat, cp)
            mine = states[cp]
            packet = mine["view"]["draft_packets"][cp] if mine["view"].get("draft_packets") else None
            for entry in mine["legal"]:
                assert set(entry) == {"action", "text", "facts"}
                assert entry["facts"]["verb"] != "other"
                if entry["facts"]["verb"] == "draft":  # its own packet's card: the seat sees it
                    assert isinstance(packet, list) and entry["facts"]["staff"] in packet
                    drafted += 1
            r = client.post(f"/api/games/{gid}/actions", json={"token": tokens[cp], "revision": mine["revision"],
                                                               "action": mine["legal"][0]["action"]})
            assert r.status_code == 200, r.text
        assert drafted


# ------------------------------------------------------------------ the scripts read facts only
def code_of(js: str) -> str:
    """The script without its comments and the text of its string literals (template literals'
    ``${…}`` parts kept: they are code)."""
    out, i, n = [], 0, len(js)
    while i < n:
        c = js[i]
        if js.startswith("//", i):
            i = js.find("\n", i)
            i = n if i < 0 else i
        elif js.startswith("/*", i):
            i = js.index("*/", i) + 2
        elif c in "\"'":
            j = i + 1
            while js[j] != c:
                j += 2 if js[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "`":
            j, depth = i + 1, 0
            out.append("`")
            while depth or js[j] != "`":
                if js.startswith("${", j) and not depth:
                    depth, j = 1, j + 2
                    out.append("${")
                    continue
                if depth:
                    depth += {"{": 1, "}": -1}.get(js[j], 0)
                    out.append(js[j])
                j += 2 if js[j] == "\\" and not depth else 1
            out.append("`")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


# a regular expression literal: a slash where an operand starts (after an operator or an opening)
REGEX_LITERAL = re.compile(r"(?:^|[=(,:\[!&|?{};]|\breturn)\s*"
                           r"(/(?![/*])(?:\\.|\[(?:\\.|[^\]])*\]|[^/\n\\])+/[a-z]*)", re.M)
# string methods that would take an action string apart, and reading the legal actions' strings
STRING_READING = re.compile(r"\.(?:match|matchAll|test|exec|startsWith|endsWith|split|substr|substring|charAt)\(|"
                            r"\bnew RegExp\b|\bRegExp\(|\blegal\.(?:has|keys)\(")
# the regular expressions left, none over an action: an effect's name, a VP source's key, a log line
ALLOWED_REGEX = {"gah.js": ["/_/g"], "gah_modules.js": [], "burger.js": ["/ /g", "/^(burger|pizza)\\b/"]}


def test_the_detector_finds_what_the_scripts_used_to_do() -> None:
    old = ('const BOARD_ACTION = /^(g\\d|d[1-5]\\+?$|play:|use:)/;\n'
           'if ((m = a.match(/^e(\\d+)m(\\d+)$/))) label = "x/y";\n'
           'const k = a.split(":")[1]; // a comment with /a regex/\n'
           'const ok = [...ctx.legal.keys()].some((a) => a.startsWith(`m${t}r`));\n')
    code = code_of(old)
    assert REGEX_LITERAL.findall(code) == ["/^(g\\d|d[1-5]\\+?$|play:|use:)/", "/^e(\\d+)m(\\d+)$/"]
    assert len(STRING_READING.findall(code)) == 4


@pytest.mark.parametrize("name", sorted(ALLOWED_REGEX))
def test_the_boards_read_no_action_string(name: str) -> None:
    code = code_of((JS / name).read_text(encoding="utf-8"))
    assert REGEX_LITERAL.findall(code) == ALLOWED_REGEX[name]
    assert not STRING_READING.findall(code), STRING_READING.findall(code)
    # slicing: only the view's lists (the café tables shown, a ballroom row's balcony)
    slices = re.findall(r"([\w.\]\)]+)\.slice\(", code)
    assert set(slices) <= {"pl.cafe", "here"}, slices
