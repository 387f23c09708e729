"""``tabletop play``: a person plays in the terminal against bots.

Commands at the prompt: a number or an action (``d3``, ``g0``, ``done``),
``hint`` (the coach's three best moves with your estimated final VP, from your view only), ``undo``
(your last decision, never across a roll, a draw or another player's move; it says what it took
back or why it could not), ``save FILE`` (the position, resumable with ``--load FILE``), ``log``,
``help`` (the numbers, the action notation, the item letters and the board explained), ``quit``.

A command's answer is printed under the redrawn board and the list of actions, as the last thing
before the next prompt, so that it stays on the screen. Every word comes from the catalogs (``cli.*``).
"""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel

from tabletop.bots import coach
from tabletop.bots.base import Observation
from tabletop.bots.registry import LEVELS, make_bot, with_time_limit
from tabletop.cli.common import BOT_SECONDS_OPTION, CONFIG_OPTION, GAME_OPTION, parse_bots, parse_options
from tabletop.core.errors import TabletopError
from tabletop.core.registry import GameInfo, get_game
from tabletop.core.rng import derive_seed
from tabletop.core.state import GameState
from tabletop.i18n.catalog import LANGUAGES, catalog, default_language
from tabletop.i18n.events import action_text, reasons_text

# ``help``: the commands (``cli.help``, ``cli.help.help``), then what the screen shows; the notation,
# item and board parts only for the game whose drawing and notation they describe
HELP_ALL = ("cli.help", "cli.help.help", "cli.help.numbers")
HELP_GAH = ("cli.help.notation", "cli.help.items", "cli.help.board")


class Words:
    """The terminal's words in one language: the game's log sentences, prompts and action texts
    from the catalogs where the game has them (``event_sentence``), else its English ``describe``."""

    def __init__(self, info: GameInfo, st: GameState, lang: str, seat: int) -> None:
        self.cat = catalog(lang)
        self.st = st
        self.rich = info.event_sentence is not None and info.name == "grand-austria-hotel"
        n = st.num_players
        # seats are numbered from 0 here, as in --seat and the drawing of the table
        self.seat_label = self.cat.t("seat", n=seat)
        self.names = [self.cat.t("seat", n=p) for p in range(n)]
        self.names[seat] = self.cat.t("seat.you", name=self.names[seat])
        self.render = info.event_sentence if self.rich else None
        self.shown = len(st.keep_events()) if self.rich else 0

    def prompt(self) -> str:
        if not self.rich:
            return self.st.prompt()
        from tabletop.games.grand_austria_hotel.log_text import prompt_text

        return prompt_text(self.cat, self.st, self.names)

    def action(self, a: str) -> str:
        if not self.rich:
            return self.st.describe(a)
        return action_text(self.st.game_name, self.cat, self.st, a, self.names)

    def new_events(self) -> list[tuple[str, bool]]:
        """The sentences of the events since the last call (and whether each is the table's)."""
        render, events = self.render, self.st.events or []  # no log is kept without sentences
        self.shown = min(self.shown, len(events))  # an undo took some back
        out = [(render(self.cat, e, self.names), e["seat"] < 0) for e in events[self.shown:]] if render else []
        self.shown = len(events)
        return out


@click.command()
@GAME_OPTION
@click.option("--players", "-n", type=int, default=None, help="number of players (default: the minimum)")
@click.option("--seat", type=int, default=0, show_default=True, help="your seat (0 = start player)")
@click.option("--bots", default="medium", show_default=True,
              help=f"bot level for the other seats ({', '.join(LEVELS)}) or a bot spec; one, or one per seat")
