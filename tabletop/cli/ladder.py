"""``tabletop ladder``: measure the bot ladder with seat-balanced matches.

Every pairing plays ``--games`` games. Game ``2k`` and game ``2k+1`` use the
same deal (seed ``game_seed(--seed, k)``) with the seats swapped, so each bot
plays every deal from both seats (self-play uses a new deal for every game).
With ``--players N`` (3 or 4 at Grand Austria Hotel) a pairing ``A vs B`` seats one
A against N-1 Bs: games ``Nk`` to ``Nk+N-1`` share a deal, with A in seat 0, 1, ...
in turn, so A plays every deal from every seat. A game's bots are seeded exactly as
:func:`tabletop.bots.runner.play_game` seeds them, so the whole table is
reproducible from ``--seed`` (the seconds per decision are measured, and vary).

Printed per pairing: the first bot's win share (a tie counts half) with its
Wilson 95% interval, both bots' mean final scores with a 95% interval (normal
approximation), and the mean seconds per decision of each bot (decisions with
a single legal action included; measured on one core per job). Self-play
rows give the mean score per player with a 95% interval over games.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from tabletop.analysis.stats import Z95, wilson
from tabletop.bots.base import searching_process
from tabletop.bots.match import journal_key, mean_ci, percentile, play_one, read_journal
from tabletop.bots.registry import LEVELS, make_bot, parse_bot_spec
from tabletop.bots.search import check_eval
from tabletop.cli.common import parse_options, resume_hint, stoppable
from tabletop.core.files import append_lines
from tabletop.core.processes import worker_pool
from tabletop.core.registry import game_names, get_game


@dataclass
class Pairing:
    a: str
    b: str
    games: list[dict[str, Any]] = field(default_factory=list)
    players: int = 2

    @property
    def self_play(self) -> bool:
        return self.a == self.b

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        wins = sum(g["wins"][0] for g in self.games)
        lo, hi = wilson(wins, n)
        out: dict[str, Any] = {"a": self.a, "b": self.b, "resolved": [_resolve(self.a), _resolve(self.b)],
                               "games": n, "players": self.players}
        for k, who in ((0, "a"), (1, "b")):
            m, mlo, mhi = mean_ci([float(g["scores"][k]) for g in self.games])
            dec = sum(g["decisions"][k] for g in self.games)
            sec = sum(g["seconds"][k] for g in self.games)
            out[f"mean_{who}"] = m
            out[f"mean_{who}_ci"] = [mlo, mhi]
            out[f"sec_per_decision_{who}"] = sec / dec if dec else 0.0
            out[f"decisions_per_game_{who}"] = dec / n if n else 0.0
            if self.games and all("cpu" in g for g in self.games):  # journals before 2026-11-25 lack it
                cpu = [c for g in self.games for c in g["cpu"][k]]
                out[f"cpu_per_decision_{who}"] = sum(cpu) / len(cpu) if cpu else 0.0
                out[f"cpu_p99_{who}"] = percentile(cpu, 0.99)
        if self.self_play:
            per_game = [_mean_per_player(g) for g in self.games]
            m, mlo, mhi = mean_ci(per_game)
            out["self_play_mean"] = m
            out["self_play_ci"] = [mlo, mhi]
        else:
            out["wins_a"] = wins
            out["win_rate_a"] = wins / n if n else 0.0
            out["win_rate_a_ci"] = [lo, hi]
        return out


def _mean_per_player(g: dict[str, Any]) -> float:
    """A game's mean score per player (the whole table where the record keeps it)."""
    table = g.get("table_scores", g["scores"])
    return sum(table) / len(table)


def _resolve(spec: str) -> str:
    return LEVELS.get(spec, spec)


def default_pairings() -> list[tuple[str, str]]:
    """random vs greedy, greedy vs each stronger level, and the strongest level's self-play."""
    stronger = [lv for lv in ("hard", "expert") if lv in LEVELS]
    pairs = [("random", "greedy")] + [("greedy", lv) for lv in stronger]
    strongest = stronger[-1] if stronger else "greedy"
    pairs.append((strongest, strongest))
    return pairs


