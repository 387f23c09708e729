"""The observation encoder interface and the per-game registry.

An encoder turns one seat's *view* (``state.view(seat)``, the JSON-able dict
that holds no hidden information) into a fixed-length float32 vector. It never
sees the state itself, so an observation cannot leak what the seat may not know.

Every encoder lays its vector out as named *segments* (``segments[name] =
(offset, size)``), all values scaled into ``[low, high]`` = ``[-1, 1]`` (and
clipped there). Opponents are always encoded in seat order *relative to the
viewer* (the viewer first, then the next seat, ...), padded to the game's
maximum player count, so one encoder size fits every player count.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np


class Layout:
    """Assigns consecutive offsets to named segments of a flat vector."""

    def __init__(self) -> None:
        self.size = 0
        self.segments: dict[str, tuple[int, int]] = {}

    def add(self, name: str, size: int) -> int:
        if name in self.segments:
            raise ValueError(f"duplicate segment {name!r}")
        offset = self.size
        self.segments[name] = (offset, size)
        self.size += size
        return offset


class ObservationEncoder(ABC):
    """Encodes a seat's view of one game as a fixed-length float32 vector."""

    game: ClassVar[str] = ""
    low: ClassVar[float] = -1.0
    high: ClassVar[float] = 1.0

    size: int
    segments: dict[str, tuple[int, int]]

    def __init__(self, num_players: int, config: dict[str, Any] | None = None) -> None:
        self.num_players = num_players
        self.config = dict(config or {})

    @abstractmethod
    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """The feature vector of ``view`` (the view of ``seat``), shape ``(size,)``."""

    def rel(self, seat: int, other: int) -> int:
        """Position of ``other`` relative to ``seat`` (0 = the viewer itself)."""
        return (other - seat) % self.num_players

    def describe(self) -> list[tuple[str, int, int]]:
        """``(segment, offset, size)`` for every segment, in vector order."""
        return [(name, off, size) for name, (off, size) in self.segments.items()]


def finish(x: np.ndarray, low: float = -1.0, high: float = 1.0) -> np.ndarray:
    """Clip into the declared bounds (the scales make clipping rare)."""
    np.clip(x, low, high, out=x)
    return x


def multi_hot(x: np.ndarray, offset: int, index: dict[str, int], names: Iterable[str]) -> None:
    for name in names:
        i = index.get(name)
        if i is not None:
            x[offset + i] = 1.0


_ENCODERS: dict[str, str] = {
    "grand-austria-hotel": "tabletop.research.encoders.grand_austria_hotel:GahEncoder",
    "burger-joint": "tabletop.research.encoders.burger_joint:BurgerJointEncoder",
}


def encoder_games() -> list[str]:
    return list(_ENCODERS)


def make_encoder(game: str, num_players: int, config: dict[str, Any] | None = None) -> ObservationEncoder:
    """The observation encoder of ``game`` for ``num_players`` seats and ``config``."""
    import importlib

    if game not in _ENCODERS:
        raise ValueError(f"no observation encoder for game {game!r}; known: {', '.join(_ENCODERS)}")
    module, name = _ENCODERS[game].split(":")
    cls: type[ObservationEncoder] = getattr(importlib.import_module(module), name)
    return cls(num_players, config)
