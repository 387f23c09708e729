"""Two runs compared deal by deal (``tabletop report A B --paired``).

Two ``simulate`` runs with the same ``--seed`` play the same deals: game ``i``
of both has the same deal seed; so do two ``ladder`` pairings saved with the same
``--seed`` (their ``FILE.games.jsonl`` journals, read here in the pairing's order:
the first bot of the pairing is "seat" 0; at a table of more than two, by its seats).
When a bot is swapped for a variant (``master`` for ``master:eval=NEW``), most of what
decides a game (the deal, the dice, the other seats) stays, so the game-by-game
difference is far less noisy than two separate win rates. The seats compared are
those whose bot differs between the runs; a game with several such seats counts once,
by their mean.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.analysis.batch import RunError
from tabletop.analysis.report import format_table, load_records
from tabletop.analysis.stats import win_shares
from tabletop.bots.match import journal_pairing, mean_ci, read_journal
from tabletop.bots.registry import level_name

MEASURES = ("score", "margin", "win share")
"""What is compared at the followed seats: the final score, the score minus the best
other seat's, and the share of the win (a tie shares it)."""


@dataclass
class PairedComparison:
    label_a: str
    label_b: str
    games: int  # games played in both runs (same index and deal seed)
    swapped: dict[tuple[str, str], int]  # (bot in A, bot in B) -> seat-games compared
    same_bots: int  # paired games where no seat's bot differs (left out)
    values_a: dict[str, list[float]] = field(default_factory=dict)  # measure -> per game
    values_b: dict[str, list[float]] = field(default_factory=dict)

    @property
    def compared(self) -> int:
        return len(self.values_a.get("score", []))

    def difference(self, measure: str) -> tuple[float, float, float]:
        """Mean of B - A over the compared games, with its 95% interval (normal approximation)."""
        return mean_ci([b - a for a, b in zip(self.values_a[measure], self.values_b[measure])])


def _ladder_journal(path: Path) -> list[dict[str, Any]] | None:
    """A ladder journal's games as run records (bots in the pairing's order), or None
    when the file is not one. A journal of several pairings is refused: say which."""
    if not path.is_file() or not path.name.endswith(".games.jsonl"):
        return None
    by_pairing: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for key, g in read_journal(path).items():
        try:
            a, b = (level_name(spec) for spec in journal_pairing(key))
            if "table_scores" in g:  # a table of more than two: one A, the other seats B
                table = g["table_scores"]
                rec = {"index": g["index"], "seed": g["seed"], "scores": table, "winners": g["table_winners"],
                       "bots": [a if s == g["seat_a"] else b for s in range(len(table))]}
            else:
                rec = {"index": g["index"], "seed": g["seed"], "bots": [a, b], "scores": g["scores"],
                       "winners": [k for k, w in enumerate(g["wins"]) if w > 0]}
        except (KeyError, TypeError, ValueError):
            raise RunError(f"{path}: not a ladder journal (a line keyed {key[:60]!r})") from None
        by_pairing.setdefault((a, b), []).append(rec)
    if not by_pairing:
        raise RunError(f"{path}: no finished ladder games")
    if len(by_pairing) > 1:
        raise RunError(f"{path} holds {len(by_pairing)} pairings ("
                       + "; ".join(f"{a} vs {b}" for a, b in by_pairing)
                       + "): --paired reads a journal of one pairing")
    return sorted(next(iter(by_pairing.values())), key=lambda r: r["index"])


def load_for_pairing(source: str | Path) -> list[dict[str, Any]]:
    """The games of a ``simulate`` run (its directory or results file) or of a ladder
    journal (``FILE.games.jsonl`` of ``ladder --save FILE``)."""
    games = _ladder_journal(Path(source))
    if games is not None:
        return games
    return load_records(source)[1]


def _measures(rec: dict[str, Any], seats: Sequence[int]) -> dict[str, float]:
    scores = rec["scores"]
    shares = win_shares(len(scores), rec["winners"])
    margin = [scores[s] - max(v for o, v in enumerate(scores) if o != s) for s in seats]
    return {"score": sum(scores[s] for s in seats) / len(seats),
            "margin": sum(margin) / len(seats),
            "win share": sum(shares[s] for s in seats) / len(seats)}


def pair_runs(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]], label_a: str = "A",
              label_b: str = "B") -> PairedComparison:
    """Pair two runs' records by game index and deal seed, and measure B - A at the seats
    whose bot differs. Raises :class:`RunError` when nothing can be paired."""
    by_index = {r["index"]: r for r in a}
    pairs = [(by_index[r["index"]], r) for r in b
             if r["index"] in by_index and by_index[r["index"]]["seed"] == r["seed"]]
    if not pairs:
        raise RunError(f"{label_a} and {label_b} share no game (the same index with the same deal seed): "
                       "pair runs made with the same --seed")
    out = PairedComparison(label_a, label_b, len(pairs), {}, 0,
                           {m: [] for m in MEASURES}, {m: [] for m in MEASURES})
    for ra, rb in pairs:
        if len(ra["bots"]) != len(rb["bots"]):
            raise RunError(f"game {ra['index']} has {len(ra['bots'])} players in {label_a} and "
                           f"{len(rb['bots'])} in {label_b}: only runs of the same table pair")
        seats = [s for s, (x, y) in enumerate(zip(ra["bots"], rb["bots"])) if x != y]
        if not seats:
            out.same_bots += 1
            continue
        for s in seats:
            key = (ra["bots"][s], rb["bots"][s])
            out.swapped[key] = out.swapped.get(key, 0) + 1
        for side, rec in ((out.values_a, ra), (out.values_b, rb)):
            for m, v in _measures(rec, seats).items():
                side[m].append(v)
    if not out.compared:
        raise RunError(f"{label_a} and {label_b} seat the same bots in all {len(pairs)} paired games: "
                       "--paired follows the seats whose bot differs between the runs")
    return out


def format_paired(p: PairedComparison) -> str:
    swaps = ", ".join(f"{x} in A -> {y} in B ({n} seat-games)" for (x, y), n in sorted(p.swapped.items()))
    lines = [f"Paired by deal: B against A, {p.compared} games played in both (the same index and deal seed)",
             f"  A: {p.label_a}", f"  B: {p.label_b}",
             f"the seats compared: {swaps}"]
    if p.same_bots:
        lines.append(f"left out: {p.same_bots} paired games where every seat has the same bot")
    head = ["at the seats compared", "A", "B", "B - A [95% CI]"]
    rows = []
    for m in MEASURES:
        ma = sum(p.values_a[m]) / p.compared
        mb = sum(p.values_b[m]) / p.compared
        d, lo, hi = p.difference(m)
        if m == "win share":
            rows.append([m, f"{100 * ma:.1f} %", f"{100 * mb:.1f} %",
                         f"{100 * d:+.1f} % [{100 * lo:+.1f}, {100 * hi:+.1f}]"])
        else:
            name = "margin over the best other seat" if m == "margin" else m
            rows.append([name, f"{ma:.1f}", f"{mb:.1f}", f"{d:+.1f} [{lo:+.1f}, {hi:+.1f}]"])
    return "\n".join(lines) + "\n" + format_table(head, rows)
