"""Where games plug in: each game module registers one :class:`GameInfo`.

Interfaces (CLI, bots, web, research) only ever go through this table, so a
new game is added by writing its package and one line in ``_GAMES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.state import GameState


@dataclass(frozen=True)
class SearchHooks:
    """What the search bots, the coach and training read from a game beyond ``evaluate``.

    Every member is optional: a game fills the ones its evaluation offers (Grand Austria Hotel
    from its ``evaluation`` module) and the bots fall back as each docstring says. ``state`` is
    the game's own state class (``Callable[..., ...]`` for that reason)."""

    # -- the search bots' hints
    turn_marker: Callable[..., Hashable] | None = None
    """``turn_marker(state, seat)`` -> a value that changes when the seat's turn ends, so the turn
    planner plans whole turns; without it a planned turn ends only when another seat or chance moves."""
    turn_choice: Callable[[tuple[str, ...]], Hashable] | None = None
    """``turn_choice(line)`` -> a planned turn's main choice (the die it takes), for ``choices=K``;
    without it every turn is one choice (``choices`` adds only the best turn, as without it)."""
    turns_left: Callable[..., int] | None = None
    """``turns_left(state, seat)`` -> the seat's turns still to play, the running one included
    (when ``endgame=`` play-outs start, when ``early_lookahead=`` ends); without it neither does:
    only ``lookahead=`` plays out, the same number of turns all game."""
    search_caps: Callable[..., Mapping[str, int] | None] | None = None
    """``search_caps(state)`` -> upper bounds on the ``flatmc`` options at a table like ``state``
    (and ``widen``), or None; without it no bounds (as ``caps=0``)."""

    # -- named evaluations (``eval=NAME``) and other constants (``eval=NAME:number``)
    named_evaluators: Callable[[], Mapping[str, Callable[..., float]]] | None = None
    """``named_evaluators()`` -> the named evaluations as they are now in this process (the ones
    ``add_evaluator`` added included); without it only ``GameInfo.evaluators`` are known."""
    add_evaluator: Callable[[str, Callable[..., float]], None] | None = None
    """``add_evaluator(name, fn)``: ``eval=name`` means ``fn`` in this process from now on (training's
    check of a judgement not shipped yet); without it that check (``--check``) is refused."""
    remove_evaluator: Callable[[str], None] | None = None
    """``remove_evaluator(name)``: forget what ``add_evaluator`` added under ``name`` (nothing if it
    is not there); without it an added evaluation stays for the life of the process."""
    make_evaluator: Callable[..., Callable[..., float]] | None = None
    """``make_evaluator(constants, weights=None)`` -> the evaluation with other constants (missing
    ones at their hand-set values) and each term weighted ``a + b x tf``; without it
    ``eval=NAME:number`` is refused and there is nothing to tune or to check."""
    constants: Mapping[str, float] | None = None
    """The hand-set constants by name (what ``eval=NAME:number`` and CMA-ES change); without them
    ``tabletop train --method cmaes`` has nothing to tune."""
    untuned: tuple[str, ...] = ()
    """Constants CMA-ES leaves alone unless named (shapes added after the others were tuned)."""

    # -- the evaluation as terms (training's features, the coach's reasons)
    terms: tuple[str, ...] = ()
    """The evaluation's terms by name, in the order ``features`` gives their values."""
    features: Callable[..., tuple[list[float], float]] | None = None
    """``features(state, seat)`` -> (every term's value, ``tf``: the share of the seat's turns still
    to come): what a learned judgement reads; without it there is nothing to fit or distill."""
    feature_reader: Callable[[dict[str, float]], Callable[..., tuple[list[float], float]]] | None = None
    """``feature_reader(constants)`` -> ``features`` read with other constants (unknown names:
    ValueError); without it a fit with other constants (``--constant``) is refused."""
    fixed_terms: Callable[[dict[str, Any] | None], tuple[str, ...]] | None = None
    """``fixed_terms(config)`` -> the terms a fit on games of ``config`` keeps at weight 1; without
    it every term is fitted."""
    judgement_weights: Callable[[str], tuple[dict[str, float], dict[str, tuple[float, float]]]] | None = None
    """``judgement_weights(name)`` -> (constants, term weights) of the judgement ``name`` (what a
    distillation starts from); without it there is nothing to distill from."""
    judgement_terms: Callable[..., dict[str, float]] | None = None
    """``judgement_terms(state, seat, name)`` -> the judgement ``name`` split into terms that add up
    to it (the coach's reasons for a move); without it hints carry no reasons."""
    quiet_terms: tuple[str, ...] = ()
    """Terms the coach never gives as a reason (bookkeeping every move changes alike)."""
    model_path: Callable[[str], Path] | None = None
    """``model_path(name)`` -> where the trained evaluation ``name`` ships (``tabletop train``
    writes there by default); without it ``train`` needs ``--out``."""


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
    choice_facts: Callable[..., dict[str, Any]] | None = None
    """``choice_facts(state, action)`` -> a legal action's facts for the seat choosing it, where they
    say more than the public ``state.action_facts(action)`` (its own hidden card); the browser
    draws and places the action by them."""
    search: SearchHooks = SearchHooks()
    """What search bots, the coach and training need beyond ``evaluate`` (every part optional)."""


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
