"""``tabletop simulate``: play many games between bots, in parallel, stored and resumable.

The heavy lifting is in :mod:`tabletop.analysis.batch`; this module parses the
command line, shows progress and prints a summary (or the ``--json`` object).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from tabletop.analysis.batch import Outcome, RunError, RunSpec, execute, prepare
from tabletop.analysis.stats import WinRate, win_shares
from tabletop.bots.match import percentile
from tabletop.bots.registry import make_bot
from tabletop.cli.common import CONFIG_OPTION, GAME_OPTION, parse_options, resume_hint, stoppable
from tabletop.core.errors import TabletopError
from tabletop.core.registry import get_game


def split_bots(spec: str) -> list[str]:
    """Split a comma-separated bot list; ``key=value`` pieces without a bot name belong
    to the previous bot's options (``ismcts:iterations=500,c=1.4,random``)."""
    names: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        if names and "=" in part and ":" not in part and ":" in names[-1]:
            names[-1] += "," + part
        else:
            names.append(part)
    return names


def check_bot(name: str, param: str) -> None:
    try:
        make_bot(name, 0)
    except Exception as exc:  # unknown name or bad budget options
        raise click.BadParameter(str(exc), param_hint=param) from None


@contextmanager
def progress_bar(total: int, enabled: bool, label: str) -> Iterator[Any]:
    """Yields ``advance(k)``; draws a rich progress bar on stderr when enabled."""
    if not enabled or total == 0:
        yield lambda k: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Speed(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:.1f} games/s" if speed else "- games/s", style="progress.data.speed")

    with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  Speed(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                  console=Console(stderr=True), speed_estimate_period=15) as prog:
        task = prog.add_task(label, total=total)
        yield lambda k: prog.advance(task, k)


def _summary(outcome: Outcome, players: int) -> list[str]:
    by_seat = [WinRate(f"seat {p}", 0.0, 0) for p in range(players)]
    by_bot: dict[str, WinRate] = {}
    seat_bots: list[set[str]] = [set() for _ in range(players)]
    score_sum = [0] * players
    for rec in outcome.records:
        shares = win_shares(players, rec["winners"])
        for p in range(players):
            bot = rec["bots"][p]
            seat_bots[p].add(bot)
            by_seat[p].wins += shares[p]
            by_seat[p].n += 1
            score_sum[p] += rec["scores"][p]
            wr = by_bot.setdefault(bot, WinRate(bot, 0.0, 0))
            wr.wins += shares[p]
            wr.n += 1
    lines = []
    for p, wr in enumerate(by_seat):
        lo, hi = wr.ci
        who = ",".join(sorted(seat_bots[p])) or "-"
        lines.append(f"  seat {p} ({who}): wins {wr.wins:.1f} ({100 * wr.rate:.1f}%, 95% CI "
                     f"{100 * lo:.1f}-{100 * hi:.1f}%), mean score {score_sum[p] / max(1, wr.n):.1f}")
    if len(by_bot) > 1:
        for wr in by_bot.values():
            lo, hi = wr.ci
            lines.append(f"  bot {wr.label}: wins {wr.wins:.1f} of {wr.n} seats ({100 * wr.rate:.1f}%, "
                         f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    return lines + _cpu_lines(outcome)


def _cpu_lines(outcome: Outcome) -> list[str]:
    """Each bot's CPU seconds per decision, over the games that were timed (``--timing``)."""
    per_bot: dict[str, list[float]] = {}
    timed = 0
    for rec in outcome.records:
        if "cpu" in rec:
            timed += 1
            for bot, seconds in zip(rec["bots"], rec["cpu"]):
                per_bot.setdefault(bot, []).extend(seconds)
    lines = []
    for bot, xs in per_bot.items():
        if xs:
            lines.append(f"  bot {bot}: CPU per decision mean {sum(xs) / len(xs):.3f} s, p99 "
                         f"{percentile(xs, 0.99):.3f} s, max {max(xs):.3f} s ({len(xs)} decisions"
                         f"{'' if timed == len(outcome.records) else f' of {timed} timed games'})")
    return lines


@click.command()
@GAME_OPTION
@click.option("--players", "-n", type=int, required=True, help="number of players")
@click.option("--games", "-k", type=int, default=100, show_default=True, help="number of games")
@click.option("--bots", default=None, help="bot for all seats, or one per seat (a,b,..)  [default: random]")
@click.option("--bots-pool", default=None, metavar="A,B,..",
              help="seat-balanced: rotate these bots over the seats so each plays each seat equally often")
@click.option("--seed", type=int, default=0, show_default=True, help="base seed (game i uses a seed derived from it)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object with every game (stdout)")
@CONFIG_OPTION
@click.option("--jobs", "-j", type=int, default=1, show_default=True,
              help="worker processes (0 = one per CPU); results do not depend on it")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="store run.json, results.jsonl and results.csv here; rerun to resume")
