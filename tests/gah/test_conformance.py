"""Generic conformance: the conformance run (``tests/gah/conformance.py``) and a few
direct checks.

The run: at least 1,000,000 random decisions over all 32 module combinations (the base game
and every non-empty combination of the five Let's Waltz! modules) at 2, 3 and 4 players,
each combination and player count a test of its own (96, spread over the xdist workers)
that plays seeded random games until it has applied its quota of ``TARGET / 96``
decisions. After every step: ``check_invariants`` (accounting of every component, money,
tracks, stock, a legal action while the game runs). Sampled after 3% / 2% / 1% of the steps:
a JSON position round trip that continues identically, view-leak checks (``check_view`` and
the determinized view), undo and redo. At the end of every game: replay from seed + actions,
scores and returns, undo back to the start. See the module docstring of
``tests.gah.conformance`` for the details and ``docs/RELIABILITY.md`` for the figures.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable

import pytest

from tabletop.core import IllegalAction
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.modules import MODULES
from tests.gah.conformance import (
    CELLS,
    CI_SEED,
    COMBOS,
    MAX_STEPS,
    PLAYERS,
    TARGET,
    VARIANTS,
    cell_name,
    cell_quota,
    run_cell,
)


def test_the_run_covers_every_combination_and_player_count_with_a_million_decisions() -> None:
    """The layout guarantees the total: every cell asserts its quota (below), and the cells
    are the 32 module combinations x 2-4 players with quotas adding up to ``TARGET``."""
    assert TARGET >= 1_000_000
    every = {frozenset(c) for k in range(len(MODULES) + 1) for c in itertools.combinations(MODULES, k)}
    assert len(every) == 32 and {frozenset(c) for c in COMBOS} == every and len(COMBOS) == 32
    assert PLAYERS == (2, 3, 4)
    assert sorted(CELLS) == sorted(itertools.product(COMBOS, PLAYERS)) and len(set(CELLS)) == 96
    assert cell_quota(TARGET) * len(CELLS) >= TARGET


@pytest.mark.slow
@pytest.mark.parametrize("cell", range(len(CELLS)), ids=cell_name)
def test_conformance_run(cell: int, record_property: Callable[[str, object], None]) -> None:
    """001 Overview: 'You can combine any number of them with the base game at will'. One cell
    of the run: random games of one module combination at one player count, over the seven
    variant configs, until ``TARGET / 96`` decisions (rounded up) have been applied, with the
    checks listed in ``tests.gah.conformance``. A failure names the seed, config, players,
    step and action, and the command that replays the game."""
    quota = cell_quota(TARGET)
    stats = run_cell(CI_SEED, cell, quota)
    assert quota <= stats.decisions < quota + MAX_STEPS
    assert stats.games >= 1 and stats.round_trips and stats.views and stats.undos
    # every variant config is played in every cell
    assert stats.games >= len(VARIANTS), f"only {stats.games} games"
    record_property("conformance", [stats.games, stats.decisions, stats.chance, stats.seconds])


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
