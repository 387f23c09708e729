"""001 "COMBINING MODULES": the abbreviated combined setup, step by step, checked for every
combination of the five modules (and the base game) with 2, 3 and 4 players."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.config import MODULES

COMBOS = [c for k in range(len(MODULES) + 1) for c in itertools.combinations(MODULES, k)]
CASES = [(c, n) for c in COMBOS for n in (2, 3, 4)]
M1_GUESTS = set(range(134, 163))
M1_STAFF = set(range(119, 134))
M5_STAFF = set(range(166, 180))


@pytest.mark.parametrize("combo,players", CASES, ids=[f"{'+'.join(c) or 'base'}-{n}p" for c, n in CASES])
def test_combined_setup_steps(combo: tuple[str, ...], players: int) -> None:
    on = set(combo)
    seed = 100 * COMBOS.index(combo) + players
    st = new_game(players=players, seed=seed, modules=list(combo))
    rules = st.rules
    # 1b, 1c: the new Emperor tiles and objective cards join the pools with modules 1 or 5
    for pool in (rules.emperor_pool, rules.objective_pool):
        assert ({"AM1", "BM1", "CM1"} <= set(pool)) == ("ballrooms" in on)
        assert ({"AM5", "BM5", "CM5"} <= set(pool)) == ("more" in on)
    assert [t[0] for t in st.emperor_tiles] == ["A", "B", "C"]
    assert [rules.objectives[o].group for o in st.objectives] == ["A", "B", "C"]
    # 1d: the new guests join the queue's deck with module 1
    assert (set(rules.guests) >= M1_GUESTS) == ("ballrooms" in on)
    assert not M1_GUESTS & set(rules.guests) or "ballrooms" in on
    # 2: three ballrooms with module 1
    assert ("ballrooms" in st.parts) == ("ballrooms" in on)
    if "ballrooms" in on:
        assert len(set(st.parts["ballrooms"].order)) == 3
    # 3c, 3d: 10/12/14 dice, three of them coloured with module 2
    assert st.total_dice == {2: 10, 3: 12, 4: 14}[players]
    # 4: the lounge with three celebrities; the ♪ ones only with module 1
    if "celebrities" in on:
        part = st.parts["celebrities"]
        assert all(part.lounge)
        names = [st.to_position()["modules"]["celebrities"]["lounge"][s]["celebrity"] for s in range(3)]
        music = {"giacomo-puccini", "mata-hari", "pablo-picasso"}
        assert "ballrooms" in on or not music & set(names)
    else:
        assert "celebrities" not in st.parts
    # 5: champagne in the supply with module 1 (25 in all)
    champagne = st.supply[4] + sum(pl.kitchen[4] for pl in st.players)
    assert champagne == (25 if "ballrooms" in on else 0)
    # 7: the new staff cards join the deck with modules 1 or 5
    deck = set(rules.deck_staff)
    assert (deck >= M1_STAFF) == ("ballrooms" in on) and (deck >= M5_STAFF) == ("more" in on)
    # 9, 10b: money 10, or 9/10/11/12 by turn position with module 4 (nothing bid yet)
    order = st._turn_order()
    money = [st.players[p].money for p in order]
    assert money == ([9, 10, 11, 12][:players] if "start_player" in on else [10] * players)
    # 11: 1 of each dish and drink unless module 3; 1 champagne with module 1 (also with 3)
    for pl in st.players:
        assert pl.kitchen[:4] == ([0, 0, 0, 0] if "unique_hotels" in on else [1, 1, 1, 1])
        assert pl.kitchen[4] == (1 if "ballrooms" in on else 0)
    # 12-16: staff drawn, the auction (3), rehearsal rooms (1), starting guests, starting rooms
    phases = [st.phase]
    rnd = random.Random(seed)
    while not st.is_chance():
        st.apply(rnd.choice(st.legal_actions()))
        if st.phase != phases[-1]:
            phases.append(st.phase)
    expected = (["auction"] if "unique_hotels" in on else []) + (["rehearsal"] if "ballrooms" in on else []) \
        + ["start_guest", "start_rooms", "roll"]
    assert phases == expected
    assert st.round == 1
    for p, pl in enumerate(st.players):  # Hotel Mayenfels draws a card and may play one at once
        if "unique_hotels" not in on or st.parts["unique_hotels"].ent[p] != "mayenfels":
            assert len(pl.hand) == 6
    assert all(sum(1 for g in pl.cafe if g) >= 1 for pl in st.players)
