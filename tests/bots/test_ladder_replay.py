"""Committed ladder games replay move for move: a figure in docs/BOTS.md is only as good as the
bots' staying the same. A change meant to be faster only (the engine, the planner, the
evaluation's memo tables) must leave these games as they were; a change of a bot's play shows
here and must come with its own rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.bots.match import play_one

LADDER = Path(__file__).resolve().parents[2] / "docs" / "ladder"


def _record(journal: str, index: int) -> tuple[list, dict]:
    for line in (LADDER / journal).read_text().splitlines():
        entry = json.loads(line)
        if entry["game"]["index"] == index:
            return json.loads(entry["key"]), entry["game"]
    raise AssertionError(f"{journal} has no game {index}")


# the master (wider play-outs capped) and the expert on module tables: a few seconds a game
@pytest.mark.parametrize("index", [0, 1])
def test_a_committed_module_game_replays_move_for_move(index: int) -> None:
    key, rec = _record("2026-11-26-master-modules-fresh-vs-expert.games.jsonl", index)
    game, seed, config, spec_a, spec_b, i = key
    again = play_one(game, (spec_a, spec_b), seed, i, config)
    assert again["seed"] == rec["seed"]
    assert (again["scores"], again["decisions"]) == (rec["scores"], rec["decisions"])
