"""The base game's pending decisions, each kind declared once (see ``engine/declare.py``),
and closing a frame (``Decisions._finish``); the engine asks the frame on top of the stack
for its options and hands it each pick (``engine/flow.py``). The Let's Waltz! modules
declare their kinds the same way, in their own files."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.engine.base import (
    SRC_PENALTIES,
    EngineBase,
)
from tabletop.games.grand_austria_hotel.engine.declare import (
    Effects,
    Item,
    Items,
    RoomCost,
    StaffIds,
    VpSource,
    decision,
)


class Decisions(EngineBase):
    # The engine asks the top frame's declared kind (``TurnFlow``): ``legal(fr, st)`` for the
    # options, ``pick(fr, st, info)`` for a pick; ``done`` (or no option left) closes it here.
    def _finish(self, fr: tuple[Any, ...]) -> None:
        """Close a decision frame (by ``done`` or because nothing is left to pick)."""
        self._pop()
        finish = self.decision_kinds[fr[0]].finish
        if finish is not None:
            finish(fr, self)

    def _push_reaction(self, p: int, effects: tuple[dict[str, Any], ...], src: int, **card: Any) -> None:
        """Push the effects of a card's reaction to something (a staff card's ability, a celebrity,
        a hotel entrance: ``staff=[slug, …]``, ``celebrity=[slug, …]`` or ``entrance=id``) as an
        ``fx`` frame, the same frame as ``_push`` would. When the event log is kept it also notes
        whose effects they are (not state), so that what they change is logged as the card's own
        event (``reaction``, engine/ledger.py), not with whatever action happens to resolve them."""
        self._push(("fx", p, effects, 0, src))
        if self.events is not None and self._ev_reactions is not None:
            self._ev_reactions[id(effects)] = (effects, card)


def guest_options(st: EngineBase, p: int, optional: bool) -> list[str]:
    """The queue's guests seat ``p`` may take for nothing now (none without a free café
    table), with ``done`` when taking one is ``optional``."""
    if st._free_table(p, st.players[p]) < 0:
        return []
    out = [N.G[i] for i in range(5) if st.queue[i]]
    if out and optional:
        out.append(N.DONE)
    return out


# Declared in the order positions and the research encoders have always listed them.
@decision
class Turn:
    """The turn menu (000 "Course of a round"): take a guest, a die, serve, use staff, move
    guests, pass or end the turn."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return st._turn_legal(player, st.players[player])

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._turn_pick(player, st.players[player], info)

    @staticmethod
    def finish(fr: tuple[Any, ...], st: EngineBase) -> None:
        _, player = fr
        st._end_turn(player)


@decision(automatic=True)
class Fx:
    """Effects still to carry out, in order (``next`` is the next one's index); the engine
    carries them out by itself (``TurnFlow._advance``) and they may push decisions."""
    effects: Effects
    next: int
    source: VpSource


@decision
class Place:
    """Dishes and drinks just taken from the action spaces: put each on a guest, or keep the
    rest in the kitchen (``done``)."""
    fresh: Items  # what is left to place, per item

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, fresh = fr
        out = st._item_moves(st.players[player], fresh)
        out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, fresh = fr
        used, count = st._serve_item(st.players[player], info[1], info[2], fresh)
        fresh = list(fresh)
        fresh[used] -= count
        st._replace(("place", player, tuple(fresh)))


@decision
class Serve:
    """Serve from the kitchen (000 "Serve"): up to 3 items, ``done`` after the first."""
    left: int
    moved: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _, moved = fr
        pl = st.players[player]
        out = st._item_moves(pl, pl.kitchen)
        if moved:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left, moved = fr
        pl = st.players[player]
        st._serve_item(pl, info[1], info[2], pl.kitchen)
        if left <= 1:
            st._pop()
        else:
            st._replace(("serve", player, left - 1, moved + 1))


@decision
class Food:
    """Actions 1 and 2: how to split the dice between the two items of the space."""
    first_item: Item  # strudel (action 1) or wine (action 2)
    dice: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, _, first_item, dice = fr
        return st._food_options(first_item, dice)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, _, _ = fr
        st._pop()
        counts = [0, 0, 0, 0, 0]
        counts[info[1]] = info[2]
        counts[info[3]] = info[4]
        if len(info) > 5:
            counts[4] = info[5]  # champagne (module I action board)
        st._gain_items(player, counts)


