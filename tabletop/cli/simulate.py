"""``tabletop simulate``: play many games between bots and summarise them."""

from __future__ import annotations

import json
import time

import click

from tabletop.cli.main import CONFIG_OPTION, GAME_OPTION, parse_bots, parse_options
from tabletop.core.errors import TabletopError
from tabletop.core.registry import get_game
from tabletop.core.runner import game_seed, play_game


@click.command()
@GAME_OPTION
@click.option("--players", "-n", type=int, required=True, help="number of players")
@click.option("--games", "-k", type=int, default=100, show_default=True, help="number of games")
@click.option("--bots", default="random", show_default=True, help="bot for all seats, or one per seat (a,b,..)")
@click.option("--seed", type=int, default=0, show_default=True, help="base seed (game i uses a seed derived from it)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object with every game")
@CONFIG_OPTION
def simulate(game: str, players: int, games: int, bots: str, seed: int, as_json: bool,
             options: tuple[str, ...]) -> None:
    """Play K complete games between bots."""
    info = get_game(game)
    if not info.min_players <= players <= info.max_players:
        raise click.BadParameter(f"{info.title} takes {info.min_players}-{info.max_players} players")
    names = parse_bots(bots, players)
    config = parse_options(options)
    try:
        info.new_game(players=players, seed=seed, **config)
    except TabletopError as exc:
        raise click.ClickException(str(exc)) from None
    records = []
    t0 = time.perf_counter()
    for i in range(games):
        records.append(play_game(game, names, game_seed(seed, i), config))
    elapsed = time.perf_counter() - t0
    if as_json:
        out = {"game": game, "players": players, "config": config, "seed": seed,
               "games": [{"seed": r.seed, "bots": r.bots, "scores": r.scores, "winners": r.winners,
                          "decisions": r.decisions} for r in records]}
        click.echo(json.dumps(out))
        return
    wins = [0.0] * players
    for r in records:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    click.echo(f"{games} games of {info.title}, {players} players, bots {','.join(names)}, "
               f"{games / elapsed:.1f} games/s")
    for p in range(players):
        mean = sum(r.scores[p] for r in records) / max(1, games)
        click.echo(f"  seat {p} ({names[p]}): wins {wins[p]:.1f} ({100 * wins[p] / max(1, games):.1f}%), "
                   f"mean score {mean:.1f}")
