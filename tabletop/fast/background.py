"""The compiled engine as ``tabletop serve`` sees it at start: which build this process runs,
and, when the build is missing or stale, the build started in the background.

The background build is ``python -m tabletop.fast.build --background``: at nice 19, waiting
until this server answers before it compiles, its output in ``tabletop/_fast/build.log``. This
process takes the build lock (``fcntl``) before it starts it and hands the locked file to it, so
two servers started at once start one build; the other says that a build is under way. The
process that started it keeps its plain modules; the next start loads the compiled ones (the
finder in ``tabletop/fast/__init__.py`` uses a module's build only when the manifest matches)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tabletop import fast

NEXT = "the next start uses it"


def _loaded() -> int:
    """How many hot modules this process runs compiled (decided when ``tabletop`` was imported)."""
    finder = fast._installed
    return len(finder.table) if finder is not None else 0


def _start(host: str, port: int) -> str | None:
    """Start the background build under the lock; None when another process holds the lock
    (a build is under way). OSError where ``_fast/`` cannot be written."""
    lock = fast.take_lock(wait=False)
    if lock is None:
        return None
    with lock:
        log = fast.log_file()
        with open(log, "w") as out:
            out.write(f"== {time.strftime('%Y-%m-%d %H:%M:%S')} started by tabletop serve (pid {os.getpid()})\n")
            out.flush()
            env = {**os.environ, fast.LOCK_FD_ENV: str(lock.fileno())}
            env.pop("TABLETOP_PURE", None)
            # a session of its own: Ctrl-C on the server does not stop the build, which the next
            # start uses; the locked file goes with it and stays locked until the build ends
            child = subprocess.Popen(
                [sys.executable, "-m", "tabletop.fast.build", "--background", f"--after={host}:{port}"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
                pass_fds=(lock.fileno(),), start_new_session=True, close_fds=True)
        # the lock file names the builder, for whoever wants to wait for it or stop it
        try:
            lock.seek(0)
            lock.truncate()
            lock.write(f"{child.pid}\n")
            lock.flush()
        except OSError:
            pass
    return fast.shown(log)


def at_start(host: str, port: int) -> str:
    """The line ``tabletop serve`` prints about the engine, after starting the background
    build if one is needed and can be made here."""
    hot = len(fast.hot_sources())
    if os.environ.get("TABLETOP_PURE"):
        return "engine: plain Python (TABLETOP_PURE=1)"
    loaded = _loaded()
    if loaded == hot:
        return f"engine: compiled, {hot} modules (Cython {fast.built_with()})"
    if loaded:
        changed = hot - loaded
        now = (f"compiled for {loaded} of {hot} modules (Cython {fast.built_with()}), plain Python for the "
               f"{changed} changed {'one' if changed == 1 else 'ones'} this time")
    else:
        now = "plain Python this time"
    why = fast.cannot_build()
    if why:
        return f"engine: {now.replace(' this time', '')} (slower): the compiled engine cannot be built here: {why}"
    failed = fast.last_failure()
    if failed:
        failed = failed.removeprefix("the engine runs as plain Python (slower): ")
        if failed.startswith("the compiled build failed (") and failed.endswith(")"):
            failed = failed[len("the compiled build failed ("):-1]
        return (f"engine: {now.replace(' this time', '')}: the last build of these sources failed ({failed}; log: "
                f"{fast.shown(fast.log_file())}); `python -m tabletop.fast.build` tries again")
    try:
        log = _start(host, port)
    except OSError as exc:
        return f"engine: {now}: the compiled engine cannot be built here ({exc})"
    if log is None:
        return (f"engine: {now}; the compiled engine is being built in the background by another process at "
                f"low priority, log: {fast.shown(fast.log_file())}; {NEXT}")
    return f"engine: {now}; the compiled engine is being built in the background at low priority, log: {log}; {NEXT}"
