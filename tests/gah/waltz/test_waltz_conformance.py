"""Conformance with Let's Waltz! modules: random games in every combination of the modules
that are playable, 2-4 players, with the base conformance checks after every step
(accounting, invariants, position round-trips, undo, replay, view leaks)."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.position import determinize
from tests.gah.test_conformance import run_game

NAMES = tuple(MODULES)
COMBOS = [c for k in range(1, len(NAMES) + 1) for c in itertools.combinations(NAMES, k)]
GAMES_PER_COMBO = 100


@pytest.mark.parametrize("combo", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_random_games_with_modules(combo: tuple[str, ...]) -> None:
    """001 Overview: 'You can combine any number of them with the base game at will'."""
    base = 10_000 * (1 + COMBOS.index(combo))
    for i in range(GAMES_PER_COMBO):
        run_game(base + i, 2 + i % 3, {"modules": list(combo)}, random.Random(base + i))


@pytest.mark.parametrize("combo", [(), *COMBOS], ids=["base", *("+".join(c) for c in COMBOS)])
def test_views_hide_everything_determinize_resamples(combo: tuple[str, ...]) -> None:
    """Hidden information is enforced: for a seat's view, a state rebuilt with every hidden
    part resampled (``determinize``) shows that seat exactly the same view. A view that
    leaked a hidden part (a deck order, a face-down stack, an opponent's hand) would differ."""
    base = 20_000 * (1 + COMBOS.index(combo) if combo else 0)
    for i in range(4):
        players = 2 + i % 3
        st = new_game(players=players, seed=base + i, modules=list(combo))
        rnd = random.Random(base + i)
        step = 0
        while not st.is_terminal():
            st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
            step += 1
            if step % 23 == 0 and not st.is_terminal():
                seat = rnd.randrange(players)
                view = st.view(seat)
                again = determinize(json.loads(json.dumps(view)), Rng(step))
                assert again.view(seat) == view, f"seat {seat} sees a hidden part at step {step}"
