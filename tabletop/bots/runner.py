"""Play complete games between bots (used by simulate, bench, tests).

It lives with the bots, not in the core: it builds bots from their specs and
shows each one an :class:`Observation`, and the core knows nothing of bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from tabletop.bots.base import Bot, Observation
from tabletop.bots.registry import make_bot
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed


@dataclass
class GameRecord:
    seed: int
    bots: list[str]
    scores: list[int]
    winners: list[int]
    decisions: int
    breakdown: list[dict[str, int]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    summary: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self, with_actions: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "bots": self.bots, "scores": self.scores,
                               "winners": self.winners, "decisions": self.decisions,
                               "breakdown": self.breakdown, "summary": self.summary}
        if with_actions:
            out["actions"] = self.actions
        return out


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``base_seed``."""
    return derive_seed(base_seed, index) & ((1 << 63) - 1)


def play_out(game: str, st: Any, bots: list[Any], before: Callable[[Any], None] | None = None) -> int:
    """Play ``st`` to its end: seat i's decisions by ``bots[i]`` (each shown an Observation),
    chance by the state's own seeded sampling; ``before(st)`` runs ahead of every decision.
    Returns the number of decisions. The one game loop of simulate, the ladder and training."""
    decisions = 0
    while True:
        cp = st.current_player
        if cp >= 0:
            if before is not None:
                before(st)
            legal = st.legal_actions()
            st.apply(bots[cp].choose(Observation(game, cp, legal, partial(st.view, cp))))
            decisions += 1
        elif st.is_chance():
            st.apply(st.sample_chance())
        else:
            return decisions


def seat_bots(bot_names: Sequence[str], seed: int) -> list[Bot]:
    """The bots of a game's seats, each seeded from the game's seed and its seat: every runner
    seeds them so, which is why the same game plays alike in a ladder, a run or a fit."""
    return [make_bot(name, derive_seed(seed, 1000 + i)) for i, name in enumerate(bot_names)]


def play_game(game: str, bot_names: list[str], seed: int, config: dict[str, Any] | None = None,
              bots: Sequence[Bot] | None = None) -> GameRecord:
    """Play one complete game; seat i is played by ``bot_names[i]``."""
    info = get_game(game)
    players = len(bot_names)
    st = info.new_game(players=players, seed=seed, **(config or {}))
    keep_notes = getattr(st, "keep_notes", None)
    if keep_notes is not None:  # a game that can note facts for the reports (summary)
        keep_notes()
    if bots is None:
        bots = seat_bots(bot_names, seed)
    decisions = play_out(game, st, list(bots))
    return GameRecord(seed, list(bot_names), st.scores(), st.winners(), decisions,
                      st.score_breakdown(), list(st.history), st.summary())
