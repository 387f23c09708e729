"""The event log of a Grand Austria Hotel game (see ``GameState.keep_events``).

Each event says what happened and what it did to each seat's VP (by source), kronen and
Emperor track position. Those changes are *measured*, not declared: the log keeps a
snapshot of every seat's numbers, and whatever changed between two causes belongs to
the earlier cause. Causes are the applied action (or dice roll), the moments the rules
name — a round's end, each player's Emperor scoring, a politics card claimed, each line of
the final scoring, a module's round-end or final scoring — and a card's reaction to
something (a staff card's ability, a celebrity, a hotel entrance: ``_push_reaction``), from
its first effect until its effects are done, whichever action they resolve in. So the
deltas of the log add up to the scores and the money by construction, whatever a card does.

Events are plain JSON-able dicts:
``{"kind", "round", "seat", "vp", "kronen", "emperor", "sources": {source: vp}, "params": {...}}``
(``"by"``: the acting seat, on an event about another seat). Nothing in them is hidden
information (see ``facts.action_facts``); nothing in them is English text."""

from __future__ import annotations

from typing import Any

from tabletop.core.state import CHANCE
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES, EngineBase

Snapshot = list[tuple[tuple[int, ...], int, int]]


class EventLog(EngineBase):
    def _ev_snapshot(self) -> Snapshot:
        return [(tuple(pl.vp_src), pl.money, pl.emperor) for pl in self.players]

    def _events_start(self) -> None:
        """Where every seat stands when the log starts (at the game's start: the kronen dealt)."""
        assert self.events is not None
        self._ev_reactions = {}
        for p, pl in enumerate(self.players):
            sources = {VP_SOURCES[i]: v for i, v in enumerate(pl.vp_src) if v}
            self.events.append({"kind": "start", "round": self.round, "seat": p, "vp": pl.vp, "kronen": pl.money,
                                "emperor": pl.emperor, "sources": sources, "params": {}})

    def _events_open(self, action: str) -> None:
        cp = self.current_player
        self._ev_snap = self._ev_snapshot()
        self._ev_cause = {"kind": "roll" if cp == CHANCE else "action", "seat": max(cp, -1),
                          "round": self.round, "params": self.action_facts(action)}

    def _events_close(self) -> None:
        self._ev_flush()
        self._ev_cause = None

    def _cause(self, kind: str, seat: int, quiet: bool = False, **params: Any) -> None:
        """From here on, changes are due to ``kind`` (the rules' moment). ``quiet``: log it only
        if it changes someone's numbers. A no-op unless the log is kept."""
        if self.events is None or self._ev_cause is None:
            return
        self._ev_flush()
        self._ev_cause = {"kind": kind, "seat": seat, "round": self.round, "params": params, "quiet": quiet}

    def _ev_fx_step(self, p: int, effects: tuple[Any, ...]) -> None:
        """Before an effect of an ``fx`` frame: if the frame is a card's reaction, what follows is
        the reaction's (an event ``reaction`` naming the card, logged if it changes numbers) until
        the frame is done; a reaction within a reaction nests."""
        cause, reactions = self._ev_cause, self._ev_reactions
        if cause is None or not reactions or cause.get("fx") is effects:
            return
        whose = reactions.get(id(effects))
        if whose is None:
            return
        self._ev_flush()
        self._ev_cause = {"kind": "reaction", "seat": p, "round": self.round, "params": dict(whose[1]),
                          "quiet": True, "fx": effects, "resume": cause}

    def _ev_fx_done(self, effects: tuple[Any, ...]) -> None:
        """A card's reaction is done: what follows belongs to the cause before it again (logged only
        if it changes numbers, as that cause's own event was written already)."""
        cause = self._ev_cause
        if cause is None or cause.get("fx") is not effects:
            return
        self._ev_flush()
        self._ev_cause = {**cause["resume"], "quiet": True}

    def _ev_flush(self) -> None:
        """Write the current cause's events: the table's (a roll, a round's end) or the acting
        seat's, always unless quiet; then one for each other seat whose numbers it changed."""
        cause = self._ev_cause
        events = self.events
        assert cause is not None and events is not None
        before, now = self._ev_snap, self._ev_snapshot()
        self._ev_snap = now
        seat, quiet, params, rnd = cause["seat"], cause.get("quiet", False), cause["params"], cause["round"]
        kind = cause["kind"]
        if seat < 0 and not quiet:
            events.append({"kind": kind, "round": rnd, "seat": -1, "vp": 0, "kronen": 0, "emperor": 0,
                           "sources": {}, "params": params})
        order = ([seat] if seat >= 0 else []) + [q for q in range(self.num_players) if q != seat]
        for p in order:
            (src0, money0, emp0), (src1, money1, emp1) = before[p], now[p]
            sources = {VP_SOURCES[i]: src1[i] - src0[i] for i in range(len(src0)) if src1[i] != src0[i]}
            if not (sources or money1 != money0 or emp1 != emp0) and (p != seat or quiet):
                continue
            ev: dict[str, Any] = {"kind": kind, "round": rnd, "seat": p, "vp": sum(sources.values()),
                                  "kronen": money1 - money0, "emperor": emp1 - emp0, "sources": sources,
                                  "params": params}
            if p != seat and seat >= 0:
                ev["by"] = seat
            events.append(ev)
