"""Conformance: 300 random complete games of Burger Joint with invariant checks.

Random legal actions, chance via ``sample_chance()``. After every step: all
cubes accounted for (bag + allocation areas + storages), no negative counts, a
non-terminal state has a legal action (all in the vocabulary), chance outcomes
add up to 1. At random points: position round trip (through JSON) and
identical continuation, clone, view without RNG, illegal actions rejected
without change. Per game: replay of seed + history, undo back to the start.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.state import CHANCE
from tabletop.games.burger_joint import action_vocabulary, from_position, new_game
from tabletop.games.burger_joint.state import BurgerJointState

GAMES = 300
CHUNKS = 10
VOCAB = action_vocabulary(2)
VOCAB_SET = frozenset(VOCAB)


def _check_cubes(s: BurgerJointState) -> None:
    areas = [s.bag, s.general, *s.reserved, *s.new, *s.store]
    for area in areas:
        assert min(area) >= 0, area
    per_colour = tuple(sum(a[c] for a in areas) for c in range(6))
    assert per_colour == s.data.cubes
    assert sum(per_colour) == 60
    assert min(s.basics) >= 0 and min(s.publicity) >= 0
    assert s.tokens_used(0) <= 15 and s.tokens_used(1) <= 15


def _spot_checks(s: BurgerJointState, rng: random.Random) -> None:
    pos = s.to_position()
    loaded = from_position(json.loads(json.dumps(pos)))
    assert loaded.to_position() == pos
    # the loaded state and a clone continue identically for a few steps
    clone = s.clone()
    assert clone.to_position() == pos
    probe = s.clone()
    for _ in range(3):
        if probe.is_terminal():
            break
        a = probe.sample_chance() if probe.is_chance() else rng.choice(probe.legal_actions())
        for st in (probe, loaded):
            st.apply(a)
        assert loaded.to_position() == probe.to_position()
    assert s.to_position() == pos
    for seat in (0, 1, None):
        assert "rng" not in s.view(seat)
    legal = set(s.legal_actions())
    bad = rng.choice([a for a in VOCAB if a not in legal])
    with pytest.raises(IllegalAction):
        s.apply(bad)
    assert s.to_position() == pos


def _play(seed: int, **config: Any) -> BurgerJointState:
    rng = random.Random(seed)
    s = new_game(seed=seed, **config)
    start = s.to_position()
    _check_cubes(s)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, s.prompt()
        assert VOCAB_SET.issuperset(legal)
        if s.current_player == CHANCE:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert [a for a, _ in outcomes] == legal
            action = s.sample_chance()
        else:
            action = rng.choice(legal)
        if rng.random() < 0.004:
            _spot_checks(s, rng)
        s.apply(action)
        _check_cubes(s)
    assert s.legal_actions() == []
    won = s.winners()
    assert won, "a finished game has winners"
    if s.reason == "win":
        assert len(won) == 1 and s.track[won[0]] >= 12 and s.scores()[won[0]] >= 12
    assert [sum(b.values()) for b in s.score_breakdown()] == s.scores()
    final = s.to_position()
    # replay of seed + history gives the identical position
    r = new_game(seed=seed, **config)
    for a in s.history:
        r.apply(a)
    assert r.to_position() == final
    # undo back to the start gives the initial position
    while s.history:
        s.undo()
    assert s.to_position() == start
    return r


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    """300 random complete games (30 per chunk) with all invariant checks."""
    for seed in range(chunk, GAMES, CHUNKS):
        _play(seed)


# Exercises the "any colour" cost parts (pay decisions) and the turn-limit safety rule.
VARIANT = {
    "turn_limit": 60,
    "data_override": {
        "boards": [{"key": "burger", "publicity_cost": {"any": 2}, "basic_cost": {"white": 1, "any": 1}},
                   {"key": "pizza", "publicity_cost": {"red": 1, "any": 1}}],
        "bistros": [{"key": "pizza-choose", "cost": {"any": 5}}],
    },
}


def test_random_games_variant_config() -> None:
    """40 random games with an override (any-colour costs) and a short turn limit."""
    reasons = set()
    for seed in range(1000, 1040):
        reasons.add(_play(seed, **VARIANT).reason)
    assert reasons == {"win", "turn_limit"}


def test_roundtrip_at_every_step() -> None:
    """Position format: the round trip holds at every step of 3 complete games."""
    for seed in (7, 8, 9):
        rng = random.Random(seed)
        s = new_game(seed=seed)
        while True:
            pos = s.to_position()
            assert from_position(json.loads(json.dumps(pos))).to_position() == pos
            if s.is_terminal():
                break
            s.apply(s.sample_chance() if s.is_chance() else rng.choice(s.legal_actions()))