def run_ladder(pairs: list[tuple[str, str]], games: int, jobs: int, seed: int, game: str,
               config: dict[str, Any] | None = None, progress: bool = False,
               journal: Path | None = None, players: int = 2) -> list[Pairing]:
    """Play every pairing's games. With ``journal``, each finished game is
    appended to that file at once and games already there are not played
    again, so an interrupted run resumes where it stopped (a game's result
    depends only on the specs, the seed, the config and its index)."""
    results = [Pairing(a, b, players=players) for a, b in pairs]
    finished = read_journal(journal) if journal else {}
    tasks = []
    for p, (a, b) in enumerate(pairs):
        for i in range(games):
            rec = finished.get(journal_key(game, seed, config, a, b, i, players))
            if rec is not None:
                results[p].games.append(rec)
            else:
                tasks.append((p, i))
    done = 0
    started = time.perf_counter()
    if progress and len(tasks) < games * len(pairs):
        click.echo(f"  resuming: {games * len(pairs) - len(tasks)} games already in {journal}", err=True)

    def finish(p: int, i: int, rec: dict[str, Any]) -> None:
        nonlocal done
        results[p].games.append(rec)
        if journal is not None:
            key = journal_key(game, seed, config, pairs[p][0], pairs[p][1], i, players)
            append_lines(journal, [json.dumps({"key": key, "game": rec})])
        done += 1
        if progress and (done == len(tasks) or done % max(1, len(tasks) // 20) == 0):
            el = time.perf_counter() - started
            click.echo(f"  {done}/{len(tasks)} games, {el:.0f}s", err=True)

    if jobs <= 1:
        searching_process()
        for p, i in tasks:
            finish(p, i, play_one(game, pairs[p], seed, i, config, players))
    else:
        # Ctrl-C, SIGTERM or a failed game stops the games under way (the journal keeps the others)
        with worker_pool(jobs, searching_process) as pool:
            futures = {pool.submit(play_one, game, pairs[p], seed, i, config, players): (p, i)
                       for p, i in tasks}
            for fut in as_completed(futures):
                p, i = futures[fut]
                finish(p, i, fut.result())
    for r in results:
        r.games.sort(key=lambda g: g["index"])
    return results


def format_table(rows: list[dict[str, Any]]) -> str:
    lines = []
    head = (f"{'pairing (A vs B)':40s} {'games':>5s}  {'A win share [95% CI]':24s} "
            f"{'mean A [95% CI]':22s} {'mean B [95% CI]':22s} {'s/dec A':>8s} {'s/dec B':>8s}")
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        n = r.get("players", 2)
        label = f"{r['a']} vs {r['b']}" if n == 2 or r["a"] == r["b"] else f"{r['a']} vs {n - 1}x {r['b']}"
        ma = f"{r['mean_a']:6.1f} [{r['mean_a_ci'][0]:.1f}, {r['mean_a_ci'][1]:.1f}]"
        mb = f"{r['mean_b']:6.1f} [{r['mean_b_ci'][0]:.1f}, {r['mean_b_ci'][1]:.1f}]"
        if "win_rate_a" in r:
            lo, hi = r["win_rate_a_ci"]
            win = f"{100 * r['win_rate_a']:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
        else:
            lo, hi = r["self_play_ci"]
            win = f"self-play: {r['self_play_mean']:.1f}/player"
        lines.append(f"{label:40s} {r['games']:5d}  {win:24s} {ma:22s} {mb:22s} "
                     f"{r['sec_per_decision_a']:8.4f} {r['sec_per_decision_b']:8.4f}")
        if "cpu_per_decision_a" in r:
            lines.append(f"{'':40s} {'':5s}  CPU s/decision A {r['cpu_per_decision_a']:.4f} "
                         f"(p99 {r['cpu_p99_a']:.4f}), B {r['cpu_per_decision_b']:.4f} "
                         f"(p99 {r['cpu_p99_b']:.4f})")
        if "self_play_ci" in r:
            lo, hi = r["self_play_ci"]
            lines.append(f"{'':40s} {'':5s}  mean score per player {r['self_play_mean']:.1f} "
                         f"[95% CI {lo:.1f}, {hi:.1f}] over {r['games']} games")
    lines.append("")
    many = sorted({r.get("players", 2) for r in rows} - {2})
    if many:
        n = many[0]
        lines.append(f"{n} players: one A against {n - 1} Bs, so A's chance is {100 / n:.1f} %; "
                     "B's mean is over its seats, and its seconds per decision too")
    lines.append("levels: " + ", ".join(f"{k} = {v}" for k, v in LEVELS.items()))
    return "\n".join(lines)


def _parse_pair(text: str) -> tuple[str, str]:
    if " vs " not in text:
        raise click.BadParameter(f"{text!r}: write a pairing as 'A vs B' (e.g. 'greedy vs hard')",
                                 param_hint="--pair")
    a, b = (s.strip() for s in text.split(" vs ", 1))
    return a, b


def _check_specs(game: str, specs: list[str], hint: str) -> None:
    """Reject a spec that does not make a bot, or whose ``eval=`` does not work
    for ``game``, before any game is played."""
    for spec in specs:
        try:
            make_bot(spec, 0)
            check_eval(game, parse_bot_spec(spec)[1])
        except ValueError as exc:
            raise click.BadParameter(f"{spec}: {exc}", param_hint=hint) from None


def paired_difference(base: Pairing, other: Pairing) -> dict[str, Any]:
    """Self-play of two specs on the same deals: each one's mean score per
    player and the deal-by-deal difference (other - base) with its 95% interval."""
    a = {g["index"]: sum(g["scores"]) / 2.0 for g in base.games}
    b = {g["index"]: sum(g["scores"]) / 2.0 for g in other.games}
    common = sorted(set(a) & set(b))
    diffs = [b[i] - a[i] for i in common]
    m, lo, hi = mean_ci(diffs)
    half = (hi - lo) / 2.0
    return {"base": base.a, "other": other.a, "deals": len(common),
            "base_mean": mean_ci([a[i] for i in common])[0], "other_mean": mean_ci([b[i] for i in common])[0],
            "difference": m, "difference_ci": [lo, hi], "difference_se": half / Z95,
            "unchanged_deals": sum(1 for d in diffs if d == 0)}


@click.command()
@click.argument("base")
@click.argument("other")
@click.option("--games", "-k", type=click.IntRange(min=1), default=200, show_default=True,
              help="deals (each spec plays self-play on every one)")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="worker processes")
@click.option("--seed", type=int, default=101, show_default=True, help="base seed of the deals")
@click.option("--game", "-g", type=click.Choice(game_names()), default="grand-austria-hotel",
              show_default=True, help="which game")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="game config")
