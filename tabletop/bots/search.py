"""Search bots that work for any game with an evaluation and a determinizer.

All of them see only an :class:`Observation`. To look ahead they build a
*determinization*: a full state sampled from their own view (the game's
``determinize(view, rng)``: unknown cards dealt at random from the unseen
ones, a fresh RNG for future dice), and search that copy. The only
game-specific code they use is the game's optional ``evaluate(state, seat)``
(estimated final score; the fallback is the current score).

* ``greedy``  — each legal action is followed by the bot's own next few
  decisions chosen one-ply greedily, then the position is evaluated.
* ``flatmc``  — flat Monte Carlo: every legal action is scored by the mean of
  several samples, each a fresh determinization in which the bot completes its
  turn greedily (dice re-rolls and card draws differ per sample).
* ``ismcts``  — single-observer information-set MCTS (open loop): each iteration
  samples a determinization, descends the tree by UCT over the actions legal in
  that sample, expands one action, plays a short greedy-ish rollout and
  backs up a per-seat value from the evaluation.

Every bot is reproducible from its seed; budgets are iterations/samples, with
an optional time limit in seconds (which makes results machine-dependent).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from tabletop.bots.base import Observation
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng
from tabletop.core.state import GameState

Evaluator = Callable[[GameState, int], float]


def _evaluator(game: str, name: str = "") -> Evaluator:
    info = get_game(game)
    if name:
        if not info.evaluators or name not in info.evaluators:
            known = ", ".join(info.evaluators or {})
            raise ValueError(f"{game} has no evaluation named {name!r}; known: {known or 'none'}")
        return info.evaluators[name]
    if info.evaluate is not None:
        return info.evaluate

    def by_score(st: GameState, seat: int) -> float:
        return float(st.scores()[seat])

    return by_score


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


def complete_turn(st: GameState, me: int, ev: Evaluator, rng: Rng, max_steps: int) -> float:
    """Play ``me``'s next decisions one-ply greedily (up to ``max_steps`` or until
    someone else decides), evaluate, and undo everything."""
    applied = 0
    while applied < max_steps and st.current_player == me:
        legal = st.legal_actions()
        a = legal[0] if len(legal) == 1 else _one_ply(st, me, ev, legal, rng)
        st.apply(a)
        applied += 1
    v = ev(st, me)
    for _ in range(applied):
        st.undo()
    return v


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
        me = obs.seat
        best, best_v = [legal[0]], -math.inf
        for a in legal:
            st.apply(a)
            v = complete_turn(st, me, ev, self.rng, self.steps) if st.current_player == me else ev(st, me)
            st.undo()
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif v > best_v - 1e-9:
                best.append(a)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


class FlatMCBot:
    """Flat Monte Carlo over determinizations with greedy turn completion."""

    name = "flatmc"

    def __init__(self, seed: int = 0, samples: int = 2, steps: int = 12, seconds: float | None = None,
                 eval: str = "") -> None:
        self.rng = Rng(seed)
        self.eval = eval
        self.samples = samples
        self.steps = steps
        self.seconds = seconds

    def choose(self, obs: Observation) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        ev = _evaluator(obs.game, self.eval)
        me = obs.seat
        totals = [0.0] * len(legal)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        for _ in range(self.samples):
            st = _determinize(obs, self.rng)
            for i, a in enumerate(legal):
                st.apply(a)
                k = _resolve_chance(st)
                totals[i] += complete_turn(st, me, ev, self.rng, self.steps) \
                    if st.current_player == me else ev(st, me)
                for _ in range(k + 1):
                    st.undo()
            if deadline and time.perf_counter() > deadline:
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
                logn = math.log(max(1, node.visits))
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
                del logn
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


def describe_budget(bot: Any) -> str:
    parts = [f"{k}={getattr(bot, k)}" for k in ("steps", "samples", "iterations", "seconds",
                                                 "determinizations", "rollout") if hasattr(bot, k)]
    return f"{bot.name}({', '.join(parts)})"
