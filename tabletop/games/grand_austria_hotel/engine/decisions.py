"""The base game's pending decisions, each kind declared once (see ``engine/declare.py``),
and closing a frame (``Decisions._finish``); the engine asks the frame on top of the stack
for its options and hands it each pick (``engine/flow.py``). The Let's Waltz! modules
declare their kinds the same way, in their own files."""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.engine.base import (
    SRC_PENALTIES,
    EngineBase,
)
from tabletop.games.grand_austria_hotel.engine.declare import (
    Effects,
    Frame,
    Item,
    Items,
    RoomCost,
    StaffIds,
    VpSource,
    decision,
)


class Decisions(EngineBase):
    # The engine asks the frame on top of the stack itself (``TurnFlow``): ``fr.legal(st)`` for
    # the options, ``fr.pick(st, info)`` for a pick; ``done`` (or no option left) closes it here.
    def _finish(self, fr: Frame) -> None:
        """Close a decision frame (by ``done`` or because nothing is left to pick)."""
        self._pop()
        finish = fr.finish
        if finish is not None:
            finish(self)

    def _push_reaction(self, p: int, effects: tuple[dict[str, Any], ...], src: int, **card: Any) -> None:
        """Push the effects of a card's reaction to something (a staff card's ability, a celebrity,
        a hotel entrance: ``staff=[slug, …]``, ``celebrity=[slug, …]`` or ``entrance=id``) as an
        ``fx`` frame, the same frame as ``_push`` would. When the event log is kept it also notes
        whose effects they are (not state), so that what they change is logged as the card's own
        event (``reaction``, engine/ledger.py), not with whatever action happens to resolve them."""
        self._push(Fx("fx", p, effects, 0, src))
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
class Turn(NamedTuple):
    """The turn menu (000 "Course of a round"): take a guest, a die, serve, use staff, move
    guests, pass or end the turn."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        return st._turn_legal(self.player, st.players[self.player])

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._turn_pick(self.player, st.players[self.player], info)

    def finish(self, st: EngineBase) -> None:
        st._end_turn(self.player)


@decision(automatic=True)
class Fx(NamedTuple):
    """Effects still to carry out, in order (``next`` is the next one's index); the engine
    carries them out by itself (``TurnFlow._advance``) and they may push decisions."""
    kind: str
    player: int
    effects: Effects
    next: int
    source: VpSource


@decision
class Place(NamedTuple):
    """Dishes and drinks just taken from the action spaces: put each on a guest, or keep the
    rest in the kitchen (``done``)."""
    kind: str
    player: int
    fresh: Items  # what is left to place, per item

    def legal(self, st: EngineBase) -> list[str]:
        out = st._item_moves(st.players[self.player], self.fresh)
        out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        used, count = st._serve_item(st.players[self.player], info[1], info[2], self.fresh)
        fresh = list(self.fresh)
        fresh[used] -= count
        st._replace(Place("place", self.player, tuple(fresh)))


@decision
class Serve(NamedTuple):
    """Serve from the kitchen (000 "Serve"): up to 3 items, ``done`` after the first."""
    kind: str
    player: int
    left: int
    moved: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        out = st._item_moves(pl, pl.kitchen)
        if self.moved:
            out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        pl = st.players[self.player]
        st._serve_item(pl, info[1], info[2], pl.kitchen)
        if self.left <= 1:
            st._pop()
        else:
            st._replace(Serve("serve", self.player, self.left - 1, self.moved + 1))


@decision
class Food(NamedTuple):
    """Actions 1 and 2: how to split the dice between the two items of the space."""
    kind: str
    player: int
    first_item: Item  # strudel (action 1) or wine (action 2)
    dice: int

    def legal(self, st: EngineBase) -> list[str]:
        return st._food_options(self.first_item, self.dice)

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        counts = [0, 0, 0, 0, 0]
        counts[info[1]] = info[2]
        counts[info[3]] = info[4]
        if len(info) > 5:
            counts[4] = info[5]  # champagne (module I action board)
        st._gain_items(self.player, counts)


@decision
class Rooms(NamedTuple):
    """Prepare rooms one pick at a time (action 5, setup, a reward or a card)."""
    kind: str
    player: int
    left: int
    cost: RoomCost
    max_floor: int  # 0: any floor
    occupy: bool  # the room is occupied at once

    def legal(self, st: EngineBase) -> list[str]:
        out = [N.R[r] for r in st._room_options(self.player, st.players[self.player], self.cost, self.max_floor,
                                                self.occupy)]
        if out:
            out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        p = self.player
        if self.left > 1:
            st._replace(Rooms("rooms", p, self.left - 1, self.cost, self.max_floor, self.occupy))
        else:
            st._pop()
        st._prepare_room(p, st.players[p], info[1], self.cost, self.occupy)


@decision(kind="empmoney")
class EmperorOrMoney(NamedTuple):
    """Action 4: how to split the dice between Emperor steps and kronen."""
    kind: str
    player: int
    dice: int

    def legal(self, st: EngineBase) -> list[str]:
        return list(N.EM[self.dice])

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._advance_emperor(self.player, info[1])
        st._gain_money(self.player, info[2])


@decision
class Play(NamedTuple):
    """Play a staff card from the hand (action 3, a reward), ``discount`` kronen off."""
    kind: str
    player: int
    discount: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        disc = self.discount
        money = pl.money
        cost = st.staff_cost
        staff = st.rules.staff
        out = [N.PLAY[staff[s].slug] for s in pl.hand if cost[s] - disc <= money]
        if out:
            out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._play_staff(self.player, st.rules.staff_by_slug[info[1]], self.discount, from_hand=True)


@decision
class Drawn(NamedTuple):
    """Play one of the staff cards just drawn; the rest go under the deck."""
    kind: str
    player: int
    cards: StaffIds
    discount: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        out = [N.PLAY[st.rules.staff[s].slug] for s in self.cards
               if st.staff_cost[s] - self.discount <= pl.money]
        out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        sid = st.rules.staff_by_slug[info[1]]
        rest = tuple(s for s in self.cards if s != sid)
        st._set(st, "staff_deck", st.staff_deck + rest)
        st._play_staff(self.player, sid, self.discount, from_hand=False)

    def finish(self, st: EngineBase) -> None:
        st._set(st, "staff_deck", st.staff_deck + tuple(self.cards))


@decision
class Occupy(NamedTuple):
    """Turn prepared rooms to occupied without a guest."""
    kind: str
    player: int
    left: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        out = [N.O[r] for r in range(20) if pl.rooms[r] == 1]
        if out:
            out.append(N.DONE)
        return out

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        if self.left > 1:
            st._replace(Occupy("occupy", self.player, self.left - 1))
        else:
            st._pop()
        st._occupy(self.player, info[1])


@decision(kind="freeguest", free_guests=True)
class FreeGuest(NamedTuple):
    """A guest from the queue at no cost (a reward, a staff card)."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        return guest_options(st, self.player, optional=True)

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._take_guest(self.player, st.players[self.player], info[1], 0)


@decision(kind="sguest", free_guests=True)
class StartGuest(NamedTuple):
    """Setup: the starting guest (000 Setup, in reverse turn order)."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        return guest_options(st, self.player, optional=False)

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._take_guest(self.player, st.players[self.player], info[1], 0)


@decision
class Choice(NamedTuple):
    """A dish or drink of choice, ``left`` times."""
    kind: str
    player: int
    left: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.CHOICE[i] for i in range(4) if st.supply[i]]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        if self.left > 1:
            st._replace(Choice("choice", self.player, self.left - 1))
        else:
            st._pop()
        counts = [0, 0, 0, 0]
        counts[info[1]] = 1
        st._gain_items(self.player, counts)


@decision
class Complete(NamedTuple):
    """Porter: complete one guest's order without the items."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        return [N.C[t] for t in range(N.TABLES) if pl.cafe[t] and not st._complete(pl, t)]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._fill_order(st.players[self.player], info[1])


@decision
class Gizia(NamedTuple):
    """E. Gizia: carry out an action space without taking a die."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        return st._die_options(st.players[self.player], boost_ok=not st.t_boost)

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._die_action(self.player, st.players[self.player], info[1], info[2], info[3], take_die=False)


@decision
class Penalty(NamedTuple):
    """Original rules: the Emperor tile's main penalty or its VP loss."""
    kind: str
    player: int
    scoring: int  # which Emperor scoring (0-2)

    def legal(self, st: EngineBase) -> list[str]:
        return [N.PENALTY_MAIN, N.PENALTY_ALT]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        tile = st.rules.emperor_tiles[st.emperor_tiles[self.scoring]]
        st._push(Fx("fx", self.player, tile.penalty_main if info[1] == 0 else tile.penalty_alt, 0, SRC_PENALTIES))


@decision
class Avoid(NamedTuple):
    """Conference Manager: pay 1 krone to avoid the Emperor penalty, or suffer it."""
    kind: str
    player: int
    scoring: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.AVOID, N.SUFFER]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        if info[0] == "avoid":
            pl = st.players[self.player]
            st._set(pl, "money", pl.money - 1)
        else:
            st._emperor_penalty(self.player, self.scoring)


