"""The ``tabletop`` command: play, simulate, bench, cards."""

from __future__ import annotations

import json
import sys
import time
from functools import partial
from typing import Any

import click

from tabletop.bots.base import BOTS, Observation, make_bot
from tabletop.core.errors import TabletopError
from tabletop.core.registry import game_names, get_game
from tabletop.core.rng import derive_seed
from tabletop.core.runner import game_seed, play_game

GAME_OPTION = click.option("--game", "-g", type=click.Choice(game_names()), default="grand-austria-hotel",
                           show_default=True, help="which game")
CONFIG_OPTION = click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
                             help="game config, e.g. -o edition=original -o staff_draft=true "
                                  "(see `tabletop options`)")


def parse_options(options: tuple[str, ...]) -> dict[str, Any]:
    config: dict[str, Any] = {}
    for opt in options:
        if "=" not in opt:
            raise click.BadParameter(f"{opt!r} is not KEY=VALUE", param_hint="--option")
        key, raw = opt.split("=", 1)
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        if key in ("alternatives", "objectives", "emperor_tiles") and isinstance(value, str):
            value = [v for v in value.split(",") if v]
        config[key.strip()] = value
    return config


def parse_bots(spec: str, players: int) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise click.BadParameter(f"give one bot for all seats or exactly {players}", param_hint="--bots")
    for n in names:
        if n not in BOTS:
            raise click.BadParameter(f"unknown bot {n!r}; known: {', '.join(BOTS)}", param_hint="--bots")
    return names


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


@cli.command()
@click.option("--games", "-k", type=int, default=300, show_default=True, help="games per player count")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@GAME_OPTION
def bench(games: int, as_json: bool, game: str) -> None:
    """Random-playout throughput on one core, legality checks on (games/s, decisions/s)."""
    info = get_game(game)
    results = []
    for n in sorted({info.min_players, info.max_players}):
        play_game(game, ["random"] * n, 12345)  # warm caches (data loading)
        t0 = time.perf_counter()
        decisions = 0
        for i in range(games):
            decisions += play_game(game, ["random"] * n, game_seed(99, i)).decisions
        el = time.perf_counter() - t0
        results.append({"players": n, "games": games, "seconds": round(el, 3),
                        "games_per_second": round(games / el, 1),
                        "decisions_per_second": round(decisions / el),
                        "decisions_per_game": round(decisions / games, 1)})
    if as_json:
        click.echo(json.dumps({"game": game, "python": sys.version.split()[0], "results": results}))
        return
    for r in results:
        click.echo(f"{info.title} {r['players']}p: {r['games_per_second']} games/s, "
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


def _register() -> None:
    # commands that live in their own modules
    from tabletop.cli.simulate import simulate

    cli.add_command(simulate)


_register()


def main() -> None:
    cli(prog_name="tabletop")


if __name__ == "__main__":
    main()
