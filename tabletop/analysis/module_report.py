"""Let's Waltz! questions answered from simulated games.

The simulation runner keeps the engine's notes (``keep_notes``) and each game's per-seat
summary then carries module facts (see ``engine/scoring.py::_module_facts``). From them:

- **start-player action** (module IV): how seats fared by how often they took the key;
- **hotel entrances** (module III): what each entrance cost at auction and how its owner did;
  its worth in kronen is read at the game's own exchange rate, 1 VP per krone left at the end
  (000 End of the Game): price paid + the owner's VP margin over the other seats;
- **ballrooms** (module I): what each ballroom paid per seat, by its place on the board;
- **celebrities** (module II): how often each was taken and its takers' results.

These are observational (the bots chose when to take the key, how much to bid), so they
describe the game *as these bots play it*; the study in docs/BALANCE.md says so too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean, pstdev, stdev
from typing import Any

from tabletop.analysis.stats import WinRate, win_shares

POSITIONS = ("left", "middle", "right")  # ballrooms are scored after rounds 3, 5, 7 in this order


@dataclass
class Group:
    """Seat-games sharing one trait: their win share and scores (and one extra number each)."""

    label: str
    win: WinRate
    scores: list[int] = field(default_factory=list)
    extra: list[float] = field(default_factory=list)

    def add(self, share: float, score: int, extra: float = 0.0) -> None:
        self.win.wins += share
        self.win.n += 1
        self.scores.append(score)
        self.extra.append(extra)

    @property
    def mean_score(self) -> float:
        return fmean(self.scores) if self.scores else float("nan")

    @property
    def mean_extra(self) -> float:
        return fmean(self.extra) if self.extra else float("nan")


@dataclass
class ModuleFacts:
    key: dict[int, Group] = field(default_factory=dict)  # by key actions taken (3 = 3 or more)
    key_given: list[float] = field(default_factory=list)  # per seat-game with key actions: kronen per action
    entrances: dict[str, Group] = field(default_factory=dict)  # extra: price paid
    entrance_margin: dict[str, list[float]] = field(default_factory=dict)  # owner's score - others' mean
    ballrooms: dict[str, list[list[int]]] = field(default_factory=dict)  # id -> VP per seat, by position
    celebrities: dict[str, Group] = field(default_factory=dict)  # by celebrity: its takers


def module_facts(records: Sequence[dict[str, Any]]) -> ModuleFacts:
    out = ModuleFacts()
    for rec in records:
        summary = rec.get("summary") or []
        n = len(rec["scores"])
        if len(summary) != n:
            continue
        shares = win_shares(n, rec["winners"])
        scores = rec["scores"]
        for p, facts in enumerate(summary):
            share, score = shares[p], scores[p]
            if "key_actions" in facts:
                k = min(3, int(facts["key_actions"]))
                label = f"{k}{'+' if k == 3 else ''} key action{'' if k == 1 else 's'}"
                out.key.setdefault(k, Group(label, WinRate(label, 0.0, 0))).add(share, score)
                if facts["key_actions"]:
                    out.key_given.append(facts["key_kronen_given"] / facts["key_actions"])
            if facts.get("entrance"):
                eid = str(facts["entrance"])
                out.entrances.setdefault(eid, Group(eid, WinRate(eid, 0.0, 0))).add(
                    share, score, float(facts.get("entrance_price", 0)))
                others = [s for q, s in enumerate(scores) if q != p]
                out.entrance_margin.setdefault(eid, []).append(score - fmean(others) if others else 0.0)
            for pos, (bid, vp) in enumerate((facts.get("ballroom_vp") or {}).items()):
                out.ballrooms.setdefault(bid, [[], [], []])[pos].append(int(vp))
            if "celebrities" in facts:
                for slug in facts["celebrities"]:
                    out.celebrities.setdefault(slug, Group(slug, WinRate(slug, 0.0, 0))).add(share, score)
    return out


def _ci(w: WinRate) -> str:
    lo, hi = w.ci
    return f"[{100 * lo:.1f}, {100 * hi:.1f}]"


def _mean(xs: Sequence[float]) -> str:
    return f"{fmean(xs):.1f}" if xs else "-"


def module_tables(mf: ModuleFacts) -> list[tuple[str, list[str], list[list[Any]]]]:
    """(title, headers, rows) of the module tables, for the text and HTML reports."""
    out: list[tuple[str, list[str], list[list[Any]]]] = []
    if mf.key:
        given = f"; kronen handed to the seats pushed back per key action: {_mean(mf.key_given)}" \
            if mf.key_given else ""
        out.append((f"Start-player action (module IV): seats by how often they took the key{given}",
                    ["key actions", "seat-games", "win rate", "95% CI", "mean score"],
                    [[g.label, g.win.n, f"{100 * g.win.rate:.1f}%", _ci(g.win), f"{g.mean_score:.1f}"]
                     for _, g in sorted(mf.key.items())]))
    if mf.entrances:
        rows = []
        for eid, g in sorted(mf.entrances.items(), key=lambda kv: -kv[1].mean_extra):
            margin = mf.entrance_margin[eid]
            half = 1.96 * stdev(margin) / len(margin) ** 0.5 if len(margin) > 1 else float("nan")
            rows.append([eid, g.win.n, f"{g.mean_extra:.1f}", f"{min(g.extra):g}-{max(g.extra):g}",
                         f"{100 * g.win.rate:.1f}%", _ci(g.win), f"{g.mean_score:.1f}", f"{fmean(margin):+.1f}",
                         f"[{fmean(margin) - half:+.1f}, {fmean(margin) + half:+.1f}]",
                         f"{g.mean_extra + fmean(margin):.1f}"])
        out.append(("Hotel entrances (module III): auction price and the owner's results (margin = owner's "
                    "score minus the other seats' mean; worth = mean price + margin, at 1 VP per krone, "
                    "relative to the other seats' entrances)",
                    ["entrance", "owned", "mean price", "price range", "owner win rate", "95% CI",
                     "owner mean score", "margin", "95% CI", "worth (kronen)"], rows))
    if mf.ballrooms:
        rows = []
        for bid, by_pos in sorted(mf.ballrooms.items(), key=lambda kv: -fmean(sum(kv[1], []))):
            allvp = sum(by_pos, [])
            rows.append([bid, len(allvp), f"{fmean(allvp):.2f}", f"{pstdev(allvp):.1f}",
                         f"{100 * sum(v < 0 for v in allvp) / len(allvp):.0f}%"]
                        + [f"{fmean(v):.2f} ({len(v)})" if v else "-" for v in by_pos])
        out.append(("Ballrooms (module I): VP per seat when scored (negative: no dancer there)",
                    ["ballroom", "seat-scorings", "mean VP", "sd", "no dancer"]
                    + [f"{p} (n)" for p in POSITIONS], rows))
    if mf.celebrities:
        total = sum(g.win.n for g in mf.celebrities.values())
        rows = [[slug, g.win.n, f"{100 * g.win.n / total:.1f}%", f"{100 * g.win.rate:.1f}%", _ci(g.win),
                 f"{g.mean_score:.1f}"]
                for slug, g in sorted(mf.celebrities.items(), key=lambda kv: -kv[1].win.n)]
        out.append(("Celebrities (module II): how often each was taken and how its taker did",
                    ["celebrity", "taken", "share", "taker win rate", "95% CI", "taker mean score"], rows))
    return out


def module_plots(mf: ModuleFacts, colours: Sequence[str]) -> dict[str, tuple[str, Any]]:
    """{title: (file name, matplotlib Figure)} for the module questions that have data."""
    from matplotlib.figure import Figure

    out: dict[str, tuple[str, Any]] = {}
    if mf.ballrooms:
        items = sorted(mf.ballrooms.items(), key=lambda kv: -fmean(sum(kv[1], [])))
        fig = Figure(figsize=(max(6.0, 1.1 * len(items) + 2), 3.8))
        ax = fig.subplots()
        for pi, pos in enumerate(POSITIONS):
            xs = [i + (pi - 1) * 0.27 for i in range(len(items))]
            ys = [fmean(bp[pi]) if bp[pi] else 0.0 for _, bp in items]
            ax.bar(xs, ys, width=0.27, label=f"scored {pos}", color=colours[pi % len(colours)])
        ax.plot(range(len(items)), [fmean(sum(bp, [])) for _, bp in items], "k_", markersize=22,
                label="all positions")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(items)), [b for b, _ in items], rotation=20, ha="right")
        ax.set_ylabel("mean VP per seat")
        ax.set_title("Which ballroom pays best (module I)", fontsize=10)
        ax.legend(fontsize=8)
        out["Ballrooms: mean VP per seat"] = ("ballrooms.png", fig)
    if mf.entrances:
        ents = sorted(mf.entrances.items(), key=lambda kv: -kv[1].mean_extra)
        fig = Figure(figsize=(max(6.0, 0.9 * len(ents) + 2), 3.8))
        ax = fig.subplots()
        xs = list(range(len(ents)))
        ax.bar([x - 0.2 for x in xs], [g.mean_extra for _, g in ents], width=0.4, label="mean price (kronen)",
               color=colours[0])
        ax.bar([x + 0.2 for x in xs], [g.mean_extra + fmean(mf.entrance_margin[e]) for e, g in ents], width=0.4,
               label="worth: price + owner's VP margin", color=colours[1])
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(xs, [e for e, _ in ents], rotation=25, ha="right")
        ax.set_ylabel("kronen (1 VP = 1 krone)")
        ax.set_title("Hotel entrances: price paid at auction and worth (module III)", fontsize=10)
        ax.legend(fontsize=8)
        out["Hotel entrances: price and worth"] = ("entrances.png", fig)
    if mf.key:
        groups = [g for _, g in sorted(mf.key.items())]
        fig = Figure(figsize=(6.0, 3.4))
        ax = fig.subplots()
        ys = [g.win.rate for g in groups]
        errs = [[max(0.0, g.win.rate - g.win.ci[0]) for g in groups],
                [max(0.0, g.win.ci[1] - g.win.rate) for g in groups]]
        ax.bar(range(len(groups)), ys, yerr=errs, capsize=4, color=colours[2 % len(colours)])
        ax.set_xticks(range(len(groups)), [f"{g.label}\n(n={g.win.n})" for g in groups], fontsize=8)
        ax.set_ylabel("win rate (ties shared)")
        ax.set_title("Start-player action: win rate by key actions taken (module IV), 95% CI", fontsize=10)
        out["Start-player action: win rate"] = ("start_player.png", fig)
    return out
