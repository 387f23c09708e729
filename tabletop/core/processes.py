"""Worker processes that stop with the run that started them.

A long run (`tabletop simulate`, `tabletop ladder`) is stopped by Ctrl-C at a terminal,
and by SIGTERM from everything else: `kill`, a batch scheduler at the end of a job's time,
a container shutting down. Both must stop the same way: the games finished so far stay
stored, the games under way are dropped, and no worker goes on playing for a parent that
is gone. A parent killed outright (SIGKILL) cannot stop its workers, so each worker also
watches its parent and ends itself when the parent is gone.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

PARENT_POLL_SECONDS = 1.0


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread where Ctrl-C would raise KeyboardInterrupt."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated()


@contextmanager
def stop_on_terminate() -> Iterator[None]:
    """Inside the block SIGTERM stops this process the way Ctrl-C does (as :class:`Terminated`,
    a KeyboardInterrupt), so that the same cleanup runs for both; the handler before it is put
    back after. Outside the main thread (where no handler can be set) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def interrupted_exit_code(exc: BaseException) -> int:
    """The shell's code for a process stopped by this signal: 143 for SIGTERM, 130 for Ctrl-C."""
    return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)


def watch_parent() -> None:
    """End this (worker) process within about a second of its parent's end, however the
    parent ended: a worker in the middle of a long task would otherwise finish it, and a
    worker waiting for its next task would wait for ever."""
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="parent-watch", daemon=True).start()


def worker_signals() -> None:
    """A pool worker leaves Ctrl-C to its parent (which stops the pool) and dies at once on
    SIGTERM, whatever handler a forked worker inherited from its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def pool_workers(pool: Executor) -> list[Any]:
    """A process pool's worker processes (none for a thread pool)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def _terminate(procs: list[Any]) -> None:
    for p in procs:
        if p.is_alive():
            p.terminate()


def terminate_workers(pool: Executor) -> None:
    """Kill a process pool's workers (the pool's manager then fails their tasks as a dead
    worker's: BrokenProcessPool)."""
    _terminate(pool_workers(pool))


def stop_pool_now(pool: Executor) -> None:
    """Stop a pool without waiting for the tasks under way: queued tasks are cancelled, the
    workers terminated (their results are lost; finished ones are not) and the pool's manager
    thread given a few seconds to end, so that the process can exit."""
    # shutdown() forgets the processes and the manager thread: take them first
    procs = pool_workers(pool)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    _terminate(procs)
    for p in procs:
        p.join(5)
    if isinstance(manager, threading.Thread):
        manager.join(5)


def _start_worker(initializer: Callable[..., Any] | None, initargs: tuple[Any, ...]) -> None:
    worker_signals()
    watch_parent()
    if initializer is not None:
        initializer(*initargs)


@contextmanager
def worker_pool(jobs: int, initializer: Callable[..., Any] | None = None, initargs: tuple[Any, ...] = (),
                mp_context: Any = None) -> Iterator[ProcessPoolExecutor]:
    """A process pool for a long run: its workers leave Ctrl-C and SIGTERM to the parent and
    end when the parent is gone; on leaving the block normally it waits for its tasks, on an
    exception (Ctrl-C, SIGTERM, a failed task) it stops them at once and re-raises."""
    pool = ProcessPoolExecutor(jobs, mp_context=mp_context, initializer=_start_worker,
                               initargs=(initializer, initargs))
    try:
        yield pool
    except BaseException:
        stop_pool_now(pool)
        raise
    pool.shutdown(wait=True)
