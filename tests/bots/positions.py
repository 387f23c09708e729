"""Positions the bot tests share."""

from __future__ import annotations

import random

from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel.engine import GahState


def last_round(seed: int) -> GahState:
    """A random Grand Austria Hotel game advanced to a seat's decision in the last round."""
    st = get_game("grand-austria-hotel").new_game(players=2, seed=seed)
    rnd = random.Random(seed)
    while not (st.round == st.rules.rounds and st.current_player >= 0 and st.phase == "play"):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    return st
