"""What the ``tabletop`` commands share: the --game and --option flags, reading
``-o KEY=VALUE`` and ``--bots`` lists.

The command modules (``play``, ``simulate``, ``ladder``, ...) import from here,
and ``main`` puts them together; no command module imports ``main``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from tabletop.bots.registry import parse_bot_spec
from tabletop.core.processes import Terminated, interrupted_exit_code, stop_on_terminate
from tabletop.core.registry import game_names

GAME_OPTION = click.option("--game", "-g", type=click.Choice(game_names()), default="grand-austria-hotel",
                           show_default=True, help="which game")
# for the people at a table: a search bot stops thinking about this long (tabletop.bots.registry.with_time_limit)
BOT_SECONDS_OPTION = click.option(
    "--bot-seconds", type=click.FloatRange(min=0), default=4.0, show_default=True, envvar="TABLETOP_BOT_SECONDS",
    help="a search bot (hard, expert, master) that has thought this long compares only the turns it has "
         "played out so far, so that a slow machine keeps people waiting little longer; 0: no limit "
         "(moves as in the ladder's rows)")
CONFIG_OPTION = click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
                             help="game config, e.g. -o edition=original -o staff_draft=true "
                                  "(see `tabletop options`)")


def resume_hint(stored: str | None) -> str:
    """What a stopped run says about its finished games: where they are, and that the same
    command plays on from them (nothing when the run keeps none)."""
    return f"; finished games are stored in {stored} - rerun the same command to play the rest" if stored else ""


@contextmanager
def stoppable(hint: str = "") -> Iterator[None]:
    """A long run stopped by Ctrl-C or by SIGTERM (`kill`, a batch scheduler's time limit) ends
    the same way: the workers are stopped, a line says so (with ``hint``: where the finished
    games are kept), and the process exits with the shell's code for that signal (130 or 143)."""
    try:
        with stop_on_terminate():
            yield
    except KeyboardInterrupt as exc:
        click.echo(f"\n{'terminated' if isinstance(exc, Terminated) else 'interrupted'}{hint}", err=True)
        sys.exit(interrupted_exit_code(exc))


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
        try:
            parse_bot_spec(n)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    return names
