"""What a bot sees and the interface every bot implements.

A bot never receives the game state. It gets an :class:`Observation`: its
seat, the legal actions (which a player at the table knows) and, on request,
its per-player view (no hidden information). Search bots build their own
sampled copies of the hidden parts from that view.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, Protocol

from tabletop.core.rng import Rng

# A search makes and drops tuples, lists and copies of states by the million; reference counting
# frees them, but the collector's youngest generation still ran every 700 allocations and
# took 5-8 % of a master's decision (its sweeps found next to nothing to free).
SEARCH_GC_YOUNG = 20_000


def searching_process() -> None:
    """Ready this process to spend its time in bot searches (a ladder's or a server's bot
    workers): what is loaded so far is left out of the collector's sweeps, and its youngest
    generation is swept every ``SEARCH_GC_YOUNG`` allocations. Moves are the same either way."""
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(SEARCH_GC_YOUNG, middle, old)


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
