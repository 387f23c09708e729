"""What a bot sees and the interface every bot implements.

A bot never receives the game state. It gets an :class:`Observation`: its
seat, the legal actions (which a player at the table knows) and, on request,
its per-player view (no hidden information). Search bots build their own
sampled copies of the hidden parts from that view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tabletop.core.rng import Rng


class Observation:
    """The acting seat's information at a decision point."""

    __slots__ = ("game", "seat", "legal_actions", "_view_fn", "_view")

    def __init__(self, game: str, seat: int, legal_actions: list[str],
                 view_fn: Callable[[], dict[str, Any]]) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = legal_actions
        self._view_fn = view_fn
        self._view: dict[str, Any] | None = None

    def view(self) -> dict[str, Any]:
        """The seat's view of the table (computed on first use)."""
        if self._view is None:
            self._view = self._view_fn()
        return self._view


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> str:
        """Return one of ``obs.legal_actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, obs: Observation) -> str:
        legal = obs.legal_actions
        return legal[self.rng.below(len(legal))]


def _search(kind: str) -> Callable[..., Bot]:
    def make(seed: int, **budget: Any) -> Bot:
        from tabletop.bots import search

        cls = {"greedy": search.GreedyBot, "flatmc": search.FlatMCBot, "ismcts": search.ISMCTSBot}[kind]
        return cls(seed, **budget)  # type: ignore[return-value]

    return make


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": _search("greedy"),
    "flatmc": _search("flatmc"),
    "ismcts": _search("ismcts"),
}

# Player-facing strength levels: a bot and its budget (docs/BOTS.md measures them).
LEVELS: dict[str, str] = {
    "easy": "greedy:steps=1",
    "medium": "greedy",
    "hard": "flatmc:samples=1,beam=32,per_root=4",
    "expert": "flatmc:samples=1,beam=32,per_root=4,endgame=4,lookahead=1,per_first=2,end_lines=6",
}


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name`` or ``name:key=value,key=value`` (e.g. ``ismcts:iterations=500``); levels resolve."""
    spec = LEVELS.get(spec, spec)
    name, _, args = spec.partition(":")
    budget: dict[str, Any] = {}
    for part in filter(None, args.replace(";", ",").split(",")):
        key, eq, raw = part.partition("=")
        if not eq:
            raise ValueError(f"bot option {part!r} is not key=value")
        try:
            budget[key] = float(raw) if "." in raw else int(raw)
        except ValueError:
            budget[key] = raw
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(list(BOTS) + list(LEVELS))}")
    return name, budget


def make_bot(spec: str, seed: int) -> Bot:
    name, budget = parse_bot_spec(spec)
    try:
        return BOTS[name](seed, **budget)
    except TypeError as exc:
        raise ValueError(f"bad options for bot {name!r}: {exc}") from None
