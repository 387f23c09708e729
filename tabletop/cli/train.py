"""``tabletop train``: learn the evaluation from self-play and write the model file.

``--method fit`` (the default, the shipped master's) fits the weights of the
evaluation's terms on self-play positions; ``--method cmaes`` tunes its constants
with CMA-ES on paired games. The defaults are the command that made the shipped
``master`` model; the model file records the command (``--jobs`` and ``--out``
change neither the games nor the result, so they are left out of it; so does ``--positions``,
a cache of the games' actions, which a fit replays with whatever ``--constant`` it reads the terms
with). ``--games-from`` fits on the games of a ``tabletop simulate --out`` journal instead (any
bots: the master's own self-play, a ladder run).
"""

from __future__ import annotations

import math
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from tabletop.bots.registry import LEVELS
from tabletop.cli.common import parse_options, stoppable
from tabletop.core.registry import game_names, get_game

if TYPE_CHECKING:
    from tabletop.bots.tuning import Played

# The shipped master (version 2) learned from the expert's games; its check is the ladder
# (docs/BOTS.md), so train plays none by default. Version 1 was --proxy hard -k 480 --check 100.
DEFAULTS: dict[str, Any] = {"generations": 14, "deals": 16, "popsize": 10, "sigma": 0.3, "seed": 20261126,
                            "proxy": "expert", "check": 0, "games": 240, "ridge": 1e4, "version": 2}


def _models_path(game: str, name: str) -> Path:
    """Where the game ships its trained evaluation ``name`` (its search hints' ``model_path``)."""
    path = get_game(game).search.model_path
    if path is None:
        raise click.ClickException(f"{game} ships no trained evaluations: give --out")
    return Path(path(name))


def _constants(pairs: tuple[str, ...]) -> dict[str, float]:
    """``--constant NAME=VALUE`` pairs as a table (ValueError naming the one that is malformed)."""
    table: dict[str, float] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        try:
            if not eq or not name.strip():
                raise ValueError
            table[name.strip()] = float(value)
        except ValueError:
            raise ValueError(f"--constant takes NAME=VALUE with a number, not {pair!r}") from None
        if not math.isfinite(table[name.strip()]):
            raise ValueError(f"--constant {pair!r}: the value must be a finite number")
    return table


def _journal_games(game: str, path: Path) -> list[Played]:
    """The games of a ``tabletop simulate --out`` journal (a run directory or its results.jsonl),
    in file order: what a fit learns from with ``--games-from`` (any bots, any seats)."""
    from tabletop.analysis.batch import read_jsonl
    from tabletop.analysis.report import results_path

    file = results_path(path)
    if not file.exists():
        raise ValueError(f"{file} does not exist (give a directory written by `tabletop simulate --out` "
                         "or its results.jsonl)")
    out: list[Played] = []
    for rec in read_jsonl(file):
        if rec.get("game", game) != game:
            raise ValueError(f"{file} holds games of {rec.get('game')}, not {game}")
        if not rec.get("actions"):
            raise ValueError(f"game {rec.get('index')} of {file} has no actions to replay")
        out.append((int(rec["seed"]), int(rec["players"]), dict(rec.get("config") or {}), list(rec["actions"]),
                    [float(v) for v in rec["scores"]]))
    return out


@click.command()
@click.option("--game", "-g", type=click.Choice(game_names()), default="grand-austria-hotel",
              show_default=True, help="which game")
@click.option("--name", default="master", show_default=True, help="the model's name (eval=NAME)")
@click.option("--version", "version", type=click.IntRange(min=1), default=DEFAULTS["version"], show_default=True,
              help="the model's version number, written into the file")
@click.option("--method", type=click.Choice(["fit", "cmaes", "distill"]), default="fit", show_default=True,
              help="fit: the terms' weights by regression on self-play positions; cmaes: the constants by CMA-ES; "
                   "distill: the terms' weights from the proxy's own play-out results (a play-out bot: master)")
@click.option("--games", "-k", type=click.IntRange(min=4), default=DEFAULTS["games"], show_default=True,
              help="fit: self-play games to learn from (every fourth is held out first, to measure the fit)")
@click.option("--ridge", type=click.FloatRange(min=0.0), default=DEFAULTS["ridge"], show_default=True,
              help="fit: how strongly the weights are held at the hand-set 1")
@click.option("--generations", type=click.IntRange(min=1), default=DEFAULTS["generations"], show_default=True,
              help="cmaes: generations")
@click.option("--deals", type=click.IntRange(min=1), default=DEFAULTS["deals"], show_default=True,
              help="cmaes: deals per candidate, each played from both seats")
@click.option("--popsize", type=click.IntRange(min=2), default=DEFAULTS["popsize"], show_default=True,
              help="cmaes: candidates per generation")
@click.option("--sigma", type=click.FloatRange(min=0.01, max=2.0), default=DEFAULTS["sigma"], show_default=True,
              help="cmaes: initial step size (on the log of each constant)")
@click.option("--seed", type=int, default=DEFAULTS["seed"], show_default=True, help="seed of the deals and the search")
@click.option("--proxy", default=DEFAULTS["proxy"], show_default=True,
              help="bot spec (or level) both sides play; its judgement is the evaluation")
