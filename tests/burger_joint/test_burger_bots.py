"""The generic bots play Burger Joint through its evaluation and determinizer only."""

from __future__ import annotations

import random
from functools import partial

import pytest

from tabletop.bots import Observation, make_bot
from tabletop.bots.runner import game_seed, play_game
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng

BJ = "burger-joint"


def test_determinization_matches_the_view() -> None:
    info = get_game(BJ)
    st = info.new_game(players=2, seed=4)
    rnd = random.Random(4)
    for _ in range(60):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    while st.is_chance():
        st.apply(st.sample_chance())
    seat = st.current_player
    view = st.view(seat)
    d = info.determinize(view, Rng(1))
    assert d.view(seat) == view and d.legal_actions() == st.legal_actions()


@pytest.mark.parametrize("spec", ["greedy", "flatmc:samples=1", "ismcts:iterations=20,determinizations=2"])
def test_search_bots_choose_legal_actions(spec: str) -> None:
    st = get_game(BJ).new_game(players=2, seed=2)
    for _ in range(30):
        if st.is_terminal():
            break
        if st.is_chance():
            st.apply(st.sample_chance())
            continue
        seat = st.current_player
        legal = st.legal_actions()
        a = make_bot(spec, 3).choose(Observation(BJ, seat, legal, partial(st.view, seat)))
        assert a in legal
        st.apply(a)


def test_greedy_beats_random_at_burger_joint() -> None:
    wins = 0.0
    for i in range(6):
        names = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        r = play_game(BJ, names, game_seed(31, i))
        wins += sum(1 / len(r.winners) for w in r.winners if names[w] == "greedy")
    assert wins >= 5
