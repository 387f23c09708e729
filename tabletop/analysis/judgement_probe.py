"""Which inputs the master's judgement lacks: a probe on its own play-outs.

The master chooses between a handful of candidate turns by playing each out; its judgement
(``evaluation.py``'s terms, weighted by ``models/master.json``) ranks the turns the planner
offers as candidates and scores the play-outs' ends. Where the two disagree, the judgement is
missing something. This probe plays master self-play games and records, at each of its
play-out decisions, every candidate turn's play-out result, the judgement's terms at the
turn's end, and a few inputs the terms do not have:

* ``turn_length``: the actions in the candidate turn (turn-level: a leaf cannot read it);
* ``opponent``: the judgement of the opponent's position (what the turn leaves the other seat);
* ``own_next_dice``, ``opp_next_dice``: the most dice on one action space still on the board
  when that seat acts again this round (0 when it does not): the strength of its next action;
* ``own_next_spaces``: the action spaces with two dice or more when the seat acts again this
  round (0 when it does not): how many strong choices it keeps.

(Inputs that every candidate of a decision shares, such as the dice left on the board or who
moves next, cannot tell its candidates apart and are not probed here.)

It then fits, on three quarters of the games, the difference between each candidate's
play-out result and the judgement (within each decision only, as ``train --method distill``
does), on the terms alone and with each input added, and reports on the held-out quarter
how much the top-ranked candidate loses against the best one (the regret, VP a decision).
An input that lowers the regret well below the terms-only fit is knowledge the judgement
lacks and a candidate for a new term; one that does not is ruled out at this sample size.

``python -m tabletop.analysis.judgement_probe --games 32 -j 2 --seed S --out FILE.npz``
(the data is kept: ``--out`` again reads it back instead of playing).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import click

from tabletop.games.grand_austria_hotel import evaluation as module

RIDGES = (1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0)
EXTRAS = ("turn_length", "opponent", "own_next_dice", "opp_next_dice", "own_next_spaces")


def _next_dice(st: Any, seat: int) -> float:
    """The most dice on one action space (a 6 serves any; 000 actions) while ``seat`` still
    has a die action this round; 0 when it has none left or the dice are not on the board."""
    if st.phase != "play" or st.covered[seat] >= 2 or st.passed[seat]:
        return 0.0
    dice = st.dice
    return float(max(max(dice[1:6]), dice[6]))


def _extras(st: Any, me: int, seq: tuple[str, ...]) -> list[float]:
    own = _next_dice(st, me)
    spaces = float(sum(1 for n in st.dice[1:7] if n >= 2)) if own else 0.0
    return [float(len(seq)), float(module.EVALUATORS["master"](st, 1 - me)), own, _next_dice(st, 1 - me), spaces]


def _game(job: tuple[str, int, int]) -> tuple[list[tuple[int, list[float], float, float, list[float]]], list[float]]:
    """One master self-play game: at each play-out decision, per candidate turn, (decision
    number, the terms, tf, the mean play-out result, the extra inputs)."""
    from tabletop.bots.tuning import verdicts

    proxy, seed, index = job
    return verdicts("grand-austria-hotel", proxy, seed, index, None, _extras)


def collect(games: int, seed: int, proxy: str, jobs: int) -> dict[str, Any]:
    import numpy as np

    from tabletop.bots.tuning import _map_once

    per_game = _map_once(_game, [(proxy, seed, i) for i in range(games)], jobs)
    rows = [(gi, gi * 10_000 + dn, v, t, y, e) for gi, (rs, _s) in enumerate(per_game) for dn, v, t, y, e in rs]
    return {"X": np.array([r[2] for r in rows]), "tf": np.array([r[3] for r in rows]),
            "y": np.array([r[4] for r in rows]), "E": np.array([r[5] for r in rows]),
            "d": np.array([r[1] for r in rows]), "game": np.array([r[0] for r in rows]),
            "scores": np.array([s for _r, s in per_game])}


def analyse(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Held-out regret and RMSE of the terms-only fit and of the fit with each extra input."""
    import numpy as np

    from tabletop.bots.tuning import _ridge, _within, decision_regret, judged

    X, tf, y, E, d, g = (data[k] for k in ("X", "tf", "y", "E", "d", "game"))
    terms = list(module.TERMS)
    _c, prior = module.judgement_weights("master")
    base = judged(X, tf, terms, prior)
    free = [i for i, k in enumerate(terms) if k not in module.FIXED_TERMS]
    G = np.concatenate([X[:, free], X[:, free] * tf[:, None]], axis=1)
    held = g % 4 == 3

    def regret(pred: Any) -> float:
        return decision_regret(y, d, held, pred)

    def fitted(cols: Any) -> tuple[float, float, Any]:
        """Ridge on standardized inputs: its strength chosen on games k % 4 == 2 (fitted on
        k % 4 < 2), then refitted on every game but the held-out ones and scored there."""
        F, r = _within(cols, y - base, d)
        learn, pick = g % 4 < 2, g % 4 == 2
        sd = F[~held].std(axis=0)
        sd = np.where(sd > 0, sd, 1.0)
        Z = F / sd
        lam = min(RIDGES, key=lambda lam: decision_regret(y, d, pick, base + Z @ _ridge(Z[learn], r[learn], lam)))
        w = _ridge(Z[~held], r[~held], lam) / sd
        rmse = math.sqrt(float(np.mean((r[held] - F[held] @ w) ** 2)))
        return regret(base + cols @ w), rmse, w

    _, r0 = _within(G, y - base, d)
    out = [{"inputs": "the judgement alone", "regret": regret(base),
            "rmse": math.sqrt(float(np.mean(r0[held] ** 2)))}]
    reg, rmse, _w = fitted(G)
    out.append({"inputs": "terms refitted", "regret": reg, "rmse": rmse})
    for j, name in enumerate(EXTRAS):
        e = E[:, j:j + 1]
        reg, rmse, w = fitted(np.concatenate([G, e, e * tf[:, None]], axis=1))
        out.append({"inputs": f"terms + {name}", "regret": reg, "rmse": rmse,
                    "weight": [round(float(w[-2]), 3), round(float(w[-1]), 3)]})
    leaf = [j for j, n in enumerate(EXTRAS) if n != "turn_length"]
    reg, rmse, _w = fitted(np.concatenate([G, E[:, leaf], E[:, leaf] * tf[:, None]], axis=1))
    out.append({"inputs": "terms + every input a leaf can read", "regret": reg, "rmse": rmse})
    reg, rmse, _w = fitted(np.concatenate([G, E, E * tf[:, None]], axis=1))
    out.append({"inputs": "terms + every input", "regret": reg, "rmse": rmse})
    length = E[:, 0:1]
    reg, rmse, w = fitted(np.concatenate([G, X[:, free] * length], axis=1))
    inflated = {terms[i]: round(float(w[2 * len(free) + j]), 3) for j, i in enumerate(free)}
    out.append({"inputs": "terms + each term x turn_length", "regret": reg, "rmse": rmse, "weight": inflated})
    return out


