"""Conformance run of the Grand Austria Hotel engine: seeded random games in every module
combination, with the invariants after every step. Shared by the tests and usable by hand.

The run covers 96 *cells*: each of the 32 module combinations (the base game and the 31
non-empty combinations of the five Let's Waltz! modules) at 2, 3 and 4 players. A cell plays
games until it has applied its decision quota; a *decision* is one applied non-chance action
(dice rolls and other chance outcomes are counted apart, as chance steps). Game ``k`` of a
cell uses the variant config ``VARIANTS[k % 7]`` (the base game's Yucata / 2015 variants,
which every module combination accepts), seed ``game_seed(run_seed, cell, k)`` and
``random.Random(seed)`` for its choices, so any game can be replayed on its own.

Checks (``run_game``):

* after **every** step (each decision and each chance step, also the extra step of a
  round-trip check): ``check_invariants`` (``position.check_accounting``: every cube, room
  tile, guest and staff card and die accounted for exactly once, each module's own
  accounting; money 0-20, Emperor track 0-13, no negative stock, no draft cards left after
  the draft, a non-terminal state has a legal action);
* **sampled**, after a step, one of (a single uniform draw per step, so the rates are exact
  shares of the steps):

  - ``RATE_ROUND_TRIP`` (3%): the position goes through JSON and ``from_position``: same
    position, same legal actions; then the loaded copy and the game apply the same next
    action (a random one) and must give the same position again, both passing the invariants;
  - ``RATE_VIEWS`` (2%): hidden-information leaks: ``check_view`` for a random seat and for the
    seat to move, and (not at the end) that seat's view equals the view of a state rebuilt
    from it with every hidden part resampled (``position.determinize``);
  - ``RATE_UNDO`` (1%): undo the last action and apply it again: the same position;
* at the end of **every** game: replaying seed + actions gives the same position, scores and
  winners; the returns sum to 1; each score breakdown sums to the score; undoing every
  action gives the starting position back; and a game has at most ``MAX_STEPS`` steps.

A failure raises ``ConformanceFailure`` naming the seed, config, players, step and last
action, and the command that replays that one game.

By hand::

    .venv/bin/python -m tests.gah.conformance --decisions 1000000 --seed 1        # the CI run
    .venv/bin/python -m tests.gah.conformance --decisions 20000 --seed 7 --jobs 2  # a fresh short run
    .venv/bin/python -m tests.gah.conformance --game 1160000 --players 3 --config '{"modules": ["more"]}'
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field, fields
from typing import Any

import pytest

from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import GahState, determinize, from_position, new_game
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.position import check_accounting

# The base game's variant configs (edition, Yucata variants, data alternatives).
VARIANTS: list[dict[str, Any]] = [
    {},
    {"edition": "original"},
    {"staff_draft": True},
    {"introductory_sets": True, "discard_free_guests": True},
    {"herlius_objectives": True, "rowe_smith_staff": True},
    {"exclude_kitchen_hand": True, "alternatives": ["room_vp:alt", "emperor_vp:alt"]},
    {"edition": "original", "rowe_smith_staff": True, "discard_free_guests": True},
]
CONFIGS = VARIANTS  # the name the older tests use

# The base game and every non-empty combination of the five modules: 32 combinations.
COMBOS: list[tuple[str, ...]] = [
    c for k in range(len(MODULES) + 1) for c in itertools.combinations(tuple(MODULES), k)]
PLAYERS = (2, 3, 4)
CELLS: list[tuple[tuple[str, ...], int]] = [(c, p) for c in COMBOS for p in PLAYERS]

TARGET = 1_000_000                          # decisions of the CI run
CI_SEED = 1                                 # its run seed
RATE_ROUND_TRIP = 0.03
RATE_VIEWS = 0.02
RATE_UNDO = 0.01
MAX_STEPS = 5_000                           # a game longer than this is a failure


def combo_name(combo: tuple[str, ...]) -> str:
    return "+".join(combo) or "base"


def cell_name(cell: int) -> str:
    combo, players = CELLS[cell]
    return f"{combo_name(combo)}-{players}p"


def cell_quota(decisions: int) -> int:
    """Decisions each cell runs so that all cells together reach ``decisions``."""
    return math.ceil(decisions / len(CELLS))


def game_seed(run_seed: int, cell: int, k: int) -> int:
    """The seed of game ``k`` of ``cell`` in the run with seed ``run_seed`` (all distinct)."""
    assert 0 <= cell < 100 and 0 <= k < 10_000
    return 1_000_000 * run_seed + 10_000 * cell + k


def game_config(combo: tuple[str, ...], k: int) -> dict[str, Any]:
    return {**VARIANTS[k % len(VARIANTS)], "modules": list(combo)}


# ------------------------------------------------------------------ checks
def check_invariants(st: GahState) -> None:
    check_accounting(st)
    for pl in st.players:
        assert 0 <= pl.money <= 20
        assert 0 <= pl.emperor <= 13
        assert min(pl.kitchen) >= 0
        assert all(r in (0, 1, 2) for r in pl.rooms)
        assert len(set(pl.played)) == len(pl.played)
        assert set(pl.used) <= set(pl.played)
    assert min(st.supply) >= 0 and min(st.room_supply) >= 0 and min(st.dice) >= 0
    if st.phase not in ("draft",):
        assert not any(st.draft_packets), "draft cards left over after the draft"
    if not st.is_terminal() and not st.is_chance():
        assert st.legal_actions(), f"no legal action at: {st.prompt()}"
    for fr in st.stack:  # every pending frame has the fields its kind declares (engine/declare.py)
        assert len(fr) == 2 + len(st.decision_kinds[fr[0]].fields), f"frame {fr!r} does not fit its declaration"


def check_view(st: GahState, seat: int) -> None:
    v = st.view(seat)
    text = json.dumps(v)
    assert "rng" not in v and "seed" not in v and "history" not in v
    assert isinstance(v["staff_deck"], int) and isinstance(v["guest_deck"], int)
    for q, pl in enumerate(st.players):
        if q != seat:
            assert v["players"][q]["hand"] == len(pl.hand)
            for s in pl.hand:
                assert f'"{st.rules.staff[s].slug}"' not in text, "opponent's hand card visible"
                assert f':{st.rules.staff[s].slug}"' not in text
    for s in st.staff_deck:
        slug = st.rules.staff[s].slug
        assert f'"{slug}"' not in text and f":{slug}\"" not in text, "staff deck card visible"
    if st.current_player != seat:
        assert v["legal_actions"] == []


def check_determinized_view(st: GahState, seat: int, rng_seed: int) -> None:
    """The seat's view equals the view of a state rebuilt from it with every hidden part
    resampled: a view that showed a hidden part (a deck order, a face-down stack, an
    opponent's hand) would differ."""
    view = st.view(seat)
    again = determinize(json.loads(json.dumps(view)), Rng(rng_seed))
    assert again.view(seat) == view, f"seat {seat} sees a hidden part"


def position_text(st: GahState) -> str:
    return json.dumps(st.to_position(), sort_keys=True)


# ------------------------------------------------------------------ one game
@dataclass
class Stats:
    """What a run did (added up over games and cells)."""

    games: int = 0
    decisions: int = 0
    chance: int = 0
    round_trips: int = 0
    views: int = 0
    undos: int = 0
    longest: int = 0            # most decisions in one game
    seconds: float = 0.0        # CPU seconds (this process's, so the same under load)

    def add(self, other: Stats) -> None:
        for f in fields(self):
            if f.name == "longest":
                self.longest = max(self.longest, other.longest)
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def line(self) -> str:
        rate = self.decisions / self.seconds if self.seconds else 0.0
        return (f"{self.games:>6,} games {self.decisions:>10,} decisions {self.chance:>8,} chance steps  "
                f"checks: {self.round_trips:,} round trips, {self.views:,} views, {self.undos:,} undos  "
                f"{self.seconds:6.1f} CPU s {rate:6,.0f} decisions/CPU s")


class ConformanceFailure(AssertionError):
    """A check failed; the message says how to replay the game."""


def reproduce_command(seed: int, players: int, config: dict[str, Any]) -> str:
    return (f".venv/bin/python -m tests.gah.conformance --game {seed} --players {players} "
            f"--config '{json.dumps(config, sort_keys=True)}'")


@dataclass
class _Game:
    seed: int
    players: int
    config: dict[str, Any]
    stats: Stats = field(default_factory=Stats)
    step: int = 0                   # steps applied to the game (decisions + chance steps)
    last: str | None = None         # the last action applied
    doing: str = "setup"


def run_game(seed: int, players: int, config: dict[str, Any],
             rnd: random.Random | None = None) -> Stats:
    """Play one random game with all the checks; ``rnd`` (default ``Random(seed)``) picks the
    actions and the sampled checks. Returns what it did; raises ``ConformanceFailure``."""
    g = _Game(seed, players, config)
    try:
        _play(g, rnd if rnd is not None else random.Random(seed))
    except Exception as exc:  # every failure is reported with its game
        raise ConformanceFailure(
            f"{type(exc).__name__}: {exc}\n  seed={seed} players={players} config={json.dumps(config)} "
            f"step={g.step} ({g.doing}) last action={g.last!r}\n"
            f"  reproduce: {reproduce_command(seed, players, config)}") from exc
    return g.stats


def _play(g: _Game, rnd: random.Random) -> None:
    st = new_game(players=g.players, seed=g.seed, **g.config)
    stats = g.stats
    decisions = 0

    def step(state: GahState, action: str | None = None) -> str:
        """Apply a random (or the given) action to ``state``, counting it if it is the game's."""
        nonlocal decisions
        chance = state.is_chance()
        if action is None:
            action = state.sample_chance() if chance else rnd.choice(state.legal_actions())
        state.apply(action)
        if state is st:
            g.step += 1
            g.last = action
            if chance:
                stats.chance += 1
            else:
                decisions += 1
        check_invariants(state)
        return action

    start = position_text(st)
    check_invariants(st)
    while not st.is_terminal():
        g.doing = "random step"
        step(st)
        if g.step > MAX_STEPS:
            raise AssertionError(f"the game has not ended after {MAX_STEPS} steps")
        r = rnd.random()
        if r < RATE_ROUND_TRIP:
            g.doing = "position round trip"
            stats.round_trips += 1
            pos = st.to_position()
            loaded = from_position(json.loads(json.dumps(pos)))
            assert loaded.to_position() == pos
            assert loaded.legal_actions() == st.legal_actions()
            # the loaded copy continues exactly like the original
            if not st.is_terminal():
                nxt = step(st)
                step(loaded, nxt)
                assert loaded.to_position() == st.to_position()
        elif r < RATE_ROUND_TRIP + RATE_VIEWS:
            g.doing = "view leak check"
            stats.views += 1
            seat = rnd.randrange(g.players)
            check_view(st, seat)
            check_view(st, st.current_player if st.current_player >= 0 else 0)
            if not st.is_terminal():
                check_determinized_view(st, seat, g.step)
        elif r < RATE_ROUND_TRIP + RATE_VIEWS + RATE_UNDO and st.history:
            g.doing = "undo and redo"
            stats.undos += 1
            before = position_text(st)
            last = st.undo()
            st.apply(last)
            assert position_text(st) == before
    g.doing = "end of game: replay, scores, undo everything"
    replay = new_game(players=g.players, seed=g.seed, **g.config)
    for a in st.history:
        replay.apply(a)
    assert replay.to_position() == st.to_position()
    assert replay.scores() == st.scores() and replay.winners() == st.winners()
    assert sum(st.returns()) == pytest.approx(1.0)
    for p, br in enumerate(st.score_breakdown()):
        assert sum(br.values()) == st.scores()[p]
    while st.history:
        st.undo()
    assert position_text(st) == start
    stats.games = 1
    stats.decisions = decisions
    stats.longest = decisions


# ------------------------------------------------------------------ cells and runs
def run_cell(run_seed: int, cell: int, quota: int) -> Stats:
    """Games of ``cell`` (seeds ``game_seed(run_seed, cell, 0)``, ...) until ``quota``
    decisions have been applied."""
    combo, players = CELLS[cell]
    total = Stats()
    t0 = time.process_time()
    k = 0
    while total.decisions < quota:
        seed = game_seed(run_seed, cell, k)
        total.add(run_game(seed, players, game_config(combo, k), random.Random(seed)))
        k += 1
    total.seconds = time.process_time() - t0
    return total


def _cell_job(args: tuple[int, int, int]) -> tuple[int, Stats | str]:
    run_seed, cell, quota = args
    try:
        return cell, run_cell(run_seed, cell, quota)
    except ConformanceFailure as exc:
        return cell, f"{cell_name(cell)}: {exc}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.gah.conformance", description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=TARGET, help="decisions in all (default %(default)s)")
    ap.add_argument("--seed", type=int, default=CI_SEED, help="run seed (the CI run uses %(default)s)")
    ap.add_argument("--cells", default="", help="only these cells (e.g. base-2p,more-4p); the quota stays "
                    "decisions / 96 per cell")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--game", type=int, help="replay one game with this seed (needs --players, --config)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--config", default="{}", help="the game's config as JSON (with --game)")
    args = ap.parse_args(argv)

    if args.game is not None:
        st = run_game(args.game, args.players, json.loads(args.config))
        print(f"game {args.game} ({args.players} players, {args.config}): passed, {st.decisions} decisions, "
              f"{st.chance} chance steps")
        return 0

    names = [cell_name(c) for c in range(len(CELLS))]
    cells = list(range(len(CELLS)))
    if args.cells:
        wanted = [c.strip() for c in args.cells.split(",") if c.strip()]
        unknown = [w for w in wanted if w not in names]
        if unknown:
            ap.error(f"unknown cell(s) {unknown}; cells are named like {names[0]}, {names[-1]}")
        cells = [names.index(w) for w in wanted]
    quota = cell_quota(args.decisions)
    print(f"conformance run: seed {args.seed}, {len(cells)} cells x {quota:,} decisions "
          f"(combos x players {PLAYERS}), {args.jobs} process(es)", flush=True)
    jobs = [(args.seed, c, quota) for c in cells]
    t0 = time.perf_counter()
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(_cell_job, jobs))
    else:
        results = []
        for job in jobs:
            results.append(_cell_job(job))
            print(".", end="", flush=True)
        print()
    wall = time.perf_counter() - t0
    failures = [r for _, r in results if isinstance(r, str)]
    by_cell = {c: r for c, r in results if isinstance(r, Stats)}
    total = Stats()
    by_combo: dict[str, Stats] = {}
    by_players: dict[int, Stats] = {}
    for c in sorted(by_cell):
        combo, players = CELLS[c]
        s = by_cell[c]
        print(f"  {names[c]:<58} {s.line()}")
        total.add(s)
        by_combo.setdefault(combo_name(combo), Stats()).add(s)
        by_players.setdefault(players, Stats()).add(s)
    print("per player count:")
    for p, s in sorted(by_players.items()):
        print(f"  {p} players {s.line()}")
    combos = by_combo.values()
    print(f"per module combination: {len(by_combo)} combinations, "
          f"{min((s.games for s in combos), default=0):,}-{max((s.games for s in combos), default=0):,} games and "
          f"{min((s.decisions for s in combos), default=0):,}-{max((s.decisions for s in combos), default=0):,} "
          f"decisions each")
    print(f"total: {total.line()}")
    print(f"wall time {wall:.1f} s: {total.decisions / wall:,.0f} decisions/s; longest game "
          f"{total.longest} decisions")
    for f in failures:
        print(f"FAILED {f}")
    if failures:
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
