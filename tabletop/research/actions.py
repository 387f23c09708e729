"""The integer action space: index <-> action string, and legal-action masks.

The index of an action is its position in the game's fixed vocabulary
(``GameInfo.action_vocabulary(players)``), so integer ids are stable across
runs, machines and interfaces (PettingZoo, Gymnasium, OpenSpiel).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np


class ActionMap:
    """Maps a game's action vocabulary to integer ids and back."""

    def __init__(self, vocabulary: Sequence[str], game: str = "") -> None:
        self.game = game
        self.vocabulary: tuple[str, ...] = tuple(vocabulary)
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.vocabulary)}
        if len(self.index) != len(self.vocabulary):
            raise ValueError(f"{game or 'game'}: the action vocabulary has duplicate entries")

    def __len__(self) -> int:
        return len(self.vocabulary)

    def to_index(self, action: str) -> int:
        """The integer id of an action string (ValueError if it is not in the vocabulary)."""
        i = self.index.get(action)
        if i is None:
            raise ValueError(f"{action!r} is not an action of {self.game or 'this game'} "
                             f"(not in its vocabulary of {len(self)} actions)")
        return i

    def to_action(self, index: Any) -> str:
        """The action string of an integer id (ValueError if out of range or not an integer)."""
        if isinstance(index, bool | float) or not isinstance(index, int | np.integer):
            if isinstance(index, np.ndarray) and index.shape == () and np.issubdtype(index.dtype, np.integer):
                index = int(index)
            else:
                raise ValueError(f"an action index must be an integer, got {index!r}")
        i = int(index)
        if not 0 <= i < len(self.vocabulary):
            raise ValueError(f"action index {i} is out of range: {self.game or 'this game'} "
                             f"has actions 0-{len(self.vocabulary) - 1}")
        return self.vocabulary[i]

    def mask(self, legal: Iterable[str]) -> np.ndarray:
        """int8 vector with 1 at the index of every legal action."""
        m = np.zeros(len(self.vocabulary), dtype=np.int8)
        index = self.index
        for a in legal:
            i = index.get(a)
            if i is None:
                raise ValueError(f"legal action {a!r} of {self.game or 'this game'} is missing from "
                                 f"its action vocabulary (an engine bug)")
            m[i] = 1
        return m


def start_state(game: Any, num_players: int, seed: int, config: dict[str, Any],
                options: dict[str, Any] | None) -> Any:
    """The state an env starts from: ``options["position"]`` if given (checked against the
    env's player count), else a new deal from ``seed``."""
    position = (options or {}).get("position")
    if position is None:
        return game.new_game(players=num_players, seed=seed, **config)
    state = game.from_position(position)
    if state.num_players != num_players:
        raise ValueError(f"the position has {state.num_players} players, the env {num_players}")
    return state