@decision
class Rooms:
    """Prepare rooms one pick at a time (action 5, setup, a reward or a card)."""
    left: int
    cost: RoomCost
    max_floor: int  # 0: any floor
    occupy: bool  # the room is occupied at once

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _, cost, max_floor, occupy = fr
        out = [N.R[r] for r in st._room_options(player, st.players[player], cost, max_floor,
                                                occupy)]
        if out:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, left, cost, max_floor, occupy = fr
        if left > 1:
            st._replace(("rooms", p, left - 1, cost, max_floor, occupy))
        else:
            st._pop()
        st._prepare_room(p, st.players[p], info[1], cost, occupy)


@decision(kind="empmoney")
class EmperorOrMoney:
    """Action 4: how to split the dice between Emperor steps and kronen."""
    dice: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, _, dice = fr
        return list(N.EM[dice])

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, _ = fr
        st._pop()
        st._advance_emperor(player, info[1])
        st._gain_money(player, info[2])


@decision
class Play:
    """Play a staff card from the hand (action 3, a reward), ``discount`` kronen off."""
    discount: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, discount = fr
        pl = st.players[player]
        disc = discount
        money = pl.money
        cost = st.staff_cost
        staff = st.rules.staff
        out = [N.PLAY[staff[s].slug] for s in pl.hand if cost[s] - disc <= money]
        if out:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, discount = fr
        st._pop()
        st._play_staff(player, st.rules.staff_by_slug[info[1]], discount, from_hand=True)


@decision
class Drawn:
    """Play one of the staff cards just drawn; the rest go under the deck."""
    cards: StaffIds
    discount: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, cards, discount = fr
        pl = st.players[player]
        out = [N.PLAY[st.rules.staff[s].slug] for s in cards
               if st.staff_cost[s] - discount <= pl.money]
        out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, cards, discount = fr
        st._pop()
        sid = st.rules.staff_by_slug[info[1]]
        rest = tuple(s for s in cards if s != sid)
        st._set(st, "staff_deck", st.staff_deck + rest)
        st._play_staff(player, sid, discount, from_hand=False)

    @staticmethod
    def finish(fr: tuple[Any, ...], st: EngineBase) -> None:
        _, _, cards, _ = fr
        st._set(st, "staff_deck", st.staff_deck + tuple(cards))


@decision
class Occupy:
    """Turn prepared rooms to occupied without a guest."""
    left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _ = fr
        pl = st.players[player]
        out = [N.O[r] for r in range(20) if pl.rooms[r] == 1]
        if out:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left = fr
        if left > 1:
            st._replace(("occupy", player, left - 1))
        else:
            st._pop()
        st._occupy(player, info[1])


@decision(kind="freeguest", free_guests=True)
class FreeGuest:
    """A guest from the queue at no cost (a reward, a staff card)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return guest_options(st, player, optional=True)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._pop()
        st._take_guest(player, st.players[player], info[1], 0)


@decision(kind="sguest", free_guests=True)
class StartGuest:
    """Setup: the starting guest (000 Setup, in reverse turn order)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return guest_options(st, player, optional=False)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._pop()
        st._take_guest(player, st.players[player], info[1], 0)


