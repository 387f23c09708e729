"""Bots for the server's tests that can cross into a bot worker process (they pickle): a bot
that waits for a file before answering, one that kills its worker once, one that hangs once."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tabletop.bots.base import Observation, RandomBot


class FileGateBot:
    """Thinks until the test creates ``gate`` (a file: it works in a worker process too)."""

    name = "gate"

    def __init__(self, gate: Path) -> None:
        self.gate = gate

    def choose(self, obs: Observation) -> str:
        deadline = time.monotonic() + 20
        while not self.gate.exists():
            assert time.monotonic() < deadline, "the test never opened the gate"
            time.sleep(0.02)
        return obs.legal_actions[0]


class CrashOnceBot:
    """Plays like a random bot, but the first decision asked in a worker process (not in the
    test's own process) kills that worker; ``marker`` says it happened."""

    name = "crash-once"

    def __init__(self, marker: Path, seed: int) -> None:
        self.marker = marker
        self.home = os.getpid()
        self.inner = RandomBot(seed)

    def choose(self, obs: Observation) -> str:
        if os.getpid() != self.home and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(3)
        return self.inner.choose(obs)


class HangOnceBot(CrashOnceBot):
    """Like :class:`CrashOnceBot`, but its first decision in a worker never ends (a bot caught
    in a loop) instead of killing the worker."""

    name = "hang-once"

    def choose(self, obs: Observation) -> str:
        if os.getpid() != self.home and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            time.sleep(3600)
        return self.inner.choose(obs)
