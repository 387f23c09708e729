"""One scenario per Grand Austria Hotel guest card (#49-#104).

Each test seats the guest with a completed order, gives the player a free
prepared room of the right colour, makes it their turn, moves the guest in
(``m<table>r<room>``), resolves every decision the reward creates and then
compares the whole position before and after the move: the expected change is
written out in full (``moved(...)``), so a reward that does anything more or
anything less than the card says fails the test.

Sources
-------
* Card data: ``shared/reference/components.md`` 1.1 (one row per guest: colour,
  order s/c/w/k, printed VP, reward). ``CARDS`` below is transcribed from that
  table, independently of ``data/guests.yaml``, so the shipped data is checked
  against it (name, order, VP and colour).
* Moving a guest: 000 'Additional Actions' ("You can move a guest whose order you
  completed to a free room. You immediately receive the printed number of Victory
  Points and the reward that guest provides ... Guests can only move into an
  unoccupied room of the same color. Turn the room to the other side and place the
  guest on the discard pile."); 003 same section ("Red, blue and yellow guests can
  move only into an unoccupied room of the same color. Green guests can move into
  any unoccupied room." and the Yucata order: the guest's reward, staff benefits,
  then a possible occupancy bonus).
* Reward symbols: 000 'Overview of Symbols' (last page) and the 003 appendix
  (symbol list after the guest notes); the guest notes for Sculptor, Knight of the
  Empire and E. Gizia are in both (000 'Guest Cards', 003 appendix).
* Hotel board (room colours, floors, costs 0/1/2/3, groups, occupancy bonus,
  VP of rooms 17/18/19): components.md 1.3. Staff costs: 000 'Staff Cards'.

Rooms are numbered 0-19 row by row from the ground floor (components.md 1.3)::

    floor 4: 15B 16R 17B 18R 19B
    floor 3: 10B 11R 12B 13Y 14Y
    floor 2:  5Y  6Y  7R  8R  9Y
    floor 1:  0B  1Y  2R  3R  4B
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario

ITEMS = ("strudel", "cake", "wine", "coffee")


class Card(NamedTuple):
    name: str
    colour: str  # Y yellow, B blue, R red, G green
    order: tuple[int, int, int, int]  # strudel, cake, wine, coffee
    vp: int


# components.md 1.1, transcribed row by row (reward in the comment).
CARDS: dict[int, Card] = {
    49: Card("Sculptor", "Y", (0, 0, 1, 0), 0),  # prepare 1 room on floor 1 or 2 at no cost
    50: Card("Musician", "Y", (0, 0, 1, 0), 0),  # draw 1 staff; prepare 1 room paying the cost
    51: Card("Composer", "Y", (0, 0, 1, 0), 1),  # 1 strudel
    52: Card("Tailor", "Y", (0, 0, 1, 1), 0),  # 1 strudel; 2 krone
    53: Card("Flamenco Dancer", "Y", (1, 0, 1, 0), 0),  # 1 coffee; 2 emperor
    54: Card("Portrait Painter", "Y", (0, 0, 2, 0), 0),  # 1 dish or drink of choice; 2 krone
    55: Card("Photographer", "Y", (0, 0, 3, 0), 7),  # draw 2 staff
    56: Card("Vocalist", "Y", (1, 0, 2, 0), 0),  # 1 cake; staff -3
    57: Card("Architect", "Y", (0, 0, 2, 1), 1),  # prepare 2 rooms, each 1 krone less
    58: Card("Actress", "Y", (0, 0, 3, 1), 7),  # occupy 1
    59: Card("Poet", "Y", (3, 0, 1, 0), 5),  # 1 cake; staff -2
    60: Card("Jewelry Designer", "Y", (0, 2, 2, 0), 5),  # 1 coffee; 3 krone
    61: Card("Painter", "Y", (1, 0, 3, 0), 2),  # prepare 1 room 1 krone less; prepare 1 room
    62: Card("Opera Singer", "Y", (1, 1, 2, 0), 4),  # free guest; 3 emperor
    63: Card("Dame", "B", (0, 0, 0, 1), 0),  # free guest
    64: Card("Duchess", "B", (0, 0, 0, 1), 0),  # staff -1
    65: Card("Knight of the Empire", "B", (0, 0, 0, 1), 3),  # none
    66: Card("Landgrave", "B", (0, 1, 0, 1), 3),  # staff -1; prepare 1 room paying the cost
    67: Card("Sovereign", "B", (0, 0, 0, 2), 2),  # draw 2 staff; 2 emperor
    68: Card("Princess", "B", (2, 0, 0, 1), 4),  # 3 emperor
    69: Card("Countess", "B", (0, 2, 0, 1), 7),  # 3 krone
    70: Card("Elector", "B", (1, 0, 1, 1), 1),  # staff -1; 3 emperor
    71: Card("Baron", "B", (1, 0, 0, 2), 4),  # prepare 1 room at no cost
    72: Card("Prince", "B", (1, 1, 0, 1), 7),  # occupy 1
    73: Card("Count", "B", (0, 0, 1, 2), 4),  # staff -1, twice
    74: Card("Earl", "B", (0, 1, 0, 2), 10),  # 1 krone
    75: Card("Baroness", "B", (0, 0, 2, 2), 5),  # draw 3 staff, play one 3 less
    76: Card("Duke", "B", (2, 0, 0, 2), 4),  # draw 3 staff, play one at no cost
    77: Card("Apothecary", "R", (0, 1, 0, 0), 1),  # 1 krone
    78: Card("Post Councillor", "R", (0, 1, 0, 0), 0),  # free guest
    79: Card("Privy Councillor", "R", (0, 1, 0, 0), 0),  # 1 krone; 1 emperor
    80: Card("Professor Emeritus", "R", (0, 1, 1, 0), 4),  # free guest
    81: Card("General", "R", (0, 2, 0, 0), 0),  # 1 wine; 3 krone
    82: Card("Senior Councillor", "R", (0, 1, 1, 1), 7),  # occupy 1
    83: Card("Councillor of Commerce", "R", (1, 1, 1, 0), 0),  # 5 krone
    84: Card("Court Councillor", "R", (0, 2, 1, 0), 2),  # 3 krone; free guest
    85: Card("Major", "R", (2, 1, 0, 0), 3),  # 3 krone
    86: Card("Veterinary Councillor", "R", (0, 1, 2, 0), 3),  # staff -3
    87: Card("Medicinal Councillor", "R", (0, 2, 0, 2), 3),  # 3 krone; free guest, twice
    88: Card("Procurator", "R", (0, 1, 3, 0), 0),  # prepare 2 rooms at no cost
    89: Card("Lord High Commissioner", "R", (2, 1, 1, 0), 5),  # 4 krone
    90: Card("Senior Legal Secretary", "R", (1, 3, 0, 0), 7),  # 1 wine; 3 krone
    91: Card("Tezcatlipoca", "G", (1, 0, 0, 0), 0),  # draw 3 staff
    92: Card("Capt. Goldhaken", "G", (1, 0, 0, 0), 0),  # 1 krone
    93: Card("Mr. Horsa", "G", (1, 0, 0, 0), 0),  # 1 emperor
    94: Card("M. Ingalls", "G", (2, 0, 0, 0), 0),  # staff -1
    95: Card("Mr. Boydell", "G", (1, 1, 0, 0), 2),  # 2 emperor
    96: Card("Mr. Oundo", "G", (1, 0, 0, 1), 0),  # staff -3
    97: Card("E. Gizia", "G", (2, 0, 1, 0), 4),  # 2021: one die action; original: extra turn
    98: Card("M. Polo", "G", (3, 0, 0, 0), 0),  # 4 krone
    99: Card("Cramersopholus", "G", (1, 2, 0, 0), 5),  # draw 1 staff; 2 emperor
    100: Card("Farmer Franz", "G", (1, 0, 0, 3), 4),  # 3 emperor; occupy 1
    101: Card("Brother Uwe", "G", (3, 0, 0, 1), 3),  # 3 emperor; free guest
    102: Card("Conductor", "G", (1, 0, 0, 1), 0),  # 1 emperor; occupy 1
    103: Card("Durgoing", "G", (1, 0, 1, 0), 4),  # draw 2 staff
    104: Card("MacLeod", "G", (2, 2, 0, 0), 2),  # play 1 staff at no cost
}

# components.md 1.3: room colours of the standard hotel side.
ROOMS_OF = {"Y": (1, 5, 6, 9, 13, 14), "B": (0, 4, 10, 12, 15, 17, 19), "R": (2, 3, 7, 8, 11, 16, 18)}

# A free prepared room of the guest's colour whose group the move does not
# complete (no occupancy bonus unless a test wants one): (prepared, occupied).
HOTEL = {"Y": ([1], [0]), "B": ([10], [0, 5]), "R": ([2], [0, 1])}
ROOM = {"Y": 1, "B": 10, "R": 2}
# column 0 built up to floor 3 plus a prepared room 1: after the move the free
# neighbours are 2 (floor 1), 6 (floor 2), 11 (floor 3) and 15 (floor 4).
TOWER = ([1], [0, 5, 10])

# Printed staff costs (000 'Staff Cards'); none of these has a one-time effect,
# so playing one opens no further decision.
COST = {"masseuse": 1, "checker": 2, "concierge": 4, "butler": 5, "delivery-boy": 6}
HAND = list(COST)
QUEUE = [91, 92, 93, 94, 95]  # queue slots 0-4 cost 3/2/1/0/0 (components.md 1.4)


# --------------------------------------------------------------------- helpers
def seat(gid: int, prepared: list[int] | None = None, occupied: list[int] | None = None,
         *, dice: dict[int, int] | None = None, **config: Any) -> Scenario:
    """Seat ``gid`` at table 0 with the order complete and a room ready (turn not yet set)."""
    if prepared is None:
        prepared, occupied = HOTEL[CARDS[gid].colour]
    return (Scenario(players=2, **config).guest(0, gid, served="full")
            .rooms(0, prepared=prepared, occupied=occupied or [])
            .dice(dice or {4: 2}))


def hand(sc: Scenario, cards: list[str], seat_: int = 0) -> Scenario:
    for c in cards:
        sc.staff(seat_, c)
    return sc


def decision(st: GahState) -> str:
    return st.to_position()["pending"][-1]["decision"]


def legal(st: GahState, prefix: str = "") -> set[str]:
    return {a for a in st.legal_actions() if a.startswith(prefix)}


def die_actions(st: GahState) -> set[str]:
    return {a for a in st.legal_actions() if a[:1] == "d" and a[1:2].isdigit()}


def paid(st: GahState, actions: set[str] | list[str]) -> dict[str, int]:
    """Krone each action would cost (tried on a clone)."""
    out = {}
    for a in actions:
        c = st.clone()
        c.apply(a)
        out[a] = st.players[0].money - c.players[0].money
    return out


def move(st: GahState, gid: int, room: int, table: int = 0) -> dict[str, Any]:
    """Check the card, move the guest in; returns the position before the move."""
    card = CARDS[gid]
    assert st.rules.guests[gid].name == card.name
    assert st.current_player == 0 and decision(st) == "turn"
    pl = st.players[0]
    assert pl.cafe[table] == gid
    assert tuple(pl.served[table]) == (*card.order, 0), "the order on the card is complete"
    before = st.to_position()
    st.apply(f"m{table}r{room}")
    return before


def resolved(st: GahState) -> None:
    """Every decision of the reward is resolved: back to the mover's turn."""
    assert st.current_player == 0
    assert decision(st) == "turn"
    assert len(st.to_position()["pending"]) == 1