@click.option("--seed", type=int, default=None, help="deal seed (random if omitted)")
@click.option("--load", "load_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="continue a game saved with 'save FILE'")
@click.option("--plain", is_flag=True, help="plain text instead of the coloured board")
@click.option("--review", is_flag=True, help="after the game, the coach lists your costliest decisions")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="language of the log, prompts and actions (default: from the locale)")
@BOT_SECONDS_OPTION
@CONFIG_OPTION
def play(game: str, players: int | None, seat: int, bots: str, seed: int | None, load_file: str | None,
         plain: bool, review: bool, lang: str | None, bot_seconds: float, options: tuple[str, ...]) -> None:
    """Play in the terminal against bots. Type a number or an action; 'help' for more."""
    console = Console(highlight=False, soft_wrap=True)
    if load_file:
        try:
            saved = json.loads(Path(load_file).read_text())
            game = saved.get("game", game)
            info = get_game(game)
            st = info.from_position(saved)
        except (OSError, json.JSONDecodeError, TabletopError) as exc:
            raise click.ClickException(f"cannot load {load_file}: {exc}") from None
        n = st.num_players
        seed = int(saved.get("seed", 0))
    else:
        info = get_game(game)
        n = players or info.min_players
        if not info.min_players <= n <= info.max_players:
            raise click.BadParameter(f"{info.title} takes {info.min_players}-{info.max_players} players")
        if seed is None:
            seed = int(time.time() * 1000) % (1 << 31)
        try:
            st = info.new_game(players=n, seed=seed, **parse_options(options))
        except TabletopError as exc:
            raise click.ClickException(str(exc)) from None
    if not 0 <= seat < n:
        raise click.BadParameter(f"seat must be 0-{n - 1}", param_hint="--seat")
    start = st.clone()  # what --review replays from
    bot_names = parse_bots(bots, n)
    seat_bots = {s: make_bot(with_time_limit(bot_names[s], bot_seconds), derive_seed(seed, 77, s))
                 for s in range(n) if s != seat}
    words = Words(info, st, lang or default_language(), seat)
    say = words.cat.t
    others = ", ".join(f"{words.names[s]}: {bot_names[s]}" for s in seat_bots)
    console.print(say("cli.intro", title=f"[bold]{info.title}[/]", n=n, seed=seed, you=words.seat_label,
                      others=others), markup=True)

    def show_events() -> None:
        for text, table in words.new_events():
            console.print("  " + text, style="dim" if table else None, markup=False)

    # a command's answer (help, hint, undo, save, log, an error): printed after the board is drawn
    # again, just before the prompt, so the drawing never pushes it off the screen
    answer: list[tuple[str, str | None]] = []

    def tell(text: str, style: str | None = None) -> None:
        answer.append((text, style))

    turn_marks: list[tuple[int, bool]] = []  # per decision of yours: the history's length after it, undoable
    while not st.is_terminal():
        cp = st.current_player
        if st.is_chance():
            action = st.sample_chance()
            if not words.rich:
                console.print("  " + st.describe(action), style="dim")
            st.apply(action)
            show_events()
            continue
        legal = st.legal_actions()
        if cp != seat:
            action = seat_bots[cp].choose(Observation(game, cp, legal, partial(st.view, cp)))
            if not words.rich:
                console.print("  " + st.describe(action))
            st.apply(action)
            show_events()
            continue
        _draw(console, info, st, seat, plain, words.cat.lang)
        console.print(f"\n[bold]{words.prompt()}[/]")
        for i, a in enumerate(legal):
            console.print(f"  {i:2d}. [cyan]{a:14s}[/] {words.action(a)}")
        if answer:
            console.print("")
            for text, style in answer:
                console.print(text, style=style, markup=False)
            answer.clear()
        try:
            line = input("> ").strip()
        except EOFError:
            console.print("\n" + say("cli.end_of_input"), markup=False)
            return
        word, _, arg = line.partition(" ")
        if word in ("quit", "exit", "q"):
            console.print(say("cli.bye"), markup=False)
            return
        if word in ("help", "?", ""):
            keys: tuple[str, ...] = HELP_ALL[:2]  # an empty line: the commands only
            if word:
                keys = HELP_ALL + (HELP_GAH if info.name == "grand-austria-hotel" else ())
            for key in keys:
                head, _, body = say(key).partition("\n")
                tell(head, "bold" if key != "cli.help" else None)  # the commands' first line is no heading
                if body:
                    tell(body)
            continue
        if word == "hint":
            try:
                moves = coach.hint(game, seat, list(legal), st.view(seat))
            except ValueError as exc:
                tell(f"! {exc}", "red")
                continue
            tell(say("cli.hint.head"))
            for i, m in enumerate(moves, start=1):
                tell("  " + say("cli.hint.move", rank=i, action=m.action, text=words.action(m.action),
                                worth=round(m.worth)))
                if m.why:
                    tell("       " + reasons_text(words.cat, m.why))
            continue
        if word == "undo":
            key, taken = _undo_own(st, seat, turn_marks)
            words.new_events()  # the log now ends where the undone action began
            # the action taken back in words, as the list of actions says it again now
            tell(say(key, action=taken, text=words.action(taken) if key == "cli.undo.done" else ""),
                 None if key == "cli.undo.done" else "yellow")
            continue
        if word == "save":
            if not arg:
                tell(say("cli.save.need_file"), "red")
                continue
            try:
                Path(arg).write_text(json.dumps(st.to_position(), indent=1))
            except OSError as exc:
                tell(say("cli.save.failed", file=arg, error=exc.strerror), "red")
                continue
            tell(say("cli.saved", file=arg, seat=seat))
            continue
        if word == "log":
            tell(say("cli.log.head"))
            for a in st.history[-12:]:
                tell("  " + a, "dim")
            continue
        action = legal[int(line)] if line.isdigit() and int(line) < len(legal) else line
        if action not in legal:
            tell(say("cli.error.illegal", action=line), "red")
            continue
        before_fp = st.hidden_fingerprint()
        try:
            st.apply(action)
        except TabletopError as exc:
            tell(f"! {exc}", "red")
            continue
        # an action that revealed hidden information or used randomness cannot be taken back
        turn_marks.append((len(st.history), st.hidden_fingerprint() == before_fp))
        show_events()
    _draw(console, info, st, seat, plain, words.cat.lang)
    scores = st.scores()
    console.print("\n" + say("cli.scores", scores=", ".join(
        say("cli.score", who=words.names[p], vp=v) for p, v in enumerate(scores))), markup=False)
    for p, br in enumerate(st.score_breakdown()):
        console.print(f"  {words.names[p]}: " + ", ".join(
            f"{say(f'source.{k}') if f'source.{k}' in words.cat else k} {v}" for k, v in br.items() if v), markup=False)
    console.print(say("cli.winners", names=", ".join(words.names[w] for w in st.winners())), markup=False)
    if review:
        _print_review(console, start, st, seat, words)