@click.command()
@click.option("--games", type=int, default=32, show_default=True)
@click.option("--seed", type=int, required=True, help="deal seeds: game_seed(seed, k), k < games")
@click.option("--proxy", default="master", show_default=True)
@click.option("-j", "--jobs", type=int, default=1, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), required=True, help="the data (.npz), read back if it exists")
def main(games: int, seed: int, proxy: str, jobs: int, out: Path) -> None:
    import numpy as np

    key = json.dumps({"games": games, "seed": seed, "proxy": proxy, "extras": EXTRAS})
    if out.exists():
        with np.load(out) as saved:
            if str(saved["key"]) != key:
                raise click.UsageError(f"{out} holds other games' data")
            data = {k: saved[k] for k in saved.files}
    else:
        data = collect(games, seed, proxy, jobs)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as fh:
            np.savez_compressed(fh, key=np.array(key), **data)
    s = data["scores"].ravel()
    print(f"{games} games (self-play mean {s.mean():.1f} VP), {len(np.unique(data['d']))} decisions, "
          f"{len(data['y'])} candidate turns; held out: games k % 4 == 3")
    for row in analyse(data):
        extra = f"  weight {row['weight']}" if "weight" in row else ""
        print(f"{row['inputs']:<40} regret {row['regret']:.3f} VP  rmse {row['rmse']:.2f}{extra}")


if __name__ == "__main__":
    main()
