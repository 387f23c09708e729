"""Runs of many games: seat assignment, parallel execution, storage and resume.

A run is defined by its :class:`RunSpec` (game, players, base seed, config, bots per
seat or a seat-balanced bot pool). Game ``i`` of a run always has the seed
``game_seed(seed, i)`` and the bots ``spec.bots_for(i)``, so where and in which
order games are played (one process, worker processes, Ray tasks) never changes
their results.

With an output directory the run is stored as

- ``run.json``: the run's parameters (checked when the run is resumed);
- ``results.jsonl``: one JSON line per finished game, appended as games finish
  (in game-index order);
- ``results.csv``: one row per game and seat, rewritten from the JSON lines at the
  end of every invocation (also after Ctrl-C).

Rerunning with the same directory plays only the games missing from
``results.jsonl``; a partially written last line (process killed mid-write) is
dropped and that game is played again.
"""

from __future__ import annotations

import csv
import itertools
import json
import logging
import math
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.bots.base import searching_process
from tabletop.bots.match import TimedBot
from tabletop.bots.runner import game_seed, play_game, seat_bots
from tabletop.core.files import append_lines
from tabletop.core.processes import worker_pool

FORMAT_VERSION = 1
RUN_FILE = "run.json"
RESULTS_FILE = "results.jsonl"
CSV_FILE = "results.csv"

SLIM_KEYS = ("index", "seed", "game", "bots", "scores", "winners", "decisions", "breakdown", "cpu")
"""What a run keeps in memory per game (the JSON lines also hold summary and actions);
``cpu`` only in timed runs. A file of slim records is a results file ``tabletop report`` reads."""


class RunError(Exception):
    """A run cannot start or continue (message is for the user)."""


class GameFailed(RunError):
    """A game raised an exception (a bot or engine bug, or a bot that cannot play this game)."""


def seat_cycle(pool: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat assignments a bot pool cycles through, one per game.

    With at least as many pool entries as seats: every ordered choice of ``players``
    entries (so each bot plays each seat, and each ordered pairing occurs, equally
    often per cycle). With fewer entries than seats: the rotations
    ``seat s -> pool[(r + s) % len(pool)]``, r = 0..len(pool)-1 (each bot plays each
    seat once per cycle).
    """
    if not pool:
        raise ValueError("empty bot pool")
    if len(pool) >= players:
        return list(itertools.permutations(pool, players))
    m = len(pool)
    return [tuple(pool[(r + s) % m] for s in range(players)) for r in range(m)]


@dataclass
class RunSpec:
    """Everything that decides a run's games (not how many, nor where they are played)."""

    game: str
    players: int
    seed: int
    config: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] | None = None
    """One bot per seat, the same in every game."""
    pool: tuple[str, ...] | None = None
    """Seat-balanced: game i uses ``seat_cycle(pool)[i % cycle]``."""

    def __post_init__(self) -> None:
        if (self.bots is None) == (self.pool is None):
            raise ValueError("give either bots (one per seat) or a bot pool")
        if self.bots is not None and len(self.bots) != self.players:
            raise ValueError(f"{len(self.bots)} bots for {self.players} seats")
        self._cycle = [tuple(self.bots)] if self.bots is not None else seat_cycle(self.pool or (), self.players)

    @property
    def cycle_length(self) -> int:
        return len(self._cycle)

    def bots_for(self, index: int) -> list[str]:
        return list(self._cycle[index % len(self._cycle)])

    def seed_for(self, index: int) -> int:
        return game_seed(self.seed, index)

    def identity(self) -> dict[str, Any]:
        """The parameters a resumed run must share with the stored one."""
        return {"format": FORMAT_VERSION, "game": self.game, "players": self.players, "seed": self.seed,
                "config": self.config, "bots": list(self.bots) if self.bots is not None else None,
                "bots_pool": list(self.pool) if self.pool is not None else None}


# --------------------------------------------------------------------------- playing

Item = tuple[int, int, list[str]]
"""(index, seed, bots) of one game to play."""


def play_chunk(game: str, config: dict[str, Any], items: list[Item], timing: bool = False) -> list[dict[str, Any]]:
    """Play some games and return their full records (runs in workers and Ray tasks).

    ``timing``: each record also holds ``cpu``, per seat the CPU seconds of each of its
    decisions (two clock reads per decision, which is why it is asked for)."""
    out = []
    for index, seed, bots in items:
        timed: list[TimedBot] | None = None
        try:
            if timing:  # the bots play_game would make, each behind a clock
                timed = [TimedBot(bot) for bot in seat_bots(bots, seed)]
            r = play_game(game, list(bots), seed, config, bots=timed)
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            raise GameFailed(f"game {index} (seed {seed}, bots {','.join(bots)}) failed: "
                             f"{type(exc).__name__}: {exc} [{where.filename}:{where.lineno}]") from None
        out.append({"index": index, "seed": r.seed, "game": game, "players": len(bots), "config": config,
                    "bots": r.bots, "scores": r.scores, "breakdown": r.breakdown, "winners": r.winners,
                    "decisions": r.decisions, "summary": r.summary, "actions": r.actions})
        if timed is not None:
            out[-1]["cpu"] = [bot.cpu_record() for bot in timed]
    return out


