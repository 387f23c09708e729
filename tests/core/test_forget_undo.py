"""State.forget_undo: a long-running host keeps undo information for the last actions only."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel.position import to_position


def _play(st, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if st.is_terminal():
            return
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))


@pytest.mark.parametrize("modules", [None, "all"])
def test_kept_actions_undo_exactly_and_older_ones_are_refused(modules) -> None:
    config = {"modules": modules} if modules else {}
    st = get_game("grand-austria-hotel").new_game(players=2, seed=11, **config)
    st.keep_events()
    rng = random.Random(3)
    _play(st, rng, 60)
    journal_before = len(st._journal)
    positions = [to_position(st)]
    events = [len(st.events)]
    for _ in range(5):
        _play(st, rng, 1)
        positions.append(to_position(st))
        events.append(len(st.events))
    st.forget_undo(5)
    assert st.undoable() == 5 and len(st._journal) < journal_before  # the older entries are gone
    for k in range(5):  # the five kept actions go back exactly, with their events
        st.undo()
        assert to_position(st) == positions[-2 - k] and len(st.events) == events[-2 - k]
    assert st.undoable() == 0
    with pytest.raises(IllegalAction):
        st.undo()
    assert to_position(st) == positions[0]  # the refused undo changed nothing
    _play(st, rng, 3)  # and the game goes on
    assert st.undoable() == 3


def test_forget_undo_keeps_more_than_it_has() -> None:
    st = get_game("grand-austria-hotel").new_game(players=2, seed=2)
    _play(st, random.Random(0), 4)
    st.forget_undo(40)
    assert st.undoable() == 4
    st.forget_undo(0)
    assert st.undoable() == 0 and st._journal == []
