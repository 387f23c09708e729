"""Generic conformance: thousands of random games with invariants after every step.

Checks after every action: every cube, room tile, card and die is accounted for
(``check_accounting``), money 0-20, no negative stock, a non-terminal state has
a legal action. At random points: the position round-trips through JSON and
continues identically. At the end: replaying seed + actions gives the same
position, and undoing everything gives the initial position back. Views are
checked for leaks of hidden information.
"""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import IllegalAction
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.engine import GahState
from tabletop.games.grand_austria_hotel.position import check_accounting

CONFIGS = [
    {},
    {"edition": "original"},
    {"staff_draft": True},
    {"introductory_sets": True, "discard_free_guests": True},
    {"herlius_objectives": True, "rowe_smith_staff": True},
    {"exclude_kitchen_hand": True, "alternatives": ["room_vp:alt", "emperor_vp:alt"]},
    {"edition": "original", "rowe_smith_staff": True, "discard_free_guests": True},
]
GAMES = 2100
CHUNK = 70


def check_invariants(st: GahState) -> None:
    check_accounting(st)
    for pl in st.players:
        assert 0 <= pl.money <= 20
        assert 0 <= pl.emperor <= 13
        assert min(pl.kitchen) >= 0
        assert all(r in (0, 1, 2) for r in pl.rooms)
        assert len(set(pl.played)) == len(pl.played)
        assert set(pl.used) <= set(pl.played)
    assert min(st.supply) >= 0 and min(st.room_supply) >= 0 and min(st.dice) >= 0
    if st.phase not in ("draft",):
        assert not any(st.draft_packets), "draft cards left over after the draft"
    if not st.is_terminal() and not st.is_chance():
        assert st.legal_actions(), f"no legal action at: {st.prompt()}"


def check_view(st: GahState, seat: int) -> None:
    v = st.view(seat)
    text = json.dumps(v)
    assert "rng" not in v and "seed" not in v and "history" not in v
    assert isinstance(v["staff_deck"], int) and isinstance(v["guest_deck"], int)
    for q, pl in enumerate(st.players):
        if q != seat:
            assert v["players"][q]["hand"] == len(pl.hand)
            for s in pl.hand:
                assert f'"{st.rules.staff[s].slug}"' not in text, "opponent's hand card visible"
                assert f':{st.rules.staff[s].slug}"' not in text
    for s in st.staff_deck:
        slug = st.rules.staff[s].slug
        assert f'"{slug}"' not in text and f":{slug}\"" not in text, "staff deck card visible"
    if st.current_player != seat:
        assert v["legal_actions"] == []


def run_game(seed: int, players: int, config: dict, rnd: random.Random) -> None:
    st = new_game(players=players, seed=seed, **config)
    start = json.dumps(st.to_position(), sort_keys=True)
    check_invariants(st)
    while not st.is_terminal():
        if st.is_chance():
            action = st.sample_chance()
        else:
            action = rnd.choice(st.legal_actions())
        st.apply(action)
        check_invariants(st)
        r = rnd.random()
        if r < 0.03:
            pos = json.loads(json.dumps(st.to_position()))
            loaded = from_position(pos)
            assert loaded.to_position() == st.to_position()
            assert loaded.legal_actions() == st.legal_actions()
            # the loaded copy continues exactly like the original
            if not st.is_terminal():
                nxt = st.sample_chance() if st.is_chance() else st.legal_actions()[0]
                loaded.apply(nxt)
                st.apply(nxt)
                assert loaded.to_position()["players"] == st.to_position()["players"]
                check_invariants(st)
        elif r < 0.05:
            check_view(st, rnd.randrange(players))
            check_view(st, st.current_player if st.current_player >= 0 else 0)
        elif r < 0.06 and st.history:
            before = json.dumps(st.to_position(), sort_keys=True)
            last = st.undo()
            st.apply(last)
            assert json.dumps(st.to_position(), sort_keys=True) == before
    replay = new_game(players=players, seed=seed, **config)
    for a in st.history:
        replay.apply(a)
    assert replay.to_position() == st.to_position()
    assert replay.scores() == st.scores() and replay.winners() == st.winners()
    assert sum(st.returns()) == pytest.approx(1.0)
    for p, br in enumerate(st.score_breakdown()):
        assert sum(br.values()) == st.scores()[p]
    while st.history:
        st.undo()
    assert json.dumps(st.to_position(), sort_keys=True) == start


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games(chunk: int) -> None:
    """2,100 random games over 2-4 players and every variant, invariants after every step."""
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = 2 + i % 3
        config = CONFIGS[(i // 3) % len(CONFIGS)]
        run_game(i, players, config, random.Random(i))


def test_illegal_action_changes_nothing() -> None:
    st = new_game(players=3, seed=5)
    rnd = random.Random(5)
    for _ in range(60):
        if st.is_chance():
            st.apply(st.sample_chance())
            continue
        before = json.dumps(st.to_position(), sort_keys=True)
        for bad in ("d9", "nonsense", "play:no-such-card", "roll:1-1-1-1-1-1"):
            with pytest.raises(IllegalAction) as exc:
                st.apply(bad)
            assert bad in str(exc.value)
            assert json.dumps(st.to_position(), sort_keys=True) == before
        st.apply(rnd.choice(st.legal_actions()))


def test_views_equal_when_only_hidden_information_differs() -> None:
    """A view must not change when hidden parts change: deck orders, opponents' hands, RNG."""
    st = new_game(players=3, seed=11)
    rnd = random.Random(1)
    for _ in range(40):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    pos = st.to_position()
    for seat in range(3):
        other = json.loads(json.dumps(pos))
        other["rng"] = hex(12345)
        other["seed"] = 999
        other["history"] = []
        rnd.shuffle(other["staff_deck"])
        rnd.shuffle(other["guest_deck"])
        for q in range(3):
            if q != seat:
                hand = other["players"][q]["hand"]
                k = len(hand)
                pool = hand + other["staff_deck"]
                rnd.shuffle(pool)
                other["players"][q]["hand"], other["staff_deck"] = pool[:k], pool[k:]
        assert from_position(other).view(seat) == st.view(seat)


def test_chance_outcomes_are_a_distribution() -> None:
    st = new_game(players=2, seed=3)
    while not st.is_chance():
        st.apply(st.legal_actions()[0])
    outcomes = st.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len(outcomes) == 3003  # multisets of 10 dice over 6 faces
    assert st.sample_chance() in dict(outcomes)


def test_same_seed_same_game_byte_for_byte() -> None:
    def run() -> str:
        st = new_game(players=4, seed=42, staff_draft=True)
        rnd = random.Random(42)
        while not st.is_terminal():
            st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
        return json.dumps(st.to_position(), sort_keys=True)

    assert run() == run()