def _chunks(items: list[Item], size: int) -> list[list[Item]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _run_local(game: str, config: dict[str, Any], chunks: list[list[Item]],
               jobs: int, timing: bool = False) -> Generator[tuple[int, list[dict[str, Any]]], None, None]:
    if jobs <= 1:
        searching_process()
        for ci, chunk in enumerate(chunks):
            yield ci, play_chunk(game, config, chunk, timing)
        return
    # spawn: workers never inherit the parent's threads (progress bar, executor) or locks.
    # Stopped early (Ctrl-C, SIGTERM, an error, the generator closed): the chunks under way
    # are dropped at once; a parent killed outright takes its workers with it.
    with worker_pool(min(jobs, len(chunks)) or 1, searching_process,
                     mp_context=multiprocessing.get_context("spawn")) as ex:
        futures: dict[Future[list[dict[str, Any]]], int] = {
            ex.submit(play_chunk, game, config, chunk, timing): ci for ci, chunk in enumerate(chunks)}
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in sorted(done, key=futures.__getitem__):
                yield futures[f], f.result()


def _run_ray(game: str, config: dict[str, Any], chunks: list[list[Item]], address: str,
             jobs: int, timing: bool = False) -> Generator[tuple[int, list[dict[str, Any]]], None, None]:
    try:
        import ray
    except ImportError:
        raise RunError("--ray needs Ray: pip install -e '.[distributed]' (or pip install 'ray>=2.9'), "
                       "or run without --ray") from None
    started = False
    if not ray.is_initialized():
        try:
            if address in ("", "local"):
                ray.init(num_cpus=jobs if jobs > 1 else None, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.WARNING)
            else:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ...)
            raise RunError(f"could not start/connect Ray ({address or 'local'}): {exc}") from None
        started = True
    try:
        remote = ray.remote(play_chunk)
        refs = {remote.remote(game, config, chunk, timing): ci for ci, chunk in enumerate(chunks)}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    recs = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = getattr(exc, "cause", None)
                    raise RunError(str(cause) if isinstance(cause, RunError) else f"Ray task failed: {exc}") from None
                yield refs[ref], recs
    finally:
        if started:
            ray.shutdown()


# --------------------------------------------------------------------------- storage

def slim(record: dict[str, Any]) -> dict[str, Any]:
    return {k: record[k] for k in SLIM_KEYS if k in record}


def read_jsonl(path: Path, repair: bool = False) -> Iterator[dict[str, Any]]:
    """The records of a results file, in file order.

    A last line without its newline (a write cut short) is skipped — and cut off
    the file when ``repair`` is set, so that appending continues cleanly. Any other
    line that is not a JSON object is an error.
    """
    good_end = 0
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            if not raw.endswith(b"\n"):
                break  # partial last line
            text = raw.strip()
            if text:
                try:
                    rec = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise RunError(f"{path}: line {lineno} is not valid JSON ({exc.msg}); "
                                   "the file is corrupt beyond a cut-off last line") from None
                if not isinstance(rec, dict) or "index" not in rec:
                    raise RunError(f"{path}: line {lineno} is not a game record")
                yield rec
            good_end += len(raw)
    if repair and path.stat().st_size != good_end:
        with path.open("r+b") as fh:
            fh.truncate(good_end)


