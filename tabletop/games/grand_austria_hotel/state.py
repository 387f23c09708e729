"""``GahState``: the game as the core contract sees it — the rules engine (``engine.rules``)
plus the words of its prompts and actions, its facts for the event log, the per-player views
and the position it writes. It sits above all of these, so none of them imports it at run time.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel import facts, position, text
from tabletop.games.grand_austria_hotel.engine.rules import GahRules


class GahState(GahRules):
    def prompt(self) -> str:
        return text.prompt(self)

    def describe(self, action: str) -> str:
        return text.describe(self, action)

    def action_facts(self, action: str) -> dict[str, Any]:
        return facts.action_facts(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return position.view(self, seat)

    def to_position(self) -> dict[str, Any]:
        return position.to_position(self)
