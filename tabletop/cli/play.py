"""``tabletop play``: a person plays in the terminal against bots."""

from __future__ import annotations

import json
import time
from functools import partial
from typing import Any

import click

from tabletop.bots.base import Observation, make_bot
from tabletop.cli.main import CONFIG_OPTION, GAME_OPTION, parse_bots, parse_options
from tabletop.core.errors import TabletopError
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed


@click.command()
@GAME_OPTION
@click.option("--players", "-n", type=int, default=None, help="number of players (default: the minimum)")
@click.option("--seat", type=int, default=0, show_default=True, help="your seat (0 = start player)")
@click.option("--bots", default="random", show_default=True, help="bot for the other seats")
@click.option("--seed", type=int, default=None, help="deal seed (random if omitted)")
@CONFIG_OPTION
def play(game: str, players: int | None, seat: int, bots: str, seed: int | None,
         options: tuple[str, ...]) -> None:
    """Play in the terminal against bots. Type a number or an action; 'help' for more."""
    info = get_game(game)
    n = players or info.min_players
    if not info.min_players <= n <= info.max_players:
        raise click.BadParameter(f"{info.title} takes {info.min_players}-{info.max_players} players")
    if not 0 <= seat < n:
        raise click.BadParameter(f"seat must be 0-{n - 1}", param_hint="--seat")
    if seed is None:
        seed = int(time.time() * 1000) % (1 << 31)
    try:
        st = info.new_game(players=n, seed=seed, **parse_options(options))
    except TabletopError as exc:
        raise click.ClickException(str(exc)) from None
    bot_names = parse_bots(bots, n)
    seat_bots = {s: make_bot(bot_names[s], derive_seed(seed, 77, s)) for s in range(n) if s != seat}
    click.echo(f"{info.title}, {n} players, seed {seed}. You are seat {seat}. Type 'help' for commands.")
    while True:
        cp = st.current_player
        if st.is_terminal():
            break
        if st.is_chance():
            action = st.sample_chance()
            click.echo("  " + st.describe(action))
            st.apply(action)
            continue
        legal = st.legal_actions()
        if cp != seat:
            action = seat_bots[cp].choose(Observation(game, cp, legal, partial(st.view, cp)))
            click.echo("  " + st.describe(action))
            st.apply(action)
            continue
        click.echo("")
        click.echo(info.render(st, seat) if info.render else json.dumps(st.view(seat), indent=1))
        click.echo(f"\n{st.prompt()}")
        for i, a in enumerate(legal):
            click.echo(f"  {i:2d}. {a:14s} {st.describe(a)}")
        try:
            line = input("> ").strip()
        except EOFError:
            click.echo("\n(end of input) bye")
            return
        if line in ("quit", "exit", "q"):
            click.echo("bye")
            return
        if line in ("help", "?", ""):
            click.echo("Enter the number of an action or the action itself (e.g. d3, g0, done). "
                       "'undo' takes back your last decision, 'quit' leaves.")
            continue
        if line == "undo":
            if not _undo_to_own_turn(st, seat):
                click.echo("nothing of yours to undo (chance events cannot be taken back)")
            continue
        action = legal[int(line)] if line.isdigit() and int(line) < len(legal) else line
        try:
            st.apply(action)
        except TabletopError as exc:
            click.echo(f"! {exc}")
    click.echo(info.render(st, seat) if info.render else "")
    scores = st.scores()
    click.echo("\nGame over. Scores: " + ", ".join(f"seat {p}: {v}" for p, v in enumerate(scores)))
    for p, br in enumerate(st.score_breakdown()):
        click.echo(f"  seat {p}: " + ", ".join(f"{k} {v}" for k, v in br.items() if v))
    click.echo("Winner(s): " + ", ".join(f"seat {w}" for w in st.winners()))


def _undo_to_own_turn(st: Any, seat: int) -> bool:
    """Undo back to this seat's previous decision, never across a chance event."""
    undone = []
    while st.history:
        last = st.history[-1]
        if last.startswith("roll:"):
            break
        st.undo()
        undone.append(last)
        if st.current_player == seat:
            return True
    for a in reversed(undone):
        st.apply(a)
    return False
