"""The Grand Austria Hotel rules engine: ``GahState`` assembled from its rule files.

Rule references in comments: ``000`` is the 2015 rulebook, ``003`` the Yucata
2021 rules (the default edition). The flow of a game:

    draft (variant) -> starting guests (reverse order) -> starting rooms
    -> 7 x [roll (chance) -> turns in snake order, passes and re-rolls
            -> (rounds 3/5/7) emperor scoring -> round clean-up]
    -> final scoring

Pending decisions are frames on ``self.stack`` (immutable tuples whose first
element names the kind). ``fx`` frames hold a list of effects still to carry
out; they are processed automatically and may push decision frames. A
decision frame whose only legal action is ``done`` resolves by itself.
"""


from __future__ import annotations

from typing import Any

from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel.data import BLUE, GREEN, ITEM_LETTERS, RED, YELLOW, Staff
from tabletop.games.grand_austria_hotel.engine.actions import TurnActions
from tabletop.games.grand_austria_hotel.engine.base import (
    FREE,
    PHASES,
    SOURCE_INDEX,
    VP_SOURCES,
    Player,
)
from tabletop.games.grand_austria_hotel.engine.decisions import Decisions
from tabletop.games.grand_austria_hotel.engine.effects import Effects
from tabletop.games.grand_austria_hotel.engine.flow import TurnFlow
from tabletop.games.grand_austria_hotel.engine.scoring import Scoring
from tabletop.games.grand_austria_hotel.engine.setup import SetupRules


class GahState(SetupRules, TurnFlow, Decisions, TurnActions, Effects, Scoring):
    game_name = "grand-austria-hotel"

    # ------------------------------------------------------------------ misc
    def hidden_fingerprint(self) -> Any:
        base = (self.rng.state, len(self.guest_deck), len(self.staff_deck),
                tuple(len(p) for p in self.draft_packets))
        if self.mods:
            return base + tuple(m.hidden(self) for m in self.mods)
        return base


    def clone(self) -> GahState:
        c = GahState.__new__(GahState)
        d = self.__dict__.copy()
        c.__dict__.update(d)
        c.__dict__.pop("notes", None)
        c._init_journal()
        c.history = list(self.history)
        c.rng = Rng(self.rng.state)
        c.players = [pl.copy() for pl in self.players]
        for name in ("queue", "dice", "supply", "room_supply", "markers", "tiles", "covered", "passed",
                     "draft_packets", "draft_picked"):
            setattr(c, name, list(getattr(self, name)))
        if self.parts:
            c.parts = {k: part.copy() for k, part in self.parts.items()}
        c._legal_cache = None
        return c

    def prompt(self) -> str:
        from tabletop.games.grand_austria_hotel.text import prompt

        return prompt(self)

    def describe(self, action: str) -> str:
        from tabletop.games.grand_austria_hotel.text import describe

        return describe(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from tabletop.games.grand_austria_hotel.position import view

        return view(self, seat)

    def to_position(self) -> dict[str, Any]:
        from tabletop.games.grand_austria_hotel.position import to_position

        return to_position(self)


__all__ = ["GahState", "Player", "VP_SOURCES", "SOURCE_INDEX", "FREE", "PHASES", "BLUE", "RED", "YELLOW", "GREEN",
           "ITEM_LETTERS", "Staff"]
