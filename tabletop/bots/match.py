"""Matches between bot specs, the measuring unit of the ladder, ``compare`` and ``train``.

``play_one`` plays game ``index`` of a seat-balanced pairing (the same deal from every
seat), with both bots seeded from the deal, so any table of such games is reproducible
from its base seed; ``mean_ci`` is the score interval the reports print (win shares take
:func:`tabletop.analysis.stats.wilson`).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

from tabletop.bots.base import Bot, Observation
from tabletop.bots.registry import LEVELS
from tabletop.bots.runner import game_seed, play_out, seat_bots
from tabletop.core.registry import get_game

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile (as :data:`tabletop.analysis.stats.Z95`; the bots' layer
lies below the analysis', so it cannot import it)."""


def journal_key(game: str, seed: int, config: dict[str, Any] | None, a: str, b: str, index: int,
                players: int = 2) -> str:
    """A ladder journal line's key: the JSON text of ``[game, seed, config, spec A, spec B,
    index]``, levels resolved to their specs (a level's game stays valid only while its spec does);
    at a table of more than two, the number of players follows (two-player keys are unchanged)."""
    fields: list[Any] = [game, seed, config or {}, LEVELS.get(a, a), LEVELS.get(b, b), index]
    if players != 2:
        fields.append(players)
    return json.dumps(fields, sort_keys=True)


def journal_pairing(key: str) -> tuple[str, str]:
    """The two specs of a :func:`journal_key` (ValueError when it is not one)."""
    try:
        fields = json.loads(key)
        if not isinstance(fields, list) or len(fields) not in (6, 7):
            raise ValueError
        a, b = fields[3], fields[4]
    except (TypeError, ValueError):
        raise ValueError(f"not a ladder journal key: {key[:60]!r}") from None
    return a, b


def read_journal(path: Path) -> dict[str, dict[str, Any]]:
    """The finished games of a ladder journal (``ladder --save FILE`` writes FILE.games.jsonl),
    by key: a line is ``{"key": KEY, "game": RECORD}`` with KEY a :func:`journal_key` and
    RECORD what :func:`play_one` returns. A torn or foreign line is skipped: a rerun plays
    that game again."""
    done: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
                done[rec["key"]] = rec["game"]
            except (ValueError, KeyError, TypeError):
                continue
    return done


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return m, m - half, m + half


class TimedBot:
    """Wraps a bot and measures its thinking time: wall-clock seconds and the
    process's CPU seconds of every decision (CPU time does not grow while other
    processes hold the core, so it stays comparable on a loaded machine)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.decisions = 0
        self.cpu: list[float] = []

    def choose(self, obs: Observation) -> str:
        t0 = time.perf_counter()
        c0 = time.process_time()
        action = self.bot.choose(obs)
        self.cpu.append(time.process_time() - c0)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return action

    def cpu_record(self) -> list[float]:
        """The CPU seconds of each decision as results keep them (0.1 ms steps)."""
        return [round(c, 4) for c in self.cpu]


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0-1) of ``values`` (nearest rank)."""
    if not values:
        return 0.0
    xs = sorted(values)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def play_one(game: str, specs: tuple[str, str], seed: int, index: int,
             config: dict[str, Any] | None = None, players: int = 2) -> dict[str, Any]:
    """Game ``index`` of a pairing: the deal of ``index // players``, the first bot of the
    pairing in seat ``index % players`` and the second bot in every other seat (at two
    players: the seats swapped when ``index`` is odd). In self-play, where moving the seats
    would repeat the game, every game has a deal of its own (the deal of ``index``).

    Returns per bot of the pairing (in the pairing's order, not the seat order): final
    score, win share, thinking seconds, decisions and each decision's CPU seconds. At a
    table of more than two the second bot's entries are over its seats (the mean score,
    the mean win share, the seconds, decisions and CPU of them all), and the table itself
    is kept: ``seat_a`` (the first bot's seat), ``table_scores`` and ``table_winners``.
    """
    if specs[0] == specs[1]:
        gs, seat_a = game_seed(seed, index), 0
    else:
        gs, seat_a = game_seed(seed, index // players), index % players
    names = [specs[0] if s == seat_a else specs[1] for s in range(players)]
    info = get_game(game)
    st = info.new_game(players=players, seed=gs, **(config or {}))
    bots = [TimedBot(bot) for bot in seat_bots(names, gs)]
    play_out(game, st, bots)
    scores = st.scores()
    winners = st.winners()
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    if players == 2:
        seats = [seat_a, 1 - seat_a]  # seat of pairing bot 0, bot 1
        return {
            "index": index, "seed": gs,
            "scores": [scores[s] for s in seats],
            "wins": [share[s] for s in seats],
            "seconds": [bots[s].seconds for s in seats],
            "decisions": [bots[s].decisions for s in seats],
            # CPU seconds of each decision (rounded to 0.1 ms), for the mean and the p99
            "cpu": [bots[s].cpu_record() for s in seats],
        }
    others = [s for s in range(players) if s != seat_a]
    return {
        "index": index, "seed": gs,
        "scores": [scores[seat_a], sum(scores[s] for s in others) / len(others)],
        "wins": [share[seat_a], sum(share[s] for s in others) / len(others)],
        "seconds": [bots[seat_a].seconds, sum(bots[s].seconds for s in others)],
        "decisions": [bots[seat_a].decisions, sum(bots[s].decisions for s in others)],
        "cpu": [bots[seat_a].cpu_record(), [c for s in others for c in bots[s].cpu_record()]],
        "seat_a": seat_a, "table_scores": list(scores), "table_winners": list(winners),
    }
