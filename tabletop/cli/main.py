"""The ``tabletop`` command: play, simulate, bench, cards."""

from __future__ import annotations

import json
import sys
import time

import click

from tabletop.bots.runner import game_seed, play_game
from tabletop.cli.bot_ratings import bot_ratings_command
from tabletop.cli.common import CONFIG_OPTION, GAME_OPTION, parse_options
from tabletop.cli.ladder import compare, ladder
from tabletop.cli.play import play
from tabletop.cli.replay import replay
from tabletop.cli.report import report
from tabletop.cli.serve import serve
from tabletop.cli.simulate import simulate
from tabletop.cli.train import train
from tabletop.core.errors import TabletopError
from tabletop.core.registry import get_game


@click.group()
def cli() -> None:
    """Grand Austria Hotel and Burger Joint: play, simulate, benchmark, inspect data."""


@cli.command()
@GAME_OPTION
def options(game: str) -> None:
    """List a game's config options (variants and data alternatives)."""
    for key, text in get_game(game).config_help.items():
        click.echo(f"{key:24s} {text}")


@cli.command()
@click.option("--games", "-k", type=int, default=300, show_default=True, help="games per player count")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@GAME_OPTION
@CONFIG_OPTION
def bench(games: int, as_json: bool, game: str, options: tuple[str, ...]) -> None:
    """Random-playout throughput on one core, legality checks on (games/s, decisions/s).

    Without -o it measures the game's standard configurations (Grand Austria Hotel: the
    base game and all Let's Waltz! modules together); with -o, that configuration."""
    info = get_game(game)
    configs = [("custom", parse_options(options))] if options else list(info.bench_configs)
    if any("players" in config for _, config in configs):
        raise click.ClickException(f"bench plays {info.min_players} and {info.max_players} players by itself: "
                                   "-o players=... is not an option here")
    results = []
    for label, config in configs:
        for n in sorted({info.min_players, info.max_players}):
            try:
                play_game(game, ["random"] * n, 12345, config)  # warm caches (data loading)
            except TabletopError as exc:
                raise click.ClickException(str(exc)) from None
            t0 = time.perf_counter()
            decisions = 0
            for i in range(games):
                decisions += play_game(game, ["random"] * n, game_seed(99, i), config).decisions
            el = time.perf_counter() - t0
            results.append({"config": label, "options": config, "players": n, "games": games,
                            "seconds": round(el, 3), "games_per_second": round(games / el, 1),
                            "decisions_per_second": round(decisions / el),
                            "decisions_per_game": round(decisions / games, 1)})
    if as_json:
        click.echo(json.dumps({"game": game, "python": sys.version.split()[0], "results": results}))
        return
    for r in results:
        click.echo(f"{info.title} [{r['config']}] {r['players']}p: {r['games_per_second']} games/s, "
                   f"{r['decisions_per_second']} decisions/s ({r['decisions_per_game']} decisions/game)")


@cli.command()
@GAME_OPTION
@click.option("--provisional", is_flag=True, help="only values marked provisional or conflict")
@CONFIG_OPTION
def cards(game: str, provisional: bool, options: tuple[str, ...]) -> None:
    """List every card and board value with its provenance."""
    info = get_game(game)
    try:
        records = info.provenance(**parse_options(options))
    except TabletopError as exc:
        raise click.ClickException(str(exc)) from None
    if provisional:
        records = [r for r in records if r.doubtful()]
    for r in records:
        note = f"  [{r.note}]" if r.note else ""
        click.echo(f"{r.provenance:11s} {r.item} · {r.field}: {r.value}{note}")
    counts: dict[str, int] = {}
    for r in records:
        counts[r.provenance] = counts.get(r.provenance, 0) + 1
    click.echo(f"\n{len(records)} values: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))


# commands that live in their own modules
cli.add_command(play)
cli.add_command(serve)
cli.add_command(simulate)
cli.add_command(report)
cli.add_command(replay)
cli.add_command(ladder)
cli.add_command(compare)
cli.add_command(train)
cli.add_command(bot_ratings_command)


def main() -> None:
    cli(prog_name="tabletop")


if __name__ == "__main__":
    main()