def _num(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    return {k: b[k] - a.get(k, 0) for k in b if b[k] != a.get(k, 0)}


def _deck(old: list[Any], new: list[Any]) -> dict[str, Any]:
    """A deck change as cards drawn from the top and cards put at the bottom."""
    for k in range(len(old) + 1):
        rest = old[k:]
        if new[:len(rest)] == rest:
            out: dict[str, Any] = {}
            if k:
                out["drawn"] = old[:k]
            if len(new) > len(rest):
                out["bottom"] = sorted(new[len(rest):])  # order under the deck: not specified
            return out
    return {"new": new}


def _room_state(pp: dict[str, Any], r: int) -> str:
    return "occupied" if r in pp["occupied"] else "prepared" if r in pp["prepared"] else "empty"


def delta(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Everything that differs between positions ``a`` and ``b`` (seat 0's view of the table)."""
    d: dict[str, Any] = {}
    pa, pb = a["players"][0], b["players"][0]
    for k in ("money", "emperor", "guest_vp", "passes"):
        if pb[k] != pa[k]:
            d[k] = pb[k] - pa[k]
    for k in ("vp", "kitchen"):
        if x := _num(pa[k], pb[k]):
            d[k] = x
    if rooms := {r: _room_state(pb, r) for r in range(20) if _room_state(pa, r) != _room_state(pb, r)}:
        d["rooms"] = rooms
    cafe, served = {}, {}
    for t in range(4):
        ta, tb = pa["cafe"][t], pb["cafe"][t]
        ga, gb = ta and ta["guest"], tb and tb["guest"]
        if ga != gb:
            cafe[t] = gb
            if tb and any(tb["served"].values()):
                served[t] = {k: v for k, v in tb["served"].items() if v}
        elif ta and ta["served"] != tb["served"]:
            served[t] = _num(ta["served"], tb["served"])
    if cafe:
        d["cafe"] = cafe
    if served:
        d["served"] = served
    if added := sorted((Counter(pb["hand"]) - Counter(pa["hand"])).elements()):
        d["hand+"] = added
    if removed := sorted((Counter(pa["hand"]) - Counter(pb["hand"])).elements()):
        d["hand-"] = removed
    if pb["played"] != pa["played"]:
        assert pb["played"][:len(pa["played"])] == pa["played"], "played cards never leave here"
        d["played+"] = pb["played"][len(pa["played"]):]
    if pb["used"] != pa["used"]:
        d["used"] = pb["used"]
    for q in range(1, len(a["players"])):
        assert a["players"][q] == b["players"][q], f"seat {q} changed"
    for k in ("supply", "room_supply", "dice"):
        if x := _num(a[k], b[k]):
            d[k] = x
    for k in ("dustbin", "dice_on_tiles", "dice_to_roll"):
        if b[k] != a[k]:
            d[k] = b[k] - a[k]
    if b["queue"] != a["queue"]:
        d["queue"] = b["queue"]
    for k in ("guest_deck", "staff_deck"):
        if b[k] != a[k]:
            d[k] = _deck(a[k], b[k])
    if b["guest_discard"] != a["guest_discard"]:
        assert b["guest_discard"][:len(a["guest_discard"])] == a["guest_discard"]
        d["guest_discard"] = b["guest_discard"][len(a["guest_discard"]):]
    skip = {"players", "supply", "room_supply", "dice", "dustbin", "dice_on_tiles", "dice_to_roll",
            "queue", "guest_deck", "staff_deck", "guest_discard",
            # bookkeeping, not card effects: history, the decision stack, turn flags, RNG
            "history", "pending", "turn", "rng", "seed", "round_guest_taken"}
    for k in b:
        if k not in skip and b[k] != a[k]:
            d[k] = b[k]
    return d


_ADD = {"vp", "kitchen", "supply", "room_supply", "dice", "money", "emperor", "guest_vp",
        "dice_on_tiles", "dustbin"}


def _clean(x: Any) -> Any:
    if isinstance(x, dict):
        out = {k: _clean(v) for k, v in x.items()}
        return {k: v for k, v in out.items() if v != 0 and v != {} and v != []}
    return x


def moved(gid: int, room: int, table: int = 0, *, gained: dict[str, int] | None = None,
          **extra: Any) -> dict[str, Any]:
    """The expected ``delta`` of moving ``gid`` into ``room``, plus the reward's changes.

    The move itself: the printed VP to the ``guests`` source (and to guest_vp),
    the room occupied, the café table free, the served cubes back to the supply,
    the card on the guest discard pile. ``gained`` = items taken from the supply
    into the kitchen; ``extra`` adds (numbers) or updates (rooms, cafe, served).
    """
    card = CARDS[gid]
    exp: dict[str, Any] = {
        "rooms": {room: "occupied"},
        "cafe": {table: None},
        "supply": {ITEMS[i]: n for i, n in enumerate(card.order)},
        "guest_discard": [gid],
        "vp": {"guests": card.vp},
        "guest_vp": card.vp,
    }
    for item, n in (gained or {}).items():
        extra.setdefault("kitchen", {})
        extra["kitchen"] = {**extra["kitchen"], item: extra["kitchen"].get(item, 0) + n}
        extra.setdefault("supply", {})
        extra["supply"] = {**extra["supply"], item: extra["supply"].get(item, 0) - n}
    for k, v in extra.items():
        if k in _ADD and isinstance(v, dict):
            cur = dict(exp.get(k, {}))
            for kk, vv in v.items():
                cur[kk] = cur.get(kk, 0) + vv
            exp[k] = cur
        elif k in _ADD:
            exp[k] = exp.get(k, 0) + v
        elif k in ("rooms", "cafe", "served"):
            exp[k] = {**exp.get(k, {}), **v}
        else:
            exp[k] = v
    return _clean(exp)


def check(before: dict[str, Any], st: GahState, expected: dict[str, Any]) -> None:
    resolved(st)
    assert delta(before, st.to_position()) == expected


# ------------------------------------------------------------------ room colours
@pytest.mark.parametrize("gid", sorted(CARDS))
def test_room_colour_rule(gid):
    """Red, blue and yellow guests only into a free room of their colour; green into any.

    000 'Additional Actions' ("Guests can only move into an unoccupied room of the
    same color"); 003 same section ("Green guests can move into any unoccupied
    room"). Colours: components.md 1.1 (by number) and 1.3 (rooms).
    """
    prepared = [1, 2, 4, 6, 7, 10]  # yellow 1, 6; red 2, 7; blue 4, 10
    st = seat(gid, prepared, [0, 5]).turn(0).state()  # 0 (blue) and 5 (yellow) occupied
    offered = {int(a[3:]) for a in legal(st, "m0r")}
    colour = CARDS[gid].colour
    expected = set(prepared) if colour == "G" else set(prepared) & set(ROOMS_OF[colour])
    assert offered == expected
    for r in set(prepared) - expected:
        with pytest.raises(IllegalAction):
            st.apply(f"m0r{r}")
    assert st.players[0].cafe[0] == gid


# ----------------------------------------------------------------- yellow 49-62
def test_49_sculptor():
    """#49 Sculptor: Y, 1w, 0 VP; prepare 1 room on floor 1 or 2 at no cost (components.md 1.1 row 49).

    000 'Guest Cards' / 003 appendix: "Bildhauer/Sculptor: You can prepare a room in
    the first or second row of your Hotel board at no cost. If you cannot do so:
    tough luck!"; 003 appendix symbol "Prepare a room in the first or second row for free."
    """
    st = seat(49, *TOWER).turn(0).state()
    before = move(st, 49, 1)
    assert decision(st) == "rooms"
    # the rooms on floors 3 and 4 (11, 15) are adjacent and affordable but not offered
    assert legal(st) == {"r2", "r6", "done"}
    assert paid(st, {"r2", "r6"}) == {"r2": 0, "r6": 0}  # room 6 costs 1 on floor 2 otherwise
    st.apply("r6")
    check(before, st, moved(49, 1, rooms={6: "prepared"}, room_supply={"yellow": -1}))


def test_50_musician():
    """#50 Musician: Y, 1w, 0 VP; draw 1 staff; prepare 1 room paying the cost (components.md 1.1 row 50).

    000 'Overview of Symbols': "Take a Staff card from the draw pile and put it into
    your hand." and "Prepare a room of your choice, according to the placement rules.
    You must pay the cost."; 003 appendix: "Draw the specified number of staff cards."
    and "Prepare a room of your choice subject to the placement rules. Pay the full cost."
    """
    st = seat(50, *TOWER).money(0, 2).staff_deck(["chef"]).turn(0).state()
    before = move(st, 50, 1)
    assert st.players[0].hand == (st.rules.staff_by_slug["chef"],)  # drawn before the room
    assert decision(st) == "rooms"
    # floor costs 0/1/2/3 (components.md 1.3); room 15 (floor 4, 3 krone) is too dear with 2
    assert legal(st) == {"r2", "r6", "r11", "done"}
    assert paid(st, {"r2", "r6", "r11"}) == {"r2": 0, "r6": 1, "r11": 2}
    st.apply("r11")
    check(before, st, moved(50, 1, money=-2, rooms={11: "prepared"}, room_supply={"red": -1},
                            **{"hand+": ["chef"]}, staff_deck={"drawn": ["chef"]}))


def test_51_composer():
    """#51 Composer: Y, 1w, 1 VP; 1 strudel (components.md 1.1 row 51).

    000 'Overview of Symbols': "Take a dish or drink of the depicted color. Place it on
    a guest's order or in your Kitchen."; 003 appendix: "Take the specified number of
    cubes of the depicted color."
    """
    sc = seat(51).guest(0, 98, table=1)  # M. Polo wants 3 strudel, none served yet
    st = sc.turn(0).state()
    before = move(st, 51, 1)
    assert decision(st) == "place"
    assert legal(st) == {"t1s", "done"}
    kept = st.clone()
    kept.apply("done")  # keep it in the kitchen
    check(before, kept, moved(51, 1, gained={"strudel": 1}))
    st.apply("t1s")  # or straight onto M. Polo's order
    check(before, st, moved(51, 1, supply={"strudel": -1}, served={1: {"strudel": 1}}))


def test_52_tailor():
    """#52 Tailor: Y, 1w 1k, 0 VP; 1 strudel; 2 krone (components.md 1.1 row 52).

    000 'Overview of Symbols': dish of the depicted color; "You receive 1 krone."
    (the number shown); 003 appendix: "Take the specified number of cubes of the
    depicted color." and "Receive the specified number of krones."
    """
    st = seat(52).turn(0).state()
    before = move(st, 52, 1)
    check(before, st, moved(52, 1, gained={"strudel": 1}, money=2))


def test_53_flamenco_dancer():
    """#53 Flamenco Dancer: Y, 1s 1w, 0 VP; 1 coffee; 2 emperor (components.md 1.1 row 53).

    000 'Overview of Symbols': dish of the depicted color; "Advance the depicted number
    of spaces on the Emperor track."; 003 appendix: "Take the specified number of cubes
    of the depicted color." and "Advance the specified number of spaces on the emperor track."
    """
    st = seat(53).turn(0).state()
    before = move(st, 53, 1)
    check(before, st, moved(53, 1, gained={"coffee": 1}, emperor=2))


def test_54_portrait_painter():
    """#54 Portrait Painter: Y, 2w, 0 VP; 1 dish or drink of choice; 2 krone (components.md 1.1 row 54).

    000 'Overview of Symbols': "Take a dish or drink of your choice. Place it on a
    guest's order or in your Kitchen."; 003 appendix: the same, and "Receive the
    specified number of krones."
    """
    st = seat(54).turn(0).state()
    before = move(st, 54, 1)
    assert decision(st) == "choice"
    assert legal(st, "+") == {"+s", "+c", "+w", "+k"}
    st.apply("+k")
    check(before, st, moved(54, 1, gained={"coffee": 1}, money=2))


def test_55_photographer():
    """#55 Photographer: Y, 3w, 7 VP; draw 2 staff (components.md 1.1 row 55).

    000 'Overview of Symbols': "Take a Staff card from the draw pile and put it into
    your hand."; 003 appendix: "Draw the specified number of staff cards."
    """
    st = seat(55).staff_deck(["chef", "butler"]).turn(0).state()
    before = move(st, 55, 1)
    check(before, st, moved(55, 1, **{"hand+": ["butler", "chef"]},
                            staff_deck={"drawn": ["chef", "butler"]}))


def test_56_vocalist():
    """#56 Vocalist: Y, 1s 2w, 0 VP; 1 cake; staff -3 (components.md 1.1 row 56).

    000 'Overview of Symbols': dish of the depicted color; "You can play a Staff card,
    paying 3 krones less than printed on the card."; 003 appendix: "Play a staff card
    for the cost printed on the card minus the specified discount." (and 003 action 5:
    "reduced by 1, but not below zero").
    """
    st = hand(seat(56), HAND).turn(0).state()
    before = move(st, 56, 1)
    assert st.players[0].kitchen[1] == 2  # the cake comes first (1 + 1)
    assert decision(st) == "play"
    assert legal(st) == {f"play:{s}" for s in HAND} | {"done"}
    assert paid(st, legal(st, "play:")) == {f"play:{s}": max(0, c - 3) for s, c in COST.items()}
    st.apply("play:delivery-boy")
    check(before, st, moved(56, 1, gained={"cake": 1}, money=-3,
                            **{"hand-": ["delivery-boy"], "played+": ["delivery-boy"]}))


def test_57_architect():
    """#57 Architect: Y, 2w 1k, 1 VP; prepare 2 rooms, each 1 krone less (components.md 1.1 row 57).

    000 'Overview of Symbols': "Prepare a room of your choice, according to the
    placement rules. You must pay the cost minus 1 krone."; 003 appendix: "Prepare a
    room of your choice subject to the placement rules. Pay the cost minus 1 krone."
    """
    st = seat(57, *TOWER).turn(0).state()
    before = move(st, 57, 1)
    assert decision(st) == "rooms"
    assert legal(st) == {"r2", "r6", "r11", "r15", "done"}
    assert paid(st, {"r2", "r6", "r11", "r15"}) == {"r2": 0, "r6": 0, "r11": 1, "r15": 2}
    st.apply("r15")
    assert decision(st) == "rooms"  # the second room, again 1 krone less
    assert legal(st) == {"r2", "r6", "r11", "r16", "done"}
    assert paid(st, {"r2", "r6", "r11", "r16"}) == {"r2": 0, "r6": 0, "r11": 1, "r16": 2}
    st.apply("r16")
    check(before, st, moved(57, 1, money=-4, rooms={15: "prepared", 16: "prepared"},
                            room_supply={"blue": -1, "red": -1}))


def test_58_actress():
    """#58 Actress: Y, 3w 1k, 7 VP; occupy 1 (components.md 1.1 row 58).

    000 'Overview of Symbols': "You can turn a room of the depicted color to the other
    side, marking it occupied. Gray color means you can turn any room, regardless of
    color."; 003 appendix: "Flip the room tile of a prepared room to mark it as
    occupied."; 000/003 'Occupancy Bonus': the bonus is triggered by a reward that
    turns a room (blue group of 1: 2 VP, components.md 1.3).
    """
    st = seat(58, [1, 2, 4], [0]).turn(0).state()
    before = move(st, 58, 1)
    assert decision(st) == "occupy"
    assert legal(st) == {"o2", "o4", "done"}  # red and blue rooms too: any colour
    st.apply("o4")
    check(before, st, moved(58, 1, rooms={4: "occupied"}, vp={"bonuses": 2}))


def test_59_poet():
    """#59 Poet: Y, 3s 1w, 5 VP; 1 cake; staff -2 (components.md 1.1 row 59).

    000 'Overview of Symbols': dish of the depicted color, and the staff discount
    symbol ("paying 3 krones less", here 2); 003 appendix: "Play a staff card for the
    cost printed on the card minus the specified discount."
    """
    st = hand(seat(59), HAND).money(0, 3).turn(0).state()
    before = move(st, 59, 1)
    assert decision(st) == "play"
    # with 3 krone the Delivery Boy (6 - 2 = 4) cannot be paid
    assert legal(st) == {"play:masseuse", "play:checker", "play:concierge", "play:butler", "done"}
    assert paid(st, legal(st, "play:")) == {
        "play:masseuse": 0, "play:checker": 0, "play:concierge": 2, "play:butler": 3}
    st.apply("play:butler")
    check(before, st, moved(59, 1, gained={"cake": 1}, money=-3,
                            **{"hand-": ["butler"], "played+": ["butler"]}))


def test_60_jewelry_designer():
    """#60 Jewelry Designer: Y, 2c 2w, 5 VP; 1 coffee; 3 krone (components.md 1.1 row 60).

    000 'Overview of Symbols' / 003 appendix: dish of the depicted color; krone.
    """
    st = seat(60).turn(0).state()
    before = move(st, 60, 1)
    check(before, st, moved(60, 1, gained={"coffee": 1}, money=3))


def test_61_painter():
    """#61 Painter: Y, 1s 3w, 2 VP; prepare 1 room 1 krone less; prepare 1 room paying
    the cost (components.md 1.1 row 61).

    000 'Overview of Symbols': "... You must pay the cost minus 1 krone." and "...
    You must pay the cost."; 003 appendix: "Pay the cost minus 1 krone." / "Pay the full cost."
    """
    st = seat(61, *TOWER).turn(0).state()
    before = move(st, 61, 1)
    assert legal(st) == {"r2", "r6", "r11", "r15", "done"}
    assert paid(st, {"r2", "r6", "r11", "r15"}) == {"r2": 0, "r6": 0, "r11": 1, "r15": 2}
    st.apply("r11")
    assert decision(st) == "rooms"  # now at full cost
    assert legal(st) == {"r2", "r6", "r12", "r15", "r16", "done"}
    assert paid(st, {"r2", "r6", "r12", "r15", "r16"}) == {
        "r2": 0, "r6": 1, "r12": 2, "r15": 3, "r16": 3}
    st.apply("r6")
    check(before, st, moved(61, 1, money=-2, rooms={11: "prepared", 6: "prepared"},
                            room_supply={"red": -1, "yellow": -1}))


def test_62_opera_singer():
    """#62 Opera Singer: Y, 1s 1c 2w, 4 VP; free guest; 3 emperor (components.md 1.1 row 62).

    000 'Overview of Symbols': "Take a face-up Guest card from the game board and place
    it in your Café at no cost, unless you have no space in your Café."; 003 appendix:
    "Take a face up guest card from the board and place it in an empty space in your
    café for free." and the emperor steps.
    """
    st = seat(62).queue(QUEUE).guest_deck([96]).turn(0).state()
    before = move(st, 62, 1)
    assert decision(st) == "freeguest"
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    assert paid(st, ["g0"]) == {"g0": 0}  # slot 0 costs 3 krone on a turn
    st.apply("g0")
    check(before, st, moved(62, 1, emperor=3, cafe={0: 91}, queue=[96, 92, 93, 94, 95],
                            guest_deck={"drawn": [96]}))
    assert "g0" in legal(st)  # the turn's own guest is still to take


# ------------------------------------------------------------------- blue 63-76
def test_63_dame():
    """#63 Dame: B, 1k, 0 VP; free guest (components.md 1.1 row 63).

    000 'Overview of Symbols' / 003 appendix: take a face-up guest into the café at no cost.
    """
    st = seat(63).queue(QUEUE).guest_deck([96]).turn(0).state()
    before = move(st, 63, 10)
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    assert paid(st, ["g2"]) == {"g2": 0}  # slot 2 costs 1 krone on a turn
    st.apply("g2")
    # 000: the guests left of the taken one slide right, a new one enters at the left
    check(before, st, moved(63, 10, cafe={0: 93}, queue=[96, 91, 92, 94, 95],
                            guest_deck={"drawn": [96]}))


def test_64_duchess():
    """#64 Duchess: B, 1k, 0 VP; staff -1 (components.md 1.1 row 64).

    000 'Overview of Symbols': the staff discount symbol; 003 appendix: "Play a staff
    card for the cost printed on the card minus the specified discount."
    """
    st = hand(seat(64), HAND).money(0, 3).turn(0).state()
    before = move(st, 64, 10)
    assert decision(st) == "play"
    # 3 krone: Butler (5 - 1 = 4) and Delivery Boy (6 - 1 = 5) are out of reach
    assert legal(st) == {"play:masseuse", "play:checker", "play:concierge", "done"}
    assert paid(st, legal(st, "play:")) == {"play:masseuse": 0, "play:checker": 1, "play:concierge": 3}
    declined = st.clone()
    declined.apply("done")  # optional: decline
    check(before, declined, moved(64, 10))
    st.apply("play:concierge")
    check(before, st, moved(64, 10, money=-3, **{"hand-": ["concierge"], "played+": ["concierge"]}))


def test_65_knight_of_the_empire():
    """#65 Knight of the Empire: B, 1k, 3 VP; no reward (components.md 1.1 row 65).

    000 'Guest Cards' and 003 appendix: "Reichsritter/Knight Of The Empire: The only
    guest with no reward." Also the colour rule (000 'Additional Actions'): a blue
    guest cannot take the free yellow and red rooms.
    """
    st = seat(65, [1, 2, 10], [0, 5]).turn(0).state()
    assert legal(st, "m0") == {"m0r10"}
    for r in (1, 2):
        with pytest.raises(IllegalAction):
            st.apply(f"m0r{r}")
    before = move(st, 65, 10)
    check(before, st, moved(65, 10))


def test_66_landgrave():
    """#66 Landgrave: B, 1c 1k, 3 VP; staff -1; prepare 1 room paying the cost
    (components.md 1.1 row 66).

    000 'Overview of Symbols' / 003 appendix: staff discount ("minus the specified
    discount") and "Prepare a room ... Pay the full cost." The staff card comes first,
    so a Butler played with it already makes the blue room free (000 Butler:
    "You can prepare blue rooms at no cost").
    """
    st = hand(seat(66), ["masseuse", "butler"]).turn(0).state()
    before = move(st, 66, 10)
    assert decision(st) == "play"
    assert paid(st, legal(st, "play:")) == {"play:masseuse": 0, "play:butler": 4}
    st.apply("play:butler")
    assert decision(st) == "rooms"
    assert legal(st) == {"r1", "r6", "r11", "r15", "done"}
    assert paid(st, {"r1", "r6", "r11", "r15"}) == {"r1": 0, "r6": 1, "r11": 2, "r15": 0}
    st.apply("done")  # the room is optional
    check(before, st, moved(66, 10, money=-4, **{"hand-": ["butler"], "played+": ["butler"]}))


def test_67_sovereign():
    """#67 Sovereign: B, 2k, 2 VP; draw 2 staff; 2 emperor (components.md 1.1 row 67).

    000 'Overview of Symbols' / 003 appendix: "Draw the specified number of staff
    cards."; "Advance the specified number of spaces on the emperor track."
    """
    st = seat(67).staff_deck(["waitress", "chef"]).turn(0).state()
    before = move(st, 67, 10)
    check(before, st, moved(67, 10, emperor=2, **{"hand+": ["chef", "waitress"]},
                            staff_deck={"drawn": ["waitress", "chef"]}))


def test_68_princess():
    """#68 Princess: B, 2s 1k, 4 VP; 3 emperor (components.md 1.1 row 68).

    000/003 'Emperor track' and symbol "Advance the specified number of spaces on the
    emperor track"; from space 12 the player stops on 13 and gets 1 VP for each of the
    2 steps beyond (000: "you receive 1 Victory Point for each space you would move
    beyond space 13").
    """
    st = seat(68).emperor(0, 12).turn(0).state()
    before = move(st, 68, 10)
    check(before, st, moved(68, 10, emperor=1, vp={"emperor": 2}))


def test_69_countess():
    """#69 Countess: B, 2c 1k, 7 VP; 3 krone (components.md 1.1 row 69).

    000 'Overview of Symbols': "You receive 1 krone." (number shown); 003 appendix:
    "Receive the specified number of krones."
    """
    st = seat(69).turn(0).state()
    before = move(st, 69, 10)
    check(before, st, moved(69, 10, money=3))


def test_70_elector():
    """#70 Elector: B, 1s 1w 1k, 1 VP; staff -1; 3 emperor (components.md 1.1 row 70).

    000 'Overview of Symbols' / 003 appendix: staff discount; emperor steps. A 1-krone
    card costs 0, never less (003 action 5: "reduced ... but not below zero").
    """
    st = hand(seat(70), HAND).turn(0).state()
    before = move(st, 70, 10)
    assert paid(st, legal(st, "play:")) == {f"play:{s}": c - 1 for s, c in COST.items()}
    st.apply("play:masseuse")
    check(before, st, moved(70, 10, emperor=3, **{"hand-": ["masseuse"], "played+": ["masseuse"]}))


def test_71_baron():
    """#71 Baron: B, 1s 2k, 4 VP; prepare 1 room at no cost (components.md 1.1 row 71).

    000 'Overview of Symbols': "Prepare a room of your choice at no cost, according to
    the placement rules."; 003 appendix: "... subject to the placement rules for free."
    Room 17 also gives its printed 2 VP (components.md 1.3, default).
    """
    st = seat(71, [12], [0, 5, 10]).turn(0).state()
    before = move(st, 71, 12)
    opts = {"r1", "r6", "r7", "r11", "r13", "r15", "r17"}
    assert legal(st) == opts | {"done"}
    assert paid(st, opts) == dict.fromkeys(opts, 0)
    st.apply("r17")
    check(before, st, moved(71, 12, rooms={17: "prepared"}, room_supply={"blue": -1}, vp={"rooms": 2}))


def test_72_prince():
    """#72 Prince: B, 1s 1c 1k, 7 VP; occupy 1 (components.md 1.1 row 72).

    000 'Overview of Symbols': "You can turn a room ... Gray color means you can turn
    any room" (optional: "can"); 003 appendix: "Flip the room tile of a prepared room
    to mark it as occupied." Declined with ``done``.
    """
    st = seat(72, [1, 10], [0, 5]).turn(0).state()
    before = move(st, 72, 10)
    assert decision(st) == "occupy"
    assert legal(st) == {"o1", "done"}
    st.apply("done")
    check(before, st, moved(72, 10))


def test_73_count():
    """#73 Count: B, 1w 2k, 4 VP; staff -1, twice (two separate cards) (components.md 1.1 row 73).

    000 'Overview of Symbols' / 003 appendix: "Play a staff card for the cost printed
    on the card minus the specified discount." - two symbols, two plays.
    """
    st = hand(seat(73), HAND).turn(0).state()
    before = move(st, 73, 10)
    assert decision(st) == "play"
    assert paid(st, legal(st, "play:")) == {f"play:{s}": c - 1 for s, c in COST.items()}
    declined = st.clone()
    declined.apply("done")  # declining the first still leaves the second
    assert decision(declined) == "play"
    assert legal(declined, "play:") == {f"play:{s}" for s in HAND}
    st.apply("play:delivery-boy")
    assert decision(st) == "play"
    rest = {s: c for s, c in COST.items() if s != "delivery-boy"}
    assert paid(st, legal(st, "play:")) == {f"play:{s}": c - 1 for s, c in rest.items()}
    st.apply("play:checker")
    check(before, st, moved(73, 10, money=-6, **{"hand-": ["checker", "delivery-boy"],
                                                 "played+": ["delivery-boy", "checker"]}))


def test_74_earl():
    """#74 Earl: B, 1c 2k, 10 VP; 1 krone (components.md 1.1 row 74).

    000 'Overview of Symbols': "You receive 1 krone."; 003 appendix: krones.
    """
    st = seat(74).turn(0).state()
    before = move(st, 74, 10)
    check(before, st, moved(74, 10, money=1))


def test_75_baroness_003_example_of_a_turn():
    """#75 Baroness: B, 2w 2k, 5 VP; draw 3 staff, play one 3 less, the other two to the
    deck bottom (components.md 1.1 row 75, confirmed by the rulebook example).

    003 'Example of a turn': Doris has 3 guests (no new guest), takes action 2 with 3
    dice showing "2" paying 1 krone for an additional die, gets 2 wine and 2 coffee,
    completes the Baroness, moves her to a prepared blue room, gets 5 VP and the
    reward (draw 3 staff, play one), and an occupancy bonus of 2 VP for the last room
    of the group. Symbol: 000 'Overview of Symbols' "Take 3 Staff cards from the draw
    pile and play one of them immediately, paying 3 krones less than printed on the
    card. Return the other 2 cards to the bottom of the draw pile."; 003 appendix the same.
    003 Yucata note: a card she cannot pay even with the discount is not offered.
    """
    sc = (Scenario(players=2).guest(0, 75).guest(0, 91).guest(0, 85)  # three guests, none served
          .rooms(0, prepared=[0], occupied=[1]).dice({2: 3}).money(0, 3)
          .staff_deck(["butler", "masseuse", "delivery-boy"]))
    st = sc.turn(0).state()
    assert not legal(st, "g")  # the café is full
    before = st.to_position()
    st.apply("d2+")  # 3 dice + 1 bought = 4
    assert st.players[0].money == 2
    assert legal(st) == {"w4k0", "w3k1", "w2k2"}
    st.apply("w2k2")
    assert decision(st) == "place"
    assert legal(st) == {"t0w", "t0k", "done"}
    for a in ("t0w", "t0w", "t0k", "t0k"):
        st.apply(a)
    resolved(st)
    assert tuple(st.players[0].served[0]) == (*CARDS[75].order, 0)
    st.apply("m0r0")
    assert decision(st) == "drawn"
    # 2 krone left: Butler 5-3=2 and Masseuse 1-3 -> 0; the Delivery Boy (6-3=3) is not offered
    assert legal(st) == {"play:butler", "play:masseuse", "done"}
    assert paid(st, {"play:butler", "play:masseuse"}) == {"play:butler": 2, "play:masseuse": 0}
    st.apply("play:butler")
    resolved(st)
    exp = moved(75, 0, money=-1 - 2, vp={"bonuses": 2}, dice={"2": -1}, dice_on_tiles=1,
                **{"played+": ["butler"]}, staff_deck={"drawn": ["butler", "masseuse", "delivery-boy"],
                                                       "bottom": ["delivery-boy", "masseuse"]})
    exp["supply"] = {}  # the 2 wine and 2 coffee came from the supply and went back
    assert delta(before, st.to_position()) == _clean(exp)


def test_76_duke():
    """#76 Duke: B, 2s 2k, 4 VP; draw 3 staff, play one at no cost, the other two to the
    deck bottom (components.md 1.1 row 76).

    003 appendix: "Draw 3 staff cards and play one immediately for free. Return the
    other 2 cards to the bottom of the draw pile." (000 'Overview of Symbols' shows the
    3-krone version; 000 emperor tile bonus: "You can play one of them at no cost").
    """
    st = seat(76).money(0, 0).staff_deck(["delivery-boy", "butler", "concierge"]).turn(0).state()
    before = move(st, 76, 10)
    assert decision(st) == "drawn"
    opts = {"play:delivery-boy", "play:butler", "play:concierge"}
    assert legal(st) == opts | {"done"}  # free: all three even with 0 krone
    assert paid(st, opts) == dict.fromkeys(opts, 0)
    declined = st.clone()
    declined.apply("done")  # playing none: all three go under the deck
    check(before, declined, moved(76, 10, staff_deck={
        "drawn": ["delivery-boy", "butler", "concierge"], "bottom": ["butler", "concierge", "delivery-boy"]}))
    st.apply("play:delivery-boy")
    check(before, st, moved(76, 10, **{"played+": ["delivery-boy"]}, staff_deck={
        "drawn": ["delivery-boy", "butler", "concierge"], "bottom": ["butler", "concierge"]}))


# -------------------------------------------------------------------- red 77-90
def test_77_apothecary():
    """#77 Apothecary: R, 1c, 1 VP; 1 krone (components.md 1.1 row 77).

    000 'Overview of Symbols': "You receive 1 krone."; 003 appendix: krones.
    """
    st = seat(77).turn(0).state()
    before = move(st, 77, 2)
    check(before, st, moved(77, 2, money=1))


def test_78_post_councillor():
    """#78 Post Councillor: R, 1c, 0 VP; free guest (components.md 1.1 row 78).

    000 'Overview of Symbols' / 003 appendix: take a face-up guest at no cost.
    Declined with ``done``: the queue stays as it is.
    """
    st = seat(78).queue(QUEUE).turn(0).state()
    before = move(st, 78, 2)
    assert decision(st) == "freeguest"
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    st.apply("done")
    check(before, st, moved(78, 2))


def test_79_privy_councillor():
    """#79 Privy Councillor: R, 1c, 0 VP; 1 krone; 1 emperor (components.md 1.1 row 79).

    000 'Overview of Symbols' / 003 appendix: krones; emperor steps.
    """
    st = seat(79).turn(0).state()
    before = move(st, 79, 2)
    check(before, st, moved(79, 2, money=1, emperor=1))


def test_80_professor_emeritus():
    """#80 Professor Emeritus: R, 1c 1w, 4 VP; free guest (components.md 1.1 row 80).

    000 'Overview of Symbols' / 003 appendix: take a face-up guest at no cost.
    """
    st = seat(80).queue(QUEUE).guest_deck([96]).turn(0).state()
    before = move(st, 80, 2)
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    st.apply("g4")
    check(before, st, moved(80, 2, cafe={0: 95}, queue=[96, 91, 92, 93, 94],
                            guest_deck={"drawn": [96]}))


def test_81_general():
    """#81 General: R, 2c, 0 VP; 1 wine; 3 krone (components.md 1.1 row 81).

    000 'Overview of Symbols' / 003 appendix: dish of the depicted color; krones.
    """
    st = seat(81).turn(0).state()
    before = move(st, 81, 2)
    check(before, st, moved(81, 2, gained={"wine": 1}, money=3))


def test_82_senior_councillor():
    """#82 Senior Councillor: R, 1c 1w 1k, 7 VP; occupy 1 (components.md 1.1 row 82).

    000 'Overview of Symbols' (gray: any room) / 003 appendix: "Flip the room tile of a
    prepared room to mark it as occupied." Both the move (last room of the red group of
    4: 10 krone) and the reward (last room of the yellow group of 3: 6 emperor steps)
    complete a group (000/003 'Occupancy Bonus', components.md 1.3).
    """
    st = seat(82, [8, 6], [0, 1, 5, 2, 3, 7]).money(0, 5).turn(0).state()
    before = move(st, 82, 8)
    assert decision(st) == "occupy"
    assert legal(st) == {"o6", "done"}
    st.apply("o6")
    check(before, st, moved(82, 8, rooms={6: "occupied"}, money=10, emperor=6))


def test_83_councillor_of_commerce():
    """#83 Councillor of Commerce: R, 1s 1c 1w, 0 VP; 5 krone (components.md 1.1 row 83).

    003 appendix: "Receive the specified number of krones." From 10: 15. The money track
    ends at 20 (components.md 1.4, 003 "A player can never have more than 20 krone"):
    from 18 only 2.
    """
    st = seat(83).turn(0).state()
    before = move(st, 83, 2)
    check(before, st, moved(83, 2, money=5))
    st = seat(83).money(0, 18).turn(0).state()
    before = move(st, 83, 2)
    check(before, st, moved(83, 2, money=2))
    assert st.players[0].money == 20


def test_84_court_councillor():
    """#84 Court Councillor: R, 2c 1w, 2 VP; 3 krone; free guest (components.md 1.1 row 84).

    000 'Overview of Symbols' / 003 appendix: krones; take a face-up guest at no cost.
    """
    st = seat(84).queue(QUEUE).guest_deck([96]).money(0, 0).turn(0).state()
    before = move(st, 84, 2)
    assert st.players[0].money == 3  # krone first
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    assert paid(st, ["g0"]) == {"g0": 0}
    st.apply("g0")
    check(before, st, moved(84, 2, money=3, cafe={0: 91}, queue=[96, 92, 93, 94, 95],
                            guest_deck={"drawn": [96]}))


def test_85_major():
    """#85 Major: R, 2s 1c, 3 VP; 3 krone (components.md 1.1 row 85).

    000 'Overview of Symbols' / 003 appendix: krones.
    """
    st = seat(85).turn(0).state()
    before = move(st, 85, 2)
    check(before, st, moved(85, 2, money=3))


def test_86_veterinary_councillor():
    """#86 Veterinary Councillor: R, 1c 2w, 3 VP; staff -3 (components.md 1.1 row 86).

    000 'Overview of Symbols': "You can play a Staff card, paying 3 krones less than
    printed on the card."; 003 appendix: "... minus the specified discount." With 0
    krone only cards costing at most 3 can be played, and for nothing (never below 0).
    """
    st = hand(seat(86), HAND).money(0, 0).turn(0).state()
    before = move(st, 86, 2)
    assert legal(st) == {"play:masseuse", "play:checker", "done"}
    assert paid(st, legal(st, "play:")) == {"play:masseuse": 0, "play:checker": 0}
    st.apply("play:checker")
    check(before, st, moved(86, 2, **{"hand-": ["checker"], "played+": ["checker"]}))


def test_87_medicinal_councillor():
    """#87 Medicinal Councillor: R, 2c 2k, 3 VP; 3 krone; free guest, twice
    (components.md 1.1 row 87).

    000 'Overview of Symbols': "Take a face-up Guest card ... at no cost, unless you have
    no space in your Café."; 003 appendix: "... place it in an empty space in your café
    for free." Two symbols: two guests; with only one table left, only one.
    """
    st = seat(87).queue(QUEUE).guest_deck([96, 97]).turn(0).state()
    before = move(st, 87, 2)
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    st.apply("g0")
    assert decision(st) == "freeguest"  # the second one
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    assert paid(st, ["g1"]) == {"g1": 0}
    st.apply("g1")
    check(before, st, moved(87, 2, money=3, cafe={0: 91, 1: 92}, queue=[97, 96, 93, 94, 95],
                            guest_deck={"drawn": [96, 97]}))

    # café otherwise full: the first free guest takes the last table, the second has none
    st = seat(87).guest(0, 98, table=1).guest(0, 99, table=2).queue(QUEUE).guest_deck([96]).turn(0).state()
    before = move(st, 87, 2)
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    st.apply("g3")
    check(before, st, moved(87, 2, money=3, cafe={0: 94}, queue=[96, 91, 92, 93, 95],
                            guest_deck={"drawn": [96]}))


def test_88_procurator():
    """#88 Procurator: R, 1c 3w, 0 VP; prepare 2 rooms at no cost (components.md 1.1 row 88).

    000 'Overview of Symbols': "Prepare a room of your choice at no cost, according to
    the placement rules."; 003 appendix: "... for free." (twice).
    """
    st = seat(88, [2], [0, 5, 10]).turn(0).state()
    before = move(st, 88, 2)
    first = {"r1", "r3", "r6", "r7", "r11", "r15"}
    assert legal(st) == first | {"done"}
    assert paid(st, first) == dict.fromkeys(first, 0)
    st.apply("r15")
    second = {"r1", "r3", "r6", "r7", "r11", "r16"}
    assert legal(st) == second | {"done"}
    assert paid(st, second) == dict.fromkeys(second, 0)
    st.apply("r7")
    check(before, st, moved(88, 2, rooms={15: "prepared", 7: "prepared"},
                            room_supply={"blue": -1, "red": -1}))


def test_89_lord_high_commissioner():
    """#89 Lord High Commissioner: R, 2s 1c 1w, 5 VP; 4 krone (components.md 1.1 row 89).

    000 'Overview of Symbols' / 003 appendix: krones.
    """
    st = seat(89).turn(0).state()
    before = move(st, 89, 2)
    check(before, st, moved(89, 2, money=4))


def test_90_senior_legal_secretary():
    """#90 Senior Legal Secretary: R, 1s 3c, 7 VP; 1 wine; 3 krone (components.md 1.1 row 90).

    000 'Overview of Symbols' / 003 appendix: dish of the depicted color; krones.
    """
    st = seat(90).turn(0).state()
    before = move(st, 90, 2)
    check(before, st, moved(90, 2, gained={"wine": 1}, money=3))


# ------------------------------------------------------------------ green 91-104
def test_91_tezcatlipoca():
    """#91 Tezcatlipoca: G, 1s, 0 VP; draw 3 staff (components.md 1.1 row 91).

    003 appendix: "Draw the specified number of staff cards." Green: into a blue room.
    """
    st = seat(91, *HOTEL["B"]).staff_deck(["chef", "butler", "waitress"]).turn(0).state()
    before = move(st, 91, 10)
    check(before, st, moved(91, 10, **{"hand+": ["butler", "chef", "waitress"]},
                            staff_deck={"drawn": ["chef", "butler", "waitress"]}))


def test_92_capt_goldhaken():
    """#92 Capt. Goldhaken: G, 1s, 0 VP; 1 krone (components.md 1.1 row 92).

    000 'Overview of Symbols': "You receive 1 krone." Green: into a red room.
    """
    st = seat(92, *HOTEL["R"]).turn(0).state()
    before = move(st, 92, 2)
    check(before, st, moved(92, 2, money=1))


def test_93_mr_horsa():
    """#93 Mr. Horsa: G, 1s, 0 VP; 1 emperor (components.md 1.1 row 93).

    000 'Overview of Symbols' / 003 appendix: emperor steps. Green: into a yellow room.
    """
    st = seat(93, *HOTEL["Y"]).turn(0).state()
    before = move(st, 93, 1)
    check(before, st, moved(93, 1, emperor=1))


def test_94_m_ingalls():
    """#94 M. Ingalls: G, 2s, 0 VP; staff -1 (components.md 1.1 row 94).

    003 appendix: "Play a staff card for the cost printed on the card minus the
    specified discount." Green into the single blue room 4: occupancy bonus 2 VP
    (components.md 1.3) after the reward (003 Yucata order).
    """
    st = hand(seat(94, [4], [0]), HAND).turn(0).state()
    before = move(st, 94, 4)
    assert paid(st, legal(st, "play:")) == {f"play:{s}": c - 1 for s, c in COST.items()}
    st.apply("play:concierge")
    check(before, st, moved(94, 4, money=-3, vp={"bonuses": 2},
                            **{"hand-": ["concierge"], "played+": ["concierge"]}))


def test_95_mr_boydell():
    """#95 Mr. Boydell: G, 1s 1c, 2 VP; 2 emperor (components.md 1.1 row 95).

    000 'Overview of Symbols' / 003 appendix: emperor steps. Green: into a red room.
    """
    st = seat(95, *HOTEL["R"]).turn(0).state()
    before = move(st, 95, 2)
    check(before, st, moved(95, 2, emperor=2))


def test_96_mr_oundo():
    """#96 Mr. Oundo: G, 1s 1k, 0 VP; staff -3 (components.md 1.1 row 96).

    000 'Overview of Symbols': "paying 3 krones less than printed on the card";
    003 appendix: "... minus the specified discount."
    """
    st = hand(seat(96, *HOTEL["Y"]), ["masseuse", "delivery-boy"]).turn(0).state()
    before = move(st, 96, 1)
    assert legal(st) == {"play:masseuse", "play:delivery-boy", "done"}
    assert paid(st, legal(st, "play:")) == {"play:masseuse": 0, "play:delivery-boy": 3}
    st.apply("play:delivery-boy")
    check(before, st, moved(96, 1, money=-3, **{"hand-": ["delivery-boy"], "played+": ["delivery-boy"]}))


def test_97_e_gizia_2021():
    """#97 E. Gizia: G, 2s 1w, 4 VP; 2021: carry out the action of an action space that
    still has a die, no die taken (components.md 1.1 row 97 and 1.2 edition table).

    003 appendix: "E. Gizia: Carry out the action of an action space containing at least
    one die." and the symbol text; 003 '2021 changes': "E. Gizia lets the player carry
    out the action of an action space containing at least one die instead of taking a
    complete extra turn." The turn's own die action is still to come.
    """
    st = seat(97, *HOTEL["Y"], dice={1: 2, 4: 3}).turn(0).state()
    before = move(st, 97, 1)
    assert decision(st) == "gizia"
    # only the spaces that still have a die (whether the +1 boost may be bought here
    # is not said by the rules, so it is not pinned down)
    assert {a.rstrip("+") for a in die_actions(st)} == {"d1", "d4"}
    st.apply("d4")  # 3 dice on space 4
    assert legal(st) == {"e3m0", "e2m1", "e1m2", "e0m3"}
    st.apply("e1m2")
    check(before, st, moved(97, 1, emperor=1, money=2))  # no die moved
    turn = legal(st)
    assert {"d1", "d4"} <= turn and "done" not in turn and "pass" not in turn
    st.apply("d4")  # the normal die action: now a die is taken
    st.apply("e0m3")
    assert st.dice[4] == 2 and "done" in legal(st) and not die_actions(st)


def test_97_e_gizia_original_after_die_action():
    """#97 E. Gizia, original rules: an extra turn without taking a die (components.md
    1.1 row 97; 000 'Guest Cards': "E. Gizia: You receive another turn without taking dice.").

    003 appendix: "For the Original Rules variant, when a player moves the guest E Gizia
    to a room, his extra turn starts immediately if he has already taken a die action
    for his normal turn." The extra turn is a whole turn: a guest may be taken again,
    and its die action leaves the die where it is.
    """
    st = (seat(97, *HOTEL["Y"], dice={1: 2, 4: 3}, edition="original").queue(QUEUE)
          .guest_deck([96]).turn(0).state())
    st.apply("g3")  # the turn's guest (slot 3: free)
    st.apply("d4")
    st.apply("e0m3")
    assert st.dice[4] == 2
    assert "done" in legal(st) and not legal(st, "g")
    before = move(st, 97, 1)
    # the extra turn has started at once
    turn = legal(st)
    assert {"d1", "d4", "g0"} <= turn and "done" not in turn and "pass" not in turn
    check(before, st, moved(97, 1))
    st.apply("d4")  # the extra turn's die action: counts the 2 dice left, takes none
    assert legal(st) == {"e2m0", "e1m1", "e0m2"}
    st.apply("e2m0")
    assert st.dice[4] == 2 and st.to_position()["dice_on_tiles"] == 1
    assert "done" in legal(st) and not die_actions(st)
    st.apply("done")
    assert st.to_position()["turn_order"][0]["covered"] == 1  # one turn on the tile
    assert st.current_player == 1


def test_97_e_gizia_original_before_die_action():
    """#97 E. Gizia, original rules, moved before the die action (components.md 1.1 row 97).

    003 appendix: "If he has not then his extra turn starts after he takes a die action
    for his normal turn."
    """
    st = seat(97, *HOTEL["Y"], dice={1: 2, 4: 3}, edition="original").turn(0).state()
    before = move(st, 97, 1)
    check(before, st, moved(97, 1))  # nothing yet
    turn = legal(st)
    assert {"d1", "d4"} <= turn and "done" not in turn
    st.apply("d4")  # the normal die action takes a die
    st.apply("e0m3")
    assert st.dice[4] == 2
    turn = legal(st)  # now the extra turn
    assert {"d1", "d4"} <= turn and "done" not in turn
    st.apply("d1")  # its die stays on the space
    assert legal(st) == {"s2c0", "s1c1"}
    st.apply("s2c0")
    assert st.dice[1] == 2 and st.dice[4] == 2
    assert "done" in legal(st) and not die_actions(st)


def test_98_m_polo():
    """#98 M. Polo: G, 3s, 0 VP; 4 krone (components.md 1.1 row 98).

    000 'Overview of Symbols' / 003 appendix: krones. Green: into a blue room.
    """
    st = seat(98, *HOTEL["B"]).turn(0).state()
    before = move(st, 98, 10)
    check(before, st, moved(98, 10, money=4))


def test_99_cramersopholus():
    """#99 Cramersopholus: G, 1s 2c, 5 VP; draw 1 staff; 2 emperor (components.md 1.1 row 99).

    000 'Overview of Symbols' / 003 appendix: draw staff; emperor steps. Green: red room.
    """
    st = seat(99, *HOTEL["R"]).staff_deck(["sommelier"]).turn(0).state()
    before = move(st, 99, 2)
    check(before, st, moved(99, 2, emperor=2, **{"hand+": ["sommelier"]},
                            staff_deck={"drawn": ["sommelier"]}))


def test_100_farmer_franz():
    """#100 Farmer Franz: G, 1s 3k, 4 VP; 3 emperor; occupy 1 (components.md 1.1 row 100).

    000 'Overview of Symbols' / 003 appendix: emperor steps; "Flip the room tile of a
    prepared room to mark it as occupied." (any colour).
    """
    st = seat(100, [1, 10], [0, 5]).turn(0).state()
    before = move(st, 100, 1)
    assert st.players[0].emperor == 3  # the steps come first
    assert legal(st) == {"o10", "done"}
    st.apply("o10")
    check(before, st, moved(100, 1, emperor=3, rooms={10: "occupied"}))


def test_101_brother_uwe():
    """#101 Brother Uwe: G, 3s 1k, 3 VP; 3 emperor; free guest (components.md 1.1 row 101).

    000 'Overview of Symbols' / 003 appendix: emperor steps; take a face-up guest at no cost.
    """
    st = seat(101, *HOTEL["B"]).queue(QUEUE).guest_deck([96]).turn(0).state()
    before = move(st, 101, 10)
    assert legal(st) == {"g0", "g1", "g2", "g3", "g4", "done"}
    assert paid(st, ["g1"]) == {"g1": 0}
    st.apply("g1")
    check(before, st, moved(101, 10, emperor=3, cafe={0: 92}, queue=[96, 91, 93, 94, 95],
                            guest_deck={"drawn": [96]}))


def test_102_conductor():
    """#102 Conductor: G, 1s 1k, 0 VP; 1 emperor; occupy 1 (components.md 1.1 row 102).

    000 'Overview of Symbols' / 003 appendix: emperor steps; occupy a prepared room.
    """
    st = seat(102, [2, 3], [0, 1]).turn(0).state()
    before = move(st, 102, 2)
    assert legal(st) == {"o3", "done"}
    st.apply("o3")
    check(before, st, moved(102, 2, emperor=1, rooms={3: "occupied"}))


def test_103_durgoing():
    """#103 Durgoing: G, 1s 1w, 4 VP; draw 2 staff (components.md 1.1 row 103).

    000 'Overview of Symbols' / 003 appendix: "Draw the specified number of staff cards."
    """
    st = seat(103, *HOTEL["Y"]).staff_deck(["barista", "porter"]).turn(0).state()
    before = move(st, 103, 1)
    check(before, st, moved(103, 1, **{"hand+": ["barista", "porter"]},
                            staff_deck={"drawn": ["barista", "porter"]}))


def test_104_macleod():
    """#104 MacLeod: G, 2s 2c, 2 VP; play 1 staff at no cost (components.md 1.1 row 104).

    000 'Overview of Symbols': "You can play a Staff card at no cost."; 003 appendix:
    "Play a staff card for free." With 0 krone every card in hand is offered.
    """
    st = hand(seat(104, *HOTEL["R"]), HAND).money(0, 0).turn(0).state()
    before = move(st, 104, 2)
    assert legal(st) == {f"play:{s}" for s in HAND} | {"done"}
    assert paid(st, legal(st, "play:")) == {f"play:{s}": 0 for s in HAND}
    st.apply("play:delivery-boy")
    check(before, st, moved(104, 2, **{"hand-": ["delivery-boy"], "played+": ["delivery-boy"]}))


def test_every_card_has_a_test():
    """One scenario per guest card #49-#104 (components.md 1.1) in this module."""
    names = {n for n in globals() if n.startswith("test_")}
    for gid in CARDS:
        assert any(n.startswith(f"test_{gid}_") for n in names), gid
    assert sorted(CARDS) == list(range(49, 105))
