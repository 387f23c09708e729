"""The cache of legal actions (docs/PERFORMANCE.md, *Legal actions come back with undo*): an
undo puts back the list the position had, and a copy starts with its original's. A search
applies and undoes every action of a position in turn, so each undo used to cost a new list;
these tests hold the cache to the position it belongs to, chance draws and refused actions
included."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.registry import get_game

CASES = [("grand-austria-hotel", {}), ("grand-austria-hotel", {"modules": "all"}), ("burger-joint", {})]


@pytest.mark.parametrize(("game", "config"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_undo_and_copies_keep_the_positions_own_legal_actions(game: str, config: dict, seed: int) -> None:
    st = get_game(game).new_game(players=2, seed=seed, **config)
    rng = random.Random(seed)
    steps = 0
    while not st.is_terminal() and steps < 400:
        legal = st.legal_actions()
        assert legal == st._legal()  # the cache is this position's list
        assert st.clone().legal_actions() == legal  # a copy starts with the same actions
        action = st.sample_chance() if st.is_chance() else rng.choice(legal)
        with pytest.raises(IllegalAction):
            st.apply("no-such-action")
        assert st.legal_actions() is legal  # a refused action leaves the cache alone
        st.apply(action)
        st.undo()
        # the list itself comes back (not a new one); for a chance draw, all the outcomes,
        # not only the one drawn
        assert st.legal_actions() is legal and legal == st._legal()
        st.apply(action)
        steps += 1
    assert steps >= 100


def test_undo_far_back_restores_each_positions_actions() -> None:
    """Undoing several actions in a row leaves, at each step back, that position's list."""
    st = get_game("grand-austria-hotel").new_game(players=3, seed=5)
    rng = random.Random(5)
    seen = []
    for _ in range(80):
        legal = st.legal_actions()
        seen.append(list(legal))
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(legal))
    for expected in reversed(seen):
        st.undo()
        assert st.legal_actions() == expected == st._legal()


def test_a_searching_process_sweeps_its_young_objects_less_often() -> None:
    import gc

    from tabletop.bots.base import SEARCH_GC_YOUNG, searching_process

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # Python's own (a test before may have called it in this process)
        searching_process()
        assert gc.get_threshold() == (SEARCH_GC_YOUNG, 10, 10)
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