@decision
class Choice:
    """A dish or drink of choice, ``left`` times."""
    left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [N.CHOICE[i] for i in range(4) if st.supply[i]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left = fr
        if left > 1:
            st._replace(("choice", player, left - 1))
        else:
            st._pop()
        counts = [0, 0, 0, 0]
        counts[info[1]] = 1
        st._gain_items(player, counts)


@decision
class Complete:
    """Porter: complete one guest's order without the items."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        pl = st.players[player]
        return [N.C[t] for t in range(N.TABLES) if pl.cafe[t] and not st._complete(pl, t)]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._pop()
        st._fill_order(st.players[player], info[1])


@decision
class Gizia:
    """E. Gizia: carry out an action space without taking a die."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return st._die_options(st.players[player], boost_ok=not st.t_boost)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._pop()
        st._die_action(player, st.players[player], info[1], info[2], info[3], take_die=False)


@decision
class Penalty:
    """Original rules: the Emperor tile's main penalty or its VP loss."""
    scoring: int  # which Emperor scoring (0-2)

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [N.PENALTY_MAIN, N.PENALTY_ALT]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, scoring = fr
        st._pop()
        tile = st.rules.emperor_tiles[st.emperor_tiles[scoring]]
        st._push(("fx", player, tile.penalty_main if info[1] == 0 else tile.penalty_alt, 0, SRC_PENALTIES))


@decision
class Avoid:
    """Conference Manager: pay 1 krone to avoid the Emperor penalty, or suffer it."""
    scoring: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [N.AVOID, N.SUFFER]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, scoring = fr
        st._pop()
        if info[0] == "avoid":
            pl = st.players[player]
            st._set(pl, "money", pl.money - 1)
        else:
            st._emperor_penalty(player, scoring)


@decision(hides_pick=True)
class Discard:
    """Emperor penalty: discard staff cards from the hand (face down)."""
    left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _ = fr
        return [N.DISCARD[st.rules.staff[s].slug] for s in st.players[player].hand]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left = fr
        pl = st.players[player]
        sid = st.rules.staff_by_slug[info[1]]
        if left > 1:
            st._replace(("discard", player, left - 1))
        else:
            st._pop()
        st._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
        st._set(st, "staff_deck", st.staff_deck + (sid,))


@decision(kind="discardend")
class DiscardGameEnd:
    """Emperor penalty: discard a played game-end staff card."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        staff = st.rules.staff
        return [N.DISCARD[staff[s].slug] for s in st.players[player].played if staff[s].timing == "game_end"]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        pl = st.players[player]
        st._pop()
        sid = st.rules.staff_by_slug[info[1]]
        st._set(pl, "played", tuple(s for s in pl.played if s != sid))
        st._set(st, "staff_deck", st.staff_deck + (sid,))


@decision
class Remove:
    """Emperor penalty: remove prepared rooms from the highest floor."""
    left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _ = fr
        return [N.RM[r] for r in st._highest_rooms(st.players[player], 1, 5)]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left = fr
        if left > 1:
            st._replace(("remove", player, left - 1))
        else:
            st._pop()
        st._remove_room(st.players[player], info[1])


@decision(kind="removeocc")
class RemoveOccupied:
    """Emperor penalty: remove occupied rooms (original rules: one, and the one below it)."""
    left: int
    below_floor: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _, below_floor = fr
        return [N.RM[r] for r in st._highest_rooms(st.players[player], 2, below_floor)]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left, _ = fr
        pl = st.players[player]
        rules = st.rules
        r = info[1]
        floor = rules.room_floor[r]
        st._remove_room(pl, r)
        if st.original:
            st._pop()
            below = [x for x in rules.rooms_by_column[rules.room_column[r]]
                     if rules.room_floor[x] < floor and pl.rooms[x] == 2]
            if below:
                st._remove_room(pl, max(below, key=lambda x: rules.room_floor[x]))
        elif left > 1:
            st._replace(("removeocc", player, left - 1, floor))
        else:
            st._pop()


@decision
class BonusKind:
    """Events Coordinator: which occupancy bonus to take for a completed group."""
    group: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return list(N.BONUS_KINDS)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, group = fr
        st._pop()
        st._grant_bonus(player, info[1], group)


@decision(hides_pick=True)
class Draft:
    """The staff draft variant: keep one card of the packet (face down)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return [N.DRAFT[st.rules.staff[s].slug] for s in st.draft_packets[player]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        pl = st.players[p]
        sid = st.rules.staff_by_slug[info[1]]
        st._pop()
        st._set(pl, "hand", pl.hand + (sid,))
        st._seti(st.draft_packets, p, tuple(s for s in st.draft_packets[p] if s != sid))
        st._seti(st.draft_picked, p, True)


@decision
class Spend:
    """Pay items of choice from the kitchen (a Let's Waltz! staff card's cost): ``kinds`` is 4
    (a dish or drink) or 5 (champagne too)."""
    left: int
    kinds: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _, kinds = fr
        pl = st.players[player]
        return [N.PAY[i] for i in range(kinds) if pl.kitchen[i]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, left, kinds = fr
        i = info[1]
        pl = st.players[player]
        if left > 1:
            st._replace(("spend", player, left - 1, kinds))
        else:
            st._pop()
        st._seti(pl.kitchen, i, pl.kitchen[i] - 1)
        st._seti(st.supply, i, st.supply[i] + 1)