class ResultStore:
    """The files of a run directory (see the module docstring)."""

    def __init__(self, out_dir: str | os.PathLike[str]) -> None:
        self.dir = Path(out_dir)
        self.run_path = self.dir / RUN_FILE
        self.results_path = self.dir / RESULTS_FILE
        self.csv_path = self.dir / CSV_FILE

    def open_run(self, spec: RunSpec, games: int) -> dict[int, dict[str, Any]]:
        """Check the stored parameters against ``spec``, load finished games (slim) and
        record the run's parameters; raises :class:`RunError` on any mismatch."""
        ident = spec.identity()
        if self.run_path.exists():
            try:
                stored = json.loads(self.run_path.read_text())
            except (OSError, json.JSONDecodeError) as exc:
                raise RunError(f"{self.run_path} is unreadable ({exc}); use another --out") from None
            stored_ident = {k: stored.get(k) for k in ident}
            if stored_ident != ident:
                diffs = [f"{k}: stored {json.dumps(stored_ident[k])}, now {json.dumps(ident[k])}"
                         for k in ident if stored_ident[k] != ident[k]]
                raise RunError(f"{self.dir} holds a run with other parameters ({'; '.join(diffs)}). "
                               "Use the same parameters to resume it, or another --out directory.")
        elif self.results_path.exists() and self.results_path.stat().st_size > 0:
            raise RunError(f"{self.results_path} exists but {self.run_path} does not; "
                           "cannot tell which run it belongs to. Use another --out directory.")
        done: dict[int, dict[str, Any]] = {}
        if self.results_path.exists():
            for rec in read_jsonl(self.results_path, repair=True):
                i = rec["index"]
                if not isinstance(i, int) or i < 0:
                    raise RunError(f"{self.results_path}: bad game index {i!r}")
                if rec.get("seed") != spec.seed_for(i) or rec.get("bots") != spec.bots_for(i):
                    raise RunError(f"{self.results_path}: game {i} does not belong to this run "
                                   "(seed or bots differ). Use another --out directory.")
                done.setdefault(i, slim(rec))
        if done and max(done) >= games:
            raise RunError(f"{self.dir} already holds games up to index {max(done)}; "
                           f"--games {games} would drop some. Give --games {max(done) + 1} or more.")
        self.dir.mkdir(parents=True, exist_ok=True)
        info = dict(ident, games=games, bots_cycle_length=spec.cycle_length)
        tmp = self.run_path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(info, indent=1) + "\n")
        os.replace(tmp, self.run_path)
        return done

    def write_csv(self, records: Sequence[dict[str, Any]]) -> None:
        """One row per game and seat: index, seed, seat, bot, score, winner (0/1), win_share,
        decisions (of the whole game), then ``vp_<source>`` per breakdown source."""
        sources: list[str] = []
        for rec in records:
            for br in rec.get("breakdown") or ():
                for k in br:
                    if k not in sources:
                        sources.append(k)
        tmp = self.csv_path.with_suffix(".csv.tmp")
        with tmp.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["index", "seed", "seat", "bot", "score", "winner", "win_share", "decisions"]
                       + ["vp_" + s.replace(" ", "_") for s in sources])
            for rec in records:
                n = len(rec["scores"])
                breakdown = rec.get("breakdown") or [{}] * n
                for seat in range(n):
                    won = seat in rec["winners"]
                    share = 1 / len(rec["winners"]) if won else 0.0
                    w.writerow([rec["index"], rec["seed"], seat, rec["bots"][seat], rec["scores"][seat],
                                int(won), round(share, 6), rec["decisions"]]
                               + [breakdown[seat].get(s, 0) for s in sources])
        os.replace(tmp, self.csv_path)


# --------------------------------------------------------------------------- a run

@dataclass
class Plan:
    spec: RunSpec
    games: int
    done: dict[int, dict[str, Any]]
    """Games already stored (slim records), by index."""
    pending: list[int]
    store: ResultStore | None


def prepare(spec: RunSpec, games: int, out_dir: str | os.PathLike[str] | None = None) -> Plan:
    """Work out which games still have to be played (all of them without ``out_dir``)."""
    if games < 0:
        raise RunError("--games must not be negative")
    store = ResultStore(out_dir) if out_dir is not None else None
    done = store.open_run(spec, games) if store else {}
    return Plan(spec, games, done, [i for i in range(games) if i not in done], store)


@dataclass
class Outcome:
    records: list[dict[str, Any]]
    """Slim records of games 0..games-1 (stored and newly played), by index."""
    played: int
    reused: int
    seconds: float


def default_chunk_size(pending: int, workers: int) -> int:
    if workers <= 1:
        return 1
    return max(1, min(25, math.ceil(pending / (workers * 16))))


def execute(plan: Plan, jobs: int = 1, ray_address: str | None = None, chunk_size: int | None = None,
            on_games: Callable[[int], None] | None = None, timing: bool = False) -> Outcome:
    """Play the plan's pending games; store them as they finish (in index order).

    ``jobs`` > 1 uses that many worker processes; ``ray_address`` (``""`` = a local
    Ray instance) sends the games to Ray instead. ``on_games(k)`` is called whenever
    k more games have finished (for a progress bar). ``timing``: the new records hold
    each decision's CPU seconds (``play_chunk``); it changes no game.
    """
    spec = plan.spec
    items: list[Item] = [(i, spec.seed_for(i), spec.bots_for(i)) for i in plan.pending]
    workers = jobs if ray_address is None else max(jobs, os.cpu_count() or 1)
    chunks = _chunks(items, chunk_size or default_chunk_size(len(items), workers))
    new: dict[int, dict[str, Any]] = {}
    t0 = time.perf_counter()
    if not chunks:  # nothing to play: start no workers, no Ray
        results = _run_local(spec.game, spec.config, chunks, 1)
    elif ray_address is not None:
        results = _run_ray(spec.game, spec.config, chunks, ray_address, jobs, timing)
    else:
        results = _run_local(spec.game, spec.config, chunks, jobs, timing)
    try:
        buffered: dict[int, list[dict[str, Any]]] = {}
        next_chunk = 0
        for ci, recs in results:
            buffered[ci] = recs
            if on_games:
                on_games(len(recs))
            while next_chunk in buffered:  # write in index order
                chunk = buffered.pop(next_chunk)
                if plan.store:
                    append_lines(plan.store.results_path, [json.dumps(rec, separators=(",", ":")) for rec in chunk])
                for rec in chunk:
                    new[rec["index"]] = slim(rec)
                next_chunk += 1
    finally:
        results.close()  # stops workers / Ray tasks still queued
        records = [r for _, r in sorted({**plan.done, **new}.items())]
        if plan.store:
            plan.store.write_csv(records)
    return Outcome(records, len(new), len(plan.done), time.perf_counter() - t0)