@click.option("--json", "as_json", is_flag=True, help="print JSON (with every game's result)")
@click.option("--quiet", "-q", is_flag=True, help="no progress on stderr")
def compare(base: str, other: str, games: int, jobs: int, seed: int, game: str, options: tuple[str, ...],
            as_json: bool, quiet: bool) -> None:
    """Self-play of BASE and of OTHER on the same deals: the paired score difference.

    For tuning: a change that alters few decisions leaves most games as they
    were, so the deal-by-deal difference is far less noisy than two separate
    means. Specs as in `ladder`; change evaluation constants with
    eval=NAME:number+NAME:number, e.g.
    'flatmc:samples=1,beam=32,per_root=4,eval=CAPITAL_WORTH:3'.
    """
    config = parse_options(options)
    _check_specs(game, [base, other], "BASE/OTHER")
    t0 = time.perf_counter()
    with stoppable():
        results = run_ladder([(base, base), (other, other)], games, jobs, seed, game, config,
                             progress=not quiet and not as_json)
    out = paired_difference(results[0], results[1])
    out.update({"game": game, "seed": seed, "elapsed_seconds": time.perf_counter() - t0,
                "results": [{"spec": r.a, "games": r.games} for r in results]})
    if as_json:
        click.echo(json.dumps(out, indent=1))
        return
    lo, hi = out["difference_ci"]
    click.echo(f"tabletop compare --games {games} --seed {seed} ({game}, {jobs} job(s), "
               f"{out['elapsed_seconds']:.0f}s)")
    click.echo(f"base   {base}: {out['base_mean']:.2f} VP per player")
    click.echo(f"other  {other}: {out['other_mean']:.2f} VP per player")
    click.echo(f"difference (other - base) over {out['deals']} deals: {out['difference']:+.2f} "
               f"[95% CI {lo:+.2f}, {hi:+.2f}], s.e. {out['difference_se']:.2f}; "
               f"{out['unchanged_deals']} deals scored the same")


