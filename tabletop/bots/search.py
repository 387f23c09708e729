"""Search bots that work for any game with an evaluation and a determinizer.

All of them see only an :class:`Observation`. To look ahead they build a
*determinization*: a full state sampled from their own view (the game's
``determinize(view, rng)``: unknown cards dealt at random from the unseen
ones, a fresh RNG for future dice), and search that copy. The only
game-specific code they use is the game's optional ``evaluate(state, seat)``
(estimated final score; the fallback is the current score) and its optional
search hints (``GameInfo.search``, a :class:`SearchHooks`): ``turn_marker(state, seat)`` (a value
that changes when the seat's turn ends, so that a turn planner stops there
even when the same seat moves again next) and ``search_caps(state)`` (upper
bounds on the ``flatmc`` options for a table like that one, e.g. a richer
game variant whose decisions cost more; applied to one decision at a time;
its ``widen`` entry: a bot whose play-outs the caps switch off plans with a
beam and ``per_root`` that many times wider instead). ``caps=0`` makes a
``flatmc`` bot ignore them (its play-outs run on such tables too).

* ``greedy``  — each legal action is followed by the bot's own next few
  decisions chosen one-ply greedily, then the position is evaluated.
* ``flatmc``  — flat Monte Carlo over determinizations. With ``beam=0`` every
  legal action is scored by the mean over ``samples`` determinizations of the
  position after the bot completes its turn greedily. With ``beam=B`` (the
  default) each determinization is searched by a *turn planner*: a beam search
  of width ``B`` over the bot's own decisions until its turn ends, keeping at
  least ``per_root`` lines for each first action; every first action is scored
  by the best end-of-turn evaluation reached through it, averaged over the
  samples. The best line is remembered and followed for the rest of the turn
  as long as the bot's view stays the one the plan expected (new information,
  e.g. a drawn card, makes it plan again).
  *Play-outs*: with ``endgame=N``, once the bot has at most ``N`` turns left
  (the game's ``turns_left(state, seat)``), the ``end_lines`` best planned
  turns are each played out to the end of the game on ``end_samples``
  determinizations — every seat, the opponents included, follows its own best
  planned turn (planner width ``end_beam``), dice drawn from the sample's
  fresh RNG — and the best mean final score decides. With ``lookahead=K``
  the same is done earlier in the game, stopping the play-out after ``K`` more
  own turns and evaluating there (``early_lookahead=E`` with ``early_turns=T``:
  only ``E`` own turns while the bot has more than ``T`` turns left, where the
  candidates are many and a deep look costs most). With ``halving=H`` (whole-turn candidates,
  ``per_first`` > 1) the samples are spent by successive halving instead of
  ``end_samples`` each: every candidate on one determinization, then the better
  half on as many again, and so on, until one is left or the kept ones have
  ``H`` each. ``late_lines=L`` takes only ``L`` candidates where the play-outs
  run to the end of the game (the costliest decisions). ``opp_beam=O`` plans the
  other seats' turns inside the play-outs at width ``O`` instead of ``end_beam``:
  at four players three of every four turns played out are theirs (a table's
  caps may bound it; its 0 is read as ``end_beam`` there). ``choices=K`` (whole-turn
  candidates) first takes the best turn of each of the ``K`` best *main choices* (the game's
  ``turn_choice(line)``: in Grand Austria Hotel the die a turn takes), then fills the
  ``end_lines`` as before: without it the candidates often all take the same die, and the
  play-outs only choose how to finish that action, never which action to take.
* ``ismcts``  — single-observer information-set MCTS (open loop): each iteration
  samples a determinization, descends the tree by UCT over the actions legal in
  that sample, expands one action, plays a short greedy-ish rollout and
  backs up a per-seat value from the evaluation.

Every bot is reproducible from its seed; budgets are iterations/samples, with
an optional time limit in seconds (which makes results machine-dependent). A
``flatmc`` bot's ``work=W`` bounds a decision by its evaluations instead (``W``
of them; the play-outs stop where ``seconds`` would stop them): a bound on the
slow decisions that plays the same moves on every machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from tabletop.bots.base import Observation
from tabletop.core.registry import SearchHooks, get_game
from tabletop.core.rng import Rng
from tabletop.core.state import GameState

Evaluator = Callable[[GameState, int], float]
Marker = Callable[[GameState, int], Hashable]


def _hooks(game: str) -> SearchHooks:
    """The game's search hints (``GameInfo.search``: each part optional)."""
    return get_game(game).search


_CUSTOM: dict[tuple[str, str], Evaluator] = {}


