"""Where the server's bots think: worker processes, so that no bot slows the server.

A search bot spends 0.2-3 s of CPU on one decision. In a thread of the server process it
would hold the GIL against every other game's updates; in a worker process it only takes
a core. A decision crosses the process boundary as plain data: the bot object itself (it
keeps state between decisions: its random stream, a planned line) with the seat's game,
number, legal actions and view; the worker rebuilds the :class:`Observation` and sends
back the action together with the bot as it is after choosing. The server keeps that
bot, so a game plays exactly as it did with in-process threads.

Workers are started with ``spawn`` (the server has threads and an event loop: a forked
child could inherit a held lock), import the engine once when they start, run at the lowest
CPU priority (on a busy machine the server goes first), ignore Ctrl-C (the server shuts them
down) and end by themselves when the server process is gone (even killed with SIGKILL). A
worker that dies (killed, out of memory, a crash in compiled code) breaks its pool: the pool
is made again and the decisions that were in it are asked again; the bots sent are the
server's unchanged copies, so asking again gives the same answers. A decision that runs past
``TIME_LIMIT`` (a bot caught in a loop) has its workers stopped the same way.

``workers=0`` keeps the old way, threads of the server process (``bot.choose`` on the
server's own bot object): for debugging and for comparing the two.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from tabletop.bots.base import Bot, Observation
from tabletop.core.processes import pool_workers, stop_pool_now, terminate_workers, watch_parent

log = logging.getLogger("tabletop.web")
R = TypeVar("R")
# how often one decision is asked again after its worker died, before the seat gives up
ATTEMPTS = 3
# seconds one decision may run in a worker before the worker is stopped and the decision asked
# again: far above the levels' budgets (an expert: 0.2-3 s), even at the lowest priority on a
# busy machine; only a bot caught in a loop reaches it
TIME_LIMIT = 300.0
# bots that answer in a few ms: they get a worker of their own (see BotPool)
QUICK = ("random", "greedy")
# bot thinking runs behind the server: at nice 10 a worker has about a tenth of the weight of
# a process at normal priority (the server with an update to send, or other work on the
# machine), so it yields to them, yet it keeps a share of a busy core and a person's wait stays
# near the table's bound a decision (--bot-seconds). The idle scheduling class (tried before)
# gave the workers nothing while anything else ran: on a machine doing other work a master's
# turn took 7 s (median) and up to 20 s against the 4 s bound (tools/bot_wait.py, docs/WEB.md)
WORKER_NICE = 10


def default_workers() -> int:
    """One core for the server, the others for bots (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


def _constant(view: dict[str, Any]) -> Any:
    def get() -> dict[str, Any]:
        return view

    return get


def _start_worker() -> None:
    """Import the engine and the bots once, in each worker, before its first decision."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent()  # a server killed with SIGKILL cannot stop its workers: they end themselves
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    from tabletop.bots import registry  # noqa: F401 - the bots and their evaluators
    from tabletop.bots.base import searching_process
    from tabletop.core.registry import game_names, get_game

    for name in game_names():
        get_game(name)
    searching_process()


def _ready() -> int:
    return os.getpid()


def think(bot: Bot, game: str, seat: int, legal: list[str], view: dict[str, Any]) -> tuple[str, Bot]:
    """One decision (in a worker): the action and the bot as it is after choosing."""
    action = bot.choose(Observation(game, seat, legal, _constant(view)))
    return action, bot


class BotPool:
    """Runs bots' decisions in ``workers`` processes (0: in ``threads`` threads of this process).

    Quick bots (``QUICK``: a few ms a decision) have a worker of their own, so that their
    games never queue behind an expert's seconds of thinking: with workers, the pool is
    ``workers`` processes for the search bots plus one for the quick ones."""

    def __init__(self, workers: int, threads: int = 2, time_limit: float = TIME_LIMIT) -> None:
        if workers < 0:
            raise ValueError("bot workers must be 0 (threads of the server) or more")
        self.workers = workers
        self.threads = threads
        self.time_limit = time_limit
        self.restarts = 0  # pools made again after a worker died (for logs and tests)
        self._pools: dict[str, Executor] = {}
        # each process pool's start-up requests (one per worker): done once its workers have
        # imported the engine, which is when a decision's clock may start
        self._starting: dict[Executor, list[Future[int]]] = {}
        self._lock = threading.Lock()
        self._closed = False

    @property
    def in_process(self) -> bool:
        return self.workers == 0

    def _lane(self, bot: Bot) -> str:
        if self.in_process:
            return "threads"
        return "quick" if getattr(bot, "name", None) in QUICK else "search"

    def _make(self, lane: str) -> Executor:
        if lane == "threads":
            return ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="bot")
        n = 1 if lane in ("quick", "coach") else self.workers
        pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker)
        # start every worker now (each imports the engine), not at the first bot's move
        self._starting[pool] = [pool.submit(_ready) for _ in range(n)]
        return pool

    def _started(self, pool: Executor) -> bool:
        """Whether every worker of ``pool`` has started (a thread pool: at once)."""
        return all(f.done() for f in self._starting.get(pool, ()))

    def _get(self, lane: str) -> Executor:
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            if lane not in self._pools:
                self._pools[lane] = self._make(lane)
            return self._pools[lane]

    def start(self) -> None:
        """Start the workers (each imports the engine) before the first bot's move; cheap once
        they run, and nothing after a shutdown."""
        lanes = ("threads",) if self.in_process else ("search", "quick")
        if self._closed or all(lane in self._pools for lane in lanes):
            return
        for lane in lanes:
            with contextlib.suppress(RuntimeError):
                self._get(lane)

    def _replace(self, lane: str, broken: Executor) -> None:
        """Make a new pool if ``broken`` is still the lane's (many decisions see the same break)."""
        with self._lock:
            if self._pools.get(lane) is not broken or self._closed:
                return
            self.restarts += 1
            del self._pools[lane]
            self._starting.pop(broken, None)
        stop_pool_now(broken)
        self._get(lane)

    async def choose(self, bot: Bot, game: str, seat: int, legal: list[str],
                     view: dict[str, Any]) -> tuple[str, Bot]:
        """The bot's action and its state afterwards (in-process: the same object, changed)."""
        lane = self._lane(bot)
        if self.in_process:
            obs = Observation(game, seat, legal, _constant(view))
            return await asyncio.get_running_loop().run_in_executor(self._get(lane), bot.choose, obs), bot
        return await self._ask(lane, "bot", f"seat {seat} of a {game} game", think,  # type: ignore[no-any-return]
                               bot, game, seat, legal, view)

    async def run(self, fn: Callable[..., R], *args: Any) -> R:
        """A plain function of plain data (the coach's hints and reviews) in a worker of a lane of
        its own, ``coach`` (started at its first use; in-process: a thread), so that it neither
        holds the server's GIL nor waits behind a bot's turn."""
        if self.in_process:
            return await asyncio.get_running_loop().run_in_executor(self._get("threads"), fn, *args)
        return await self._ask("coach", "coach", "the coach", fn, *args)  # type: ignore[no-any-return]

    async def _ask(self, lane: str, kind: str, who: str, *call: Any) -> Any:
        """``call`` in the lane's workers; when a worker dies on it, the lane is started again and
        it is asked again (at most ``ATTEMPTS`` times)."""
        for attempt in range(1, ATTEMPTS + 1):
            pool = self._get(lane)
            try:
                return await self._run(pool, who, *call)
            except BrokenProcessPool:
                if self._closed:
                    raise
                log.warning("a %s worker died while %s was thinking (attempt %s of %s): "
                            "starting the workers again, it thinks again", kind, who, attempt, ATTEMPTS)
                await asyncio.to_thread(self._replace, lane, pool)
        raise BrokenProcessPool(f"{kind} workers died {ATTEMPTS} times on one request of {who}")

    async def _run(self, pool: Executor, who: str, *call: Any) -> Any:
        """One request in ``pool``; past ``time_limit`` seconds since it reached a worker, that
        lane's workers are stopped (a bot caught in a loop would hold its worker for ever), which
        every request in the lane sees as a dead worker. The clock starts once the request is
        handed over and the pool's workers have started: a new worker's imports (seconds on a
        busy machine) are not the bot's thinking."""
        fut = pool.submit(*call)
        wrapped = asyncio.wrap_future(fut)
        started: float | None = None
        try:
            while True:
                done, _ = await asyncio.wait({wrapped}, timeout=1.0)
                if done:
                    return wrapped.result()
                now = time.monotonic()
                if started is None and fut.running() and self._started(pool):  # handed to a worker
                    started = now
                if started is not None and now - started > self.time_limit:
                    log.warning("%s thought longer than %s s: stopping its workers", who, self.time_limit)
                    # its manager then fails every decision in the pool as a dead worker's
                    # (BrokenProcessPool), and those are asked again in a new pool
                    terminate_workers(pool)
                    started = None
        except asyncio.CancelledError:
            fut.cancel()
            raise

    def pids(self) -> list[int]:
        """The live worker processes (empty in-process or before the first use)."""
        return [p.pid for pool in list(self._pools.values()) for p in pool_workers(pool) if p.is_alive()]

    def shutdown(self) -> None:
        """Stop the workers now: queued decisions are dropped, running ones are not waited for
        (their games' bot tasks are cancelled first; a restarted server asks again)."""
        with self._lock:
            self._closed = True
            pools, self._pools = list(self._pools.values()), {}
            self._starting.clear()
        for pool in pools:
            stop_pool_now(pool)
