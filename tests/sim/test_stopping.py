"""Stopping a long run: SIGTERM stops `simulate` and `ladder` as Ctrl-C does, and no worker
outlives its parent, even one killed outright (a batch scheduler's `kill`, a container's end)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.core.processes import Terminated, interrupted_exit_code, stop_on_terminate

if not sys.platform.startswith("linux"):
    pytest.skip("reads the process table from /proc", allow_module_level=True)

EXE = Path(sys.executable).parent / "tabletop"


def test_sigterm_inside_the_block_is_a_keyboard_interrupt_and_the_old_handler_comes_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated) as caught, stop_on_terminate():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises in the main thread at once; the sleep never ends normally
    assert isinstance(caught.value, KeyboardInterrupt)
    assert interrupted_exit_code(caught.value) == 143 and interrupted_exit_code(KeyboardInterrupt()) == 130
    assert signal.getsignal(signal.SIGTERM) == before


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"


def _sigint_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(cmd: list[str], workers: int) -> tuple[subprocess.Popen[str], set[int]]:
    """Start a run and wait until its workers are up and playing; its worker pids."""
    # as a shell starts a job at the terminal: with Ctrl-C at its default (a pytest-xdist worker
    # ignores SIGINT, and an ignored signal stays ignored in the processes it starts)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_sigint_as_at_a_terminal)
    deadline = time.monotonic() + 60
    kids: set[int] = set()
    while time.monotonic() < deadline and proc.poll() is None:
        kids = _children(proc.pid)
        if len(kids) >= workers:
            break
        time.sleep(0.1)
    assert proc.poll() is None, f"the run ended before it could be stopped: {proc.communicate()}"
    assert len(kids) >= workers, f"only {len(kids)} worker processes started"
    time.sleep(4.0)  # the workers import the bots and start their first games
    assert proc.poll() is None, "the run ended before it could be stopped"
    return proc, kids


def _gone_within(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = {p for p in pids if _alive(p)}
        if not left:
            return left
        time.sleep(0.1)
    return {p for p in pids if _alive(p)}


def _cleanup(pids: set[int]) -> None:
    for p in pids:
        if _alive(p):
            os.kill(p, signal.SIGKILL)


SIMULATE = ["simulate", "--game", "grand-austria-hotel", "--players", "2", "--bots", "expert",
            "--seed", "5", "--games", "8", "--jobs", "2", "--chunk-size", "1"]
LADDER = ["ladder", "--pair", "expert vs expert", "--games", "6", "--jobs", "2", "--seed", "5", "--quiet"]
TRAIN = ["train", "--name", "stopped", "--method", "fit", "--games", "8", "--proxy", "expert", "--check", "0",
         "--jobs", "2", "--seed", "5"]


def _stop_cleanly(cmd: list[str], stop: signal.Signals, message: str, group: bool = False) -> None:
    """Start a run, stop it with ``stop`` (to its whole process group when ``group``: a
    terminal's Ctrl-C) and check that it ends as it should: the shell's code for the signal,
    ``message`` on stderr, no traceback, and none of its workers left."""
    proc, workers = _start([str(EXE), *cmd], 2)
    try:
        if group:
            os.killpg(proc.pid, stop)
        else:
            proc.send_signal(stop)
        _stdout, stderr = proc.communicate(timeout=30)
        assert proc.returncode == 128 + stop, stderr
        assert message in stderr
        assert "Traceback" not in stderr
        assert _gone_within(workers, 10) == set(), "workers went on after the run was stopped"
    finally:
        _cleanup(workers)


def test_sigterm_stops_simulate_like_ctrl_c_and_its_workers_with_it(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _stop_cleanly([*SIMULATE, "--out", str(out), "--quiet"], signal.SIGTERM,
                  f"terminated; finished games are stored in {out}/")
    stored = out / "results.jsonl"
    lines = stored.read_bytes().splitlines() if stored.exists() else []
    assert len(lines) < 8, "the run was not stopped: it played every game"


def test_a_simulate_killed_outright_takes_its_workers_with_it(tmp_path: Path) -> None:
    proc, workers = _start([str(EXE), *SIMULATE, "--out", str(tmp_path / "run"), "--quiet"], 2)
    try:
        os.kill(proc.pid, signal.SIGKILL)  # no handler runs: the workers must notice by themselves
        proc.communicate(timeout=30)
        assert _gone_within(workers, 10) == set(), "workers outlived their killed parent"
    finally:
        _cleanup(workers)


def test_sigterm_stops_a_ladder_and_keeps_its_journal(tmp_path: Path) -> None:
    save = tmp_path / "lad"
    _stop_cleanly([*LADDER, "--save", str(save)], signal.SIGTERM,
                  f"terminated; finished games are stored in {save}.games.jsonl")


def test_ctrl_c_at_the_terminal_stops_a_ladder_without_a_traceback(tmp_path: Path) -> None:
    save = tmp_path / "lad"
    _stop_cleanly([*LADDER, "--save", str(save)], signal.SIGINT,
                  f"interrupted; finished games are stored in {save}.games.jsonl", group=True)


def test_sigterm_stops_a_training_run_and_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "model.json"
    _stop_cleanly([*TRAIN, "--out", str(target)], signal.SIGTERM, "terminated; nothing was written")
    assert not target.exists()