def parse_constants(text: str) -> dict[str, float]:
    """``"CAPITAL_WORTH:5+SPARE_ITEM:0.1"`` -> ``{"CAPITAL_WORTH": 5.0, "SPARE_ITEM": 0.1}``."""
    table: dict[str, float] = {}
    for part in text.split("+"):
        key, colon, raw = part.partition(":")
        try:
            if not colon or not key:
                raise ValueError
            table[key.strip()] = float(raw)
        except ValueError:
            raise ValueError(f"evaluation constant {part!r} is not NAME:number "
                             "(write several as NAME:number+NAME:number)") from None
    return table


def _evaluator(game: str, name: str = "") -> Evaluator:
    """The game's evaluation, the one named ``name`` (the game's ``evaluators``
    or its search hints' ``named_evaluators()``), or — when ``name``
    reads ``NAME:number+...`` — the game's evaluation with those constants
    changed (its hints' ``make_evaluator(table)``), for tuning experiments."""
    info = get_game(game)
    if name and ":" in name:
        hit = _CUSTOM.get((game, name))
        if hit is None:
            make = info.search.make_evaluator
            if make is None:
                raise ValueError(f"{game}'s evaluation has no constants to change (eval={name!r})")
            hit = make(parse_constants(name))
            _CUSTOM[(game, name)] = hit
        return hit
    if name:
        listed = info.search.named_evaluators
        named = dict(listed() if listed is not None else {})
        named.update(info.evaluators or {})
        if name not in named:
            known = ", ".join(sorted(named))
            raise ValueError(f"{game} has no evaluation named {name!r}; known: {known or 'none'} "
                             "(or change constants: NAME:number+NAME:number)")
        return named[name]
    if info.evaluate is not None:
        return info.evaluate

    def by_score(st: GameState, seat: int) -> float:
        return float(st.scores()[seat])

    return by_score


def check_eval(game: str, spec_options: dict[str, Any]) -> None:
    """Raise ValueError now if a bot's ``eval=`` option does not work for ``game``."""
    name = spec_options.get("eval")
    if name:
        _evaluator(game, str(name))


def _no_marker(st: GameState, seat: int) -> Hashable:
    return None


def _marker(game: str) -> Marker:
    """The game's ``turn_marker`` (its search hints), or a constant."""
    fn = _hooks(game).turn_marker
    return fn if fn is not None else _no_marker


def _no_choice(line: tuple[str, ...]) -> Hashable:
    return None


def _choice(game: str) -> Callable[[tuple[str, ...]], Hashable]:
    """The game's ``turn_choice(line)`` (its search hints: a planned turn's main
    choice, e.g. the die it takes), or one choice for every turn."""
    fn = _hooks(game).turn_choice
    return fn if fn is not None else _no_choice


def _turns_left(game: str) -> Callable[[GameState, int], int] | None:
    """The game's ``turns_left(state, seat)`` (its search hints), if any."""
    return _hooks(game).turns_left


_CAPPED = frozenset(("beam", "per_root", "end_lines", "end_samples", "end_beam", "per_first", "samples", "halving",
                     "endgame", "lookahead", "opp_beam"))


def _budget_caps(game: str) -> Callable[[GameState], dict[str, int] | None] | None:
    """The game's ``search_caps(state)`` (its search hints), if any: upper
    bounds on the flatmc options for a table like ``state`` (None: no bounds)."""
    fn = _hooks(game).search_caps
    if fn is None:
        return None

    def caps(st: GameState) -> dict[str, int] | None:
        got = fn(st)
        return {k: int(v) for k, v in got.items() if k in _CAPPED or k == "widen"} if got else None

    return caps


def _determinize(obs: Observation, rng: Rng) -> GameState:
    info = get_game(obs.game)
    if info.determinize is None:
        raise ValueError(f"{obs.game} has no determinizer; search bots cannot play it")
    return info.determinize(obs.view(), rng)


def _resolve_chance(st: GameState) -> int:
    n = 0
    while st.is_chance():
        st.apply(st.sample_chance())
        n += 1
    return n


def _one_ply(st: GameState, me: int, ev: Evaluator, legal: list[str], rng: Rng) -> str:
    """The legal action whose immediate result evaluates best for ``me`` (ties: random)."""
    best, best_v = [legal[0]], -math.inf
    for a in legal:
        st.apply(a)
        v = ev(st, me)
        st.undo()
        if v > best_v + 1e-9:
            best, best_v = [a], v
        elif v > best_v - 1e-9:
            best.append(a)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def complete_turn(st: GameState, me: int, ev: Evaluator, rng: Rng, max_steps: int,
                  marker: Marker = _no_marker, start: Hashable = None) -> float:
    """Play ``me``'s next decisions one-ply greedily (up to ``max_steps``, until
    someone else decides or ``me``'s turn ends), evaluate, and undo everything."""
    applied = 0
    while applied < max_steps and st.current_player == me and marker(st, me) == start:
        legal = st.legal_actions()
        a = legal[0] if len(legal) == 1 else _one_ply(st, me, ev, legal, rng)
        st.apply(a)
        applied += 1
    v = ev(st, me)
    for _ in range(applied):
        st.undo()
    return v