@click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
              help="play the games as Ray tasks (local Ray without ADDRESS)")
@click.option("--timing", is_flag=True,
              help="record each decision's CPU seconds (per seat, in the results) and show each bot's "
                   "mean, p99 and longest; changes no game")
@click.option("--quiet", "-q", is_flag=True, help="no progress bar")
@click.option("--chunk-size", type=int, default=None, hidden=True, help="games per task (default: automatic)")
def simulate(game: str, players: int, games: int, bots: str | None, bots_pool: str | None, seed: int,
             as_json: bool, options: tuple[str, ...], jobs: int, out_dir: str | None, ray_address: str | None,
             quiet: bool, chunk_size: int | None, timing: bool) -> None:
    """Play K complete games between bots (see docs/SIMULATION.md)."""
    info = get_game(game)
    if not info.min_players <= players <= info.max_players:
        raise click.BadParameter(f"{info.title} takes {info.min_players}-{info.max_players} players")
    if bots is not None and bots_pool is not None:
        raise click.UsageError("give --bots or --bots-pool, not both")
    if games < 0:
        raise click.BadParameter("must not be negative", param_hint="--games")
    if jobs < 0:
        raise click.BadParameter("must be 0 (all CPUs) or more", param_hint="--jobs")
    jobs = jobs or os.cpu_count() or 1
    config = parse_options(options)
    try:
        info.new_game(players=players, seed=seed, **config)
    except TabletopError as exc:
        raise click.ClickException(str(exc)) from None
    if bots_pool is not None:
        pool = split_bots(bots_pool)
        if not pool:
            raise click.BadParameter("name at least one bot", param_hint="--bots-pool")
        for name in dict.fromkeys(pool):
            check_bot(name, "--bots-pool")
        spec = RunSpec(game, players, seed, config, pool=tuple(pool))
        if games % spec.cycle_length and not quiet:
            click.echo(f"note: the pool cycles through {spec.cycle_length} seat assignments; "
                       f"--games {games} is not a multiple, so seats are only nearly balanced", err=True)
    else:
        names = split_bots(bots or "random")
        if len(names) == 1:
            names = names * players
        if len(names) != players:
            raise click.BadParameter(f"give one bot for all seats or exactly {players}", param_hint="--bots")
        for name in dict.fromkeys(names):
            check_bot(name, "--bots")
        spec = RunSpec(game, players, seed, config, bots=tuple(names))

    try:
        with stoppable(resume_hint(f"{out_dir}/" if out_dir else None)):
            plan = prepare(spec, games, out_dir)
            if plan.done and not quiet:
                click.echo(f"resuming {out_dir}: {len(plan.done)} games stored, {len(plan.pending)} to play",
                           err=True)
            show = not quiet and sys.stderr.isatty()
            with progress_bar(len(plan.pending), show, info.title) as advance:
                outcome = execute(plan, jobs=jobs, ray_address=ray_address, chunk_size=chunk_size,
                                  on_games=advance, timing=timing)
    except RunError as exc:
        raise click.ClickException(str(exc)) from None

    if as_json:
        out = {"game": game, "players": players, "config": config, "seed": seed,
               "games": [{"seed": r["seed"], "bots": r["bots"], "scores": r["scores"], "winners": r["winners"],
                          "decisions": r["decisions"], **({"cpu": r["cpu"]} if "cpu" in r else {})}
                         for r in outcome.records]}
        click.echo(json.dumps(out))
        return
    rate = f", {outcome.played / outcome.seconds:.1f} games/s" if outcome.played and outcome.seconds > 0 else ""
    where = f" via Ray ({ray_address})" if ray_address else (f" on {jobs} processes" if jobs > 1 else "")
    label = ",".join(spec.pool) + " (seat-balanced pool)" if spec.pool else ",".join(spec.bots or ())
    reused = f" ({outcome.reused} from {out_dir})" if outcome.reused else ""
    click.echo(f"{len(outcome.records)} games{reused} of {info.title}, {players} players, bots {label}"
               f"{where}{rate}")
    for line in _summary(outcome, players):
        click.echo(line)
    if out_dir:
        click.echo(f"stored in {out_dir}/ (results.jsonl, results.csv, run.json); "
                   f"analyse with: tabletop report {out_dir}")
