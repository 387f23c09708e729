"""The bots' fixed ratings, measured on their own games (``tabletop bot-ratings``).

A rated game at the web table (web/ratings.py) counts its bot seats at a fixed rating, so that
a person reads "you play like the expert bot". Those ratings come from seat-balanced ladder
games between the levels (``tabletop ladder --save``): a Bradley-Terry fit of who won (a tie
counts half each way) by maximum likelihood, with a weak normal prior that keeps a level that
won every game finite, put on the scale of the players' ratings (openskill's Plackett-Luce
model, the one the table rates people with): between two seats of small uncertainty it gives
``P(a beats b) = 1 / (1 + exp(-(mu_a - mu_b) / c))`` with ``c = sqrt(2) * beta``; ``mu`` of the
anchor level (the table's default bot) is the rating a new account starts at, so a newcomer is
presumed to play like it until games say otherwise. Each level's ``sigma`` is the standard
error of its fit on that scale (with the other levels' strengths known).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.bots.registry import LEVELS

START_MU = 25.0  # openskill's default rating: where a new account starts
BETA = START_MU / 6.0  # openskill's default beta (the spread of one game's performance)
SCALE = math.sqrt(2.0) * BETA  # Plackett-Luce's c between two seats whose sigma is small
PRIOR_SD = 4.0  # the prior's spread of a level's strength, on the logistic scale


@dataclass
class Pairing:
    a: str
    b: str
    games: int
    a_wins: float  # a tie counts half


def level_of(spec: str) -> str:
    """The level whose spec this is (the ladder's journal keys hold specs), or the spec itself."""
    for name, full in LEVELS.items():
        if full == spec:
            return name
    return spec


def read_games(paths: Iterable[Path]) -> tuple[str, list[Pairing]]:
    """The two-player pairings in ladder journals (``FILE.games.jsonl``): one game, all files."""
    tally: dict[tuple[str, str], Pairing] = {}
    game = None
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            key = json.loads(rec["key"])
            g, _seed, _config, a, b = key[:5]
            players = key[6] if len(key) > 6 else 2
            if players != 2:
                raise ValueError(f"{path}: a {players}-player game; the bots' ratings are measured at two")
            if game is not None and g != game:
                raise ValueError(f"{path}: games of {g} and of {game}: fit one game at a time")
            game = g
            a, b = level_of(a), level_of(b)
            if a == b:
                continue  # self-play tells nothing about the difference
            p = tally.setdefault((a, b), Pairing(a, b, 0, 0.0))
            p.games += 1
            p.a_wins += float(rec["game"]["wins"][0])
    if game is None:
        raise ValueError("no games in the files given")
    return game, list(tally.values())


def fit(pairings: list[Pairing], anchor: str = "medium", anchor_mu: float = START_MU) -> dict[str, dict[str, float]]:
    """Each level's ``mu`` and ``sigma`` on the players' scale (``anchor`` at ``anchor_mu``)."""
    names = sorted({p.a for p in pairings} | {p.b for p in pairings},
                   key=lambda n: list(LEVELS).index(n) if n in LEVELS else len(LEVELS))
    if anchor not in names:
        raise ValueError(f"the anchor level {anchor!r} played none of these games")
    idx = {n: i for i, n in enumerate(names)}
    theta = np.zeros(len(names))
    hess = np.eye(len(names))
    for _ in range(100):  # Newton's method on the log posterior (concave)
        grad = -theta / PRIOR_SD ** 2
        hess = np.eye(len(names)) / PRIOR_SD ** 2
        for p in pairings:
            i, j = idx[p.a], idx[p.b]
            q = 1.0 / (1.0 + math.exp(-(theta[i] - theta[j])))
            g = p.a_wins - p.games * q
            w = p.games * q * (1.0 - q)
            grad[i] += g
            grad[j] -= g
            hess[i, i] += w
            hess[j, j] += w
            hess[i, j] -= w
            hess[j, i] -= w
        step = np.linalg.solve(hess, grad)
        theta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    a = idx[anchor]
    # sigma: how well the games measure a level with the others' strengths known (its conditional
    # standard error), alike for the anchor and the rest
    return {n: {"mu": round(anchor_mu + SCALE * float(theta[i] - theta[a]), 3),
                "sigma": round(SCALE / math.sqrt(float(hess[i, i])), 3)} for n, i in idx.items()}


def predicted_share(mu_a: float, sigma_a: float, mu_b: float, sigma_b: float) -> float:
    """The first seat's chance to win, by openskill's Plackett-Luce model (the table's)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return float(model.predict_win([[model.rating(mu=mu_a, sigma=sigma_a)], [model.rating(mu=mu_b, sigma=sigma_b)]])[0])


def report(game: str, pairings: list[Pairing], levels: dict[str, dict[str, float]], sources: list[str],
           command: str) -> dict[str, Any]:
    """The data file's entry for ``game``: each level's rating, and each pairing's share won
    against the share the ratings predict (the fit's check)."""
    return {
        "players": 2,
        "anchor": {"level": "medium", "mu": START_MU},
        "levels": {n: {**v, "games": sum(p.games for p in pairings if n in (p.a, p.b))} for n, v in levels.items()},
        "pairings": [{"a": p.a, "b": p.b, "games": p.games, "a_share": round(p.a_wins / p.games, 3),
                      "predicted": round(predicted_share(levels[p.a]["mu"], levels[p.a]["sigma"],
                                                         levels[p.b]["mu"], levels[p.b]["sigma"]), 3)}
                     for p in pairings],
        "source": {"games": sources, "command": command},
    }
