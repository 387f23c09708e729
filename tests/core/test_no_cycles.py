"""No game state is part of a reference cycle (docs/PERFORMANCE.md, *No state in a reference
cycle*): a dropped state — a finished game, a search's copy — is freed at once, not left for
the garbage collector (whose passes over such states took a fifth of a random play-out)."""

from __future__ import annotations

import gc
import random

import pytest

from tabletop.core.registry import get_game

CASES = [("grand-austria-hotel", {}), ("grand-austria-hotel", {"modules": "all"}), ("burger-joint", {})]


def _play(st, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if st.is_terminal():
            return
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))


def _cyclic_garbage_of_ours() -> list[str]:
    """Names of the project's objects that only the cycle collector would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = sorted({type(o).__name__ for o in gc.garbage if type(o).__module__.startswith("tabletop")})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
    return found


@pytest.mark.parametrize("events", [False, True])
@pytest.mark.parametrize(("game", "config"), CASES)
def test_a_dropped_state_and_its_copies_leave_no_cyclic_garbage(game, config, events) -> None:
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        rng = random.Random(1)
        st = get_game(game).new_game(players=2, seed=4, **config)
        if events:
            st.keep_events()
        _play(st, rng, 300)  # into the game (or to its end), with undos on the way
        for _ in range(3):
            st.undo()
        _play(st, rng, 5)
        copy = st.clone() if hasattr(st, "clone") else None
        if copy is not None:
            _play(copy, rng, 5)
        del st, copy
        assert _cyclic_garbage_of_ours() == []
    finally:
        if was:
            gc.enable()
