"""Game-agnostic core: the state contract, errors, RNG and the game registry."""

from tabletop.core.errors import DataError, IllegalAction, InvalidPosition, TabletopError
from tabletop.core.registry import GameInfo, game_names, get_game
from tabletop.core.rng import Rng, derive_seed
from tabletop.core.state import CHANCE, TERMINAL, GameState

__all__ = [
    "CHANCE",
    "TERMINAL",
    "DataError",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvalidPosition",
    "Rng",
    "TabletopError",
    "derive_seed",
    "game_names",
    "get_game",
]
