"""``tabletop serve`` and the compiled engine (tabletop/fast/background.py): the line that says which
build runs, and the background build it starts when the build is missing or stale: once for two
servers started together (the lock goes with the build process), never with TABLETOP_PURE=1, nor
where it cannot be built, nor again on sources whose build failed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import fast
from tabletop.fast import background


@pytest.fixture
def plain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[str]]]:
    """A process running plain Python with its build folder in tmp_path; the background build
    replaced by a process that holds what it is given for 3 s. Returns the commands started."""
    monkeypatch.setattr(fast, "FAST", tmp_path / "_fast")
    monkeypatch.setattr(fast, "MANIFEST", tmp_path / "_fast" / "manifest.json")
    monkeypatch.setattr(fast, "_installed", None)
    monkeypatch.setattr(fast, "cannot_build", lambda: None)
    monkeypatch.delenv("TABLETOP_PURE", raising=False)
    started: list[list[str]] = []
    real = subprocess.Popen
    children: list[subprocess.Popen[bytes]] = []

    def popen(args: list[str], **kw: Any) -> subprocess.Popen[bytes]:
        started.append(list(args))
        child = real([sys.executable, "-c", "import time; time.sleep(3)"], **kw)
        children.append(child)
        return child

    monkeypatch.setattr(background.subprocess, "Popen", popen)
    yield started
    for child in children:
        child.kill()
        child.wait()


def test_a_missing_build_is_started_in_the_background_once(plain: list[list[str]]) -> None:
    first = background.at_start("127.0.0.1", 8123)
    assert first.startswith("engine: plain Python this time; the compiled engine is being built in the "
                            "background at low priority, log: ") and first.endswith("; the next start uses it")
    assert plain == [[sys.executable, "-m", "tabletop.fast.build", "--background", "--after=127.0.0.1:8123"]]
    assert "started by tabletop serve" in fast.log_file().read_text()
    # the build process holds the lock: a second server started now starts nothing
    second = background.at_start("127.0.0.1", 8124)
    assert "being built in the background by another process" in second and len(plain) == 1
    assert fast.take_lock(wait=False) is None
    pid = int(fast.lock_file().read_text())  # the lock file names the build process
    assert pid > 0


def test_the_lock_is_free_again_when_the_build_ends(plain: list[list[str]]) -> None:
    background.at_start("127.0.0.1", 8123)
    end = time.monotonic() + 10
    while (lock := fast.take_lock(wait=False)) is None and time.monotonic() < end:
        time.sleep(0.1)
    assert lock is not None, "the lock outlived the build process"
    lock.close()


def test_nothing_is_built_with_tabletop_pure(plain: list[list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_PURE", "1")
    assert background.at_start("127.0.0.1", 8123) == "engine: plain Python (TABLETOP_PURE=1)"
    assert plain == [] and not fast.lock_file().exists()


def test_without_a_compiler_it_says_so_and_builds_nothing(plain: list[list[str]],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "cannot_build", lambda: "there is no C compiler (cc; e.g. apt-get install gcc)")
    line = background.at_start("127.0.0.1", 8123)
    assert line == ("engine: plain Python (slower): the compiled engine cannot be built here: "
                    "there is no C compiler (cc; e.g. apt-get install gcc)")
    assert plain == []


def test_a_build_that_failed_on_these_sources_is_not_started_again(plain: list[list[str]]) -> None:
    fast.record_failure("the engine runs as plain Python (slower): the compiled build failed (error: x.c)")
    line = background.at_start("127.0.0.1", 8123)
    assert line.startswith("engine: plain Python: the last build of these sources failed (error: x.c; log: ")
    assert "python -m tabletop.fast.build` tries again" in line and plain == []
    fast.record_failure(None)  # a build that worked forgets it
    assert "being built in the background" in background.at_start("127.0.0.1", 8123)


def test_a_complete_build_is_named_with_its_cython(plain: list[list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    table = {fast.module_name(s): s for s in fast.hot_sources()}
    monkeypatch.setattr(fast, "_installed", fast._CompiledFinder(table))
    fast.fast_dir()
    fast.MANIFEST.write_text('{"cython": "3.3.1"}')
    assert background.at_start("127.0.0.1", 8123) == f"engine: compiled, {len(table)} modules (Cython 3.3.1)"
    # an edited module runs as Python; the rest stays compiled, and the edited one is built
    del table[next(iter(table))]
    line = background.at_start("127.0.0.1", 8123)
    assert line.startswith(f"engine: compiled for {len(table)} of {len(table) + 1} modules (Cython 3.3.1), plain "
                           "Python for the 1 changed one this time; the compiled engine is being built")
    assert len(plain) == 1


def test_a_read_only_install_says_it_cannot_build(plain: list[list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(wait: bool) -> None:
        raise PermissionError(13, "Permission denied", str(fast.lock_file()))

    monkeypatch.setattr(fast, "take_lock", refused)
    line = background.at_start("127.0.0.1", 8123)
    assert line.startswith("engine: plain Python this time: the compiled engine cannot be built here (") and plain == []


def test_two_servers_started_together_start_one_build(tmp_path: Path) -> None:
    """Two processes at once (as two `tabletop serve` started together): one starts the build, the
    other finds the lock held and says so."""
    code = ("import subprocess, sys\n"
            "from pathlib import Path\n"
            "from tabletop import fast\n"
            "from tabletop.fast import background\n"
            f"fast.FAST = Path({str(tmp_path / '_fast')!r}); fast.MANIFEST = fast.FAST / 'manifest.json'\n"
            "fast._installed = None; fast.cannot_build = lambda: None\n"
            "real = subprocess.Popen\n"
            "def popen(args, **kw):\n"
            "    return real([sys.executable, '-c', 'import time; time.sleep(4)'], **kw)\n"
            "background.subprocess.Popen = popen\n"
            "sys.stdin.readline()\n"  # both wait here, then go at once
            "print(background.at_start('127.0.0.1', 8123))\n")
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_PURE"}
    procs = [subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env) for _ in range(2)]
    time.sleep(1.0)  # both imported
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    lines = sorted(p.communicate(timeout=30)[0].strip() for p in procs)
    assert [("by another process" in line) for line in lines] == [False, True], lines
    assert all("being built in the background" in line for line in lines), lines