def plan_turn(st: GameState, me: int, ev: Evaluator, marker: Marker = _no_marker, beam: int = 8,
              per_root: int = 2, max_depth: int = 60,
              finished: list[tuple[float, tuple[str, ...]]] | None = None,
              ) -> dict[str, tuple[float, tuple[str, ...]]]:
    """Beam search over ``me``'s own decisions until the turn ends.

    A line ends when someone else (or chance) is to move, the game is over, or
    ``marker`` changes (``me``'s turn is over). Each depth expands every kept
    line by every legal action, evaluates the results, drops duplicates (same
    value and same legal actions), and keeps the ``beam`` best — but first the
    best ``per_root`` of every first action, so that no opening is pruned
    because its first step looks poor. Returns, for each first action, the best
    finished line through it and its end-of-turn value; with ``finished`` given,
    every finished line found is also appended there as ``(value, line)``.
    ``st`` is left unchanged.
    """
    if st.current_player != me:
        return {}
    start = marker(st, me)
    frontier: list[tuple[GameState, tuple[str, ...]]] = [(st, ())]
    by_root: dict[str, tuple[float, tuple[str, ...]]] = {}
    seen: set[tuple[float, tuple[str, ...]]] = set()
    for _depth in range(max_depth):
        cands: list[tuple[float, int, str, str]] = []
        copies: list[tuple[float, int, str, str]] = []  # lines dropped as duplicates of a line seen
        for idx, (s, seq) in enumerate(frontier):
            root = seq[0] if seq else ""
            for a in s.legal_actions():
                s.apply(a)
                v = ev(s, me)
                r = root or a
                if s.current_player != me or marker(s, me) != start:
                    if r not in by_root or v > by_root[r][0]:
                        by_root[r] = (v, seq + (a,))
                    if finished is not None:
                        finished.append((v, seq + (a,)))
                else:
                    key = (round(v, 6), tuple(s.legal_actions()))
                    if key not in seen:
                        seen.add(key)
                        cands.append((v, idx, a, r))
                    else:
                        copies.append((v, idx, a, r))
                s.undo()
        if not cands and not by_root:
            # every line one step on looks like one seen before (a third discard of a kind leaves
            # the value and the options as the second did) and none has ended yet: they go on
            cands = copies
        if not cands:
            break
        cands.sort(key=lambda c: -c[0])
        kept: list[tuple[float, int, str, str]] = []
        per: dict[str, int] = {}
        rest = []
        for c in cands:
            if len(kept) < beam and per.get(c[3], 0) < per_root:
                kept.append(c)
                per[c[3]] = per.get(c[3], 0) + 1
            else:
                rest.append(c)
        kept.extend(rest[:max(0, beam - len(kept))])
        new: list[tuple[GameState, tuple[str, ...]]] = []
        for _v, idx, a, _r in kept:
            s, seq = frontier[idx]
            child = s.clone()
            child.apply(a)
            new.append((child, seq + (a,)))
        frontier = new
    return by_root


def play_out(st: GameState, me: int, ev: Evaluator, marker: Marker, beam: int, per_root: int,
             own_turns: int = 10_000, margin: float = 0.0, opp_beam: int = 0) -> float:
    """Play ``st`` on, every seat following its best planned turn (the turn
    planner with ``ev``), chance drawn from the state's own RNG, to the end of
    the game or until ``me`` has played ``own_turns`` more turns; return
    ``me``'s final score (or the evaluation there) and undo everything.

    With ``margin`` > 0 the result is ``me``'s value less ``margin`` times the
    best other seat's: a game is won against the others, not against a score,
    so a turn that costs an opponent more than it costs ``me`` counts. With ``opp_beam`` > 0
    the other seats plan their turns at that width (``me`` keeps ``beam``)."""
    applied = 0
    mine = 0
    while not st.is_terminal() and mine < own_turns:
        if st.is_chance():
            st.apply(st.sample_chance())
            applied += 1
            continue
        cp = st.current_player
        legal = st.legal_actions()
        if len(legal) == 1:
            st.apply(legal[0])
            applied += 1
            continue
        width = beam if cp == me or opp_beam <= 0 else opp_beam
        by_root = plan_turn(st, cp, ev, marker, width, per_root)
        _v, seq = max(by_root.values(), key=lambda vs: vs[0])
        for a in seq:
            st.apply(a)
        applied += len(seq)
        mine += cp == me
    if st.is_terminal():
        scores = st.scores()
        value = float(scores[me])
        if margin:
            value -= margin * max(float(x) for i, x in enumerate(scores) if i != me)
    else:
        value = ev(st, me)
        if margin:
            value -= margin * max(ev(st, i) for i in range(st.num_players) if i != me)
    for _ in range(applied):
        st.undo()
    return value