@decision(hides_pick=True)
class Discard(NamedTuple):
    """Emperor penalty: discard staff cards from the hand (face down)."""
    kind: str
    player: int
    left: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.DISCARD[st.rules.staff[s].slug] for s in st.players[self.player].hand]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        pl = st.players[self.player]
        sid = st.rules.staff_by_slug[info[1]]
        if self.left > 1:
            st._replace(Discard("discard", self.player, self.left - 1))
        else:
            st._pop()
        st._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
        st._set(st, "staff_deck", st.staff_deck + (sid,))


@decision(kind="discardend")
class DiscardGameEnd(NamedTuple):
    """Emperor penalty: discard a played game-end staff card."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        staff = st.rules.staff
        return [N.DISCARD[staff[s].slug] for s in st.players[self.player].played if staff[s].timing == "game_end"]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        pl = st.players[self.player]
        st._pop()
        sid = st.rules.staff_by_slug[info[1]]
        st._set(pl, "played", tuple(s for s in pl.played if s != sid))
        st._set(st, "staff_deck", st.staff_deck + (sid,))


@decision
class Remove(NamedTuple):
    """Emperor penalty: remove prepared rooms from the highest floor."""
    kind: str
    player: int
    left: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.RM[r] for r in st._highest_rooms(st.players[self.player], 1, 5)]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        if self.left > 1:
            st._replace(Remove("remove", self.player, self.left - 1))
        else:
            st._pop()
        st._remove_room(st.players[self.player], info[1])


@decision(kind="removeocc")
class RemoveOccupied(NamedTuple):
    """Emperor penalty: remove occupied rooms (original rules: one, and the one below it)."""
    kind: str
    player: int
    left: int
    below_floor: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.RM[r] for r in st._highest_rooms(st.players[self.player], 2, self.below_floor)]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        pl = st.players[self.player]
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
        elif self.left > 1:
            st._replace(RemoveOccupied("removeocc", self.player, self.left - 1, floor))
        else:
            st._pop()


@decision
class BonusKind(NamedTuple):
    """Events Coordinator: which occupancy bonus to take for a completed group."""
    kind: str
    player: int
    group: int

    def legal(self, st: EngineBase) -> list[str]:
        return list(N.BONUS_KINDS)

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        st._grant_bonus(self.player, info[1], self.group)


@decision(hides_pick=True)
class Draft(NamedTuple):
    """The staff draft variant: keep one card of the packet (face down)."""
    kind: str
    player: int

    def legal(self, st: EngineBase) -> list[str]:
        return [N.DRAFT[st.rules.staff[s].slug] for s in st.draft_packets[self.player]]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        p = self.player
        pl = st.players[p]
        sid = st.rules.staff_by_slug[info[1]]
        st._pop()
        st._set(pl, "hand", pl.hand + (sid,))
        st._seti(st.draft_packets, p, tuple(s for s in st.draft_packets[p] if s != sid))
        st._seti(st.draft_picked, p, True)


@decision
class Spend(NamedTuple):
    """Pay items of choice from the kitchen (a Let's Waltz! staff card's cost): ``kinds`` is 4
    (a dish or drink) or 5 (champagne too)."""
    kind: str
    player: int
    left: int
    kinds: int

    def legal(self, st: EngineBase) -> list[str]:
        pl = st.players[self.player]
        return [N.PAY[i] for i in range(self.kinds) if pl.kitchen[i]]

    def pick(self, st: EngineBase, info: tuple[Any, ...]) -> None:
        i = info[1]
        pl = st.players[self.player]
        if self.left > 1:
            st._replace(Spend("spend", self.player, self.left - 1, self.kinds))
        else:
            st._pop()
        st._seti(pl.kitchen, i, pl.kitchen[i] - 1)
        st._seti(st.supply, i, st.supply[i] + 1)
