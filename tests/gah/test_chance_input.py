"""Chance outcomes typed by hand: a malformed roll is refused with a clear message and
changes nothing (guide rule 5), with and without 001 Celebrities' coloured dice."""

from __future__ import annotations

import json

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.grand_austria_hotel import new_game


def _at_roll(**config: str):  # type: ignore[no-untyped-def]
    st = new_game(players=2, seed=4, **config)
    while not st.is_chance():
        st.apply(st.legal_actions()[0])
    return st


@pytest.mark.parametrize("config", [{}, {"modules": "celebrities"}])
@pytest.mark.parametrize("bad", ["roll:²-0-0-0-0-9", "roll:1-1-1", "roll:a-b-c-d-e-f", "croll:1-2",
                                 "croll:٣-1-1", "roll:-1-0-0-0-0-11", "dice:1", ""])
def test_malformed_roll_is_refused_and_changes_nothing(config: dict[str, str], bad: str) -> None:
    st = _at_roll(**config)
    before = json.dumps(st.to_position(), sort_keys=True)
    with pytest.raises(IllegalAction, match="illegal chance outcome"):
        st.apply(bad)
    assert json.dumps(st.to_position(), sort_keys=True) == before
    st.apply(st.sample_chance())  # the game goes on


@pytest.mark.parametrize("config", [{}, {"modules": "celebrities"}])
def test_sampled_roll_is_accepted_and_listed(config: dict[str, str]) -> None:
    """(With module II the white dice and the coloured dice are rolled as two outcomes.)"""
    st = _at_roll(**config)
    rolls = 0
    while st.is_chance():
        outcome = st.sample_chance()
        assert outcome in {name for name, _ in st.chance_outcomes()}
        st.apply(outcome)
        rolls += 1
    assert rolls == (2 if config else 1)
