"""Grand Austria Hotel (base game, 2021 Yucata edition by default, with variants)."""

from __future__ import annotations

from typing import Any

from tabletop.core.registry import GameInfo, SearchHooks
from tabletop.games.grand_austria_hotel import evaluation
from tabletop.games.grand_austria_hotel.choice_facts import choice_facts
from tabletop.games.grand_austria_hotel.config import CONFIG_HELP, parse_config
from tabletop.games.grand_austria_hotel.data import provenance_records
from tabletop.games.grand_austria_hotel.evaluation import EVALUATORS, evaluate
from tabletop.games.grand_austria_hotel.log_text import sentence
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.notation import VOCABULARY
from tabletop.games.grand_austria_hotel.position_load import determinize, from_position
from tabletop.games.grand_austria_hotel.state import GahState
from tabletop.games.grand_austria_hotel.text import render, render_rich


def new_game(players: int = 2, seed: int = 0, **config: Any) -> GahState:
    """A new game for ``players`` seats, dealt from ``seed``."""
    return GahState(parse_config(players=players, **config), seed)


def provenance(**config: Any) -> list[Any]:
    return provenance_records(parse_config(**config))


def _search_caps(st: GahState) -> dict[str, int] | None:
    """``evaluation.search_caps``, looked up at each call (a test switches the caps off by
    replacing it there)."""
    return evaluation.search_caps(st)


# What the search bots, the coach and training read beyond ``evaluate``: all from the evaluation.
SEARCH = SearchHooks(
    turn_marker=evaluation.turn_marker,
    turn_choice=evaluation.turn_choice,
    turns_left=evaluation.turns_left,
    search_caps=_search_caps,
    named_evaluators=evaluation.named_evaluators,
    add_evaluator=evaluation.add_evaluator,
    remove_evaluator=evaluation.remove_evaluator,
    make_evaluator=evaluation.make_evaluator,
    constants=evaluation.HAND,
    untuned=evaluation.UNTUNED,
    terms=evaluation.TERMS,
    features=evaluation.features,
    feature_reader=evaluation.feature_reader,
    fixed_terms=evaluation.fixed_terms,
    judgement_weights=evaluation.judgement_weights,
    judgement_terms=evaluation.judgement_terms,
    quiet_terms=evaluation.QUIET_TERMS,
    model_path=evaluation.model_path,
)


GAME = GameInfo(
    name="grand-austria-hotel",
    title="Grand Austria Hotel",
    min_players=2,
    max_players=4,
    new_game=new_game,
    from_position=from_position,
    action_vocabulary=lambda players: list(VOCABULARY),
    config_help=CONFIG_HELP,
    provenance=provenance,
    render=render,
    render_rich=render_rich,
    evaluate=evaluate,
    evaluators=dict(EVALUATORS),
    determinize=determinize,
    # the base game, and every Let's Waltz! module that is playable, together
    bench_configs=(("base", {}), ("all modules", {"modules": list(MODULES)})),
    event_sentence=sentence,
    choice_facts=choice_facts,
    search=SEARCH,
)

__all__ = ["GAME", "GahState", "from_position", "new_game"]
