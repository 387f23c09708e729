"""A plain-text drawing of a Burger Joint table (everything on it is public)."""

from __future__ import annotations

from tabletop.games.burger_joint.data import BISTROS, COLOURS, SEATS
from tabletop.games.burger_joint.state import BurgerJointState, _bits


def _cubes(counts: list[int]) -> str:
    parts = [f"{n} {c}" for c, n in zip(COLOURS, counts, strict=True) if n]
    return ", ".join(parts) + f" ({sum(counts)})" if parts else "-"


def render(state: BurgerJointState, seat: int | None = None, *, lang: str = "en") -> str:  # noqa: ARG001 - English only
    """The table as ``seat`` sees it (the same for every seat: nothing is hidden)."""
    s = state
    lines = [f"Burger Joint - turn {s.turn}, {SEATS[s.active]} active, phase {s.phase}",
             f"bag: {_cubes(s.bag)}"]
    if s.phase == "production":
        lines.append(f"allocation: general {_cubes(s.general)} | burger area {_cubes(s.reserved[0])}"
                     f" | pizza area {_cubes(s.reserved[1])}")
    for p, name in enumerate(SEATS):
        board = s.data.boards[p]
        mark = " (you)" if seat == p else ""
        diners = " ".join(COLOURS[c] for c in _bits(s.diners[p])) or "-"
        bistros = " ".join(BISTROS[b] for b in _bits(s.bistros[p])) or "-"
        lines.append(f"{name}{mark}: {s.vp(p)} VP (marker {s.track[p]}) | publicity "
                     f"{s.publicity[p]}/{len(board.publicity_vp)} | basic {s.basics[p]}/"
                     f"{len(board.basic_vp)} | diners {diners} | bistros {bistros}")
        lines.append(f"  storage {_cubes(s.store[p])}"
                     + (f" | new {_cubes(s.new[p])}" if s.phase == "production" else ""))
    if s.phase in ("trade", "build"):
        used = " ".join(BISTROS[b] for b in _bits(s.used)) or "-"
        lines.append(f"this turn: abilities used {used}, publicity bought {s.pub_bought}")
    lines.append(s.prompt())
    return "\n".join(lines)
