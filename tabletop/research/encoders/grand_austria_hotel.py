"""Observation encoder for Grand Austria Hotel (reads ``GahState.view(seat)`` only).

Layout (all blocks in this order; see :attr:`GahEncoder.segments` for offsets):

global
  ``seat`` (4, one-hot absolute seat), ``players`` (3, one-hot 2/3/4),
  ``round`` (one-hot, 7), ``phase`` (one-hot, 9), ``dice`` (dice on spaces 1-6 / max dice),
  ``dice_misc`` (to roll, dustbin, on tiles), ``queue`` (5 slots x guest block),
  ``decks`` (guest deck, staff deck, guest discard sizes), ``supply`` (per item),
  ``room_supply`` (3 colours), ``objectives`` (3 x one-hot politics card),
  ``objective_markers`` (3 cards x 4 relative seats x one-hot marker rank),
  ``emperor_tiles`` (3 x one-hot tile), ``flow`` (setup/emperor index, round guest taken),
  ``turn`` (relative seat on turn + turn flags), ``turn_order`` (per relative seat: tile,
  covered one-hot, passed), ``draft`` (own packet multi-hot, packet sizes, picked),
  ``pending`` (decision stack: depth, kinds present, top kind, top player, top fields,
  own drawn cards multi-hot).
per seat, 4 blocks (viewer first, then the following seats; absent seats all zero)
  present, money, emperor, total VP, VP by source (13), guest VP, passes, kitchen (per item),
  café tables (4 x (guest block + served per item + still wanted per item)), prepared
  rooms (20), occupied rooms (20), hand size, hand (multi-hot staff; the viewer's only,
  opponents' hands are hidden), played staff (multi-hot), used staff (multi-hot).
Let's Waltz! modules (only those in play, in rulebook order; none without modules)
  ``ballrooms``, ``celebrities``, ``unique_hotels``, ``start_player``, ``more``: each
  module's view part (docs/POSITION.md), seats relative to the viewer, and the fields of a
  top decision of that module (see the ``_ballrooms`` ... ``_more`` methods and
  docs/RESEARCH.md for the sizes).

A guest block is: present, colour one-hot (yellow/blue/red/green), order per item,
order size, printed VP, one-hot guest id (the config's guests, sorted).
The items are strudel, cake, wine, coffee, and champagne when module I (ballrooms) is in
play: every per-item run (supply, kitchens, orders, served, wanted, fresh, first item) is
then 5 long instead of 4. Without modules the layout is exactly the base game's.
Staff multi-hots are indexed by ``notation.STAFF_SLUGS`` (fixed order, all cards).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.games.grand_austria_hotel.config import parse_config
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS, load_rules
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.engine.declare import DECISIONS
from tabletop.games.grand_austria_hotel.modules import MODULES  # noqa: F401  (every module's kinds declared)
from tabletop.games.grand_austria_hotel.notation import STAFF_SLUGS, TABLES
from tabletop.research.encoders.base import Layout, ObservationEncoder, finish, multi_hot

MAX_PLAYERS = 4
# the Let's Waltz! modules' setup phases and decision kinds come after the base game's
PHASES = ("draft", "start_guest", "start_rooms", "roll", "play", "emperor", "over", "auction", "rehearsal")
FRAME_KINDS = tuple(DECISIONS)  # declared in that order (engine/declare.py)
# integer fields of pending decisions, each scaled by its own bound
FRAME_NUMBERS = {"left": 10.0, "discount": 10.0, "dice": 20.0, "max_floor": 4.0, "below_floor": 5.0,
                 "moved": 3.0, "next": 5.0, "scoring": 3.0, "group": 10.0}
ROOM_COSTS = ("full", "minus1", "free")
FREE = 99  # the engine's "free" discount
VP_SCALE = 150.0
ITEM_SCALE = 10.0
ORDER_SCALE = 4.0
GUEST_VP_SCALE = 10.0  # the base guests' highest printed VP (module I's go higher: see _guest_vp_scale)
# Let's Waltz!
DIE_FACES = 8  # a coloured die / Corogari's first die: -1, 0, 1-6 one-hot
CELEB_COLOURS = ("red", "blue", "yellow")
DANCERS = 10.0  # dancers per player (module I)
MAX_BID = 20.0


def _val(v: Any) -> Any:
    """A data record's value without its provenance wrapper."""
    return v["value"] if isinstance(v, dict) and "value" in v else v


