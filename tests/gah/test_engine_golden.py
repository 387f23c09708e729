"""The engine's behaviour pinned game by game (the engine split and the module hooks
must not change a base game).

Each recorded game is a seeded random game; its digest covers every legal-action list,
every action, the final position and every seat's final view. The digests in
``data/golden_games.json`` were written by the engine before it was split into rule
files. Regenerate them only for a deliberate rule change:
``.venv/bin/python -m tests.gah.test_engine_golden --write`` (``--write-waltz`` for the
module games).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.notation import VOCABULARY
from tests.gah.conformance import CONFIGS

GOLDEN = Path(__file__).parent / "data" / "golden_games.json"
GOLDEN_WALTZ = Path(__file__).parent / "data" / "golden_waltz_games.json"

CASES = [(seed, 2 + seed % 3, CONFIGS[seed % len(CONFIGS)]) for seed in range(42)]

# Let's Waltz! games: each module alone, a few pairs, and all five, at 2, 3 and 4 players
# (written by the engine of commit e0dd042, before its per-decision speed-ups)
_WALTZ_SETS = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more",
               "ballrooms,celebrities", "unique_hotels,start_player", "celebrities,more", "all"]
WALTZ_CASES = [(100 + i, 2 + i % 3, {"modules": m}) for i, m in enumerate(_WALTZ_SETS * 3)]


def record(seed: int, players: int, config: dict[str, Any]) -> dict[str, Any]:
    """Play one seeded random game and digest everything it showed."""
    st = new_game(players=players, seed=seed, **config)
    rnd = random.Random(seed * 7919 + 1)
    h = hashlib.sha256()
    steps = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        h.update("|".join(legal).encode())
        action = st.sample_chance() if st.is_chance() else rnd.choice(legal)
        h.update(b"#" + action.encode())
        st.apply(action)
        steps += 1
    h.update(json.dumps(st.to_position(), sort_keys=True).encode())
    for seat in [None, *range(players)]:
        h.update(json.dumps(st.view(seat), sort_keys=True).encode())
    return {"seed": seed, "players": players, "config": config, "steps": steps,
            "scores": st.scores(), "digest": h.hexdigest()}


def _check_recorded(golden: Path, cases: list[tuple[int, int, dict[str, Any]]], case: int) -> None:
    expected = json.loads(golden.read_text())[case]
    seed, players, config = cases[case]
    assert (expected["seed"], expected["players"], expected["config"]) == (seed, players, config)
    assert record(seed, players, config) == expected


@pytest.mark.parametrize("case", range(len(CASES)))
def test_base_games_unchanged(case: int) -> None:
    """Same seed and actions give the same game, byte for byte, as the recorded engine."""
    _check_recorded(GOLDEN, CASES, case)


@pytest.mark.parametrize("case", range(len(WALTZ_CASES)))
def test_waltz_games_unchanged(case: int) -> None:
    """Games with modules are pinned too: speed work on the engine changes no module game."""
    _check_recorded(GOLDEN_WALTZ, WALTZ_CASES, case)


def test_base_action_ids_unchanged() -> None:
    """The research action space: the base game's 1,120 action strings keep their integer
    ids (Let's Waltz! strings are appended after them)."""
    assert hashlib.sha256("\n".join(VOCABULARY[:1120]).encode()).hexdigest() == \
        "c4d562d5b142e38cb6f222e46db5735603877777ff1ef685338df777397ed53b"


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps([record(*c) for c in CASES], indent=1) + "\n")
    print(f"wrote {len(CASES)} games to {GOLDEN}")
if __name__ == "__main__" and "--write-waltz" in sys.argv:
    GOLDEN_WALTZ.write_text(json.dumps([record(*c) for c in WALTZ_CASES], indent=1) + "\n")
    print(f"wrote {len(WALTZ_CASES)} games to {GOLDEN_WALTZ}")
