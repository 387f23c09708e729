"""``tabletop bot-ratings``: the bots' fixed ratings for rated games, fitted from ladder games."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click
import yaml

from tabletop.analysis import bot_ratings

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "bots" / "data" / "ratings.yaml"


@click.command("bot-ratings")
@click.argument("journals", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_OUT, show_default=True,
              help="the data file the server reads (the game's entry is replaced, the others kept)")
def bot_ratings_command(journals: tuple[Path, ...], out: Path) -> None:
    """Fit each bot level's rating from two-player ladder games (the FILE.games.jsonl that
    `tabletop ladder --save FILE` keeps; several files of one game together)."""
    try:
        game, pairings = bot_ratings.read_games(journals)
        levels = bot_ratings.fit(pairings)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    sources = [str(p) for p in journals]
    command = "tabletop bot-ratings " + " ".join(shlex.quote(s) for s in sys.argv[2:])
    entry = bot_ratings.report(game, pairings, levels, sources, command)
    data = yaml.safe_load(out.read_text()) if out.exists() else None
    data = data or {}
    data[game] = entry
    head = ("# Each bot level's fixed rating in rated games (web/ratings.py), measured on its own games:\n"
            "# written by `tabletop bot-ratings` (tabletop/analysis/bot_ratings.py says how); do not edit\n"
            "# by hand, measure again. `pairings` is the check: the share won against the share predicted.\n")
    out.write_text(head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    click.echo(f"{game}: " + ", ".join(f"{n} {v['mu']:.1f} ± {v['sigma']:.1f}" for n, v in levels.items()))
    for p in entry["pairings"]:
        click.echo(f"  {p['a']} vs {p['b']}: {p['games']} games, {p['a']} won {p['a_share']:.0%}"
                   f" (the ratings predict {p['predicted']:.0%})")
    click.echo(f"written to {out}")
