"""Conformance with Let's Waltz! modules: random games in every combination of the modules
that are playable, 2-4 players, with the base conformance checks after every step
(accounting, invariants, position round-trips, undo, replay, view leaks)."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.games.grand_austria_hotel.modules import MODULES
from tests.gah.test_conformance import run_game

NAMES = tuple(MODULES)
COMBOS = [c for k in range(1, len(NAMES) + 1) for c in itertools.combinations(NAMES, k)]
GAMES_PER_COMBO = 30


@pytest.mark.parametrize("combo", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_random_games_with_modules(combo: tuple[str, ...]) -> None:
    """001 Overview: 'You can combine any number of them with the base game at will'."""
    base = 10_000 * (1 + COMBOS.index(combo))
    for i in range(GAMES_PER_COMBO):
        run_game(base + i, 2 + i % 3, {"modules": list(combo)}, random.Random(base + i))
