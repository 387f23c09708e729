"""Clocks: how long each person may think, chosen when the table is made, kept in the store and
enforced by the server whatever restarts.

- ``realtime``: each seat has a bank (e.g. 600 s) that runs while it is that seat's turn, and
  gets ``increment`` seconds (e.g. 20) back at the end of each of its turns.
- ``correspondence``: each turn may take ``per_move`` seconds (e.g. a day); what a turn takes
  beyond that comes out of the seat's bank (e.g. a week in all).

The clock state (each seat's bank, whose turn runs since when, its deadline) is written in the
same transaction as the move that changed it, so a deadline is never lost and never moves by a
restart. When a deadline passes, the table's ``policy`` applies, once, by whichever process's
sweep gets there first (the write is a compare and set like every other): ``bot`` — a bot
plays the seat until its person takes it back (the away stand-in, logged with the reason
``clock``); ``forfeit`` — the seat loses: with ``after_forfeit: "bot"`` a bot plays it on (it
cannot be taken back), with ``"end"`` the game ends there, the others ranked by their score.
When only ``REMIND_AT`` of a turn's time is left (at most ``REMIND_MAX`` before its deadline), a
reminder goes to the seat's account like a turn's notice (``remind_time``; web/notices.py), once.

The functions below take the time as an argument; the server reads it from ``now()``, which a
server started with ``--test-clock`` lets its tests move on (``skip_time``: days pass in a
moment), so that a correspondence clock can be watched run out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tabletop.web.errors import ServiceError

_skipped = [0.0]  # seconds the test clock moved on (only a --test-clock server moves it)


def now() -> float:
    """The time the clocks read: the wall clock, plus what a test skipped."""
    return time.time() + _skipped[0]


def skip_time(seconds: float) -> float:
    """Move the clocks on (tests only; ``seconds`` < 0 goes back to the wall clock); the skip now."""
    _skipped[0] = 0.0 if seconds < 0 else _skipped[0] + seconds
    return _skipped[0]


REMIND_AT = 0.25  # the share of a turn's time left when its player is reminded
REMIND_MAX = 12 * 3600.0  # ... but no earlier than this before the deadline
POLICIES = ("bot", "forfeit")
AFTER_FORFEIT = ("bot", "end")
LIMITS = {"bank": (10, 60 * 86400), "increment": (0, 3600), "per_move": (60, 14 * 86400)}


@dataclass(frozen=True)
class ClockSpec:
    kind: str  # realtime / correspondence
    bank: int  # seconds
    increment: int = 0  # realtime: seconds back after each turn
    per_move: int = 0  # correspondence: seconds each turn may take before the bank runs
    policy: str = "bot"
    after_forfeit: str = "bot"

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "bank": self.bank, "increment": self.increment, "per_move": self.per_move,
                "policy": self.policy, "after_forfeit": self.after_forfeit}


def parse(spec: dict[str, Any] | None) -> ClockSpec | None:
    """A table's clock from its request (None: no clock); a refusal that says what is wrong."""
    if not spec:
        return None
    kind = spec.get("kind")
    if kind not in ("realtime", "correspondence"):
        raise ServiceError("clock.kind: realtime or correspondence", "clock.kind")
    out = ClockSpec(kind, int(spec.get("bank", 0)), int(spec.get("increment", 0)), int(spec.get("per_move", 0)),
                    str(spec.get("policy", "bot")), str(spec.get("after_forfeit", "bot")))
    for name, (low, high) in LIMITS.items():
        value = getattr(out, name)
        needed = name == "bank" or (name == "per_move" and kind == "correspondence")
        if (needed or value) and not low <= value <= high:
            raise ServiceError(f"clock.{name}: {low}-{high} seconds, not {value}", "clock.range")
    if kind == "realtime" and out.per_move:
        raise ServiceError("clock.per_move is for correspondence clocks", "clock.range")
    if kind == "correspondence" and out.increment:
        raise ServiceError("clock.increment is for realtime clocks", "clock.range")
    if out.policy not in POLICIES or out.after_forfeit not in AFTER_FORFEIT:
        raise ServiceError("clock.policy: bot or forfeit; clock.after_forfeit: bot or end", "clock.policy")
    return out


def from_row(data: dict[str, Any] | None) -> ClockSpec | None:
    return ClockSpec(**data) if data else None


def fresh(spec: ClockSpec, players: int) -> dict[str, Any]:
    """The clock state before the first turn: every bank full, nobody's turn running."""
    return {"banks": [float(spec.bank)] * players, "seat": None, "since": None, "deadline": None, "reminded": False}


def deadline_of(spec: ClockSpec, bank: float, since: float) -> float:
    return since + bank + (spec.per_move if spec.kind == "correspondence" else 0)


def remind_time(state: dict[str, Any]) -> float | None:
    """When the running turn's player is reminded (None: nobody's turn runs)."""
    if state.get("deadline") is None or state.get("since") is None:
        return None
    left = min(REMIND_AT * (state["deadline"] - state["since"]), REMIND_MAX)
    return float(state["deadline"] - left)


def charged(spec: ClockSpec, bank: float, took: float) -> float:
    """A seat's bank after a turn that took ``took`` seconds."""
    if spec.kind == "realtime":
        return max(0.0, bank - took) + spec.increment
    return max(0.0, bank - max(0.0, took - spec.per_move))


def advance(spec: ClockSpec, state: dict[str, Any], running: int | None, now: float) -> dict[str, Any]:
    """The clock after a move: the seat whose turn ran is charged; ``running`` (a person's seat
    whose turn it is now; None: a bot's turn, or the game is not running) starts its own. The
    same seat moving on keeps its turn's clock running."""
    state = {**state, "banks": list(state["banks"])}
    if state["seat"] is not None and state["seat"] == running:
        return state
    if state["seat"] is not None and state["since"] is not None:
        seat = state["seat"]
        state["banks"][seat] = charged(spec, state["banks"][seat], now - state["since"])
    if running is None:
        state.update(seat=None, since=None, deadline=None, reminded=False)
    else:
        state.update(seat=running, since=now, deadline=deadline_of(spec, state["banks"][running], now),
                     reminded=False)
    return state


def view(spec: ClockSpec, state: dict[str, Any], now: float) -> dict[str, Any]:
    """What every seat sees: each seat's time left (the running seat's counting down), whose runs."""
    left = []
    for seat, bank in enumerate(state["banks"]):
        if seat == state["seat"] and state["since"] is not None:
            left.append(max(0.0, state["deadline"] - now))
        else:
            left.append(bank + (spec.per_move if spec.kind == "correspondence" else 0))
    return {**spec.public(), "left": [round(x, 1) for x in left], "running": state["seat"],
            "deadline": state["deadline"]}
