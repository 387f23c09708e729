"""Let's Waltz! module V, "Would You Like Some More?" (001 "Module 5: WOULD YOU LIKE SOME
MORE?"; App. Staff Cards #166-#179, App. Objective Cards (+), App. Emperor Tiles (+)).

The module's 14 staff cards, 3 objective cards and 3 Emperor tiles are data
(``data/modules/more.yaml``) and join the base stacks by themselves. This file adds:

* **Bell cards** (001 Course of Play, M5-1): no effect when played; when the requirement
  left of the colon is met the owner is offered the reward once (``bell:<slug>`` takes it
  and turns the card face down, ``done`` declines). A declined card is offered again only
  when the requirement is met again. Requirements:

  - "during an action" / "from an action" totals (Handmaid: Emperor steps, Bartender:
    dishes, Chef de Rang: drinks) are summed per seat over one action of the turn (the
    ``action_done`` boundary) and offered once the action has fully resolved. Bell
    rewards taken then belong to the same action: their gains count towards the other
    totals of that action, which is checked again after them (each card at most once
    per action). Gains outside an action of a turn (Emperor scoring, round end) count
    for no total.
  - single events (Apprentice/Dishwasher/Tapster: a guest's order completed; Janitor: a
    group fully occupied; Entertainer: a marker placed on an objective card) are offered
    at once: the offer resolves right after what the event's own step pushed (the
    guest's reward, staff benefits and occupancy bonus come first).

* Named exceptions (effect kinds of this module): Entertainer's "up to two" orders
  filled from the supply (``fill_orders``, ``done`` stops early), Wagon Master's exchange
  (``exchange_items``: spend exactly 2 dishes/drinks, take 2 of kinds not spent),
  Handmaid's two free occupied rooms (``prepare_rooms``), Bartender's guest
  (``free_guest_filled``), the + Emperor tiles' ``return_item_choice``,
  ``vp_per_marker`` and ``lose_all_money``.
* Objective requirement kinds ``kitchen_each``, ``top_floor_occupied`` and
  ``big_orders_done`` (card C+: a personal pile of completed guests who ordered 3 or
  more items, kept in the part; the guests themselves stay in the guest discard for
  the card accounting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.data import load_mapping
from tabletop.core.errors import InvalidPosition
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import DATA_DIR
from tabletop.games.grand_austria_hotel.engine.base import SRC_STAFF
from tabletop.games.grand_austria_hotel.engine.decisions import guest_options
from tabletop.games.grand_austria_hotel.engine.declare import decision
from tabletop.games.grand_austria_hotel.modules import Module, Part

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

NAME = "more"
# the bell cards of this module, in data order; ``bell:<slug>`` takes a card's reward
BELL_SLUGS: tuple[str, ...] = tuple(
    rec["slug"] for rec in load_mapping(DATA_DIR / "modules" / f"{NAME}.yaml")["staff"]
    if rec["timing"] == "bell")
BELL = {s: f"bell:{s}" for s in BELL_SLUGS}
N.add_actions({BELL[s]: ("bell", s) for s in BELL_SLUGS})

# per-action totals (index into the part's ``acc`` rows)
TOTALS = ("emperor_steps", "dishes", "drinks")
COLOUR_NAMES = ("yellow", "blue", "red", "green")


class MorePart(Part):
    __slots__ = ("down", "acc", "offered", "pile", "wait")

    def __init__(self, n: int) -> None:
        self.down: list[tuple[int, ...]] = [() for _ in range(n)]  # bell cards turned face down
        self.acc: list[list[int]] = [[0, 0, 0] for _ in range(n)]  # this action: TOTALS per seat
        self.offered: list[tuple[int, ...]] = [() for _ in range(n)]  # per-action bells offered this action
        self.pile: list[tuple[int, ...]] = [() for _ in range(n)]  # objective C+: guests of 3+ items
        # III Kaufman: this round's guests for the C+ pile, moved there at the end of the round
        self.wait: list[tuple[int, ...]] = [() for _ in range(n)]


def _bells(st: EngineBase, pl: Player, part: MorePart, p: int, when: str) -> list[int]:
    """Face-up bell cards of seat ``p`` whose requirement is of kind ``when``."""
    staff = st.rules.staff
    down = part.down[p]
    return [s for s in pl.played if staff[s].timing == "bell" and s not in down
            and staff[s].ability.get("when") == when]


def _pending(st: EngineBase, p: int, slug: str) -> bool:
    return any(fr[0] == "bell" and fr[1] == p and fr[2] == slug for fr in st.stack)  # a Bell: kind, player, card


def _offer(st: EngineBase, p: int, sid: int) -> None:
    slug = st.rules.staff[sid].slug
    if not _pending(st, p, slug):
        st._push(("bell", p, slug))


def _big_open(st: EngineBase, p: int) -> int:
    """The order size of an objective C+ seat ``p`` still works towards (0: none): a common
    card without ``p``'s marker or, with module III, a Ninas Melange personal card not yet done."""
    objectives = st.rules.objectives
    for k, oid in enumerate(st.objectives):
        req = objectives[oid].requirement
        if req["kind"] == "big_orders_done" and p not in st.markers[k]:
            return int(req["order_size"])
    uh = st.parts.get("unique_hotels")
    if uh is not None and uh.ent[p] == "ninas-melange":
        for k, oid in enumerate(uh.ninas):
            req = objectives[oid].requirement
            if req["kind"] == "big_orders_done" and not uh.ninas_done[k]:
                return int(req["order_size"])
    return 0


