"""How far the master's judgement at each round's start misses the seat's final score, and
what about the seat's café, kitchen and hotel goes with the miss.

A probe for the next term of the judgement (docs/bots-history/next-steps.md): it replays the
games of a `tabletop simulate --out DIR` journal (its results.jsonl, with actions; each game
with its own players, seed and options) and,
at the first state of every round, reads for each seat the master's judgement, its café
guests, the items they still need, its spare kitchen items, kronen, occupied rooms and staff
played. Per round it prints the residual (final VP - judgement) and its correlation with
each of those; pooled over rounds 2-6, a least-squares fit of the residual on them
(standardized), with 95 % intervals from a bootstrap over games.

    .venv/bin/python scripts/judgement_residuals.py DIR    (or DIR/results.jsonl)
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np

from tabletop.analysis.batch import read_jsonl
from tabletop.analysis.report import results_path
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.evaluation import EVALUATORS

NAMES = ["guests", "need", "kitchen", "money", "occupied", "staff"]


def snapshots(record: dict[str, Any]) -> list[list[float]]:
    """[round, residual, game index, *features] for each seat at each round's first state."""
    judge = EVALUATORS["master"]
    st = new_game(record["players"], record["seed"], **(record.get("config") or {}))
    seen: set[int] = set()
    out = []
    for action in record["actions"]:
        if st.round not in seen and st.phase != "over":
            seen.add(st.round)
            for seat in range(record["players"]):
                pl = st.players[seat]
                need = 0
                for t, g in enumerate(pl.cafe):
                    if g:
                        order = st.rules.guests[g].order
                        need += sum(max(0, order[i] - pl.served[t][i]) for i in range(len(order)))
                features = [sum(1 for g in pl.cafe if g), need, sum(pl.kitchen), pl.money,
                            sum(1 for x in pl.rooms if x == 2), len(pl.played)]
                out.append([st.round, record["scores"][seat] - judge(st, seat), record["index"]] + features)
        st.apply(action)
    return out


def main(path: str) -> None:
    A = np.array([row for record in read_jsonl(results_path(path)) for row in snapshots(record)], float)
    print(f"{len(A)} snapshots of {len(set(A[:, 2]))} games")
    for rd in sorted(set(A[:, 0])):
        B = A[A[:, 0] == rd]
        res = B[:, 1]
        cs = [np.corrcoef(B[:, 3 + k], res)[0, 1] if B[:, 3 + k].std() > 0 else float("nan")
              for k in range(len(NAMES))]
        print(f"round {int(rd)}: residual {res.mean():+.1f} (sd {res.std():.1f}); correlation with " +
              ", ".join(f"{n} {c:+.2f}" for n, c in zip(NAMES, cs)))
    P = A[(A[:, 0] >= 2) & (A[:, 0] <= 6)]
    X = P[:, 3:]
    X = (X - X.mean(0)) / np.where(X.std(0) > 0, X.std(0), 1)
    X = np.column_stack([np.ones(len(X)), X])
    y = P[:, 1]
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    games = sorted(set(P[:, 2]))
    rows_of = {g: np.flatnonzero(P[:, 2] == g) for g in games}
    rng = np.random.default_rng(1)
    boot = []
    for _ in range(500):
        idx = np.concatenate([rows_of[g] for g in rng.choice(games, len(games))])
        boot.append(np.linalg.lstsq(X[idx], y[idx], rcond=None)[0])
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    r2 = 1 - ((y - X @ beta) ** 2).sum() / ((y - y.mean()) ** 2).sum()
    print(f"rounds 2-6 pooled ({len(y)} snapshots), R2 {r2:.3f}: residual VP per sd of each")
    for name, b, a, c in zip(["(mean)"] + NAMES, beta, lo, hi):
        print(f"  {name:9s} {b:+6.2f} [{a:+.2f}, {c:+.2f}]")


if __name__ == "__main__":
    main(sys.argv[1])
