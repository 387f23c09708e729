"""The rules of Grand Austria Hotel in one class, ``GahRules``, assembled from the rule files
beside it (setup, turn flow, decisions, turn actions, effects, scoring, the event log).

It knows no words and no positions: ``state.GahState`` adds those on top, so that the
text and position code can be read after the rules and never has to be imported by them.
"""

from __future__ import annotations

from typing import Any, Self

from tabletop.core.rng import Rng
from tabletop.core.state import typed_fields
from tabletop.games.grand_austria_hotel.engine.actions import TurnActions
from tabletop.games.grand_austria_hotel.engine.base import EngineBase
from tabletop.games.grand_austria_hotel.engine.decisions import Decisions
from tabletop.games.grand_austria_hotel.engine.effects import Effects
from tabletop.games.grand_austria_hotel.engine.flow import TurnFlow
from tabletop.games.grand_austria_hotel.engine.ledger import EventLog
from tabletop.games.grand_austria_hotel.engine.scoring import Scoring
from tabletop.games.grand_austria_hotel.engine.setup import SetupRules


class GahRules(SetupRules, TurnFlow, Decisions, TurnActions, Effects, Scoring, EventLog):
    game_name = "grand-austria-hotel"

    # ------------------------------------------------------------------ misc
    def hidden_fingerprint(self) -> Any:
        base = (self.rng.state, len(self.guest_deck), len(self.staff_deck),
                tuple(len(p) for p in self.draft_packets))
        if self.mods:
            return base + tuple(m.hidden(self) for m in self.mods)
        return base

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        for name in _TYPED:  # the compiled build's C slots (base.pxd); none in plain Python
            setattr(c, name, getattr(self, name))
        c.__dict__.update(self.__dict__)
        c._init_journal()  # a new journal, and no logs (notes, events, _ev_*: not state)
        c._legal_cache = self._legal_cache  # the same position: the same legal actions (never mutated)
        c.history = list(self.history)
        c.rng = Rng(self.rng.state)
        c.players = [pl.copy() for pl in self.players]
        for name in ("queue", "dice", "supply", "room_supply", "markers", "tiles", "covered", "passed",
                     "draft_packets", "draft_picked"):
            setattr(c, name, list(getattr(self, name)))
        if self.parts:
            c.parts = {k: part.copy() for k, part in self.parts.items()}
        return c


_TYPED = typed_fields(EngineBase)
