"""Position builders for the module I (Vienna Ballrooms) scenario tests."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.modules.ballrooms import _table
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
H = 4  # champagne
LEFT3 = ("apollosaal", "goldener_strauss", "odeonsaal")


def scen(players: int = 2, rooms: tuple[str, ...] = LEFT3, **cfg: Any) -> Scenario:
    """A clean module-I table: these ballrooms left to right, board k+1 taken by seat k, every
    rehearsal board full (1/2/3/4 dancers), objectives without ballroom effects."""
    sc = Scenario(players=players, **({"modules": "ballrooms"} | cfg))
    m = sc.pos["modules"]["ballrooms"]
    m["ballrooms"] = list(rooms)
    m["boards_laid_out"] = []
    m["rehearsal"] = [{"board": p + 1, "sections": [1, 2, 3, 4]} for p in range(players)]
    return sc


def dancers(sc: Scenario, b: int, r: int, seats: list[int | None]) -> Scenario:
    """Put these seats' dancers on ballroom b, row r (0 top, 1 middle, 2 bottom), left to right;
    each comes from the seat's largest section."""
    m = sc.pos["modules"]["ballrooms"]
    m["rows"][b][r] = list(seats)
    for s in seats:
        if s is None:
            continue
        sec = m["rehearsal"][s]["sections"]
        k = max(i for i in range(4) if sec[i])
        sec[k] -= 1
    return sc


def sections(sc: Scenario, seat: int, secs: list[int]) -> Scenario:
    """Set seat's rehearsal sections; dancers not on the board nor in a ballroom are in the box."""
    sc.pos["modules"]["ballrooms"]["rehearsal"][seat]["sections"] = list(secs)
    return sc


def state(sc: Scenario) -> GahState:
    m = sc.pos["modules"]["ballrooms"]
    for p in range(len(m["rehearsal"])):
        placed = sum(row.count(p) for b in m["rows"] for row in b)
        m["boxed"][p] = 10 - sum(m["rehearsal"][p]["sections"]) - placed
        assert m["boxed"][p] >= 0
    return sc.state()


def row_cost(st: GahState, b: int, r: int) -> int:
    """The (provisional) champagne cost of row r of the ballroom at position b."""
    return _table(st)[st.parts["ballrooms"].order[b]][0][r]


def row_spaces(st: GahState, b: int, r: int) -> int:
    return _table(st)[st.parts["ballrooms"].order[b]][1][r]


def resolve(st: GahState, prefer: tuple[str, ...] = ()) -> list[str]:
    """Finish pending sub-decisions ('done' where possible, else a preferred or the first option)."""
    kinds = []
    while st.stack and st.stack[-1][0] != "turn":
        kinds.append(st.stack[-1][0])
        legal = st.legal_actions()
        pick = next((a for a in prefer if a in legal), None)
        st.apply(pick or ("done" if "done" in legal else legal[0]))
    return kinds


def last_turn(sc: Scenario, rnd: int, seats: int = 2) -> Scenario:
    """Seat 0 takes the last turn of round rnd (no dice left: 'done' ends the round)."""
    sc.round(rnd).dice({}).turn(0, covered=1)
    for q in range(1, seats):
        sc.pos["turn_order"][q]["covered"] = 2
    return sc


def bvp(st: GahState, seat: int) -> int:
    return st.players[seat].vp_src[SRC["ballrooms"]]