def _print_review(console: Console, start: GameState, st: GameState, seat: int, words: Words) -> None:
    """After the game: the seat's decisions that lost the most against the coach's pick."""
    say = words.cat.t
    actions = list(st.history[len(start.history):])
    found = coach.review(start, actions, [seat])
    if not found:
        console.print(say("cli.review.none"), markup=False)
        return
    console.print(say("cli.review.head"), markup=False)
    info = get_game(start.game_name)
    by_step = {m.step: m for m in found}
    said = {}
    for step, at in coach.walk(start, actions, by_step):  # the game played once, not once per line
        m, w = by_step[step], Words(info, at, words.cat.lang, seat)
        said[step] = say("cli.review.line", step=step, round=getattr(at, "round", "?"),
                         played=w.action(m.played.action), pv=round(m.played.worth),
                         best=w.action(m.best.action), bv=round(m.best.worth), loss=f"{m.loss:.1f}")
    for m in found:
        console.print("  " + said[m.step], markup=False)
        if m.why:  # where the coach's pick was worth more
            console.print("     " + reasons_text(words.cat, m.why, "review.reasons"), markup=False)


def _draw(console: Console, info: GameInfo, st: GameState, seat: int, plain: bool, lang: str = "en") -> None:
    """The table as ``seat`` sees it, in ``lang`` (a game's drawing may stay English: Burger Joint's)."""
    console.print("")
    if info.render_rich is not None and not plain:
        # wrapped to the terminal's width: a long line (a full hand) is not cut off at the panel's edge
        console.print(info.render_rich(st, seat, lang=lang), soft_wrap=False)
    elif info.render is not None:
        text = info.render(st, seat, lang=lang)
        console.print(Panel(text) if not plain else text, soft_wrap=plain)
    else:
        console.print(json.dumps(st.view(seat), indent=1))


def _undo_own(st: Any, seat: int, marks: list[tuple[int, bool]]) -> tuple[str, str]:
    """Take back this seat's last action if nothing happened after it and it revealed nothing.

    Returns the catalog key of the answer and the action it is about: ``cli.undo.done`` and the
    action taken back; else why not: ``cli.undo.none`` (no decision of yours yet), ``cli.undo.after``
    (a roll, a draw or another seat's move came after it) or ``cli.undo.hidden`` (it revealed
    something hidden or used chance, e.g. a new guest drawn for the queue) and that action."""
    if not marks:
        return "cli.undo.none", ""
    at, reversible = marks[-1]
    if at != len(st.history):
        return "cli.undo.after", ""
    if not reversible:
        return "cli.undo.hidden", st.history[-1]
    marks.pop()
    return "cli.undo.done", st.undo()
