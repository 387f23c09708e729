"""The coach: the best moves for a seat's pending decision, and a review of a finished game.

A hint is worked out from the seat's *view* only (what that player sees at the
table), never from the true state: the hidden parts (cards in hands and decks,
future dice) are sampled from the view as the search bots do, with a seed taken
from the view itself, so that two positions a player cannot tell apart get the
same hint. Each legal move is judged by the bots' turn planner: the move, then
the best rest of the player's turn it can find, then the game's strongest
judgement (``coach_judgement``: the master's, learned from self-play, where the
game has it; its estimate of the player's final score, in VP), averaged over
the samples. Where the game can split that judgement into its terms (Grand Austria
Hotel's ``judgement_terms``), each move also carries its *reasons*: the terms that the move
and the rest of the turn change most, in VP (a guest brought closer to its room, kronen
spent, a step on the Emperor track), so a newcomer sees why, not only what.

The review replays a finished game and asks the same question at every decision
a seat took with a choice: how much worse, by that judgement, was the move
played than the coach's best? The decisions that lost the most are listed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from tabletop.bots.search import _evaluator, _hooks, _marker, _resolve_chance, plan_turn
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng
from tabletop.core.state import GameState


@dataclass(frozen=True)
class Advice:
    """One move and its worth: the seat's estimated final VP after the move and the best rest of
    the turn the planner found (mean over the samples)."""

    action: str
    worth: float
    # the judgement's terms this move (and the best rest of the turn) changes most, in VP:
    # (term, change), largest change first; empty where the game cannot split its judgement
    why: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Mistake:
    """A decision of a finished game where the move played was judged worse than the coach's pick."""

    step: int  # actions played before this decision (the replay's step)
    seat: int
    played: Advice
    best: Advice
    loss: float  # best.worth - played.worth, in VP
    # where the pick's end of turn beats the move played's, by the judgement's terms: (term, VP),
    # the largest differences first (what the pick gains or keeps that the move played did not)
    why: tuple[tuple[str, float], ...] = ()


