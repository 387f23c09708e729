"""Positions the bot tests share."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial

from tabletop.bots.base import Observation
from tabletop.bots.registry import make_bot
from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel.state import GahState

GAH = "grand-austria-hotel"


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


def easy_game(st: GahState, seed: int) -> Iterator[GahState]:
    """Play ``st`` on with `easy` bots (seeded ``seed + seat``), yielding the state before each
    step (a chance draw or a decision) until the game ends."""
    bots = [make_bot("easy", seed + i) for i in range(st.num_players)]
    while not st.is_terminal():
        yield st
        if st.is_chance():
            st.apply(st.sample_chance())
        else:
            cp = st.current_player
            legal = list(st.legal_actions())
            st.apply(bots[cp].choose(Observation(GAH, cp, legal, partial(st.view, cp))))


def positions_through_a_game(players: int, config: dict, seed: int, at: tuple[float, ...]) -> list[GahState]:
    """Copies of one game (played by `easy` bots) at the decisions that lie at the given
    shares of its length (0: the first decision, 1: the last)."""
    st = get_game(GAH).new_game(players=players, seed=seed, **config)
    decisions = [s.clone() for s in easy_game(st, seed) if not s.is_chance()]
    return [decisions[int(share * (len(decisions) - 1))] for share in at]
