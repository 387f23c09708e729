"""Several runs side by side (``tabletop report RUN RUN ...``): a variant or module study.

One row per run: its config, win rate by seat with 95% Wilson intervals, score mean/sd,
game length (bot decisions per game) and winning margin; one figure with the same three
questions as panels. Each run's own full report is written as usual.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.analysis.batch import RESULTS_FILE
from tabletop.analysis.report import Report, ci_text, format_table, pct
from tabletop.analysis.stats import score_stats


def source_label(source: str) -> str:
    """A run's short name from what the user typed: its directory (``waltz-ballrooms``
    for ``waltz-ballrooms/results.jsonl``) or a results file's own name without
    ``.results.jsonl`` (``docs/ladder/X.results.jsonl`` is ``X``)."""
    src = Path(source)
    if src.name == RESULTS_FILE:
        return src.parent.name or source
    if src.name.endswith(".jsonl"):
        return src.name.removesuffix(".jsonl").removesuffix(".results").removesuffix(".games")
    return src.name or source


def run_label(rep: Report) -> str:
    return source_label(rep.source)


def _config(rep: Report) -> str:
    cfg = (rep.run or {}).get("config") or {}
    return json.dumps(cfg, separators=(",", ":")) if cfg else "base game"


def comparison_table(reps: Sequence[Report]) -> tuple[str, list[str], list[list[Any]]]:
    seats = max(len(r.by_seat) for r in reps)
    head = ["run", "config", "games"] + [f"seat {s} win rate [95% CI]" for s in range(seats)] + [
        "mean score", "sd", "decisions/game", "winning margin"]
    rows = []
    for r in reps:
        sc = score_stats("scores", [v for vs in r.scores_by_bot.values() for v in vs])
        dec, mar = score_stats("decisions", r.decisions), score_stats("margins", r.margins)
        rows.append([run_label(r), _config(r), r.games]
                    + [f"{pct(w.rate)} {ci_text(w)}" for w in r.by_seat] + [""] * (seats - len(r.by_seat))
                    + [f"{sc.mean:.1f}", f"{sc.sd:.1f}", f"{dec.mean:.0f}", f"{mar.mean:.1f}"])
    return ("Runs compared (seat 0 starts; ties count as shared wins)", head, rows)


def format_comparison(reps: Sequence[Report]) -> str:
    title, head, rows = comparison_table(reps)
    return f"{title}\n{format_table(head, rows)}"


def write_comparison_plot(reps: Sequence[Report], path: Path) -> Path:
    """Seat win rates with CIs, score and game-length box plots, one position per run."""
    from matplotlib.figure import Figure

    labels = [run_label(r) for r in reps]
    fig = Figure(figsize=(max(8.0, 1.3 * len(reps) + 3), 9.0))
    ax1, ax2, ax3 = fig.subplots(3, 1, sharex=True)
    seats = max(len(r.by_seat) for r in reps)
    width = 0.8 / seats
    for s in range(seats):
        xs, ys, lo, hi = [], [], [], []
        for i, r in enumerate(reps):
            if s < len(r.by_seat):
                w = r.by_seat[s]
                xs.append(i + (s - (seats - 1) / 2) * width)
                ys.append(w.rate)
                lo.append(max(0.0, w.rate - w.ci[0]))
                hi.append(max(0.0, w.ci[1] - w.rate))
        ax1.bar(xs, ys, width=width, yerr=[lo, hi], capsize=3, label=f"seat {s}")
    players = {p for r in reps for p in r.player_counts}
    if len(players) == 1:
        ax1.axhline(1 / players.pop(), color="grey", linestyle=":", label="parity")
    ax1.set_ylabel("win rate (95% CI)")
    ax1.set_title("Win rate by seat", fontsize=10)
    ax1.legend(fontsize=8, ncol=seats + 1)
    ax2.boxplot([[v for vs in r.scores_by_bot.values() for v in vs] for r in reps], positions=range(len(reps)),
                widths=0.5, showmeans=True)
    ax2.set_ylabel("final score (VP)")
    ax2.set_title("Score spread (box: quartiles, whiskers 1.5 IQR, triangle: mean)", fontsize=10)
    ax3.boxplot([r.decisions or [0] for r in reps], positions=range(len(reps)), widths=0.5, showmeans=True)
    ax3.set_ylabel("bot decisions per game")
    ax3.set_title("Game length", fontsize=10)
    ax3.set_xticks(range(len(reps)), labels, rotation=20, ha="right")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100, bbox_inches="tight")
    return path
