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
from concurrent.futures import Executor
from typing import Any

PARENT_POLL_SECONDS = 1.0


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread where Ctrl-C would raise KeyboardInterrupt."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated()


def stop_on_terminate() -> None:
    """Make SIGTERM stop this process the way Ctrl-C does (as :class:`Terminated`, a
    KeyboardInterrupt), so that the same cleanup runs for both. Main thread only."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_terminated)


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


def stop_pool_now(pool: Executor) -> None:
    """Stop a process pool without waiting for the tasks under way: queued tasks are
    cancelled and the workers terminated (their results are lost; finished ones are not)."""
    procs = pool_workers(pool)  # shutdown() forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5)