class GahEncoder(ObservationEncoder):
    """Grand Austria Hotel: the view of one seat as a float32 vector in [-1, 1]."""

    game = "grand-austria-hotel"

    def __init__(self, num_players: int, config: dict[str, Any] | None = None) -> None:
        super().__init__(num_players, config)
        cfg = {k: v for k, v in self.config.items() if k != "players"}
        rules = self.rules = load_rules(parse_config(players=num_players, **cfg))
        self.modules: tuple[str, ...] = tuple(rules.modules)
        # champagne is an item only with module I (as the engine's item_range)
        self.items: tuple[str, ...] = ITEMS[:5] if rules.cubes[4] else ITEMS[:4]
        ni = len(self.items)
        self.guest_ids = sorted(rules.guests)
        self.guest_index = {g: i for i, g in enumerate(self.guest_ids)}
        self.guest_vp_scale = float(max(GUEST_VP_SCALE, *(g.vp for g in rules.guests.values())))
        self.staff_index = {s: i for i, s in enumerate(STAFF_SLUGS)}
        self.objective_index = {o: i for i, o in enumerate(sorted(rules.objectives))}
        self.tile_index = {t: i for i, t in enumerate(sorted(rules.emperor_tiles))}
        self.kind_index = {k: i for i, k in enumerate(FRAME_KINDS)}
        self.rounds = rules.rounds
        self.max_dice = float(max(rules.dice.values()))
        ng, ns = len(self.guest_ids), len(STAFF_SLUGS)
        self.guest_block = 1 + 4 + ni + 1 + 1 + ng
        self.table_block = self.guest_block + ni + ni
        self.guest_vectors = {g: self._guest_vector(g) for g in self.guest_ids}

        L = Layout()
        self.o_seat = L.add("seat", MAX_PLAYERS)
        self.o_players = L.add("players", MAX_PLAYERS - 1)
        self.o_round = L.add("round", self.rounds)
        self.o_phase = L.add("phase", len(PHASES))
        self.o_dice = L.add("dice", 6)
        self.o_dice_misc = L.add("dice_misc", 3)
        self.o_queue = L.add("queue", 5 * self.guest_block)
        self.o_decks = L.add("decks", 3)
        self.o_supply = L.add("supply", ni)
        self.o_room_supply = L.add("room_supply", 3)
        self.o_objectives = L.add("objectives", 3 * len(self.objective_index))
        self.o_markers = L.add("objective_markers", 3 * MAX_PLAYERS * MAX_PLAYERS)
        self.o_tiles = L.add("emperor_tiles", 3 * len(self.tile_index))
        self.o_flow = L.add("flow", 3)
        self.o_turn = L.add("turn", MAX_PLAYERS + 7)
        self.o_order = L.add("turn_order", MAX_PLAYERS * 6)
        self.o_draft = L.add("draft", ns + 2 * MAX_PLAYERS)
        nk = len(FRAME_KINDS)
        self.pending_size = (1 + nk + nk + MAX_PLAYERS + 1 + len(FRAME_NUMBERS) + 1 + len(ROOM_COSTS) + 1
                             + ni + ni + len(VP_SOURCES) + 1 + ns + 1)
        self.o_pending = L.add("pending", self.pending_size)
        self.player_block = (1 + 1 + 1 + 1 + len(VP_SOURCES) + 2 + ni + TABLES * self.table_block + 20 + 20
                             + 1 + 3 * ns)
        self.o_seats = L.add("seats", MAX_PLAYERS * self.player_block)
        # Let's Waltz!: one segment per module in play, after everything of the base game
        self.module_offsets: dict[str, int] = {}
        for name in self.modules:
            size = getattr(self, f"_{name}_setup")()
            self.module_offsets[name] = L.add(name, size)
        self.size = L.size
        self.segments = L.segments

    # -- pieces ---------------------------------------------------------------------------
    def _guest_vector(self, gid: int) -> np.ndarray:
        v = np.zeros(self.guest_block, dtype=np.float32)
        g = self.rules.guests[gid]
        ni = len(self.items)
        v[0] = 1.0
        v[1 + g.colour] = 1.0
        for i in range(ni):
            v[5 + i] = g.order[i] / ORDER_SCALE
        v[5 + ni] = g.order_size / 8.0
        v[6 + ni] = g.vp / self.guest_vp_scale
        v[7 + ni + self.guest_index[gid]] = 1.0
        return v

    def _guest(self, x: np.ndarray, o: int, gid: int | None) -> None:
        if gid:
            vec = self.guest_vectors.get(gid)
            if vec is None:
                x[o] = 1.0  # a guest the data does not know (cannot happen with shipped data)
            else:
                x[o:o + self.guest_block] = vec

    def _rel_one_hot(self, x: np.ndarray, o: int, seat: int, p: Any) -> None:
        """One-hot of seat ``p`` relative to the viewer (nothing for None / -1)."""
        if isinstance(p, int) and 0 <= p < self.num_players:
            x[o + self.rel(seat, p)] = 1.0

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        x = np.zeros(self.size, dtype=np.float32)
        n = self.num_players
        rel = self.rel
        rules = self.rules
        ns = len(STAFF_SLUGS)
        si = self.staff_index

        x[self.o_seat + seat] = 1.0
        x[self.o_players + n - 2] = 1.0
        rnd = view["round"]
        if 1 <= rnd <= self.rounds:
            x[self.o_round + rnd - 1] = 1.0
        x[self.o_phase + PHASES.index(view["phase"])] = 1.0
        dice = view["dice"]
        for f in range(6):
            x[self.o_dice + f] = dice[str(f + 1)] / self.max_dice
        x[self.o_dice_misc] = view["dice_to_roll"] / self.max_dice
        x[self.o_dice_misc + 1] = view["dustbin"] / self.max_dice
        x[self.o_dice_misc + 2] = view["dice_on_tiles"] / self.max_dice
        for i, gid in enumerate(view["queue"]):
            self._guest(x, self.o_queue + i * self.guest_block, gid)
        ng = float(len(self.guest_ids))
        x[self.o_decks] = view["guest_deck"] / ng
        x[self.o_decks + 1] = view["staff_deck"] / ns
        x[self.o_decks + 2] = len(view["guest_discard"]) / ng
        supply = view["supply"]
        for i, item in enumerate(self.items):
            cubes = rules.cubes_per_item if i < 4 else rules.cubes[i]
            x[self.o_supply + i] = supply.get(item, 0) / cubes
        for c in range(3):
            x[self.o_room_supply + c] = view["room_supply"][COLOURS[c]] / rules.room_tiles_per_colour
        no = len(self.objective_index)
        for k, obj in enumerate(view["objectives"]):
            j = self.objective_index.get(obj["id"])
            if j is not None:
                x[self.o_objectives + k * no + j] = 1.0
            for rank, p in enumerate(obj["markers"][:MAX_PLAYERS]):
                x[self.o_markers + (k * MAX_PLAYERS + rel(seat, p)) * MAX_PLAYERS + rank] = 1.0
        nt = len(self.tile_index)
        for k, tid in enumerate(view["emperor_tiles"]):
            j = self.tile_index.get(tid)
            if j is not None:
                x[self.o_tiles + k * nt + j] = 1.0
        x[self.o_flow] = view["setup_index"] / MAX_PLAYERS
        x[self.o_flow + 1] = view["emperor_index"] / MAX_PLAYERS
        x[self.o_flow + 2] = float(view["round_guest_taken"])
        t = view["turn"]
        o = self.o_turn
        if t["player"] >= 0:
            x[o + rel(seat, t["player"])] = 1.0
        o += MAX_PLAYERS
        x[o] = float(t["guest_taken"])
        x[o + 1] = float(t["die_taken"])
        x[o + 2] = float(t["boosted"])
        x[o + 3] = float(t["acted"])
        x[o + 4] = t["money_peak"] / rules.money_cap
        x[o + 5] = t["extra_turns"] / 3.0
        x[o + 6] = float(t["die_stays"])
        for p, to in enumerate(view["turn_order"]):
            o = self.o_order + rel(seat, p) * 6
            x[o] = to["tile"][0] / (2.0 * MAX_PLAYERS)
            x[o + 1] = to["tile"][1] / (2.0 * MAX_PLAYERS)
            x[o + 2 + min(to["covered"], 2)] = 1.0
            x[o + 5] = float(to["passed"])
        o = self.o_draft
        for p, packet in enumerate(view["draft_packets"]):
            if isinstance(packet, list):
                if p == seat:
                    multi_hot(x, o, si, packet)
                size = len(packet)
            else:
                size = packet
            x[o + ns + rel(seat, p)] = size / 6.0
        for p, picked in enumerate(view["draft_picked"]):
            x[o + ns + MAX_PLAYERS + rel(seat, p)] = float(picked)
        self._pending(x, view["pending"], seat)
        for p, pl in enumerate(view["players"]):
            self._player(x, self.o_seats + rel(seat, p) * self.player_block, pl, own=p == seat)
        if self.modules:
            parts = view["modules"]
            top = view["pending"][-1] if view["pending"] else None
            for name, off in self.module_offsets.items():
                getattr(self, f"_{name}")(x, off, parts[name], view, seat, top)
        return finish(x)

    def _pending(self, x: np.ndarray, pending: list[dict[str, Any]], seat: int) -> None:
        o = self.o_pending
        nk = len(FRAME_KINDS)
        ni = len(self.items)
        ki = self.kind_index
        x[o] = len(pending) / 10.0
        o += 1
        for fr in pending:
            x[o + ki[fr["decision"]]] = 1.0
        o += nk
        if not pending:
            return
        top = pending[-1]
        x[o + ki[top["decision"]]] = 1.0
        o += nk
        x[o + self.rel(seat, top["player"])] = 1.0
        o += MAX_PLAYERS
        x[o] = float(top["player"] == seat)
        o += 1
        for i, (name, scale) in enumerate(FRAME_NUMBERS.items()):
            v = top.get(name)
            if isinstance(v, int) and not isinstance(v, bool):
                x[o + i] = min(v, scale) / scale
        o += len(FRAME_NUMBERS)
        x[o] = float(top.get("discount") == FREE)
        o += 1
        cost = top.get("cost")
        if cost in ROOM_COSTS:
            x[o + ROOM_COSTS.index(cost)] = 1.0
        o += len(ROOM_COSTS)
        x[o] = float(bool(top.get("occupy")))
        o += 1
        first = top.get("first_item")
        if first in self.items:
            x[o + self.items.index(first)] = 1.0
        o += ni
        fresh = top.get("fresh")
        if isinstance(fresh, dict):
            for i, item in enumerate(self.items):
                x[o + i] = fresh.get(item, 0) / ITEM_SCALE
        o += ni
        source = top.get("source")
        if source in VP_SOURCES:
            x[o + VP_SOURCES.index(source)] = 1.0
        o += len(VP_SOURCES)
        effects = top.get("effects")
        x[o] = len(effects) / 10.0 if isinstance(effects, list) else 0.0
        o += 1
        cards = top.get("cards")
        if isinstance(cards, list):  # the viewer's own drawn cards; others' are a count
            multi_hot(x, o, self.staff_index, cards)
            count = len(cards)
        else:
            count = cards or 0
        o += len(STAFF_SLUGS)
        x[o] = count / 10.0

    def _player(self, x: np.ndarray, o: int, pl: dict[str, Any], own: bool) -> None:
        rules = self.rules
        si = self.staff_index
        items = self.items
        ni = len(items)
        x[o] = 1.0
        x[o + 1] = pl["money"] / rules.money_cap
        x[o + 2] = pl["emperor"] / rules.emperor_top
        vp = pl["vp"]
        x[o + 3] = sum(vp.values()) / VP_SCALE
        o += 4
        for i, src in enumerate(VP_SOURCES):
            x[o + i] = vp.get(src, 0) / VP_SCALE
        o += len(VP_SOURCES)
        x[o] = pl["guest_vp"] / 50.0
        x[o + 1] = pl["passes"] / 5.0
        o += 2
        kitchen = pl["kitchen"]
        for i, item in enumerate(items):
            x[o + i] = kitchen.get(item, 0) / ITEM_SCALE
        o += ni
        gb = self.guest_block
        for t, table in enumerate(pl["cafe"][:TABLES]):
            to = o + t * self.table_block
            if table is None:
                continue
            gid = table["guest"]
            self._guest(x, to, gid)
            served = table["served"]
            guest = rules.guests.get(gid)
            for i, item in enumerate(items):
                got = served.get(item, 0)
                x[to + gb + i] = got / ORDER_SCALE
                if guest is not None:
                    x[to + gb + ni + i] = max(guest.order[i] - got, 0) / ORDER_SCALE
        o += TABLES * self.table_block
        for r in pl["prepared"]:
            x[o + r] = 1.0
        o += 20
        for r in pl["occupied"]:
            x[o + r] = 1.0
        o += 20
        hand = pl["hand"]
        ns = len(STAFF_SLUGS)
        if isinstance(hand, list):
            x[o] = len(hand) / 10.0
            if own:
                multi_hot(x, o + 1, si, hand)
        else:
            x[o] = hand / 10.0
        o += 1 + ns
        multi_hot(x, o, si, pl["played"])
        o += ns
        multi_hot(x, o, si, pl["used"])

    # -- Let's Waltz! modules -------------------------------------------------------------
    # Each module in play has a ``_<name>_setup`` (its segment's size, from the data) and a
    # ``_<name>`` that writes its view part; ``top`` is the top pending decision, whose
    # module-specific fields are encoded only when it is one of that module's decisions.
    def _top_of(self, name: str, top: dict[str, Any] | None) -> dict[str, Any] | None:
        return top if top is not None and DECISIONS[top["decision"]].owner == name else None

    def _ballrooms_setup(self) -> int:
        data = self.rules.module_data["ballrooms"]
        n = self.num_players
        self.ballroom_ids = [str(rec["id"]) for rec in data["ballrooms"]]
        self.ballroom_spaces: dict[str, tuple[int, ...]] = {}
        for rec in data["ballrooms"]:
            side = _val(rec["sides"])["2" if n == 2 else "34"]
            self.ballroom_spaces[str(rec["id"])] = tuple(
                int(s) - (int(f) if n == 3 else 0) for s, f in zip(side["spaces"], side["four_player_only"]))
        self.board_ids = [rec["id"] for rec in data["rehearsal_boards"]]
        nb, nr = len(self.ballroom_ids), len(self.board_ids)
        self.bal_row = MAX_PLAYERS + 3  # dancers per relative seat, freed spaces, spaces left, balcony
        self.bal_seat = nr + 4 + 3  # board one-hot, sections, boxed, green guests, this round's
        self.bal_pending = 3 * nb + 9 * self.bal_row + nr + MAX_PLAYERS * self.bal_seat  # where the decision goes
        return self.bal_pending + 16

    def _ballrooms(self, x: np.ndarray, o: int, part: dict[str, Any], view: dict[str, Any], seat: int,
                   top: dict[str, Any] | None) -> None:
        # filled as a Python list and written to x at once (many small writes to x are slow)
        nb, nr = len(self.ballroom_ids), len(self.board_ids)
        n = self.num_players
        order = part["ballrooms"]
        v = [0.0] * self.bal_pending
        for b, bid in enumerate(order):
            v[b * nb + self.ballroom_ids.index(bid)] = 1.0
        base = 3 * nb
        for b in range(3):
            spaces = self.ballroom_spaces[order[b]]
            for r, row in enumerate(part["rows"][b]):
                ro = base + (b * 3 + r) * self.bal_row
                used = 0
                for s in row:
                    if s is None:
                        v[ro + MAX_PLAYERS] += 1.0
                    else:
                        v[ro + (s - seat) % n] += 1.0
                        used += 1
                for i in range(MAX_PLAYERS + 1):
                    v[ro + i] /= 5.0  # dancers (and freed spaces) / 5
                v[ro + MAX_PLAYERS + 1] = max(spaces[r] - used, 0) / 5.0
                v[ro + MAX_PLAYERS + 2] = max(used - spaces[r], 0) / DANCERS  # the balcony
        base += 9 * self.bal_row
        for bid in part["boards_laid_out"]:
            v[base + self.board_ids.index(bid)] = 1.0
        base += nr
        boxed, green, wait = part["boxed"], part["green_guests"], part["green_guests_this_round"]
        for p, reh in enumerate(part["rehearsal"]):
            so = base + (p - seat) % n * self.bal_seat
            if reh["board"] is not None:
                v[so + self.board_ids.index(reh["board"])] = 1.0
            for k, left in enumerate(reh["sections"][:4]):
                v[so + nr + k] = left / 4.0
            v[so + nr + 4] = boxed[p] / DANCERS
            v[so + nr + 5] = green[p] / 10.0
            v[so + nr + 6] = wait[p] / 10.0
        x[o:o + self.bal_pending] = v
        o += self.bal_pending
        fr = self._top_of("ballrooms", top)
        if fr is None:
            return
        for k, (name, size) in enumerate((("ballroom", 3), ("row", 3), ("section", 4))):
            val = fr.get(name)
            if isinstance(val, int) and 0 <= val < size:
                x[o + (0, 3, 6)[k] + val] = 1.0
        o += 10
        x[o] = float(bool(fr.get("guest")))
        discounts = fr.get("discounts")
        if isinstance(discounts, list) and discounts:
            x[o + 1] = 1.0
            x[o + 2] = min(min(discounts), 10) / 10.0
            x[o + 3] = float(FREE in discounts)
        mark = fr.get("mark")
        x[o + 4] = float(isinstance(mark, int) and mark >= 0)
        count = fr.get("count")
        x[o + 5] = count / 10.0 if isinstance(count, int) else 0.0

    def _celebrities_setup(self) -> int:
        recs = self.rules.module_data["celebrities"]["celebrities"]
        self.celeb_index = {str(rec["slug"]): i for i, rec in enumerate(recs)}
        nc = len(self.celeb_index)
        return 3 * (nc + 1) + 1 + nc + MAX_PLAYERS * nc + nc + 3 * DIE_FACES + (1 + 4 + 4 + nc)

    def _celebrities(self, x: np.ndarray, o: int, part: dict[str, Any], view: dict[str, Any], seat: int,
                     top: dict[str, Any] | None) -> None:
        ci = self.celeb_index
        nc = len(ci)
        for s, space in enumerate(part["lounge"][:3]):
            so = o + s * (nc + 1)
            if space["celebrity"] is not None:
                x[so + ci[space["celebrity"]]] = 1.0
            x[so + nc] = space["chit"] / 4.0
        o += 3 * (nc + 1)
        stack = part["stack"]  # a count in every view
        x[o] = (len(stack) if isinstance(stack, list) else stack) / float(nc)
        o += 1
        multi_hot(x, o, ci, part["discard"])
        o += nc
        for p, held in enumerate(part["held"]):
            multi_hot(x, o + self.rel(seat, p) * nc, ci, held)
        o += MAX_PLAYERS * nc
        multi_hot(x, o, ci, part["used"])
        o += nc
        for c, colour in enumerate(CELEB_COLOURS):
            face = part["dice"][colour]
            if -1 <= face <= 6:
                x[o + c * DIE_FACES + face + 1] = 1.0
        o += 3 * DIE_FACES
        fr = self._top_of("celebrities", top)
        if fr is None:
            return
        stage = fr.get("stage")
        x[o] = float(stage) if isinstance(stage, int) else 0.0
        for k, name in enumerate(("given", "taken")):
            vals = fr.get(name)
            if isinstance(vals, list):
                for i, v in enumerate(vals[:4]):
                    x[o + 1 + 4 * k + i] = v / 4.0
        celeb = fr.get("celebrity")
        if celeb in ci:
            x[o + 9 + ci[celeb]] = 1.0

    def _unique_hotels_setup(self) -> int:
        data = self.rules.module_data["unique_hotels"]
        self.entrance_ids = [str(rec["id"]) for rec in _val(data["entrances"])]
        self.dove_tokens = len(_val(data["dove_tokens"]))
        ne, no, nt = len(self.entrance_ids), len(self.objective_index), len(self.tile_index)
        self.uh_auction = 1 + ne + 1 + 3 * MAX_PLAYERS
        return (ne * (1 + MAX_PLAYERS) + self.uh_auction + self.dove_tokens + 2 * no + nt + 2 + 1 + DIE_FACES
                + (1 + 6))

    def _unique_hotels(self, x: np.ndarray, o: int, part: dict[str, Any], view: dict[str, Any], seat: int,
                       top: dict[str, Any] | None) -> None:
        ei = self.entrance_ids
        ne = len(ei)
        owner_of: dict[str, int] = {}
        for ent in part["entrances"]:
            eo = o + ei.index(ent["id"]) * (1 + MAX_PLAYERS)
            x[eo] = 1.0  # laid out
            self._rel_one_hot(x, eo + 1, seat, ent["owner"])
            if ent["owner"] is not None:
                owner_of[ent["id"]] = ent["owner"]
        o += ne * (1 + MAX_PLAYERS)
        auction = part.get("auction")
        if auction:
            x[o] = 1.0
            x[o + 1 + ei.index(auction["entrance"])] = 1.0
            x[o + 1 + ne] = auction["bid"] / MAX_BID
            ao = o + 2 + ne
            self._rel_one_hot(x, ao, seat, auction["leader"])
            for p in auction["passed"]:
                self._rel_one_hot(x, ao + MAX_PLAYERS, seat, p)
            self._rel_one_hot(x, ao + 2 * MAX_PLAYERS, seat, auction["last"])
        o += self.uh_auction
        for k in part.get("dove_tokens", ()):
            if 0 <= k < self.dove_tokens:
                x[o + k] = 1.0
        o += self.dove_tokens
        no = len(self.objective_index)
        for rec in part.get("ninas_objectives", ()):
            j = self.objective_index.get(rec["id"])
            if j is not None:
                x[o + j] = 1.0
                x[o + no + j] = float(bool(rec["completed_round"]))
        o += 2 * no
        multi_hot(x, o, self.tile_index, part.get("wray_tiles", ()))
        o += len(self.tile_index)
        used = part.get("wray_used_turn", -1)
        if used >= 0:
            x[o] = float(used // 1000 == view["round"])
            x[o + 1] = float(bool(part.get("wray_used_this_turn")))
        o += 2
        x[o] = len(part.get("kaufman_pile", ())) / 5.0
        o += 1
        coro = part.get("corogari_first_die")
        if isinstance(coro, int) and -1 <= coro <= 6 and "corogari_first_die" in part:
            x[o + coro + 1] = 1.0
        o += DIE_FACES
        fr = self._top_of("unique_hotels", top)
        if fr is None:
            return
        half = fr.get("half")
        x[o] = float(half) if isinstance(half, int) else 0.0
        space = fr.get("space")
        if isinstance(space, int) and 1 <= space <= 6:
            x[o + space] = 1.0

    def _start_player_setup(self) -> int:
        return MAX_PLAYERS + 1

    def _start_player(self, x: np.ndarray, o: int, part: dict[str, Any], view: dict[str, Any], seat: int,
                      top: dict[str, Any] | None) -> None:
        holder = part["key_holder"]
        if holder is None:
            x[o + MAX_PLAYERS] = 1.0  # the key is on the action board extension
        else:
            self._rel_one_hot(x, o, seat, holder)

    def _more_setup(self) -> int:
        staff = sorted(self.rules.staff.values(), key=lambda s: s.id)
        self.bell_index = {s.slug: i for i, s in enumerate(x for x in staff if x.timing == "bell")}
        nb = len(self.bell_index)
        self.more_seat = nb + 2 + 3 + nb
        return MAX_PLAYERS * self.more_seat + (nb + 2 + len(ITEMS))

    def _more(self, x: np.ndarray, o: int, part: dict[str, Any], view: dict[str, Any], seat: int,
              top: dict[str, Any] | None) -> None:
        bi = self.bell_index
        nb = len(bi)
        for p in range(self.num_players):
            so = o + self.rel(seat, p) * self.more_seat
            multi_hot(x, so, bi, part["face_down"][p])
            x[so + nb] = len(part["big_orders"][p]) / 5.0
            x[so + nb + 1] = len(part["big_orders_this_round"][p]) / 5.0
            for i, v in enumerate(part["action_totals"][p][:3]):
                x[so + nb + 2 + i] = v / ITEM_SCALE
            multi_hot(x, so + nb + 5, bi, part["action_offered"][p])
        o += MAX_PLAYERS * self.more_seat
        fr = self._top_of("more", top)
        if fr is None:
            return
        card = fr.get("card")
        if card in bi:
            x[o + bi[card]] = 1.0
        for k, name in enumerate(("spend_left", "take_left")):
            v = fr.get(name)
            x[o + nb + k] = v / 2.0 if isinstance(v, int) else 0.0
        spent = fr.get("spent")
        if isinstance(spent, int):
            for i in range(len(ITEMS)):
                x[o + nb + 2 + i] = float(spent >> i & 1)
