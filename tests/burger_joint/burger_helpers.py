"""Hand-written Burger Joint positions for the scenario tests."""

from __future__ import annotations

from typing import Any

from tabletop.games.burger_joint import from_position
from tabletop.games.burger_joint.data import COLOURS
from tabletop.games.burger_joint.state import BurgerJointState

CUBES_PER_COLOUR = 10   # the shipped (provisional) count


def player(**fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"storage": {}, "new": {}, "publicity": 0, "basic": 1, "diners": [],
                           "bistros": [], "track": 2}
    out.update(fields)
    return out


def position(*, phase: str = "trade", active: str = "burger", burger: dict[str, Any] | None = None,
             pizza: dict[str, Any] | None = None, general: dict[str, int] | None = None,
             reserved: dict[str, dict[str, int]] | None = None, pending: list[dict[str, Any]] | None = None,
             this_turn: dict[str, Any] | None = None, turn: int = 1, rng: int = 12345,
             config: dict[str, Any] | None = None, result: dict[str, Any] | None = None) -> dict[str, Any]:
    """A position; the bag holds every cube not placed elsewhere."""
    players = {
        "burger": player(**{"diners": ["black", "yellow"], **(burger or {})}),
        "pizza": player(**{"diners": ["green", "red"], **(pizza or {})}),
    }
    general = general or {}
    reserved = reserved or {}
    placed = dict.fromkeys(COLOURS, 0)
    for area in [general, *reserved.values()] + [p[k] for p in players.values() for k in ("storage", "new")]:
        for c, n in area.items():
            placed[c] += n
    pos: dict[str, Any] = {
        "game": "burger-joint",
        "rng": rng,
        "turn": turn,
        "active": active,
        "phase": phase,
        "bag": {c: CUBES_PER_COLOUR - placed[c] for c in COLOURS},
        "general": general,
        "reserved": reserved,
        "players": players,
        "this_turn": this_turn or {},
        "pending": pending or [],
        "result": result,
    }
    if config is not None:
        pos["config"] = config
    return pos


def state(**kwargs: Any) -> BurgerJointState:
    return from_position(position(**kwargs))


def storage(s: BurgerJointState, seat: int) -> dict[str, int]:
    """Non-zero storage counts of a seat."""
    return {c: n for c, n in zip(COLOURS, s.store[seat], strict=True) if n}


def cubes_total(s: BurgerJointState) -> int:
    return (sum(s.bag) + sum(s.general) + sum(map(sum, s.reserved)) + sum(map(sum, s.new))
            + sum(map(sum, s.store)))
