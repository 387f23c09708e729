"""Burger Joint positions: validation messages, views and round trips."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from burger_helpers import position

from tabletop.core.errors import IllegalAction, InvalidPosition
from tabletop.games.burger_joint import from_position, new_game


def _with(path: str, value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    p = copy.deepcopy(base or position())
    keys = path.split(".")
    node = p
    for k in keys[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return p


_DELETE = object()


@pytest.mark.parametrize("path, value, message", [
    ("game", "grand-austria-hotel", "game"),
    ("rng", _DELETE, "rng"),
    ("rng", -1, "64-bit"),
    ("turn", 0, "turn 0"),
    ("active", "hotdog", "unknown seat"),
    ("phase", "lunch", "unknown phase"),
    ("bag.white", -1, "negative"),
    ("bag.purple", 0, "unknown colour"),
    ("bag.white", 9, "59 cubes"),
    ("players.burger.publicity", 99, "marker space"),
    ("players.burger.basic", 7, "basic restaurants"),
    ("players.burger.diners", ["black", "black"], "listed twice"),
    ("players.burger.bistros", ["spa"], "unknown name"),
    ("players.burger.extra", 1, "Extra inputs"),
    ("players.burger.track", "2", "players.burger.track"),
    ("pending", [{"kind": "nap"}], "unknown kind"),
    ("pending", [{"kind": "pay"}], "needs a count"),
    ("pending", [{"kind": "steal"}], "not a possible stack while trading"),
    ("pending", [{"kind": "get"}, {"kind": "return", "count": 3}], "at most 2"),
    ("this_turn.abilities_used", ["draw"], "does not own"),
    ("to_move", "pizza", "implies 'burger'"),
    ("result", {"winners": ["burger"], "reason": "win"}, "only possible in phase 'over'"),
    ("config", {"turn_limit": 5, "colour": 1}, "colour"),
])
def test_malformed_positions_say_what_is_wrong(path: str, value: Any, message: str) -> None:
    """Position format: malformed input raises InvalidPosition naming the problem."""
    with pytest.raises(InvalidPosition, match=message):
        from_position(_with(path, value))


def test_production_position_checks() -> None:
    """Position format: production cubes must lie where the placement rule puts them."""
    bad = position(phase="production", general={"black": 1})
    with pytest.raises(InvalidPosition, match="belong in the burger area"):
        from_position(bad)
    bad = position(phase="production", reserved={"pizza": {"black": 1}})
    with pytest.raises(InvalidPosition, match="cannot lie in the pizza area"):
        from_position(bad)
    bad = position(phase="trade", general={"white": 1})
    with pytest.raises(InvalidPosition, match="only possible during production"):
        from_position(bad)
    bad = position(phase="discard")
    with pytest.raises(InvalidPosition, match="nobody holds more than 7"):
        from_position(bad)
    bad = position(phase="build", pending=[{"kind": "steal"}], burger={"publicity": 1})
    with pytest.raises(InvalidPosition, match="first publicity"):
        from_position(bad)
    bad = position(phase="build", pending=[{"kind": "upgrade"}], burger={"diners": []})
    with pytest.raises(InvalidPosition, match="no diner"):
        from_position(bad)
    with pytest.raises(InvalidPosition, match="mapping"):
        from_position([1, 2])  # type: ignore[arg-type]


def test_roundtrip_and_continuation() -> None:
    """Position format: from_position(to_position()) is identical and continues identically."""
    s = new_game(seed=11)
    for _ in range(40):
        s.apply(s.sample_chance() if s.is_chance() else s.legal_actions()[-1])
    pos = s.to_position()
    t = from_position(json.loads(json.dumps(pos)))
    assert t.to_position() == pos
    for _ in range(40):
        a = s.sample_chance() if s.is_chance() else s.legal_actions()[0]
        assert (t.sample_chance() if t.is_chance() else t.legal_actions()[0]) == a
        s.apply(a)
        t.apply(a)
        assert s.to_position() == t.to_position()


def test_view_hides_the_rng_only() -> None:
    """Hidden information: the bag's order (RNG state) is hidden, everything else is public."""
    s = new_game(seed=5)
    pos = s.to_position()
    for seat in (0, 1, None):
        v = s.view(seat)
        assert "rng" not in v and str(pos["rng"]) not in json.dumps(v)
        assert {k: x for k, x in v.items() if k not in ("viewer", "scores")} == \
            {k: x for k, x in pos.items() if k != "rng"}


def test_illegal_action_changes_nothing() -> None:
    """Core contract: an illegal action raises IllegalAction and leaves the state unchanged."""
    s = new_game(seed=2)
    before = s.to_position()
    for bad in ("done", "take white", "no such action"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_position() == before and s.history == []


def test_clone_is_independent() -> None:
    """clone(): an independent copy with an empty undo history."""
    s = new_game(seed=4)
    for _ in range(10):
        s.apply(s.sample_chance() if s.is_chance() else s.legal_actions()[0])
    c = s.clone()
    assert c.to_position() == s.to_position() and c.history == []
    before = s.to_position()
    while c.phase != "over" and c.turn < 4:
        c.apply(c.sample_chance() if c.is_chance() else c.legal_actions()[0])
    assert s.to_position() == before
