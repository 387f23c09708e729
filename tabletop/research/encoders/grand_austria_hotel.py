"""Observation encoder for Grand Austria Hotel (reads ``GahState.view(seat)`` only).

Layout (all blocks in this order; see :attr:`GahEncoder.segments` for offsets):

global
  ``seat`` (4, one-hot absolute seat), ``players`` (3, one-hot 2/3/4),
  ``round`` (one-hot, 7), ``phase`` (one-hot, 7), ``dice`` (dice on spaces 1-6 / max dice),
  ``dice_misc`` (to roll, dustbin, on tiles), ``queue`` (5 slots x guest block),
  ``decks`` (guest deck, staff deck, guest discard sizes), ``supply`` (4 items),
  ``room_supply`` (3 colours), ``objectives`` (3 x one-hot politics card),
  ``objective_markers`` (3 cards x 4 relative seats x one-hot marker rank),
  ``emperor_tiles`` (3 x one-hot tile), ``flow`` (setup/emperor index, round guest taken),
  ``turn`` (relative seat on turn + turn flags), ``turn_order`` (per relative seat: tile,
  covered one-hot, passed), ``draft`` (own packet multi-hot, packet sizes, picked),
  ``pending`` (decision stack: depth, kinds present, top kind, top player, top fields,
  own drawn cards multi-hot).
per seat, 4 blocks (viewer first, then the following seats; absent seats all zero)
  present, money, emperor, total VP, VP by source (9), guest VP, passes, kitchen (4),
  café tables (4 x (guest block + served 4 + still wanted 4)), prepared rooms (20),
  occupied rooms (20), hand size, hand (multi-hot staff; the viewer's only, opponents'
  hands are hidden), played staff (multi-hot), used staff (multi-hot).

A guest block is: present, colour one-hot (yellow/blue/red/green), order (strudel,
cake, wine, coffee), order size, printed VP, one-hot guest id (#49-#104).
Staff multi-hots are indexed by ``notation.STAFF_SLUGS`` (fixed order, all 57 cards).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.games.grand_austria_hotel.config import parse_config
from tabletop.games.grand_austria_hotel.data import COLOURS, DISHES_DRINKS, load_rules
from tabletop.games.grand_austria_hotel.engine import VP_SOURCES
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.notation import STAFF_SLUGS, TABLES
from tabletop.games.grand_austria_hotel.position import FRAME_FIELDS
from tabletop.research.encoders.base import Layout, ObservationEncoder, finish, multi_hot

MAX_PLAYERS = 4
ITEMS = ("strudel", "cake", "wine", "coffee")[:DISHES_DRINKS]  # the base game's items (champagne: not yet)
# the Let's Waltz! modules' setup phases and decision kinds come after the base game's
PHASES = ("draft", "start_guest", "start_rooms", "roll", "play", "emperor", "over", "auction", "rehearsal")
FRAME_KINDS = tuple(FRAME_FIELDS) + tuple(k for m in MODULES.values() for k in m.frame_fields)
# integer fields of pending decisions, each scaled by its own bound
FRAME_NUMBERS = {"left": 10.0, "discount": 10.0, "dice": 20.0, "max_floor": 4.0, "below_floor": 5.0,
                 "moved": 3.0, "next": 5.0, "scoring": 3.0, "group": 10.0}
ROOM_COSTS = ("full", "minus1", "free")
FREE = 99  # the engine's "free" discount
VP_SCALE = 150.0
ITEM_SCALE = 10.0
ORDER_SCALE = 4.0


class GahEncoder(ObservationEncoder):
    """Grand Austria Hotel: the view of one seat as a float32 vector in [-1, 1]."""

    game = "grand-austria-hotel"

    def __init__(self, num_players: int, config: dict[str, Any] | None = None) -> None:
        super().__init__(num_players, config)
        cfg = {k: v for k, v in self.config.items() if k != "players"}
        rules = self.rules = load_rules(parse_config(players=num_players, **cfg))
        self.guest_ids = sorted(rules.guests)
        self.guest_index = {g: i for i, g in enumerate(self.guest_ids)}
        self.staff_index = {s: i for i, s in enumerate(STAFF_SLUGS)}
        self.objective_index = {o: i for i, o in enumerate(sorted(rules.objectives))}
        self.tile_index = {t: i for i, t in enumerate(sorted(rules.emperor_tiles))}
        self.kind_index = {k: i for i, k in enumerate(FRAME_KINDS)}
        self.rounds = rules.rounds
        self.max_dice = float(max(rules.dice.values()))
        ng, ns = len(self.guest_ids), len(STAFF_SLUGS)
        self.guest_block = 1 + 4 + 4 + 1 + 1 + ng
        self.table_block = self.guest_block + 4 + 4
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
        self.o_supply = L.add("supply", 4)
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
                             + 4 + 4 + len(VP_SOURCES) + 1 + ns + 1)
        self.o_pending = L.add("pending", self.pending_size)
        self.player_block = 1 + 1 + 1 + 1 + len(VP_SOURCES) + 2 + 4 + TABLES * self.table_block + 20 + 20 + 1 + 3 * ns
        self.o_seats = L.add("seats", MAX_PLAYERS * self.player_block)
        self.size = L.size
        self.segments = L.segments

    # -- pieces ---------------------------------------------------------------------------
    def _guest_vector(self, gid: int) -> np.ndarray:
        v = np.zeros(self.guest_block, dtype=np.float32)
        g = self.rules.guests[gid]
        v[0] = 1.0
        v[1 + g.colour] = 1.0
        for i in range(4):
            v[5 + i] = g.order[i] / ORDER_SCALE
        v[9] = g.order_size / 8.0
        v[10] = g.vp / 10.0
        v[11 + self.guest_index[gid]] = 1.0
        return v

    def _guest(self, x: np.ndarray, o: int, gid: int | None) -> None:
        if gid:
            vec = self.guest_vectors.get(gid)
            if vec is None:
                x[o] = 1.0  # a guest the data does not know (cannot happen with shipped data)
            else:
                x[o:o + self.guest_block] = vec

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
        for i, item in enumerate(ITEMS):
            x[self.o_supply + i] = view["supply"][item] / rules.cubes_per_item
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
        return finish(x)

    def _pending(self, x: np.ndarray, pending: list[dict[str, Any]], seat: int) -> None:
        o = self.o_pending
        nk = len(FRAME_KINDS)
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
        if first in ITEMS:
            x[o + ITEMS.index(first)] = 1.0
        o += 4
        fresh = top.get("fresh")
        if isinstance(fresh, dict):
            for i, item in enumerate(ITEMS):
                x[o + i] = fresh.get(item, 0) / ITEM_SCALE
        o += 4
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
        for i, item in enumerate(ITEMS):
            x[o + i] = pl["kitchen"][item] / ITEM_SCALE
        o += 4
        gb = self.guest_block
        for t, table in enumerate(pl["cafe"][:TABLES]):
            to = o + t * self.table_block
            if table is None:
                continue
            gid = table["guest"]
            self._guest(x, to, gid)
            served = table["served"]
            guest = rules.guests.get(gid)
            for i, item in enumerate(ITEMS):
                x[to + gb + i] = served[item] / ORDER_SCALE
                if guest is not None:
                    x[to + gb + 4 + i] = max(guest.order[i] - served[item], 0) / ORDER_SCALE
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
