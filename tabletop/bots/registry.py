"""Where bots plug in: bot names, player-facing levels and bot specs.

``make_bot("flatmc:samples=1,beam=32", seed)`` builds a bot from a spec. The
interface every bot implements is in :mod:`tabletop.bots.base`; the search
bots are in :mod:`tabletop.bots.search`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.bots import search
from tabletop.bots.base import Bot, RandomBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": search.GreedyBot,
    "flatmc": search.FlatMCBot,
    "ismcts": search.ISMCTSBot,
}

# Player-facing strength levels: a bot and its budget (docs/BOTS.md measures them).
LEVELS: dict[str, str] = {
    "easy": "greedy:steps=1",
    "medium": "greedy",
    "hard": "flatmc:samples=1,beam=32,per_root=4",
    "expert": "flatmc:samples=1,beam=32,per_root=4,endgame=4,lookahead=1,per_first=2,end_lines=6",
}
# The expert's search, with wider play-outs (more candidate turns, at most three through the
# same first action, and each seat's turns in them planned twice as wide) that look two of its
# own turns ahead before the last rounds (``lookahead=2``; the expert one), judged by the
# evaluation learned from self-play (the game's ``master`` model, made by ``tabletop train``).
# Its candidate turns share their play-outs by successive halving: twelve with ``halving=4``
# since the twenty-seventh session; sixteen with ``halving=8`` (each on one determinization,
# then halved until two are left with eight each; eight candidates where the play-outs run to
# the end) since the thirtieth, after a screen in self-play of +4.0 VP on 19 paired deals.
# At tables of three and four the game's caps plan the other seats' turns in its play-outs
# only 12 wide, as the expert's (since the twenty-fifth session at three, where it had played
# the expert's play-outs one own turn ahead; the twenty-third at four), and keep its eight
# candidates on two determinizations each there, as measured; they hold it to no play-outs on
# module tables, as the expert: there (``caps=0``) they took nine times the time for no gain
# (docs/BOTS.md, "The master level").
LEVELS["master"] = (LEVELS["expert"]
                    + ",end_beam=24,end_lines=16,per_first=3,eval=master,lookahead=2,halving=8,late_lines=8")


def level_name(spec: str) -> str:
    """The level whose spec ``spec`` is (a journal keeps each level resolved to its spec, a
    log or report names it by its level again), else ``spec`` as written."""
    for name, level_spec in LEVELS.items():
        if level_spec == spec:
            return name
    return spec


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name`` or ``name:key=value,key=value`` (e.g. ``ismcts:iterations=500``); levels resolve,
    and a level's options may be changed or added the same way (``expert:end_samples=4``)."""
    name, _, args = spec.partition(":")
    if name in LEVELS:
        base, _, base_args = LEVELS[name].partition(":")
        name, args = base, ",".join(filter(None, (base_args, args)))  # later options win
    budget: dict[str, Any] = {}
    for part in filter(None, args.replace(";", ",").split(",")):
        key, eq, raw = part.partition("=")
        if not eq:
            raise ValueError(f"bot option {part!r} is not key=value")
        budget[key] = _option_value(raw)
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(list(BOTS) + list(LEVELS))}")
    return name, budget


def _option_value(raw: str) -> int | float | str:
    """A bot option's value: an int, else a float (``0.5``, ``1e-06``), else the text."""
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def with_time_limit(spec: str, seconds: float | None) -> str:
    """``spec`` with a search bot's time limit for the people at a table (the server's and
    ``tabletop play``'s ``--bot-seconds``): past ``seconds`` a decision compares only the
    candidate turns it has played out (the turn planner's best come first), so nobody waits much
    longer than that for a move on a slow machine. Bots that do not search, a spec that sets its
    own ``seconds``, and ``seconds`` None or 0 leave ``spec`` as it is."""
    if not seconds:
        return spec
    name, options = parse_bot_spec(spec)
    if name != "flatmc" or "seconds" in options:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}seconds={float(seconds)!r}"


def make_bot(spec: str, seed: int) -> Bot:
    name, budget = parse_bot_spec(spec)
    try:
        return BOTS[name](seed, **budget)
    except TypeError as exc:
        raise ValueError(f"bad options for bot {name!r}: {exc}") from None
