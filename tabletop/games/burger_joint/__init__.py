"""Burger Joint (2 players): rules engine, board data and positions.

See :mod:`tabletop.games.burger_joint.state` for the rules model and the
action notation (also in ``NOTATION.md`` next to this file), and
``data/boards.yaml`` for the printed values and their provenance. Several
printed values are unknown and shipped as ``provisional`` placeholders;
``provenance()`` lists them.

SAFETY RULE (not in the rulebook): the game also ends, as a draw, after
``turn_limit`` turns (default 200) because the rules allow both players to
pass forever.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.data import ProvenanceRecord
from tabletop.core.registry import GameInfo, SearchHooks
from tabletop.games.burger_joint.log_text import sentence
from tabletop.games.burger_joint.position import build_config, determinize, evaluate, from_position, new_game
from tabletop.games.burger_joint.state import DEFAULT_TURN_LIMIT, BurgerJointState, action_vocabulary
from tabletop.games.burger_joint.text import render


def provenance(**config: Any) -> list[ProvenanceRecord]:
    """One record per printed value (per cost, per track) with its provenance."""
    data, _ = build_config(config)
    return list(data.records)


CONFIG_HELP = {
    "data_override": "path to a YAML/JSON file (or a mapping) whose records override the shipped "
                     "board data by key (sections: rules, colours, boards, diners, bistros)",
    "turn_limit": f"SAFETY RULE, not in the rulebook: the game ends as a draw after this many turns "
                  f"(default {DEFAULT_TURN_LIMIT})",
}

GAME = GameInfo(
    name="burger-joint",
    title="Burger Joint",
    min_players=2,
    max_players=2,
    new_game=new_game,
    from_position=from_position,
    action_vocabulary=action_vocabulary,
    config_help=CONFIG_HELP,
    provenance=provenance,
    render=render,
    evaluate=evaluate,
    determinize=determinize,
    event_sentence=sentence,
    # its evaluation (position.evaluate: the score and the assets' worth) offers no search hints,
    # no named evaluations, no constants and no terms: the bots' fallbacks (SearchHooks) apply
    search=SearchHooks(),
)

__all__ = ["GAME", "BurgerJointState", "action_vocabulary", "from_position", "new_game", "provenance"]
