"""What an action says, as data: the public facts of an action chosen at a point of the
game (who takes which guest, which die, what is prepared …), for the event log.

Only what everyone at the table sees goes in: a staff card kept from a draft packet or
discarded from the hand is not named. Interfaces put the facts into words through the
catalogs (``tabletop.i18n``); nothing here is English text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.state import GahState

def roll_facts(action: str) -> dict[str, Any]:
    """A dice roll: how many dice show each face (``roll:``), or the coloured dice (``croll:``)."""
    syntax = N.outcome_syntax(action)
    if syntax is None:  # not a roll at all (``describe`` may be asked before an action is refused)
        return {"verb": "other"}
    if syntax[0] == 0:
        return {"verb": "roll", "dice": list(syntax[1][1:])}
    return {"verb": "croll", "faces": list(syntax[1])}


def action_facts(st: GahState, action: str) -> dict[str, Any]:
    """The facts of ``action`` at the current point of ``st`` (before it is applied)."""
    if action.startswith(("roll:", "croll:")):
        return roll_facts(action)
    info = N.INFO.get(action)
    if info is None:
        return {"verb": "other"}
    verb = info[0]
    rules = st.rules
    cp = st.current_player
    top = st.stack[-1][0] if st.stack else ""
    decision = st.decision_kinds[top] if top else None  # what the pending decision declares
    if verb == "done":  # ends the turn ("turn"; without a die it is a pass) or passes up a decision
        if top == "turn" and st._ending_passes():
            return {"verb": "done", "decision": top, "passes": True}
        return {"verb": "done", "decision": top}
    if verb == "pass":
        return {"verb": "pass"}
    if verb == "guest":
        # the kronen actually paid: none where the decision gives guests for nothing (the starting
        # guest, a reward's or a card's free guest), none with Delivery Boy (000/003: "take guests
        # ... at no cost")
        g, slot = st.queue[info[1]], info[1]
        printed = 0 if decision is not None and decision.free_guests else rules.queue_costs[slot]
        out = {"verb": "guest", "guest": g, "slot": slot, "cost": printed, "start": top == "sguest"}
        if printed and st.S["delivery-boy"] in st.players[cp].played:
            out.update(cost=0, free_by="delivery-boy")
        return out
    if verb == "die":
        return {"verb": "die", "face": info[1], "space": info[2], "boost": bool(info[3])}
    if verb == "food":
        got = {ITEMS[info[1]]: info[2], ITEMS[info[3]]: info[4]}
        if len(info) > 5:
            got["champagne"] = info[5]
        return {"verb": "food", "items": {k: v for k, v in got.items() if v}}
    if verb == "empmoney":
        return {"verb": "empmoney", "steps": info[1], "kronen": info[2]}
    if verb == "item":
        pl = st.players[cp]
        return {"verb": "item", "table": info[1], "item": ITEMS[info[2]], "guest": pl.cafe[info[1]]}
    if verb == "move":
        pl = st.players[cp]
        return {"verb": "move", "table": info[1], "room": info[2], "guest": pl.cafe[info[1]]}
    if verb in ("room", "occupy", "remove"):
        r = info[1]
        return {"verb": verb, "room": r, "colour": COLOURS[rules.room_colour[r]], "floor": rules.room_floor[r]}
    if verb in ("choice", "pay"):
        return {"verb": verb, "item": ITEMS[info[1]]}
    if verb in ("play", "use", "discard", "draft"):
        hidden = decision is not None and decision.hides_pick  # from the hand: face down
        return {"verb": verb, **({} if hidden else {"staff": info[1]})}
    if verb == "complete":
        return {"verb": "complete", "table": info[1], "guest": st.players[cp].cafe[info[1]]}
    if verb == "penalty":
        return {"verb": "penalty", "option": "main" if info[1] == 0 else "vp"}
    if verb == "bonuskind":
        return {"verb": "bonuskind", "kind": info[1]}
    if verb == "serve":  # 1 krone, none with Chief Waiter (000/003: "at no cost")
        if st.S["chief-waiter"] in st.players[cp].played:
            return {"verb": "serve", "cost": 0, "free_by": "chief-waiter"}
        return {"verb": "serve", "cost": 1}
    if verb in ("avoid", "suffer"):
        return {"verb": verb}
    for m in st.mods:  # a Let's Waltz! module's verb
        facts = m.facts(st, info)
        if facts is not None:
            return facts
    return {"verb": "other"}
