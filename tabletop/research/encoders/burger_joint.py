"""Observation encoder for Burger Joint (reads ``BurgerJointState.view(seat)`` only).

Everything on a Burger Joint table is public except the order of the bag (the
RNG), which the view leaves out. Layout (see :attr:`BurgerJointEncoder.segments`):

``seat`` (one-hot: burger/pizza board), ``turn`` (turn / turn_limit),
``active`` (relative seat one-hot), ``to_move`` (relative seat one-hot, chance, nobody),
``phase`` (one-hot production/trade/build/discard/over), ``bag`` and ``general``
(cubes per colour / cubes of that colour), ``reserved`` (per relative seat, per colour),
``this_turn`` (abilities used multi-hot, publicity bought), ``pending`` (depth, kinds
present, top kind, top count), ``result`` (over, winners per relative seat), then per
relative seat (viewer first): storage and new cubes per colour, cubes in storage /
storage limit, publicity, basic restaurants, diners (multi-hot colour), bistros
(multi-hot), scoring marker, current VP.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.games.burger_joint.data import BISTROS, COLOURS, SEATS
from tabletop.games.burger_joint.position import build_config
from tabletop.games.burger_joint.state import FRAME_KINDS, PHASES
from tabletop.research.encoders.base import Layout, ObservationEncoder, finish

NC = len(COLOURS)
NB = len(BISTROS)
NK = len(FRAME_KINDS)


class BurgerJointEncoder(ObservationEncoder):
    """Burger Joint: the view of one seat as a float32 vector in [-1, 1]."""

    game = "burger-joint"

    def __init__(self, num_players: int = 2, config: dict[str, Any] | None = None) -> None:
        super().__init__(num_players, config)
        if num_players != 2:
            raise ValueError(f"Burger Joint is a game for exactly 2 players, not {num_players}")
        data, cfg = build_config({k: v for k, v in self.config.items() if k != "players"})
        self.data = data
        self.turn_limit = cfg["turn_limit"]
        self.cubes = [max(c, 1) for c in data.cubes]
        L = Layout()
        self.o_seat = L.add("seat", 2)
        self.o_turn = L.add("turn", 1)
        self.o_active = L.add("active", 2)
        self.o_to_move = L.add("to_move", 4)
        self.o_phase = L.add("phase", len(PHASES))
        self.o_bag = L.add("bag", NC)
        self.o_general = L.add("general", NC)
        self.o_reserved = L.add("reserved", 2 * NC)
        self.o_this_turn = L.add("this_turn", NB + 1)
        self.o_pending = L.add("pending", 1 + NK + NK + 1)
        self.o_result = L.add("result", 3)
        self.player_block = NC + NC + 1 + 1 + 1 + NC + NB + 1 + 1
        self.o_seats = L.add("seats", 2 * self.player_block)
        self.size = L.size
        self.segments = L.segments

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        x = np.zeros(self.size, dtype=np.float32)
        rel = self.rel
        seat_of = {name: s for s, name in enumerate(SEATS)}
        cubes = self.cubes
        data = self.data
        x[self.o_seat + seat] = 1.0
        x[self.o_turn] = view["turn"] / self.turn_limit
        x[self.o_active + rel(seat, seat_of[view["active"]])] = 1.0
        to_move = view["to_move"]
        if to_move in seat_of:
            x[self.o_to_move + rel(seat, seat_of[to_move])] = 1.0
        elif to_move == "chance":
            x[self.o_to_move + 2] = 1.0
        else:
            x[self.o_to_move + 3] = 1.0
        x[self.o_phase + PHASES.index(view["phase"])] = 1.0
        for c, colour in enumerate(COLOURS):
            x[self.o_bag + c] = view["bag"][colour] / cubes[c]
            x[self.o_general + c] = view["general"][colour] / cubes[c]
        for name, counts in view["reserved"].items():
            o = self.o_reserved + rel(seat, seat_of[name]) * NC
            for c, colour in enumerate(COLOURS):
                x[o + c] = counts[colour] / cubes[c]
        this_turn = view["this_turn"]
        for b in this_turn["abilities_used"]:
            x[self.o_this_turn + BISTROS.index(b)] = 1.0
        x[self.o_this_turn + NB] = this_turn["publicity_bought"] / 5.0
        pending = view["pending"]
        o = self.o_pending
        x[o] = len(pending) / 5.0
        for fr in pending:
            x[o + 1 + FRAME_KINDS.index(fr["kind"])] = 1.0
        if pending:
            top = pending[-1]
            x[o + 1 + NK + FRAME_KINDS.index(top["kind"])] = 1.0
            x[o + 1 + 2 * NK] = top.get("count", 0) / 10.0
        result = view["result"]
        if result is not None:
            x[self.o_result] = 1.0
            for name in result["winners"]:
                x[self.o_result + 1 + rel(seat, seat_of[name])] = 1.0
        scores = view.get("scores", {})
        for name, pl in view["players"].items():
            s = seat_of[name]
            board = data.boards[s]
            o = self.o_seats + rel(seat, s) * self.player_block
            for c, colour in enumerate(COLOURS):
                x[o + c] = pl["storage"][colour] / cubes[c]
                x[o + NC + c] = pl["new"][colour] / cubes[c]
            o += 2 * NC
            x[o] = sum(pl["storage"].values()) / max(data.storage_limit, 1)
            x[o + 1] = pl["publicity"] / max(len(board.publicity_vp), 1)
            x[o + 2] = pl["basic"] / max(len(board.basic_vp), 1)
            o += 3
            for colour in pl["diners"]:
                x[o + COLOURS.index(colour)] = 1.0
            o += NC
            for b in pl["bistros"]:
                x[o + BISTROS.index(b)] = 1.0
            o += NB
            x[o] = pl["track"] / max(data.win_vp, 1)
            x[o + 1] = scores.get(name, 0) / max(data.win_vp, 1)
        return finish(x)
