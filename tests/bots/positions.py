"""Positions the bot tests share."""

from __future__ import annotations

import random

from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel.state import GahState


def play_random(st: GahState, rnd: random.Random, steps: int) -> GahState:
    """Up to ``steps`` more random moves (chance sampled), stopping at the game's end; then any
    pending chance is resolved, so a seat is to decide (or the game is over)."""
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    while st.is_chance():
        st.apply(st.sample_chance())
    return st


def last_round(seed: int) -> GahState:
    """A random Grand Austria Hotel game advanced to a seat's decision in the last round."""
    st = get_game("grand-austria-hotel").new_game(players=2, seed=seed)
    rnd = random.Random(seed)
    while not (st.round == st.rules.rounds and st.current_player >= 0 and st.phase == "play"):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    return st