def _kaufman(st: EngineBase, p: int) -> bool:
    uh = st.parts.get("unique_hotels")
    return uh is not None and uh.ent[p] == "kaufman"


# ---------------------------------------------------------------- decisions
# Declared in the order positions and the research encoders have always listed them.
@decision(kind="bell", owner=NAME)
class Bell:
    """M5-1: a bell card's requirement is met: take its reward once (``bell:<slug>``, the card
    turns face down) or decline (``done``)."""
    card: Any  # the bell card's slug

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, _, card = fr
        return [BELL[card], N.DONE]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, card = fr
        st._pop()
        sid = st.rules.staff_by_slug[card]
        part = st.parts[NAME]
        st._seti(part.down, p, part.down[p] + (sid,))
        st._push(("fx", p, tuple(st.rules.staff[sid].ability["effects"]), 0, SRC_STAFF))


@decision(kind="exchange", owner=NAME)
class Exchange:
    """Wagon Master (named exception): spend exactly ``spend_left`` dishes/drinks, then take
    ``take_left`` of kinds not spent."""
    spend_left: int
    spent: int  # the kinds spent so far, one bit per item
    take_left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, spend_left, spent, _ = fr
        pl = st.players[player]
        if spend_left:  # spend exactly: no 'done'
            return [N.PAY[i] for i in range(4) if pl.kitchen[i]]
        return [N.CHOICE[i] for i in range(4) if not spent >> i & 1 and st.supply[i]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, spend_left, spent, take_left = fr
        pl = st.players[p]
        spend, mask, take = spend_left, spent, take_left
        i = info[1]
        if spend:
            st._replace(("exchange", p, spend - 1, mask | 1 << i, take))
            st._seti(pl.kitchen, i, pl.kitchen[i] - 1)
            st._seti(st.supply, i, st.supply[i] + 1)
        else:
            if take > 1:
                st._replace(("exchange", p, 0, mask, take - 1))
            else:
                st._pop()
            counts = [0, 0, 0, 0]
            counts[i] = 1
            st._gain_items(p, counts)


@decision(kind="fillguest", owner=NAME, free_guests=True)
class FillGuest:
    """Bartender: a guest from the queue at no cost, its order filled from the supply."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        return guest_options(st, player, optional=True)

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        pl = st.players[p]
        st._pop()
        t = st._free_table(p, pl)
        st._take_guest(p, pl, info[1], 0)
        st._fill_order(pl, t)


@decision(kind="fillorders", owner=NAME)
class FillOrders:
    """Entertainer: 'up to two' orders filled from the supply, so ``done`` may stop early."""
    left: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _ = fr
        pl = st.players[player]
        out = [N.C[t] for t in range(N.TABLES) if pl.cafe[t] and not st._complete(pl, t)]
        if out:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, left = fr
        if left > 1:
            st._replace(("fillorders", p, left - 1))
        else:
            st._pop()
        st._fill_order(st.players[p], info[1])


class More(Module):
    name = NAME
    effects = ("prepare_rooms", "free_guest_filled", "exchange_items", "return_item_choice",
               "vp_per_marker", "lose_all_money", "fill_orders")
    events = ("emperor", "items", "occupied", "guest_done", "objective")
    listens_actions = True
    requirements = ("kitchen_each", "top_floor_occupied", "big_orders_done")

    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        return {"verb": "bell", "staff": info[1]} if info[0] == "bell" else None

    def new_part(self, st: EngineBase) -> Part:
        return MorePart(st.num_players)

    # ------------------------------------------------------------------ turn
    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        # Wagon Master (named exception): usable only with 2 dishes/drinks to spend exactly
        wm = st.rules.staff_by_slug["wagon-master"]
        if wm in pl.played and wm not in pl.used and sum(pl.kitchen[:4]) < 2:
            use = N.USE["wagon-master"]
            if use in out:
                out.remove(use)

    # --------------------------------------------------------------- effects
    def effect(self, st: EngineBase, p: int, e: dict[str, Any], src: int) -> None:
        kind = e["effect"]
        pl = st.players[p]
        if kind == "prepare_rooms":
            st._push(("rooms", p, e["count"], e.get("cost", "full"), 0, bool(e.get("occupy", False))))
        elif kind == "free_guest_filled":
            st._push(("fillguest", p))
        elif kind == "exchange_items":
            st._push(("exchange", p, e["count"], 0, e["count"]))
        elif kind == "return_item_choice":
            k = min(e["count"], sum(pl.kitchen[:4]))
            if k:
                st._push(("spend", p, k, 4))
        elif kind == "vp_per_marker":
            st._vp(pl, e["amount"] * sum(1 for m in st.markers if p in m), src)
        elif kind == "lose_all_money":
            if pl.money:
                st._set(pl, "money", 0)
        elif kind == "fill_orders":
            st._push(("fillorders", p, e["count"]))
        else:
            raise AssertionError(kind)

    def fully_possible(self, st: EngineBase, p: int, e: dict[str, Any]) -> bool:
        if e["effect"] == "return_item_choice":
            return sum(st.players[p].kitchen[:4]) >= e["count"]
        return True

    # ---------------------------------------------------------------- events
    def event(self, st: EngineBase, p: int, kind: str, value: Any) -> None:
        part = st.parts[NAME]
        if kind == "emperor":
            if st.t_action:
                st._seti(part.acc[p], 0, part.acc[p][0] + value)
            return
        if kind == "items":
            if st.t_action:
                dishes, drinks = value[0] + value[1], value[2] + value[3]
                acc = part.acc[p]
                if dishes:
                    st._seti(acc, 1, acc[1] + dishes)
                if drinks:
                    st._seti(acc, 2, acc[2] + drinks)
            return
        pl = st.players[p]
        staff = st.rules.staff
        if kind == "guest_done":
            guest = st.rules.guests[value]
            size = _big_open(st, p)
            if size and guest.order_size >= size and value not in part.pile[p] + part.wait[p]:
                # 001 App. Objective Cards *: the Kaufman player's guests join at the end of the round
                attr = part.wait if _kaufman(st, p) else part.pile
                st._seti(attr, p, attr[p] + (value,))
            colour = COLOUR_NAMES[guest.colour]
            for s in _bells(st, pl, part, p, "guest_done"):
                ab = staff[s].ability
                if ab["colour"] == colour and guest.order_size >= ab["order_size"]:
                    _offer(st, p, s)
        elif kind == "occupied":
            rules = st.rules
            group = rules.groups[rules.room_group[value]]
            if all(pl.rooms[r] == 2 for r in group):
                for s in _bells(st, pl, part, p, "group_full"):
                    if len(group) >= staff[s].ability["min_size"]:
                        _offer(st, p, s)
        elif kind == "objective":
            req = st.rules.objectives[st.objectives[value]].requirement
            if req["kind"] == "big_orders_done" and part.pile[p]:
                # 001 App. Objective Cards *: the pile goes to the discard once the card is done
                st._seti(part.pile, p, ())
            for s in _bells(st, pl, part, p, "objective"):
                _offer(st, p, s)

    def round_end(self, st: EngineBase) -> None:
        # 001 App. Objective Cards *: Kaufman's relevant guests of the round join the C+ pile
        part = st.parts[NAME]
        for q in range(st.num_players):
            if part.wait[q]:
                if _big_open(st, q):
                    st._seti(part.pile, q, part.pile[q] + part.wait[q])
                st._seti(part.wait, q, ())

    def action_done(self, st: EngineBase, p: int) -> None:
        """One action of the turn has resolved: offer the per-action bells whose total is met."""
        part = st.parts[NAME]
        if part.pile[p] and not _big_open(st, p):
            st._seti(part.pile, p, ())  # a Ninas Melange personal C+ done: the pile is discarded
        n = st.num_players
        offers: list[tuple[int, int]] = []
        staff = st.rules.staff
        for i in range(n):
            q = (p + i) % n
            acc = part.acc[q]
            if not (acc[0] or acc[1] or acc[2]):
                continue
            pl = st.players[q]
            for s in pl.played:
                card = staff[s]
                if card.timing != "bell" or s in part.down[q] or s in part.offered[q]:
                    continue
                when = card.ability.get("when")
                if when in TOTALS and acc[TOTALS.index(when)] >= card.ability["at_least"]:
                    offers.append((q, s))
                    st._seti(part.offered, q, part.offered[q] + (s,))
        if offers:
            for q, s in reversed(offers):  # the acting player's first offer on top
                _offer(st, q, s)
            st._set(st, "t_action", True)  # their rewards belong to this action: look again after them
            return
        for q in range(n):
            if part.acc[q] != [0, 0, 0]:
                for k in range(3):
                    if part.acc[q][k]:
                        st._seti(part.acc[q], k, 0)
            if part.offered[q]:
                st._seti(part.offered, q, ())

    # ----------------------------------------------------------- objectives
    def meets(self, st: EngineBase, p: int, req: dict[str, Any]) -> bool:
        pl = st.players[p]
        kind = req["kind"]
        if kind == "kitchen_each":
            k = pl.kitchen
            n = req["at_least"]
            return k[0] >= n and k[1] >= n and k[2] >= n and k[3] >= n
        if kind == "top_floor_occupied":
            top = st.rules.rooms_by_floor[-1]
            return sum(1 for r in top if pl.rooms[r] == 2) >= req["at_least"]
        if kind == "big_orders_done":
            # the Kaufman player's guests of this round wait in ``wait`` (see round_end)
            return len(st.parts[NAME].pile[p]) >= req["at_least"]
        raise AssertionError(kind)

    # -------------------------------------------------------------- position
    def dump(self, st: EngineBase) -> dict[str, Any]:
        part = st.parts[NAME]
        slug = st.rules.staff
        return {
            "face_down": [[slug[s].slug for s in d] for d in part.down],
            "big_orders": [list(g) for g in part.pile],
            "big_orders_this_round": [list(g) for g in part.wait],
            "action_totals": [list(a) for a in part.acc],
            "action_offered": [[slug[s].slug for s in o] for o in part.offered],
        }

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        keys = {"face_down", "big_orders", "big_orders_this_round", "action_totals", "action_offered"}
        extra = set(data) - keys
        if extra:
            raise InvalidPosition(f"modules.more: unknown fields {sorted(extra)}")
        n = st.num_players
        part = st.parts[NAME]
        by_slug = st.rules.staff_by_slug

        def seats(name: str, default: Any) -> list[Any]:
            v = data.get(name, [default for _ in range(n)])
            if not isinstance(v, list) or len(v) != n:
                raise InvalidPosition(f"modules.more.{name} must list one entry per seat")
            return v

        def cards(v: Any, name: str) -> tuple[int, ...]:
            if not isinstance(v, list) or any(s not in by_slug for s in v):
                raise InvalidPosition(f"modules.more.{name}: unknown staff card in {v!r}")
            return tuple(by_slug[s] for s in v)

        part.down = [cards(v, "face_down") for v in seats("face_down", [])]
        part.offered = [cards(v, "action_offered") for v in seats("action_offered", [])]
        for name, attr in (("big_orders", "pile"), ("big_orders_this_round", "wait")):
            piles: list[tuple[int, ...]] = []
            for v in seats(name, []):
                if not isinstance(v, list) or not all(isinstance(g, int) and g in st.rules.guests for g in v):
                    raise InvalidPosition(f"modules.more.{name}: unknown guest in {v!r}")
                piles.append(tuple(v))
            setattr(part, attr, piles)
        part.acc = []
        for v in seats("action_totals", [0, 0, 0]):
            if not isinstance(v, list) or len(v) != 3 or not all(isinstance(x, int) and x >= 0 for x in v):
                raise InvalidPosition("modules.more.action_totals: three counts >= 0 per seat")
            part.acc.append(list(v))

    def check(self, st: EngineBase) -> None:
        part = st.parts[NAME]
        staff = st.rules.staff
        discard = set(st.guest_discard)
        seen: set[int] = set()
        for p, pl in enumerate(st.players):
            for s in part.down[p]:
                if s not in pl.played or staff[s].timing != "bell":
                    raise InvalidPosition(f"modules.more.face_down[{p}]: {staff[s].slug} is not a played bell card")
            if len(set(part.down[p])) != len(part.down[p]):
                raise InvalidPosition(f"modules.more.face_down[{p}] lists a card twice")
            for g in part.pile[p] + part.wait[p]:
                if g not in discard or g in seen:
                    raise InvalidPosition(f"modules.more.big_orders[{p}]: guest {g} must be a completed "
                                          f"guest, in one pile only")
                seen.add(g)


MODULE = More()