def _within_budget(items: list[Any], result: Callable[[Any], float], budget: _Budget | None) -> list[float]:
    """``result(item)`` for the ``items`` in order, stopping early (after at least one) once
    ``budget`` is spent: the play-outs of one determinization, the planner's best first."""
    out: list[float] = []
    for item in items:
        out.append(result(item))
        if budget is not None and len(out) < len(items) and budget.spent():
            break
    return out


class _Counted:
    """An evaluation that counts its calls: the work a decision has done, the same on every
    machine (``work=``)."""

    __slots__ = ("ev", "calls")

    def __init__(self, ev: Evaluator) -> None:
        self.ev = ev
        self.calls = 0

    def __call__(self, st: GameState, seat: int) -> float:
        self.calls += 1
        return self.ev(st, seat)


class _Budget:
    """What one decision may spend: wall-clock time (``seconds``: results depend on the
    machine) and evaluations (``work``: the same moves on every machine)."""

    __slots__ = ("deadline", "counted", "limit")

    def __init__(self, deadline: float | None, counted: _Counted | None, limit: int) -> None:
        self.deadline = deadline
        self.counted = counted
        self.limit = limit

    def spent(self) -> bool:
        if self.counted is not None and self.counted.calls >= self.limit:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline


def _check_work(work: Any) -> None:
    """A work bound is a whole number of evaluations (0: none)."""
    if isinstance(work, bool) or not isinstance(work, int) or work < 0:
        raise ValueError(f"work must be a whole number of evaluations (0: no bound), not {work!r}")


def _check_seconds(seconds: Any) -> None:
    """A time limit is a number of seconds (0: none): refused at once, not mid-decision."""
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not seconds >= 0):
        raise ValueError(f"seconds must be a number of seconds (0: no limit), not {seconds!r}")


