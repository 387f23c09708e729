"""Shared helpers for the research-interface tests."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from tabletop.core.state import GameState


def random_play(state: GameState, steps: int, seed: int = 0) -> GameState:
    """Advance ``state`` by up to ``steps`` random legal actions (chance from its own RNG)."""
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(state.sample_chance() if state.is_chance() else rnd.choice(state.legal_actions()))
    return state


def masked_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    assert legal.size, "no legal action in the mask"
    return int(legal[rng.integers(legal.size)])


def play_aec_episode(env: Any, seed: int, rng_seed: int = 0, check: Any = None) -> int:
    """Play one full game with uniformly random masked actions; returns the number of agent steps."""
    rng = np.random.default_rng(rng_seed)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if check is not None:
            check(env, agent, obs)
        env.step(masked_choice(obs["action_mask"], rng))
        steps += 1
    return steps
