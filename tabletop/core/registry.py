"""Where games plug in: each game module registers one :class:`GameInfo`.

Interfaces (CLI, bots, web, research) only ever go through this table, so a
new game is added by writing its package and one line in ``_GAMES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.state import GameState


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., GameState]
    """``new_game(players=N, seed=S, **config)`` — config keys are the game's."""
    from_position: Callable[[dict[str, Any]], GameState]
    action_vocabulary: Callable[[int], list[str]]
    """Every action string the game can ever produce for N players (fixed order)."""
    config_help: dict[str, str]
    """Config flag -> one-line description (variants, alternatives)."""
    provenance: Callable[..., list[Any]]
    """``provenance(**config)`` -> list of :class:`ProvenanceRecord` for every printed value."""
    render: Callable[..., str] | None = None
    """``render(state, seat, *, lang="en")`` -> a plain-text drawing of the table as ``seat`` sees it, in
    ``lang`` where the game has the words (Burger Joint draws in English)."""
    render_rich: Callable[..., Any] | None = None
    """``render_rich(state, seat, *, lang="en")`` -> rich renderables for the terminal (optional)."""
    evaluate: Callable[..., float] | None = None
    """``evaluate(state, seat)`` -> estimated final score (optional; used by search bots)."""
    evaluators: dict[str, Callable[..., float]] | None = None
    """Named alternative evaluations (bots choose one with the ``eval=`` option)."""
    determinize: Callable[..., GameState] | None = None
    """``determinize(view, rng)`` -> a full state consistent with a seat's view (hidden parts sampled)."""
    bench_configs: tuple[tuple[str, dict[str, Any]], ...] = (("base", {}),)
    """The configurations ``tabletop bench`` measures by default: (label, config)."""
    event_sentence: Callable[..., str] | None = None
    """``event_sentence(catalog, event, names)`` -> one event of the log in the catalog's language."""


_GAMES = {
    "grand-austria-hotel": "tabletop.games.grand_austria_hotel",
    "burger-joint": "tabletop.games.burger_joint",
}


def game_names() -> list[str]:
    return list(_GAMES)


def get_game(name: str) -> GameInfo:
    if name not in _GAMES:
        raise TabletopError(f"unknown game {name!r}; known: {', '.join(_GAMES)}")
    module = importlib.import_module(_GAMES[name])
    info: GameInfo = module.GAME
    return info