class GreedyBot:
    """One-ply greedy with a short own-turn completion (documented in docs/BOTS.md)."""

    name = "greedy"

    def __init__(self, seed: int = 0, steps: int = 3, eval: str = "", epsilon: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.steps = steps
        self.eval = eval
        self.epsilon = epsilon

    def choose(self, obs: Observation) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.below(1_000_000) < self.epsilon * 1_000_000:
            return legal[self.rng.below(len(legal))]
        st = _determinize(obs, self.rng)
        ev = _evaluator(obs.game, self.eval)
        marker = _marker(obs.game)
        me = obs.seat
        start = marker(st, me)
        best, best_v = [legal[0]], -math.inf
        for a in legal:
            st.apply(a)
            v = complete_turn(st, me, ev, self.rng, self.steps, marker, start) \
                if st.current_player == me else ev(st, me)
            st.undo()
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif v > best_v - 1e-9:
                best.append(a)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


class FlatMCBot:
    """Flat Monte Carlo over determinizations, each searched by the turn planner."""

    name = "flatmc"

    def __init__(self, seed: int = 0, samples: int = 2, steps: int = 12, seconds: float | None = None,
                 eval: str = "", beam: int = 6, per_root: int = 2, endgame: int = 0, end_lines: int = 4,
                 end_samples: int = 2, end_beam: int = 12, lookahead: int = 0, per_first: int = 1,
                 margin: float = 0.0, caps: int = 1, halving: int = 0, late_lines: int = 0,
                 early_lookahead: int = 0, early_turns: int = 0, opp_beam: int = 0, choices: int = 0,
                 work: Any = 0) -> None:  # Any: compiled, an int annotation would truncate 2.5
        _check_seconds(seconds)
        _check_work(work)
        self.rng = Rng(seed)
        self.eval = eval
        self.samples = samples
        self.steps = steps
        self.seconds = seconds
        self.beam = beam
        self.per_root = per_root
        self.endgame = endgame
        self.end_lines = end_lines
        self.end_samples = end_samples
        self.end_beam = end_beam
        self.lookahead = lookahead
        self.per_first = per_first
        self.margin = margin
        self.caps = caps
        self.halving = halving
        self.late_lines = late_lines
        self.early_lookahead = early_lookahead
        self.early_turns = early_turns
        self.opp_beam = opp_beam
        self.choices = choices
        self.work: int = work
        # Called at every play-out decision with the first determinization, the seat, the
        # candidate turns and each one's mean play-out result (with halving, over the samples
        # each got, the candidates dropped after one among them): what a judgement distilled
        # from the play-outs learns from (tabletop/bots/tuning.py). Changes no move.
        self.observer: Callable[[GameState, int, list[tuple[str, ...]], list[float]], None] | None = None
        self._plan: list[str] = []
        self._expect: list[dict[str, Any] | None] = []
        self._started = 0.0
        self._counted: _Counted | None = None
        self.last_work = 0

    def _budget(self) -> _Budget | None:
        """What this decision may still spend: ``seconds`` of wall clock from the start of
        ``choose``, ``work`` evaluations (None: no bound)."""
        if not self.seconds and self._counted is None:
            return None
        return _Budget(self._started + self.seconds if self.seconds else None, self._counted, self.work)

    def _decision_evaluator(self, obs: Observation) -> Evaluator:
        """The evaluation this decision uses: counted when ``work`` bounds it."""
        ev: Evaluator = _evaluator(obs.game, self.eval)
        self._counted = _Counted(ev) if self.work else None
        return self._counted if self._counted is not None else ev

    def choose(self, obs: Observation) -> str:
        self._started = time.perf_counter()
        self.last_work = 0
        try:
            return self._choose(obs)
        finally:
            if self._counted is not None:
                self.last_work = self._counted.calls  # evaluations the decision made (with work=)
            self._counted = None  # the bot travels to worker processes between decisions

    def _choose(self, obs: Observation) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.beam <= 0:
            return self._choose_greedy(obs)
        # follow the remembered plan while the table looks as it expected
        if self._plan and self._expect and self._expect[0] is not None and self._expect[0] == obs.view():
            self._expect.pop(0)
            a = self._plan.pop(0)
            if a in legal:
                return a
        self._plan, self._expect = [], []
        ev = self._decision_evaluator(obs)
        marker = _marker(obs.game)
        totals = dict.fromkeys(legal, 0.0)
        lines: dict[str, tuple[float, tuple[str, ...], GameState]] = {}
        budget = self._budget()
        first = _determinize(obs, self.rng)
        caps = _budget_caps(obs.game) if self.caps else None
        limits = caps(first) if caps is not None else None
        if limits:
            # the game asks for a smaller budget on this table (e.g. a richer variant whose
            # decisions cost more): cap the options for this decision only
            widen = limits.pop("widen", 1)
            plays_out = self.endgame > 0 or self.lookahead > 0
            saved = {k: getattr(self, k) for k in (*limits, "beam", "per_root")}
            for k, v in limits.items():
                if k != "opp_beam":
                    setattr(self, k, min(saved[k], v))
            if "opp_beam" in limits:
                # opp_beam=0 means "as wide as end_beam" (capped above), so the cap bounds that
                self.opp_beam = min(saved["opp_beam"] or self.end_beam, limits["opp_beam"])
            if widen > 1 and plays_out and self.endgame == 0 and self.lookahead == 0:
                # the play-out budget goes into a wider turn planner
                self.beam, self.per_root = self.beam * widen, self.per_root * widen
            try:
                return self._choose_planned(obs, first, ev, marker, legal, totals, lines, budget)
            finally:
                for k, v in saved.items():
                    setattr(self, k, v)
        return self._choose_planned(obs, first, ev, marker, legal, totals, lines, budget)

    def _choose_planned(self, obs: Observation, first: GameState, ev: Evaluator, marker: Marker, legal: list[str],
                        totals: dict[str, float], lines: dict[str, tuple[float, tuple[str, ...], GameState]],
                        budget: _Budget | None) -> str:
        me = obs.seat
        early = self.lookahead > 0 and self.early_lookahead > 0 and self.early_turns > 0
        turns_left = _turns_left(obs.game) if self.endgame > 0 or early else None
        left = turns_left(first, me) if turns_left is not None else None
        if left is not None and self.endgame > 0 and left <= self.endgame:
            return self._choose_endgame(obs, first, ev, marker)
        if self.lookahead > 0:
            return self._choose_endgame(obs, first, ev, marker, self._reach(left))
        for i in range(max(1, self.samples)):
            st = first if i == 0 else _determinize(obs, self.rng)
            by_root = plan_turn(st, me, ev, marker, self.beam, self.per_root)
            floor = min(v for v, _ in by_root.values()) if by_root else 0.0
            for a in legal:
                totals[a] += by_root[a][0] if a in by_root else floor
            for a, (v, seq) in by_root.items():
                if a not in lines or v > lines[a][0]:
                    lines[a] = (v, seq, st)
            if budget is not None and budget.spent():
                break
        best = max(legal, key=lambda a: (totals[a], a in lines, -legal.index(a)))
        self._remember(best, lines, me)
        return best

    def _reach(self, left: int | None) -> int:
        """How many own turns a play-out runs before the judgement decides: ``lookahead``, or
        ``early_lookahead`` (never more) while the seat has more than ``early_turns`` turns
        ``left``, where candidates are many and the game far off, so a deep look costs most."""
        if self.early_lookahead > 0 and self.early_turns > 0 and left is not None and left > self.early_turns:
            return min(self.early_lookahead, self.lookahead)
        return self.lookahead

    def _choose_endgame(self, obs: Observation, first: GameState, ev: Evaluator, marker: Marker,
                        own_turns: int = 10_000) -> str:
        """Near the end: the ``end_lines`` best planned turns are each played to
        the end of the game (every seat planning its turns, sampled dice) on
        ``end_samples`` determinizations; the best mean final score wins.
        With ``own_turns`` the play-out stops after that many more own turns
        and the evaluation there counts instead."""
        if self.per_first > 1:
            return self._choose_lines(obs, first, ev, marker, own_turns)
        me = obs.seat
        legal = obs.legal_actions
        roots: list[str] = []
        results: dict[str, list[float]] = {}
        lines: dict[str, tuple[float, tuple[str, ...], GameState]] = {}
        budget = self._budget()
        for i in range(max(1, self.end_samples)):
            st = first if i == 0 else _determinize(obs, self.rng)
            by_root = plan_turn(st, me, ev, marker, self.beam, self.per_root)
            if i == 0:
                roots = sorted(by_root, key=lambda a: (-by_root[a][0], legal.index(a)))[:max(1, self.end_lines)]
            present = [a for a in roots if a in by_root]

            def result(a: str, st: GameState = st, by_root: dict[str, tuple[float, tuple[str, ...]]] = by_root
                       ) -> float:
                v, seq = by_root[a]
                for x in seq:
                    st.apply(x)
                final = play_out(st, me, ev, marker, self.end_beam, self.per_root, own_turns, self.margin,
                                 self.opp_beam)
                for _ in seq:
                    st.undo()
                if a not in lines:
                    lines[a] = (v, seq, st)
                return final

            part = _within_budget(present, result, budget)
            if i == 0 or len(part) == len(present):  # a later determinization cut short is left out
                for a, final in zip(present, part):
                    results.setdefault(a, []).append(final)
            if budget is not None and budget.spent():
                break
        if not results:
            return legal[0]
        best = max(results, key=lambda a: (sum(results[a]) / len(results[a]), -legal.index(a)))
        self._remember(best, lines, me)
        return best

    def _choose_lines(self, obs: Observation, first: GameState, ev: Evaluator, marker: Marker,
                      own_turns: int) -> str:
        """The play-out search with whole turns as candidates (``per_first`` > 1).

        ``_choose_endgame`` compares first actions only; the rest of each turn
        (which die, which guest is served, which room is prepared) is left to
        the planner's end-of-turn evaluation. Here the candidates are the
        ``end_lines`` best distinct turns the planner finds on the first
        determinization, at most ``per_first`` through the same first action.
        Each is replayed on every determinization as far as its actions stay
        legal there (the planner finishes the turn where they do not), played
        out, and the best mean result is played, its whole turn as the plan.
        """
        me = obs.seat
        legal = obs.legal_actions
        # play-outs to the end of the game cost the most: late_lines may take fewer candidates there
        lines = min(self.late_lines, self.end_lines) if self.late_lines > 0 and own_turns >= 10_000 \
            else self.end_lines
        found: list[tuple[float, tuple[str, ...]]] = []
        plan_turn(first, me, ev, marker, self.beam, self.per_root, finished=found)
        found.sort(key=lambda vs: (-vs[0], legal.index(vs[1][0])))
        cands: list[tuple[float, tuple[str, ...]]] = []
        values: set[float] = set()
        per: dict[str, int] = {}

        def take(v: float, seq: tuple[str, ...]) -> bool:
            if round(v, 6) in values or per.get(seq[0], 0) >= self.per_first:
                return False  # the same end of turn reached another way, or enough of this opening
            values.add(round(v, 6))
            per[seq[0]] = per.get(seq[0], 0) + 1
            cands.append((v, seq))
            return True

        if self.choices > 0:
            # first the best turn of each of the best main choices (which die), so that the
            # play-outs compare actions, not only ways to finish one
            choice = _choice(obs.game)
            kinds: set[Hashable] = set()
            for v, seq in found:
                if len(kinds) >= self.choices or len(cands) >= max(1, lines):
                    break
                kind = choice(seq)
                if kind not in kinds and take(v, seq):
                    kinds.add(kind)
        for v, seq in found:
            if len(cands) >= max(1, lines):
                break
            take(v, seq)
        cands.sort(key=lambda vs: (-vs[0], legal.index(vs[1][0])))  # the planner's best first
        if not cands:
            return legal[0]
        means: list[float | None]  # each candidate's mean play-out result (None: never played out)
        if self.halving > 0:
            best, means = self._halve(obs, first, ev, marker, own_turns, [seq for _v, seq in cands])
        else:
            totals = [0.0] * len(cands)
            budget = self._budget()
            sampled = 0
            for i in range(max(1, self.end_samples)):
                st = first if i == 0 else _determinize(obs, self.rng)
                part = _within_budget([seq for _v, seq in cands],
                                partial(self._candidate_result, st, me, ev, marker, own_turns=own_turns), budget)
                if len(part) < len(cands):
                    # out of budget (time or work) inside a determinization: on the first, the candidates played
                    # out so far (the planner's best) are compared; a later one is left out
                    if i == 0:
                        cands, totals = cands[:len(part)], part
                        sampled = 1
                    break
                totals = [t + r for t, r in zip(totals, part)]
                sampled += 1
                if budget is not None and budget.spent():
                    break
            means = [t / sampled for t in totals]
            best = max(range(len(cands)), key=lambda k: (totals[k], -k))
        if self.observer is not None:
            seen = [(cands[k][1], m) for k, m in enumerate(means) if m is not None]
            self.observer(first, me, [seq for seq, _m in seen], [m for _seq, m in seen])
        seq = cands[best][1]
        self._follow(seq, first, me)
        return seq[0]

    def _candidate_result(self, st: GameState, me: int, ev: Evaluator, marker: Marker, seq: tuple[str, ...],
                          own_turns: int) -> float:
        """One play-out of the candidate turn ``seq`` on the determinization ``st``: the turn is
        replayed as far as its actions stay legal there (the planner finishes it where they do
        not), the game is played on (``play_out``) and everything is undone."""
        start = marker(st, me)
        applied = 0
        for a in seq:
            if st.current_player != me or marker(st, me) != start or a not in st.legal_actions():
                break
            st.apply(a)
            applied += 1
        if not st.is_terminal() and st.current_player == me and marker(st, me) == start:
            by_root = plan_turn(st, me, ev, marker, self.beam, self.per_root)
            if by_root:
                _bv, rest = max(by_root.values(), key=lambda vs: vs[0])
                for a in rest:
                    st.apply(a)
                applied += len(rest)
        value = play_out(st, me, ev, marker, self.end_beam, self.per_root, own_turns, self.margin,
                         self.opp_beam)
        for _ in range(applied):
            st.undo()
        return value

    def _halve(self, obs: Observation, first: GameState, ev: Evaluator, marker: Marker, own_turns: int,
               seqs: list[tuple[str, ...]]) -> tuple[int, list[float | None]]:
        """Successive halving over the candidate turns (``halving=H``, which replaces
        ``end_samples``): every candidate is played out on one determinization; then, stage by
        stage, the better half (by mean result, ties to the planner's order) is kept and played
        out on as many new determinizations again, doubling its samples, until one candidate is
        left or the kept ones have ``H`` samples each. The samples go where the choice is still
        open: eight candidates on one sample, four on two, two on four cost what two samples of
        all eight do. Every candidate kept meets the same determinizations (common dice).
        Returns the index of the best kept candidate and each candidate's mean result over the
        determinizations it was played out on (None for one never played out: out of time)."""
        me = obs.seat
        alive = list(range(len(seqs)))
        sums = [0.0] * len(seqs)
        counts = [0] * len(seqs)
        done = 0  # determinizations every kept candidate has been played out on
        stage = 1
        budget = self._budget()
        while True:
            cut = False
            for i in range(done, done + stage):
                st = first if i == 0 else _determinize(obs, self.rng)
                part = _within_budget([seqs[k] for k in alive],
                                partial(self._candidate_result, st, me, ev, marker, own_turns=own_turns), budget)
                if len(part) < len(alive):
                    # out of budget (time or work) inside a determinization: on the first, the candidates played
                    # out so far (the planner's best) are compared; a later one is left out
                    cut = True
                    if i == 0:
                        alive = alive[:len(part)]
                        for k, r in zip(alive, part):
                            sums[k], counts[k] = r, 1
                    break
                for k, r in zip(alive, part):
                    sums[k] += r
                    counts[k] += 1
            if cut:
                break
            done += stage
            if len(alive) <= 1 or done >= self.halving or (budget is not None and budget.spent()):
                break
            alive.sort(key=lambda k: (-sums[k], k))
            alive = sorted(alive[:(len(alive) + 1) // 2])
            stage = done
        return max(alive, key=lambda k: (sums[k], -k)), [t / c if c else None for t, c in zip(sums, counts)]

    def _remember(self, best: str, lines: dict[str, tuple[float, tuple[str, ...], GameState]], me: int) -> None:
        """Keep the rest of ``best``'s line as the plan, with the views it expects."""
        if best in lines:
            _v, seq, st = lines[best]
            self._follow(seq, st, me)

    def _follow(self, seq: tuple[str, ...], st: GameState, me: int) -> None:
        """Keep ``seq[1:]`` (a line planned on ``st``) as the plan, with the views it expects."""
        expect: list[dict[str, Any] | None] = []
        for a in seq[:-1]:
            st.apply(a)
            expect.append(st.view(me) if st.current_player == me else None)
        for _a in seq[:-1]:
            st.undo()
        self._plan, self._expect = list(seq[1:]), expect

    def _choose_greedy(self, obs: Observation) -> str:
        legal = obs.legal_actions
        ev = self._decision_evaluator(obs)
        marker = _marker(obs.game)
        me = obs.seat
        totals = [0.0] * len(legal)
        budget = self._budget()
        for _ in range(self.samples):
            st = _determinize(obs, self.rng)
            start = marker(st, me)
            for i, a in enumerate(legal):
                st.apply(a)
                k = _resolve_chance(st)
                totals[i] += complete_turn(st, me, ev, self.rng, self.steps, marker, start) \
                    if st.current_player == me else ev(st, me)
                for _ in range(k + 1):
                    st.undo()
            if budget is not None and budget.spent():
                break
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.player = player


class ISMCTSBot:
    """Single-observer information-set MCTS with evaluation-backed short rollouts."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 300, seconds: float | None = None,
                 determinizations: int = 8, rollout: int = 6, c: float = 0.7, scale: float = 8.0,
                 eval: str = "") -> None:
        _check_seconds(seconds)
        self.rng = Rng(seed)
        self.eval = eval
        self.iterations = iterations
        self.seconds = seconds
        self.determinizations = determinizations
        self.rollout = rollout
        self.c = c
        self.scale = scale

    def _values(self, st: GameState, ev: Evaluator) -> list[float]:
        if st.is_terminal():
            return list(st.returns())
        n = st.num_players
        est = [ev(st, p) for p in range(n)]
        out = []
        for p in range(n):
            other = max(est[q] for q in range(n) if q != p)
            out.append(1.0 / (1.0 + math.exp(-(est[p] - other) / self.scale)))
        return out

    def choose(self, obs: Observation) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        ev = _evaluator(obs.game, self.eval)
        me = obs.seat
        samples = [_determinize(obs, self.rng) for _ in range(self.determinizations)]
        root = _Node(me)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        rng = self.rng
        for it in range(self.iterations):
            st = samples[it % len(samples)].clone()
            node = root
            path = [root]
            # selection / expansion
            while True:
                _resolve_chance(st)
                if st.is_terminal():
                    break
                acts = st.legal_actions()
                cp = st.current_player
                untried = [a for a in acts if a not in node.children]
                for a in acts:
                    child = node.children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    a = untried[rng.below(len(untried))]
                    child = _Node(cp)
                    child.avail = 1
                    node.children[a] = child
                    st.apply(a)
                    path.append(child)
                    break
                best_a, best_u = acts[0], -math.inf
                for a in acts:
                    ch = node.children[a]
                    u = ch.value / ch.visits + self.c * math.sqrt(math.log(max(1, ch.avail)) / ch.visits) \
                        if ch.visits else math.inf
                    if u > best_u:
                        best_a, best_u = a, u
                node = node.children[best_a]
                st.apply(best_a)
                path.append(node)
            # rollout: a few cheap greedy steps for whoever is to move
            for _ in range(self.rollout):
                _resolve_chance(st)
                if st.is_terminal():
                    break
                acts = st.legal_actions()
                cp = st.current_player
                if len(acts) > 4:
                    acts = [acts[rng.below(len(acts))] for _ in range(4)]
                st.apply(acts[0] if len(acts) == 1 else _one_ply(st, cp, ev, acts, rng))
            values = self._values(st, ev)
            for nd in path:
                nd.visits += 1
                nd.value += values[nd.player] if nd is not root else 0.0
            if deadline and time.perf_counter() > deadline:
                break
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].value if a in root.children else 0.0))
        return best

