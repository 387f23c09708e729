"""Analysis of stored results: tables (text and HTML) and PNG plots.

Works for any game: win rates by bot and seat, score statistics and
distributions, mean VP by source (whatever the game's score breakdown names);
when the per-seat summaries list ``staff_played`` (Grand Austria Hotel), also the
win-rate effect of playing each staff card.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.analysis.batch import RESULTS_FILE, RUN_FILE, RunError, read_jsonl
from tabletop.analysis.module_report import ModuleFacts, module_facts, module_plots, module_tables
from tabletop.analysis.stats import (
    QUANTILES,
    ScoreStats,
    WinRate,
    histogram,
    newcombe_diff,
    score_stats,
    sparkline,
    win_shares,
)

KITCHEN_HAND = "kitchen-hand"


@dataclass
class StaffEffect:
    slug: str
    played: WinRate
    not_played: WinRate
    diff: float
    diff_lo: float
    diff_hi: float
    score_played: float
    score_not_played: float

    @property
    def name(self) -> str:
        return staff_name(self.slug)

    @property
    def flagged(self) -> bool:
        return self.slug == KITCHEN_HAND

    @property
    def significant(self) -> bool:
        return self.diff_lo > 0 or self.diff_hi < 0


@dataclass
class Report:
    source: str
    run: dict[str, Any] | None
    games: int
    game_names: list[str]
    player_counts: list[int]
    ties: int
    by_bot: list[WinRate]
    by_seat: list[WinRate]
    by_bot_seat: list[tuple[str, int, WinRate]]
    score_by_bot: list[ScoreStats]
    scores_by_bot: dict[str, list[int]]
    vp_sources: list[str]
    vp_by_bot: dict[str, dict[str, float]]
    staff: list[StaffEffect] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)  # per game: bot decisions (the game's length)
    margins: list[int] = field(default_factory=list)  # per game: winner's score minus the best other
    modules: ModuleFacts = field(default_factory=ModuleFacts)
    # per bot: the mean per seat of what the game's summary says was left unused at the end
    # (LEFTOVERS; games whose summary says nothing of it have none)
    leftovers: dict[str, dict[str, float]] = field(default_factory=dict)
    skipped_partial_line: bool = False


# What a game's summary may say was left unused at its end, with the report's column names:
# a bot that ends with more of these than another wasted more (docs/bots-history/master-diagnostics.md,
# "What the master leaves at the end").
LEFTOVERS = {
    "cafe_guests": "café guests",
    "money": "kronen",
    "items_left": "items",
    "staff_in_hand": "staff in hand",
    "game_end_in_hand": "game-end staff in hand",
    "game_end_in_hand_gain": "their VP less cost",
}


def staff_name(slug: str) -> str:
    return " ".join(w.capitalize() for w in slug.split("-"))


def results_path(path: str | Path) -> Path:
    p = Path(path)
    return p / RESULTS_FILE if p.is_dir() else p


def load_records(path: str | Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]], bool]:
    """(run.json contents or None, records without their action lists, whether a cut-off
    last line was skipped). ``path`` is a run directory or a results.jsonl file."""
    file = results_path(path)
    if not file.exists():
        raise RunError(f"{file} does not exist (give a directory written by `tabletop simulate --out` "
                       "or its results.jsonl)")
    run = None
    run_file = file.parent / RUN_FILE
    if run_file.exists():
        try:
            run = json.loads(run_file.read_text())
        except json.JSONDecodeError:
            run = None
    records: dict[int, dict[str, Any]] = {}
    for rec in read_jsonl(file):
        rec.pop("actions", None)
        records.setdefault(rec["index"], rec)
    complete = file.stat().st_size == 0 or file.read_bytes()[-1:] == b"\n"
    return run, [r for _, r in sorted(records.items())], not complete


def analyse(records: Sequence[dict[str, Any]], source: str = "", run: dict[str, Any] | None = None) -> Report:
    if not records:
        raise RunError(f"{source or 'the results'}: no finished games to analyse")
    by_bot: dict[str, WinRate] = {}
    by_seat: dict[int, WinRate] = {}
    by_bot_seat: dict[tuple[str, int], WinRate] = {}
    scores: dict[str, list[int]] = {}
    vp_sum: dict[str, dict[str, float]] = {}
    vp_n: dict[str, int] = {}
    sources: list[str] = []
    staff_seen: set[str] = set()
    seats: list[tuple[float, int, list[str]]] = []  # (win share, score, staff played) per seat-game
    left_sum: dict[str, dict[str, float]] = {}
    left_n: dict[str, int] = {}
    ties = 0
    for rec in records:
        n = len(rec["scores"])
        shares = win_shares(n, rec["winners"])
        ties += len(rec["winners"]) > 1
        breakdown = rec.get("breakdown") or [{}] * n
        summary = rec.get("summary") or [{}] * n
        for seat in range(n):
            bot = rec["bots"][seat]
            for wr in (by_bot.setdefault(bot, WinRate(bot, 0.0, 0)),
                       by_seat.setdefault(seat, WinRate(f"seat {seat}", 0.0, 0)),
                       by_bot_seat.setdefault((bot, seat), WinRate(f"{bot} @ seat {seat}", 0.0, 0))):
                wr.wins += shares[seat]
                wr.n += 1
            scores.setdefault(bot, []).append(rec["scores"][seat])
            acc = vp_sum.setdefault(bot, {})
            vp_n[bot] = vp_n.get(bot, 0) + 1
            for k, v in breakdown[seat].items():
                if k not in sources:
                    sources.append(k)
                acc[k] = acc.get(k, 0) + v
            facts = summary[seat] if seat < len(summary) else {}
            if all(k in facts for k in LEFTOVERS):
                left = left_sum.setdefault(bot, dict.fromkeys(LEFTOVERS, 0.0))
                for k in LEFTOVERS:
                    left[k] += facts[k]
                left_n[bot] = left_n.get(bot, 0) + 1
            played = facts.get("staff_played")
            if played is not None:
                staff_seen.update(played)
                seats.append((shares[seat], rec["scores"][seat], list(played)))
    bots = list(by_bot)
    rep = Report(
        source=source, run=run, games=len(records),
        game_names=sorted({str(r.get("game", run.get("game") if run else "?")) for r in records}),
        player_counts=sorted({len(r["scores"]) for r in records}), ties=ties,
        by_bot=list(by_bot.values()), by_seat=[by_seat[s] for s in sorted(by_seat)],
        by_bot_seat=[(b, s, by_bot_seat[(b, s)]) for b in bots for s in sorted(by_seat) if (b, s) in by_bot_seat]
        if len(bots) > 1 else [],
        score_by_bot=[score_stats(b, scores[b]) for b in bots], scores_by_bot=scores, vp_sources=sources,
        vp_by_bot={b: {k: vp_sum[b].get(k, 0) / vp_n[b] for k in sources} for b in bots},
    )
    rep.staff = staff_effects(seats, staff_seen)
    rep.decisions = [int(r["decisions"]) for r in records if "decisions" in r]
    rep.margins = [s[0] - s[1] for s in (sorted(r["scores"], reverse=True) for r in records) if len(s) > 1]
    rep.modules = module_facts(records)
    rep.leftovers = {b: {k: v / left_n[b] for k, v in left.items()} for b, left in left_sum.items()}
    return rep


def staff_effects(seats: Sequence[tuple[float, int, list[str]]], slugs: set[str]) -> list[StaffEffect]:
    """Per staff card: win rate (and mean score) of seats that played it vs. seats that did not;
    sorted by the difference, largest first."""
    out = []
    total_w = sum(w for w, _, _ in seats)
    total_s = sum(s for _, s, _ in seats)
    for slug in slugs:
        w = sc = 0.0
        k = 0
        for share, score, played in seats:
            if slug in played:
                w += share
                sc += score
                k += 1
        rest = len(seats) - k
        d, lo, hi = newcombe_diff(w, k, total_w - w, rest)
        out.append(StaffEffect(slug, WinRate("played", w, k), WinRate("not played", total_w - w, rest), d, lo, hi,
                               sc / k if k else float("nan"), (total_s - sc) / rest if rest else float("nan")))
    out.sort(key=lambda e: (-e.diff, e.slug))
    return out


# --------------------------------------------------------------------------- text

def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci_text(wr: WinRate) -> str:
    lo, hi = wr.ci
    return f"[{100 * lo:.1f}, {100 * hi:.1f}]"


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    return "\n".join([line(cells[0]), line(["-" * w for w in widths])] + [line(r) for r in cells[1:]])


def tables(rep: Report) -> list[tuple[str, list[str], list[list[Any]]]]:
    """(title, headers, rows) of every table, shared by the text and the HTML output."""
    out: list[tuple[str, list[str], list[list[Any]]]] = []
    parity = f"; parity {pct(1 / rep.player_counts[0])}" if len(rep.player_counts) == 1 else ""
    out.append((f"Win rate by bot (ties count as shared wins; 95% Wilson CI{parity})",
                ["bot", "seats", "wins", "win rate", "95% CI"],
                [[w.label, w.n, f"{w.wins:.1f}", pct(w.rate), ci_text(w)] for w in rep.by_bot]))
    out.append(("Win rate by seat (seat 0 starts)", ["seat", "games", "wins", "win rate", "95% CI"],
                [[w.label, w.n, f"{w.wins:.1f}", pct(w.rate), ci_text(w)] for w in rep.by_seat]))
    if rep.by_bot_seat:
        out.append(("Win rate by bot and seat", ["bot", "seat", "games", "win rate", "95% CI"],
                    [[b, s, w.n, pct(w.rate), ci_text(w)] for b, s, w in rep.by_bot_seat]))
    out.append(("Score by bot", ["bot", "n", "mean", "sd", "min", "max"],
                [[s.label, s.n, f"{s.mean:.1f}", f"{s.sd:.1f}", s.min, s.max] for s in rep.score_by_bot]))
    rows = []
    for s in rep.score_by_bot:
        edges, counts = histogram(rep.scores_by_bot[s.label], 24)
        rows.append([s.label] + [f"{s.quantiles[q]:g}" for q in QUANTILES]
                    + [f"{s.min} {sparkline(counts)} {s.max}"])
    out.append(("Score distribution by bot", ["bot", *QUANTILES, "histogram (min .. max)"], rows))
    out.append(("Mean VP by source", ["bot", *rep.vp_sources, "total"],
                [[b] + [f"{v[k]:.2f}" for k in rep.vp_sources] + [f"{sum(v.values()):.2f}"]
                 for b, v in rep.vp_by_bot.items()]))
    if rep.decisions:
        d, m = score_stats("decisions per game", rep.decisions), score_stats("winning margin (VP)", rep.margins)
        out.append(("Game length and score spread (winning margin: winner's score minus the next best)",
                    ["per game", "n", "mean", "sd", "min", "max"],
                    [[x.label, x.n, f"{x.mean:.1f}", f"{x.sd:.1f}", x.min, x.max] for x in (d, m) if x.n]))
    if rep.leftovers:
        out.append(("Left at the end (mean per seat; the game-end staff cards in hand with what they would "
                    "have scored less their cost, where that is a gain)", ["bot", *LEFTOVERS.values()],
                    [[b] + [f"{v[k]:.2f}" for k in LEFTOVERS] for b, v in rep.leftovers.items()]))
    out += module_tables(rep.modules)
    if rep.staff:
        out.append(("Staff cards: win rate of seats that played the card vs. seats that did not "
                    "(95% Wilson CIs; difference with Newcombe CI, * = CI excludes 0)",
                    ["staff card", "played", "win rate", "95% CI", "not played", "win rate", "95% CI",
                     "difference", "95% CI", "mean score played/not", "note"],
                    [[e.name, e.played.n, pct(e.played.rate), ci_text(e.played), e.not_played.n,
                      pct(e.not_played.rate), ci_text(e.not_played),
                      f"{100 * e.diff:+.1f}{'*' if e.significant else ''}",
                      f"[{100 * e.diff_lo:+.1f}, {100 * e.diff_hi:+.1f}]",
                      f"{e.score_played:.1f}/{e.score_not_played:.1f}",
                      "<< Kitchen Hand" if e.flagged else ""] for e in rep.staff]))
    return out


def header(rep: Report) -> str:
    parts = [f"{rep.games} games of {', '.join(rep.game_names)}",
             f"{'/'.join(map(str, rep.player_counts))} players"]
    if rep.run:
        bots = rep.run.get("bots_pool") or rep.run.get("bots")
        parts.append(f"bots {','.join(bots or [])}{' (seat-balanced pool)' if rep.run.get('bots_pool') else ''}")
        parts.append(f"seed {rep.run.get('seed')}")
        if rep.run.get("config"):
            parts.append("config " + json.dumps(rep.run["config"]))
    parts.append(f"{rep.ties} tied games")
    return f"{rep.source}: " + ", ".join(parts)


def format_text(rep: Report) -> str:
    chunks = [header(rep)]
    if rep.skipped_partial_line:
        chunks.append("(a cut-off last line of the results file was skipped)")
    for title, head, rows in tables(rep):
        chunks.append(f"\n{title}\n{format_table(head, rows)}")
    return "\n".join(chunks)


# --------------------------------------------------------------------------- plots

def write_plots(rep: Report, out_dir: Path) -> dict[str, Path]:
    """Write the PNG plots; returns {title: path}. Needs matplotlib (Agg, no display)."""
    from matplotlib.figure import Figure  # Figure + savefig uses the Agg canvas, no pyplot state

    out_dir.mkdir(parents=True, exist_ok=True)
    plots: dict[str, Path] = {}
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]

    def save(fig: Figure, name: str, title: str) -> None:
        path = out_dir / name
        fig.savefig(path, dpi=100, bbox_inches="tight")
        plots[title] = path

    # score histograms per bot
    bots = [s.label for s in rep.score_by_bot]
    allscores = [v for b in bots for v in rep.scores_by_bot[b]]
    lo, hi = min(allscores), max(allscores)
    width = max(1, (hi - lo + 1) // 40 + 1)
    edges = list(range(lo, hi + width + 1, width))
    fig = Figure(figsize=(7, 1.2 + 1.6 * len(bots)))
    axes = fig.subplots(len(bots), 1, sharex=True, squeeze=False)[:, 0]
    for i, (ax, b) in enumerate(zip(axes, bots)):
        st = rep.score_by_bot[i]
        ax.hist(rep.scores_by_bot[b], bins=edges, color=colours[i % len(colours)], alpha=0.8)
        ax.axvline(st.mean, color="black", linewidth=1, linestyle="--")
        ax.set_ylabel("seats")
        ax.set_title(f"{b}: mean {st.mean:.1f}, sd {st.sd:.1f} (n={st.n})", fontsize=9)
    axes[-1].set_xlabel("final score (VP)")
    save(fig, "score_histograms.png", "Score distribution by bot")

    # win rate by seat (and by bot and seat) with Wilson CI error bars
    fig = Figure(figsize=(7, 3.6))
    ax = fig.subplots()
    if rep.by_bot_seat:
        seats = sorted({s for _, s, _ in rep.by_bot_seat})
        nb = len(bots)
        for bi, b in enumerate(bots):
            xs: list[float] = []
            ys: list[float] = []
            errs: list[list[float]] = [[], []]
            for bb, s, wr in rep.by_bot_seat:
                if bb == b:
                    lo_, hi_ = wr.ci
                    xs.append(s + (bi - (nb - 1) / 2) * 0.8 / nb)
                    ys.append(wr.rate)
                    errs[0].append(max(0.0, wr.rate - lo_))
                    errs[1].append(max(0.0, hi_ - wr.rate))
            ax.bar(xs, ys, width=0.8 / nb, yerr=errs, capsize=3, label=b, color=colours[bi % len(colours)])
        ax.legend(fontsize=8)
    else:
        seats = list(range(len(rep.by_seat)))
        ys = [w.rate for w in rep.by_seat]
        errs = [[max(0.0, w.rate - w.ci[0]) for w in rep.by_seat], [max(0.0, w.ci[1] - w.rate) for w in rep.by_seat]]
        ax.bar(seats, ys, yerr=errs, capsize=4, color=colours[0])
        for s, w in zip(seats, rep.by_seat):
            ax.text(s, w.ci[1] + 0.01, pct(w.rate), ha="center", va="bottom", fontsize=8)
    if len(rep.player_counts) == 1:
        ax.axhline(1 / rep.player_counts[0], color="grey", linestyle=":", label="parity")
    ax.set_xticks(seats, [f"seat {s}" for s in seats])
    ax.set_ylabel("win rate (ties shared)")
    ax.set_title("Win rate by seat, 95% Wilson CI", fontsize=10)
    save(fig, "win_rate_by_seat.png", "Win rate by seat")

    # mean VP by source per bot
    src = rep.vp_sources
    if src:
        fig = Figure(figsize=(max(6, 0.9 * len(src) + 2), 3.8))
        ax = fig.subplots()
        nb = len(bots)
        for bi, b in enumerate(bots):
            xs = [i + (bi - (nb - 1) / 2) * 0.8 / nb for i in range(len(src))]
            ax.bar(xs, [rep.vp_by_bot[b][k] for k in src], width=0.8 / nb, label=b, color=colours[bi % len(colours)])
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(src)), src, rotation=30, ha="right")
        ax.set_ylabel("mean VP per seat")
        ax.set_title("Mean VP by source", fontsize=10)
        ax.legend(fontsize=8)
        save(fig, "vp_by_source.png", "Mean VP by source")

    # staff card effects (Grand Austria Hotel)
    if rep.staff:
        effects = rep.staff[::-1]  # largest difference at the top
        fig = Figure(figsize=(8, 1.5 + 0.28 * len(effects)))
        ax = fig.subplots()
        ys = list(range(len(effects)))
        for dy, attr, colour, label in ((0.15, "played", "#d62728", "played the card"),
                                        (-0.15, "not_played", "#7f7f7f", "did not")):
            rates = [getattr(e, attr).rate for e in effects]
            cis = [getattr(e, attr).ci for e in effects]
            # max(0, ...): the Wilson bounds can miss the rate by a rounding error at 0% or 100%
            ax.errorbar(rates, [y + dy for y in ys], xerr=[[max(0.0, r - c[0]) for r, c in zip(rates, cis)],
                                                           [max(0.0, c[1] - r) for r, c in zip(rates, cis)]],
                        fmt="o", markersize=3, capsize=2, color=colour, label=label)
        ax.set_yticks(ys, [f"{e.name} (n={e.played.n})" for e in effects], fontsize=8)
        for tick, e in zip(ax.get_yticklabels(), effects):
            if e.flagged:
                tick.set_color("#d62728")
                tick.set_fontweight("bold")
        if len(rep.player_counts) == 1:
            ax.axvline(1 / rep.player_counts[0], color="grey", linestyle=":")
        ax.set_xlabel("win rate of the seat (ties shared), 95% Wilson CI")
        ax.set_title("Staff cards: win rate when played vs. not (sorted by difference; Kitchen Hand in red)",
                     fontsize=9)
        ax.legend(fontsize=8, loc="best")
        ax.set_ylim(-0.7, len(effects) - 0.3)
        save(fig, "staff_effects.png", "Staff card effects")
    for title, (name, fig) in module_plots(rep.modules, colours).items():
        save(fig, name, title)
    return plots


# --------------------------------------------------------------------------- HTML

def write_html(rep: Report, plots: dict[str, Path], path: Path) -> Path:
    """One self-contained page: the tables, and the PNGs embedded as base64."""
    e = html.escape
    parts = ["<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
             f"<title>tabletop report: {e(rep.source)}</title>",
             "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:90%}"
             "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
             "td:first-child,th:first-child{text-align:left}tr.flag{background:#fde2e2;font-weight:bold}"
             "img{max-width:100%;border:1px solid #eee;margin:.5em 0 1.5em}</style></head><body>",
             "<h1>Simulation report</h1>", f"<p>{e(header(rep))}</p>"]
    if rep.run:
        parts.append(f"<p>Run parameters: <code>{e(json.dumps(rep.run))}</code></p>")
    for title, head, rows in tables(rep):
        parts.append(f"<h2>{e(title)}</h2><table><tr>" + "".join(f"<th>{e(str(h))}</th>" for h in head) + "</tr>")
        for r in rows:
            flag = " class='flag'" if r and r[-1] == "<< Kitchen Hand" else ""
            parts.append(f"<tr{flag}>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>")
        parts.append("</table>")
    for title, png in plots.items():
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        parts.append(f"<h2>{e(title)}</h2><img alt='{e(title)}' src='data:image/png;base64,{data}'>")
    parts.append("<p>Win rates count a tie as a shared win (1/k to each of k winners). Confidence intervals "
                 "are 95% Wilson score intervals; the staff-card difference uses Newcombe's hybrid score "
                 "interval. Staff-card effects are observational: they compare seats that happened to "
                 "play a card with seats that did not, under the bots that played.</p></body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