def view_seed(game: str, seat: int, view: dict[str, Any], legal: list[str]) -> int:
    """A seed taken from what the seat sees: equal views give equal samples (and equal hints)."""
    text = json.dumps([game, seat, view, legal], sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2


# The judgement the coach prefers, where a game has it: the master level's, which predicts the final
# VP better than the hand-set one and, as the coach's own search, beat it (docs/BOTS.md, "The coach").
PREFERRED_JUDGEMENT = "master"


def coach_judgement(game: str) -> str:
    """The evaluation the coach judges ``game`` with: ``master`` where the game has it, else the
    game's own ("")."""
    try:
        _evaluator(game, PREFERRED_JUDGEMENT)
    except ValueError:
        return ""
    return PREFERRED_JUDGEMENT


Terms = Callable[[GameState, int], dict[str, float]]  # a judgement split into its terms, for a seat

# The coach's planner: how wide it searches the rest of the player's turn after each move.
BEAM = 8
PER_ROOT = 2

# A move's reasons: at most this many terms, each changed by at least this many VP.
REASONS = 3
REASON_MIN = 0.5


def _term_splitter(game: str, judgement: str) -> Terms | None:
    """The game's ``judgement_terms(state, seat, judgement)`` (its search hints) for the
    judgement ``judgement``, if any, without its ``quiet_terms`` (bookkeeping no player would
    call a reason)."""
    hooks = _hooks(game)
    fn = hooks.judgement_terms
    if fn is None:
        return None
    quiet = frozenset(hooks.quiet_terms)

    def split(st: GameState, seat: int) -> dict[str, float]:
        return {k: v for k, v in fn(st, seat, judgement).items() if k not in quiet}

    return split


def rank_moves(game: str, seat: int, legal: list[str], view: dict[str, Any], samples: int = 2,
               beam: int = BEAM, per_root: int = PER_ROOT, judgement: str | None = None) -> list[Advice]:
    """Every legal move with its worth, best first (ties: in the order of ``legal``), and its
    reasons where the game can split its judgement. ``judgement`` names the evaluation (``eval=``
    of a bot; default: ``coach_judgement``)."""
    return _ranked(game, seat, legal, view, samples, beam, per_root, judgement)[0]


def _ranked(game: str, seat: int, legal: list[str], view: dict[str, Any], samples: int, beam: int, per_root: int,
            judgement: str | None) -> tuple[list[Advice], dict[str, dict[str, float]], int]:
    """``rank_moves``, with each move's summed change of every term over the samples, and their number."""
    info = get_game(game)
    if info.determinize is None:
        raise ValueError(f"{game} has no determinizer: the coach cannot judge its moves")
    name = coach_judgement(game) if judgement is None else judgement
    ev = _evaluator(game, name)
    marker = _marker(game)
    split = _term_splitter(game, name) if ":" not in name else None  # changed constants: no split
    rng = Rng(view_seed(game, seat, view, legal))
    totals = dict.fromkeys(legal, 0.0)
    change: dict[str, dict[str, float]] = {a: {} for a in legal}  # move -> term -> summed change
    n = max(1, samples)
    for _ in range(n):
        st = info.determinize(view, rng)
        values, ends = judge_each(st, seat, legal, ev, marker, beam, per_root, split)
        for a, v in values.items():
            totals[a] += v
        if split is not None:
            now = split(st, seat)
            for a, end in ends.items():
                for term, d in _difference(end, now).items():
                    change[a][term] = change[a].get(term, 0.0) + d
    ranked = sorted(legal, key=lambda a: (-totals[a], legal.index(a)))
    return [Advice(a, round(totals[a] / n, 2), _reasons(change[a], n)) for a in ranked], change, n


def _difference(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    """``a - b`` term by term (a term one of them lacks counts 0 there)."""
    return {t: a.get(t, 0.0) - b.get(t, 0.0) for t in a.keys() | b.keys()}


def _reasons(change: dict[str, float], n: int) -> tuple[tuple[str, float], ...]:
    """The ``REASONS`` terms with the largest mean change (at least ``REASON_MIN`` VP), largest first."""
    mean = [(term, round(total / n, 1)) for term, total in change.items() if abs(total / n) >= REASON_MIN]
    mean.sort(key=lambda tv: (-abs(tv[1]), tv[0]))
    return tuple(mean[:REASONS])


def judge_each(st: GameState, seat: int, legal: list[str], ev: Callable[[GameState, int], float],
               marker: Callable[[GameState, int], Any], beam: int, per_root: int,
               split: Terms | None = None) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """For each legal move on ``st``: its value after the best rest of the turn, and (with
    ``split``) the judgement split into its terms where that value was read (the end of the
    move's best turn); ``st`` is left as it was."""
    start = marker(st, seat)
    out: dict[str, float] = {}
    ends: dict[str, dict[str, float]] = {}
    for a in legal:
        st.apply(a)
        k = _resolve_chance(st)
        rest: tuple[str, ...] = ()
        if st.is_terminal():
            v = float(st.scores()[seat])
        elif st.current_player == seat and marker(st, seat) == start:
            by_root = plan_turn(st, seat, ev, marker, beam, per_root)
            if by_root:
                v, rest = max(by_root.values(), key=lambda vs: vs[0])
            else:
                v = ev(st, seat)
        else:
            v = ev(st, seat)
        if split is not None:
            for x in rest:
                st.apply(x)
            ends[a] = split(st, seat)
            for _ in rest:
                st.undo()
        for _ in range(k + 1):
            st.undo()
        out[a] = v
    return out, ends


def hint(game: str, seat: int, legal: list[str], view: dict[str, Any], top: int = 3,
         samples: int = 2) -> list[Advice]:
    """The ``top`` best moves for the pending decision, judged from ``view`` only."""
    return rank_moves(game, seat, legal, view, samples=samples)[:max(1, top)]


def review(start: GameState, actions: list[str], seats: list[int], top: int = 5, samples: int = 1) -> list[Mistake]:
    """Replay ``actions`` from ``start`` (a copy is used) and list, for the given seats, the ``top``
    decisions whose move lost the most against the coach's pick (largest loss first; a loss under
    0.5 VP is not a mistake). ``step`` counts the actions played from ``start``."""
    game = start.game_name
    st = start.clone()
    found: list[Mistake] = []
    for step, a in enumerate(actions):
        cp = st.current_player
        if cp in seats and not st.is_chance():
            legal = list(st.legal_actions())
            if len(legal) > 1 and a in legal:
                ranked, change, n = _ranked(game, cp, legal, st.view(cp), samples, BEAM, PER_ROOT, None)
                played, best = next(x for x in ranked if x.action == a), ranked[0]
                loss = round(best.worth - played.worth, 2)
                if loss >= 0.5:
                    gap = _difference(change[best.action], change[played.action])
                    found.append(Mistake(step, cp, played, best, loss, _reasons(gap, n)))
        st.apply(a)
    found.sort(key=lambda m: (-m.loss, m.step))
    return found[:max(0, top)]


def review_game(game: str, players: int, seed: int, config: dict[str, Any], actions: list[str],
                seats: list[int], top: int = 5, samples: int = 1) -> list[Mistake]:
    """:func:`review` of a game given by its table and actions (plain data: it can be sent to a
    worker process)."""
    start = get_game(game).new_game(players=players, seed=seed, **config)
    return review(start, actions, seats, top=top, samples=samples)


def walk(start: GameState, actions: list[str], steps: Iterable[int]) -> Iterator[tuple[int, GameState]]:
    """The game at each of ``steps`` (actions played from ``start``), in increasing order: one copy
    of ``start`` is played on, so each yielded state is only good until the next one."""
    st = start.clone()
    done = 0
    for step in sorted(set(steps)):
        for a in actions[done:step]:
            st.apply(a)
        done = max(done, step)
        yield step, st