@click.command()
@click.option("--games", "-k", type=click.IntRange(min=1), default=200, show_default=True,
              help="games per pairing (seat-balanced: each deal is played from both seats)")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="worker processes")
@click.option("--seed", type=int, default=2024, show_default=True, help="base seed of the deals")
@click.option("--pair", "pairs", multiple=True, metavar="'A vs B'",
              help="a pairing of bot specs or levels, e.g. 'greedy vs expert' or 'expert vs expert' "
                   "(repeatable; default: random vs greedy, greedy vs hard, greedy vs expert, "
                   "expert self-play)")
@click.option("--game", "-g", type=click.Choice(game_names()), default="grand-austria-hotel",
              show_default=True, help="which game")
@click.option("--players", "-n", type=click.IntRange(min=2), default=2, show_default=True,
              help="seats at the table: 'A vs B' seats one A against the rest Bs, each deal "
                   "played with A in every seat (give --games as a multiple of it)")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="game config")
@click.option("--json", "as_json", is_flag=True, help="print JSON (with every game's result)")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="also write the JSON to this file; each finished game goes at once to "
                   "FILE.games.jsonl, and a rerun with the same --save resumes from it")
@click.option("--quiet", "-q", is_flag=True, help="no progress on stderr")
def ladder(games: int, jobs: int, seed: int, pairs: tuple[str, ...], game: str, players: int,
           options: tuple[str, ...], as_json: bool, save_path: str | None, quiet: bool) -> None:
    """Seat-balanced matches between bots: win rates and scores with 95% intervals."""
    config = parse_options(options)
    info = get_game(game)
    if not info.min_players <= players <= info.max_players:
        raise click.BadParameter(f"{info.title} takes {info.min_players}-{info.max_players} players",
                                 param_hint="--players")
    plist = [_parse_pair(p) for p in pairs] if pairs else default_pairings()
    _check_specs(game, [spec for pair in plist for spec in pair], "--pair")
    t0 = time.perf_counter()
    journal = Path(save_path + ".games.jsonl") if save_path else None
    with stoppable(resume_hint(str(journal) if journal else None)):
        results = run_ladder(plist, games, jobs, seed, game, config, progress=not quiet and not as_json,
                             journal=journal, players=players)
    rows = [r.summary() for r in results]
    elapsed = time.perf_counter() - t0
    out = {"game": game, "seed": seed, "players": players, "games_per_pairing": games, "jobs": jobs,
           "levels": dict(LEVELS), "elapsed_seconds": elapsed, "pairings": rows,
           "results": [{"a": r.a, "b": r.b, "games": r.games} for r in results]}
    if save_path:
        Path(save_path).write_text(json.dumps(out, indent=1))
    if as_json:
        click.echo(json.dumps(out, indent=1))
        return
    table = f" --players {players}" if players != 2 else ""
    click.echo(f"tabletop ladder --games {games} --seed {seed}{table} ({game}, {jobs} job(s), "
               f"{elapsed:.0f}s, cpu count {os.cpu_count()})")
    click.echo(format_table(rows))


if __name__ == "__main__":  # pragma: no cover
    ladder()