@click.option("--only", default="", help="cmaes: tune only these constants (comma-separated names)")
@click.option("--check", type=click.IntRange(min=0), default=DEFAULTS["check"], show_default=True,
              help="afterwards, play the result against the hand-set constants on this many new deals")
@click.option("--fix", default="", help="fit: keep these terms at weight 1 too (comma-separated names)")
@click.option("--constant", "constants", multiple=True, metavar="NAME=VALUE",
              help="fit: read the terms with this evaluation constant instead of its hand-set value; it ships "
                   "in the model (repeatable)")
@click.option("--positions", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="fit: keep the games' actions in this .npz file, and replay them from it when it holds "
                   "the same games (another --ridge, --fix or --constant without playing them again)")
@click.option("--games-from", "games_from", type=click.Path(path_type=Path), default=None,
              help="fit: learn from the games of this journal (a `tabletop simulate --out` directory or its "
                   "results.jsonl: any bots, replayed from their actions) instead of playing the proxy's")
@click.option("--players", "-n", type=click.IntRange(min=1), default=2, show_default=True,
              help="fit: seats at the self-play tables (a fit named NAME-<n>p is what eval=NAME judges with "
                   "at n-player tables)")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="game config")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="worker processes")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="where to write the model (default: the game's models folder, NAME.json)")
def train(game: str, name: str, version: int, method: str, games: int, ridge: float, generations: int, deals: int,
          popsize: int, sigma: float, seed: int,
          proxy: str, only: str, check: int, fix: str, constants: tuple[str, ...], positions: Path | None,
          games_from: Path | None, players: int, options: tuple[str, ...], jobs: int, out: Path | None) -> None:
    """Learn the evaluation from self-play, and write it as a model (eval=NAME).

    fit: the proxy bot plays self-play games; the weight of each of the evaluation's
    terms is fitted so that their sum predicts each seat's final VP. cmaes: each
    candidate table of constants plays the proxy bot against the hand-set constants
    on fresh deals from both seats; the fitness is its VP margin. --check then plays
    the result against the hand-set evaluation on new deals. The same command gives
    the same file, whatever --jobs.
    """
    # imported here: the model file's schema loads pydantic, which every other command would pay for
    from tabletop.bots.tuning import distill_terms, fit_terms, tune
    from tabletop.core.model_file import FORMAT, ModelFile, write_model

    config = parse_options(options)
    spec = LEVELS.get(proxy, proxy)
    names = [n.strip() for n in only.split(",") if n.strip()] or None
    target = out or _models_path(game, name)
    command = ["tabletop", "train", "--game", game, "--name", name, "--version", str(version), "--method", method]
    if method in ("fit", "distill"):
        command += ["--games-from", str(games_from)] if games_from is not None else ["--games", str(games)]
        command += ["--ridge", str(ridge)]
        if fix:
            command += ["--fix", fix]
        for c in constants:
            command += ["--constant", c]
        if players != 2 and games_from is None:
            command += ["--players", str(players)]
    else:
        command += ["--generations", str(generations), "--deals", str(deals), "--popsize", str(popsize),
                    "--sigma", str(sigma)]
        if only:
            command += ["--only", only]
    if games_from is None:
        command += ["--seed", str(seed), "--proxy", proxy, "--check", str(check)]
        for o in options:
            command += ["-o", o]

    def say(message: str) -> None:
        click.echo(message, err=True)

    try:
        with stoppable("; nothing was written (a training run keeps no partial result)"):
            if method != "fit" and players != 2:
                raise ValueError("--players is for --method fit (the others learn from 2-player games)")
            if method != "fit" and fix:
                raise ValueError("--fix is for --method fit")
            if method != "fit" and constants:
                raise ValueError("--constant is for --method fit")
            if games_from is not None:
                ctx = click.get_current_context()
                given = [flag for flag, p in (("--games", "games"), ("--seed", "seed"), ("--proxy", "proxy"),
                                              ("--players", "players"), ("--option", "options"))
                         if ctx.get_parameter_source(p) == ParameterSource.COMMANDLINE]
                if method != "fit":
                    raise ValueError("--games-from is for --method fit")
                if given:
                    raise ValueError(f"--games-from fits the journal's own games: {', '.join(given)} would not "
                                     "be used")
            table = _constants(constants)
            if method == "distill":
                if check:
                    raise ValueError("--method distill plays no check: play the result against its proxy with "
                                     "tabletop ladder --pair 'PROXY:eval=NAME vs PROXY'")
                result = distill_terms(game, games=games, seed=seed, proxy=spec, ridge=ridge, config=config or None,
                                       jobs=jobs, log=say, positions=positions)
            elif method == "fit":
                result = fit_terms(game, games=games, seed=seed, proxy=spec, ridge=ridge, config=config or None,
                                   jobs=jobs, check_deals=check, log=say,
                                   fixed=tuple(n.strip() for n in fix.split(",") if n.strip()), positions=positions,
                                   players=players, constants=table,
                                   played=_journal_games(game, games_from) if games_from is not None else None,
                                   games_from=str(games_from or ""))
            else:
                result = tune(game, generations=generations, deals=deals, popsize=popsize, sigma=sigma, seed=seed,
                              proxy=spec, config=config or None, jobs=jobs, names=names, check_deals=check, log=say)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    result["training"]["command"] = shlex.join(command)
    write_model(target, ModelFile(format=FORMAT, game=game, name=name, version=version, **result))
    click.echo(f"wrote {target}")
