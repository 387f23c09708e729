"""One scenario test per Grand Austria Hotel staff card (base 1-48, Rowe-Smith 101-109).

Sources: 000 = 2015 rulebook, section 'Staff Cards' (German / English name, cost,
timing); 003 = Yucata 2021 rules, appendix (one line per staff card) and the list of
2021 changes. Costs are checked once for all 48 base cards in ``test_staff_cost``;
each card then has its own effect test.
"""

from __future__ import annotations

import pytest

from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario, play

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
STRUDEL, CAKE, WINE, COFFEE = range(4)
ALL_DICE = {1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1}  # the 10 dice of a 2-player game


# ----------------------------------------------------------------- helpers
def staff_vp(st: GahState, seat: int = 0) -> int:
    return st.players[seat].vp_src[SRC["staff"]]


def slugs(st: GahState, ids: tuple[int, ...]) -> list[str]:
    return [st.rules.staff[s].slug for s in ids]


def resolve(st: GahState) -> list[str]:
    """Finish the pending sub-decisions of the turn ('done' where possible, else the first option);
    returns the kinds of the decisions met on the way."""
    kinds = []
    while st.stack and st.stack[-1][0] != "turn":
        kinds.append(st.stack[-1][0])
        legal = st.legal_actions()
        st.apply("done" if "done" in legal else legal[0])
    return kinds


def last_turn(sc: Scenario, rnd: int, dice: dict[int, int] | None = None) -> Scenario:
    """Seat 0 takes the last turn of round ``rnd`` (seat 1 has covered both its turns)."""
    sc.round(rnd).dice(dice or {}).turn(0, covered=1)
    sc.pos["turn_order"][1]["covered"] = 2
    return sc


def game_end(sc: Scenario) -> GahState:
    """End round 7 (no dice left: seat 0's last turn is 'done'); emperor 8 -> 1: no bonus, no penalty."""
    sc.emperor_tiles(["A1", "B1", "C1"])
    for seat in (0, 1):
        if sc.pos["players"][seat]["emperor"] == 0:
            sc.emperor(seat, 8)
    st = last_turn(sc, 7).state()
    st.apply("done")
    assert st.phase == "over"
    return st


def move_guest_state(slug: str | None, guests: list[int], prepared: list[int], **cfg) -> GahState:
    """Seat 0 with completed guests at tables 0.. and prepared rooms; ``slug`` played."""
    sc = Scenario(players=2, **cfg)
    for g in guests:
        sc.guest(0, g, served="full")
    sc.rooms(0, prepared=prepared)
    if slug:
        sc.staff(0, slug, "played")
    return sc.dice({1: 1}).turn(0).state()


# ------------------------------------------------------------------- costs
COSTS_000 = [
    # 000 'Staff Cards': printed costs (Kitchen Hand: 3 in 2015, 5 in the 2021 edition, see below)
    ("breakfast-server", 4), ("waitress", 6), ("barkeeper", 4), ("sous-chef", 6), ("groom", 4),
    ("stableman", 1), ("masseuse", 1), ("tour-guide", 2), ("butler", 5), ("chauffeur", 5),
    ("florist", 5), ("executive-housekeeper", 2), ("restaurant-manager", 2), ("decorator", 2),
    ("bootblack", 4), ("laundress", 2), ("kitchen-hand", 5), ("checker", 2), ("interior-architect", 3),
    ("detective", 2), ("chef", 3), ("staff-manager", 3), ("custodian", 5), ("chief-waiter", 1),
    ("delivery-boy", 6), ("conference-manager", 5), ("booking-manager", 4), ("concierge", 4),
    ("secretary", 5), ("reception-clerk", 4), ("chambermaid", 4), ("assistant-manager", 4),
    ("male-floor-housekeeper", 5), ("receptionist", 5), ("page-boy", 2), ("sommelier", 2),
    ("room-service", 3), ("porter", 5), ("confectioner", 3), ("marketing-director", 2), ("operator", 3),
    ("gardener", 3), ("barista", 3), ("larder-cook", 2), ("pool-attendant", 1),
    ("female-floor-housekeeper", 2), ("liftboy", 4), ("hotel-manager", 4),
]


def _cost_state(slug: str, money: int, **cfg) -> GahState:
    sc = Scenario(players=2, **cfg).staff(0, slug)
    if slug != "masseuse":
        sc.staff(0, "masseuse")  # costs 1: free with one die, keeps the play decision open
    st = sc.money(0, money).dice({5: 1}).turn(0).state()
    st.apply("d5")
    return st


@pytest.mark.parametrize("slug,cost", COSTS_000, ids=[s for s, _ in COSTS_000])
def test_staff_cost(slug, cost):
    """000 action 5: 'For each die on this Action space, the cost is reduced by 1. Pay the remaining
    cost'; 000 'Staff Cards' printed costs (003 2021 changes: 'Playing the Kitchen Hand costs 5 krone');
    a card whose remaining cost exceeds your krones cannot be played."""
    assert len(COSTS_000) == 48
    st = _cost_state(slug, 10)
    st.apply(f"play:{slug}")
    assert st.players[0].money == 10 - max(0, cost - 1)
    assert slug in slugs(st, st.players[0].played)
    assert slug not in slugs(st, st.players[0].hand)
    if cost - 1 > 0:
        st = _cost_state(slug, cost - 2)
        assert f"play:{slug}" not in st.legal_actions()
        st = _cost_state(slug, cost - 1)
        assert f"play:{slug}" in st.legal_actions()


def test_kitchen_hand_cost_by_edition():
    """003 appendix 'Kitchen Hand': '(Costs 3 rather than 5 for Original Rules variant.)';
    000 'Küchenhilfe / Kitchen Hand (3 krones, permanent)'."""
    st = _cost_state("kitchen-hand", 10, edition="original")
    st.apply("play:kitchen-hand")
    assert st.players[0].money == 10 - (3 - 1)
    st = _cost_state("kitchen-hand", 10)
    st.apply("play:kitchen-hand")
    assert st.players[0].money == 10 - (5 - 1)
    # original: 1 krone is enough with one die; 2021 needs 4
    assert "play:kitchen-hand" in _cost_state("kitchen-hand", 2, edition="original").legal_actions()
    assert "play:kitchen-hand" not in _cost_state("kitchen-hand", 3).legal_actions()


# ------------------------------------------------------- once-per-round cards
def _once_per_round(slug: str, item: int, dice5: int, cost: int) -> None:
    """Hire on the last turn of round 1, use it, not twice; after the round it is usable again."""
    sc = last_turn(Scenario(players=2).staff(0, slug), 1, {5: dice5})
    st = sc.state()
    play(st, "d5", f"play:{slug}")
    pl = st.players[0]
    assert pl.money == 10 - (cost - dice5)
    assert f"use:{slug}" in st.legal_actions()
    before = pl.kitchen[:]
    supply = st.supply[item]
    st.apply(f"use:{slug}")
    expect = before[:]
    expect[item] += 1
    assert pl.kitchen == expect
    assert st.supply[item] == supply - 1
    assert f"use:{slug}" not in st.legal_actions()  # once per round
    st.apply("done")  # the round ends
    assert st.round == 2 and st.players[0].used == ()
    st.apply("roll:2-2-2-2-1-1")
    assert st.stack[-1] == ("turn", 1)  # seat 1 now holds turn order tile 1
    st.apply("pass")
    assert st.stack[-1] == ("turn", 0)
    assert f"use:{slug}" in st.legal_actions()
    st.apply(f"use:{slug}")
    assert st.players[0].kitchen[item] == expect[item] + 1
    assert f"use:{slug}" not in st.legal_actions()


def test_breakfast_server():
    """003 appendix 'Breakfast Server: Once per round receive 1 strudel'; 003 end of round 'turn your
    once-per-round staff cards face up again'; 000 'Frühstückskellner / Breakfast Server (4 krones)'."""
    _once_per_round("breakfast-server", STRUDEL, 1, 4)


def test_waitress():
    """003 appendix 'Waitress: Once per round receive 1 cake'; 000 'Kellnerin / Waitress (6 krones)'."""
    _once_per_round("waitress", CAKE, 2, 6)


def test_barkeeper():
    """003 appendix 'Barkeeper: Once per round receive 1 wine'; 000 'Barmann / Barkeeper (4 krones)'."""
    _once_per_round("barkeeper", WINE, 1, 4)


def test_sous_chef():
    """003 appendix 'Sous-Chef: Once per round receive 1 coffee'; 000 'Sous Chef (6 krones)'."""
    _once_per_round("sous-chef", COFFEE, 3, 6)


def test_once_per_round_item_can_go_on_an_order():
    """003 'Whenever you receive dishes and drinks, regardless of how you get them, you can place them
    immediately on a guest's order' (Barkeeper's wine onto the Composer)."""
    st = Scenario(players=2).guest(0, 51).kitchen(0).staff(0, "barkeeper", "played").dice({1: 1}).turn(0).state()
    st.apply("use:barkeeper")
    assert st.stack[-1][0] == "place"
    st.apply("t0w")
    assert st.players[0].served[0] == [0, 0, 1, 0, 0]
    assert st.players[0].kitchen == [0, 0, 0, 0, 0]


# ------------------------------------------------------------ one-time cards
def _hire(slug: str, sc: Scenario, dice5: int = 1) -> GahState:
    st = sc.staff(0, slug).dice({5: dice5, 1: 1}).turn(0).state()
    play(st, "d5", f"play:{slug}")
    return st


def _four_items(slug: str, item: int, guest: int, order: int) -> None:
    """One-time '+4 of an item': offered for the guest's order first, the rest stays in the kitchen."""
    sc = Scenario(players=2).guest(0, guest).kitchen(0)
    supply = sc.state().supply[item]
    st = _hire(slug, sc)
    assert st.stack[-1][0] == "place"
    letter = "scwk"[item]
    for _ in range(order):
        st.apply(f"t0{letter}")
    assert st.stack[-1][0] == "turn"  # the order is full: nothing more to place
    pl = st.players[0]
    served = [0, 0, 0, 0, 0]
    served[item] = order
    assert pl.served[0] == served
    kitchen = [0, 0, 0, 0, 0]
    kitchen[item] = 4 - order
    assert pl.kitchen == kitchen
    assert st.supply[item] == supply - 4


def test_sommelier():
    """003 appendix 'Sommelier: One time receive 4 wine'; 000 'Sommelier (2 krones, one-time)'.
    Photographer (#55) wants 3 wine: 3 go on the order, 1 to the kitchen."""
    _four_items("sommelier", WINE, 55, 3)


def test_confectioner():
    """003 appendix 'Confectioner: One time receive 4 cakes'; 000 'Konditor (3 krones, one-time)'.
    Senior Legal Secretary (#90) wants 3 cake (and 1 strudel)."""
    _four_items("confectioner", CAKE, 90, 3)


def test_barista():
    """003 appendix 'Barista: One time receive 4 coffee'; 000 'Barista (3 krones, one-time)'.
    Farmer Franz (#100) wants 3 coffee (and 1 strudel)."""
    _four_items("barista", COFFEE, 100, 3)


def test_larder_cook():
    """003 appendix 'Larder Cook: One time receive 4 strudels'; 000 'Kaltmamsell (2 krones, one-time)'.
    M. Polo (#98) wants 3 strudel."""
    _four_items("larder-cook", STRUDEL, 98, 3)


def test_chef():
    """003 appendix 'Chef: One time receive 1 strudel, 1 cake, 1 wine, and 1 coffee'; 000 'Chefkoch / Chef
    (3 krones, one-time)'. Jewelry Designer (#60, 2 cake 2 wine) can take the cake and the wine."""
    st = _hire("chef", Scenario(players=2).guest(0, 60))
    pl = st.players[0]
    assert pl.money == 10 - 2
    assert st.stack[-1][0] == "place"
    assert sorted(a for a in st.legal_actions() if a != "done") == ["t0c", "t0w"]
    play(st, "t0c", "t0w")
    assert pl.served[0] == [0, 1, 1, 0, 0]
    assert pl.kitchen == [2, 1, 1, 2, 0]  # 1 of each before, +1 each, cake and wine on the guest


def test_pool_attendant():
    """003 appendix 'Pool Attendant: One time advance 3 spaces on the emperor track'; 000 'Bademeister
    (1 krone, one-time)'; 003 emperor track 'You cannot move past space 13. Instead, you score 1 victory
    point for each space you would have moved beyond space 13'."""
    st = _hire("pool-attendant", Scenario(players=2).emperor(0, 4))
    assert st.players[0].emperor == 7
    assert st.players[0].money == 10
    st = _hire("pool-attendant", Scenario(players=2).emperor(0, 12))
    assert st.players[0].emperor == 13
    assert st.players[0].vp == 2


def test_page_boy():
    """003 appendix 'Page-boy: One time change 2 prepared rooms to occupied'; 000 'Page / Page-boy
    (2 Krones; one-time)'; 003 occupancy bonus 'whenever you occupy the last unoccupied room in the group'
    (room 0 is a one-room blue group: 2 VP)."""
    st = _hire("page-boy", Scenario(players=2).rooms(0, prepared=[0, 1, 2]))
    assert st.stack[-1][0] == "occupy"
    assert sorted(a for a in st.legal_actions() if a != "done") == ["o0", "o1", "o2"]
    play(st, "o0", "o2")
    pl = st.players[0]
    assert pl.rooms[:3] == [2, 1, 2]
    assert st.stack[-1][0] == "turn"  # exactly 2 rooms
    assert pl.vp_src[SRC["bonuses"]] == 2


def test_porter():
    """003 appendix 'Porter: One time complete a guest's order by taking dishes and drinks from the supply';
    000 'Portier / Porter (5 krones, one-time)'. Only an incomplete order can be chosen; the kitchen is
    untouched."""
    sc = (Scenario(players=2).guest(0, 60, served={"cake": 1}).guest(0, 51, served="full")
          .guest(0, 85).rooms(0, prepared=[1, 5]))
    st = _hire("porter", sc, dice5=2)
    pl = st.players[0]
    assert pl.money == 10 - 3
    assert st.stack[-1][0] == "complete"
    assert sorted(st.legal_actions()) == ["c0", "c2"]
    supply = st.supply[:]
    st.apply("c0")
    assert pl.served[0] == [0, 2, 2, 0, 0]
    assert pl.kitchen == [1, 1, 1, 1, 0]
    assert st.supply == [supply[0], supply[1] - 1, supply[2] - 2, supply[3], 0]
    assert "m0r1" in st.legal_actions()


# --------------------------------------------------- guest-moved permanent cards
def test_groom():
    """003 appendix 'Groom: Receive 2 krones each time you move a red guest to a room'; 000 'Pferdeknecht /
    Groom (4 krones, permanent)'. Apothecary (#77, red, reward 1 krone); Composer (#51, yellow) gives none."""
    st = move_guest_state("groom", [77, 51], prepared=[2, 1])
    st.apply("m0r2")
    assert st.players[0].money == 10 + 1 + 2
    st.apply("m1r1")
    assert st.players[0].money == 13


def test_stableman():
    """003 appendix 'Stableman: Advance 1 space on the emperor track each time you move a blue guest to a
    room'; 000 'Stallmeister / Stableman (1 krone, permanent)'. Knight of the Empire (#65, blue, no
    reward); Composer (#51, yellow) does not trigger."""
    st = move_guest_state("stableman", [65, 51], prepared=[10, 1])
    st.apply("m0r10")
    assert st.players[0].emperor == 1
    st.apply("m1r1")
    assert st.players[0].emperor == 1


def test_masseuse():
    """003 appendix 'Masseuse: Receive 1 krone each time you move a yellow guest to a room'; 000 'Masseurin
    (1 krone, permanent)'. Composer (#51, yellow, reward strudel); Knight (#65, blue) does not trigger."""
    st = move_guest_state("masseuse", [51, 65], prepared=[1, 10])
    st.apply("m0r1")
    assert st.players[0].money == 11
    st.apply("m1r10")
    assert st.players[0].money == 11


def test_tour_guide():
    """003 appendix 'Tour Guide: Score an additional 2 VP each time you move a green guest to a room';
    000 'Fremdenführer (2 krones, permanent) ... You also receive the guest's printed VP'.
    Mr. Boydell (#95, green, 2 VP); Composer (#51, yellow, 1 VP) does not trigger."""
    st = move_guest_state("tour-guide", [95, 51], prepared=[1, 5])
    st.apply("m0r1")
    pl = st.players[0]
    assert pl.vp_src[SRC["guests"]] == 2
    assert staff_vp(st) == 2
    st.apply("m1r5")
    assert pl.vp_src[SRC["guests"]] == 3
    assert staff_vp(st) == 2


def test_custodian():
    """003 appendix 'Custodian: Receive 1 krone each time you move a guest to a room'; 000 'Hausverwalter
    (5 krones, permanent)'. Knight (#65, no reward) and Composer (#51, reward strudel)."""
    st = move_guest_state("custodian", [65, 51], prepared=[10, 1])
    st.apply("m0r10")
    assert st.players[0].money == 11
    st.apply("m1r1")
    assert st.players[0].money == 12


def test_male_floor_housekeeper():
    """003 appendix 'Male Floor Housekeeper: Score 4 VP each time you move a guest whose order consists of
    4 dishes and drinks to a room'; 000 'Etagendiener (5 krones, permanent)'. Lord High Commissioner (#89,
    4 items, 5 VP) scores; Major (#85, 3 items, 3 VP) does not."""
    st = move_guest_state("male-floor-housekeeper", [89, 85], prepared=[2, 3])
    st.apply("m0r2")
    pl = st.players[0]
    assert pl.vp_src[SRC["guests"]] == 5
    assert staff_vp(st) == 4
    st.apply("m1r3")
    assert pl.vp_src[SRC["guests"]] == 8
    assert staff_vp(st) == 4


def test_no_guest_staff_without_card():
    """Control for the guest-moved cards: without staff the Apothecary (#77) gives only its reward."""
    st = move_guest_state(None, [77], prepared=[2])
    st.apply("m0r2")
    assert st.players[0].money == 11
    assert staff_vp(st) == 0


# ------------------------------------------------------------ free rooms
def _free_rooms(slug: str, free_room: int, paid_room: int) -> None:
    sc = Scenario(players=2).rooms(0, prepared=list(range(10))).staff(0, slug, "played")
    st = sc.dice({3: 2}).turn(0).state()
    play(st, "d3", f"r{free_room}")
    assert st.players[0].money == 10  # floor 3 room of the card's colour: free
    st.apply(f"r{paid_room}")
    assert st.players[0].money == 10 - st.rules.floor_cost[3]
    assert st.rules.floor_cost[3] > 0


def test_butler():
    """003 appendix 'Butler: You can prepare blue rooms for free'; 000 'Butler (5 krones, permanent)'.
    Blue room 10 is free, red room 11 costs the floor-3 price."""
    _free_rooms("butler", 10, 11)


def test_chauffeur():
    """003 appendix 'Chauffeur: You can prepare red rooms for free'; 000 'Chauffeur (5 krones, permanent)'.
    Red room 11 is free, yellow room 13 costs the floor-3 price."""
    _free_rooms("chauffeur", 11, 13)


def test_florist():
    """003 appendix 'Florist: You can prepare yellow rooms for free'; 000 'Floristin (5 krones, permanent)'.
    Yellow room 13 is free, blue room 12 costs the floor-3 price."""
    _free_rooms("florist", 13, 12)


# -------------------------------------------------------------- die faces
def _die(slug: str | None, action: str, **cfg) -> GahState:
    sc = Scenario(players=2, **cfg).rooms(0, prepared=[0])
    if slug:
        sc.staff(0, slug, "played")
    st = sc.dice(ALL_DICE).turn(0).state()
    st.apply(action)
    resolve(st)
    return st


@pytest.mark.parametrize("action,vp", [("d3", 2), ("d4", 2), ("d1", 0), ("d2", 0), ("d5", 0), ("d6=3", 0),
                                       ("d6=4", 0)])
def test_executive_housekeeper(action, vp):
    """003 appendix 'Executive Housekeeper: Score 2 VP each time you take a \u201c3\u201d or \u201c4\u201d die';
    000 'Hausdame (2 krones, permanent)'. A 6 die used as action 3/4 shows 6: no VP."""
    assert staff_vp(_die("executive-housekeeper", action)) == vp


@pytest.mark.parametrize("action,vp", [("d3", 5), ("d4", 0), ("d6=3", 0)])
def test_interior_architect(action, vp):
    """003 appendix 'Interior Architect: Score 5 VP each time you take a \u201c3\u201d die'; 000 'Innenarchitekt
    (3 krones, permanent)'."""
    assert staff_vp(_die("interior-architect", action)) == vp


@pytest.mark.parametrize("action,vp", [("d4", 4), ("d3", 0), ("d6=4", 0)])
def test_laundress(action, vp):
    """003 appendix 'Laundress: Score 4 VP each time you take a \u201c4\u201d die'; 000 'Wäscherin (2 krones,
    permanent)'."""
    assert staff_vp(_die("laundress", action)) == vp


@pytest.mark.parametrize("action,steps,money", [("d5", 2, 10), ("d4", 0, None), ("d6=5", 0, 9)])
def test_detective(action, steps, money):
    """003 appendix 'Detective: Advance 2 spaces on the emperor track each time you take a \u201c5\u201d die';
    000 'Hausdetektiv (2 krones, permanent)'. (d4 resolves as 1 emperor step from the action itself.)"""
    st = _die("detective", action)
    if action == "d4":
        st2 = _die(None, action)
        assert st.players[0].emperor == st2.players[0].emperor
    else:
        assert st.players[0].emperor == steps
        assert st.players[0].money == money


def test_restaurant_manager():
    """003 appendix 'Restaurant Manager: Each time you take a \u201c1\u201d or \u201c2\u201d die, you receive an
    additional dish or drink, respectively. As usual, you cannot take more cake than strudel or more coffee
    than wine'; 000 'Restaurantchef (2 krones, permanent)'."""
    def options(slug, action):
        sc = Scenario(players=2)
        if slug:
            sc.staff(0, slug, "played")
        st = sc.dice(ALL_DICE).turn(0).state()
        st.apply(action)
        return sorted(st.legal_actions())

    assert options("restaurant-manager", "d1") == ["s2c1", "s3c0"]
    assert options(None, "d1") == ["s1c1", "s2c0"]
    assert options("restaurant-manager", "d2") == ["w2k1", "w3k0"]
    assert options(None, "d2") == ["w1k1", "w2k0"]
    assert options("restaurant-manager", "d6=1") == ["s1c0"]  # the die shows 6
    st = _die("restaurant-manager", "d1")
    assert st.players[0].kitchen == [1 + 3, 1, 1, 1, 0]


def test_decorator():
    """003 appendix 'Decorator: You can prepare a room each time you take a \u201c1\u201d or \u201c2\u201d die';
    000 'Dekorateur (2 krones, permanent) ... you can also prepare 1 room' (usual cost)."""
    for action, pick in (("d1", "s2c0"), ("d2", "w2k0")):
        st = Scenario(players=2).rooms(0, prepared=[0]).staff(0, "decorator", "played").dice(ALL_DICE).turn(0).state()
        play(st, action, pick)
        assert st.stack[-1][:3] == ("rooms", 0, 1)  # exactly one room
        assert sorted(st.legal_actions()) == ["done", "r1", "r5"]
        st.apply("r5")
        assert st.players[0].rooms[5] == 1
        assert st.players[0].money == 10 - st.rules.floor_cost[2]
        assert st.stack[-1][0] == "turn"
    for action in ("d4", "d6=1"):
        st = Scenario(players=2).rooms(0, prepared=[0]).staff(0, "decorator", "played").dice(ALL_DICE).turn(0).state()
        st.apply(action)
        assert "rooms" not in resolve(st)  # no extra room
        assert st.players[0].rooms[:6] == [1, 0, 0, 0, 0, 0]


def test_bootblack():
    """003 appendix 'Bootblack: Each time you take a \u201c4\u201d die, advance 1 space on both the emperor
    track and your money track for each die instead of choosing one of the two options'; 000 'Schuhputzer
    (4 krones, permanent)'. A 6 die used as action 4 shows 6: the usual choice."""
    st = Scenario(players=2).staff(0, "bootblack", "played").dice({4: 3, 6: 1}).turn(0).state()
    st.apply("d4")
    assert st.stack[-1][0] == "turn"  # no choice
    assert st.players[0].emperor == 3
    assert st.players[0].money == 13
    st = Scenario(players=2).staff(0, "bootblack", "played").dice({4: 3, 6: 1}).turn(0).state()
    st.apply("d6=4")
    assert st.stack[-1][0] == "empmoney"
    assert sorted(st.legal_actions()) == ["e0m1", "e1m0"]


def test_checker():
    """003 appendix 'Checker: Each time you take a \u201c5\u201d die, your discount is increased by 2 krones';
    000 'Garderobenfrau / Checker (2 krones, permanent) ... if the discount exceeds the cost, you do not
    receive any money'. A 6 die used as action 5 shows 6: no extra discount."""
    st = Scenario(players=2).staff(0, "checker", "played").staff(0, "butler").dice({5: 1, 6: 1}).turn(0).state()
    play(st, "d5", "play:butler")
    assert st.players[0].money == 10 - (5 - 1 - 2)
    st = Scenario(players=2).staff(0, "checker", "played").staff(0, "chef").dice({5: 2}).turn(0).state()
    play(st, "d5", "play:chef")
    assert st.players[0].money == 10
    st = (Scenario(players=2).staff(0, "checker", "played").staff(0, "butler").money(0, 2)
          .dice({5: 1}).turn(0).state())
    st.apply("d5")
    assert "play:butler" in st.legal_actions()  # 5 - 1 - 2 = 2 krones
    st = Scenario(players=2).staff(0, "checker", "played").staff(0, "butler").dice({5: 1, 6: 1}).turn(0).state()
    play(st, "d6=5", "play:butler")
    assert st.players[0].money == 10 - 1 - (5 - 1)


def test_kitchen_hand():
    """003 appendix 'Kitchen Hand: You can take a \u201c6\u201d die and take the action based on the number of
    dice plus one for free. You may pay 1 krone to increase the number of dice by another one'."""
    def state(money=10, kh=True):
        sc = Scenario(players=2).money(0, money)
        if kh:
            sc.staff(0, "kitchen-hand", "played")
        return sc.dice({6: 2, 1: 1}).turn(0).state()

    st = state()
    st.apply("d6=1")
    assert st.players[0].money == 10
    assert sorted(st.legal_actions()) == ["s2c1", "s3c0"]  # 2 dice + 1
    st = state()
    st.apply("d6=1+")
    assert st.players[0].money == 9
    assert sorted(st.legal_actions()) == ["s2c2", "s3c1", "s4c0"]  # 2 dice + 1 + 1
    st = state(money=0)
    assert "d6=4" in st.legal_actions()  # free even without krones
    assert "d6=4+" not in st.legal_actions()  # the extra die costs 1 krone
    st.apply("d6=4")
    assert sorted(st.legal_actions()) == ["e0m3", "e1m2", "e2m1", "e3m0"]
    # control: without the card the 6 costs 1 krone and counts only its own dice
    st = state(kh=False)
    st.apply("d6=1")
    assert st.players[0].money == 9
    assert sorted(st.legal_actions()) == ["s1c1", "s2c0"]
    assert "d6=1" not in state(money=0, kh=False).legal_actions()


def test_kitchen_hand_original_edition_same_effect():
    """003: only the cost of the Kitchen Hand differs in the Original Rules variant; the effect is the same."""
    st = Scenario(players=2, edition="original").staff(0, "kitchen-hand", "played").dice({6: 2}).turn(0).state()
    st.apply("d6=1")
    assert st.players[0].money == 10
    assert sorted(st.legal_actions()) == ["s2c1", "s3c0"]


def test_staff_manager():
    """003 appendix 'Staff Manager: Each time you take a \u201c3\u201d die, you can play a staff card for its
    full cost after preparing rooms for the \u201c3\u201d die action'; 000 'Personalchef (3 krones, permanent)'."""
    sc = (Scenario(players=2).rooms(0, prepared=[0]).staff(0, "staff-manager", "played").staff(0, "butler")
          .dice({3: 2, 6: 1, 4: 1}))
    st = sc.turn(0).state()
    st.apply("d3")
    assert st.stack[-1][0] == "rooms"  # rooms first
    play(st, "r1", "r5")
    assert st.players[0].money == 9
    assert st.stack[-1][0] == "play"
    assert sorted(st.legal_actions()) == ["done", "play:butler"]
    st.apply("play:butler")
    assert st.players[0].money == 9 - 5  # full cost
    assert "butler" in slugs(st, st.players[0].played)
    for action in ("d6=3", "d4"):
        st = sc.turn(0).state()
        st.apply(action)
        assert "play" not in resolve(st)  # a 6 die used as action 3 shows 6; a 4 die is no 3
        assert "butler" in slugs(st, st.players[0].hand)


def test_staff_manager_cannot_pay():
    """003 appendix 'Staff Manager ... for its full cost': with 4 krones a 5-krone card cannot be played."""
    st = (Scenario(players=2).rooms(0, prepared=[0]).staff(0, "staff-manager", "played").staff(0, "butler")
          .staff(0, "chef").money(0, 4).dice({3: 1}).turn(0).state())
    play(st, "d3", "r1")
    assert sorted(st.legal_actions()) == ["done", "play:chef"]


# ------------------------------------------------------------ other permanent cards
def test_chief_waiter():
    """003 appendix 'Chief Waiter: You can move dishes and drinks from your kitchen to your guests for free';
    000 'Oberkellner (1 krone, permanent)'; 003 'You can pay 1 krone to move up to 3 dishes and drinks'."""
    sc = Scenario(players=2).guest(0, 60).staff(0, "chief-waiter", "played").dice({1: 1})
    st = sc.turn(0).state()
    play(st, "serve", "t0c", "t0w")
    assert st.players[0].money == 10
    assert st.players[0].served[0] == [0, 1, 1, 0, 0]
    st = sc.money(0, 0).turn(0).state()
    assert "serve" in st.legal_actions()
    st = Scenario(players=2).guest(0, 60).money(0, 0).dice({1: 1}).turn(0).state()
    assert "serve" not in st.legal_actions()
    st = Scenario(players=2).guest(0, 60).dice({1: 1}).turn(0).state()
    st.apply("serve")
    assert st.players[0].money == 9


def test_delivery_boy():
    """003 appendix 'Delivery Boy: You can take guests from the game board for free'; 000 'Bote (6 krones,
    permanent)'. Queue slot 0 normally costs 3."""
    sc = Scenario(players=2).staff(0, "delivery-boy", "played").money(0, 0).dice({1: 1})
    st = sc.turn(0).state()
    g = st.queue[0]
    assert "g0" in st.legal_actions()
    st.apply("g0")
    assert st.players[0].money == 0
    assert st.players[0].cafe[0] == g
    st = Scenario(players=2).money(0, 2).dice({1: 1}).turn(0).state()
    assert "g0" not in st.legal_actions()


def test_gardener():
    """003 appendix 'Gardener: Score 5 VP each time you receive an emperor bonus'; 000 'Gärtner (3 krones,
    permanent)'. Round-3 scoring with tile A1 (bonus 3 krones): 6 -> 3 gets the bonus; 4 -> 1 gets none."""
    sc = (Scenario(players=2).emperor_tiles(["A1", "B1", "C1"]).staff(0, "gardener", "played")
          .emperor(0, 6).emperor(1, 6))
    st = last_turn(sc, 3).state()
    st.apply("done")
    assert st.round == 4
    p0, p1 = st.players
    assert p0.emperor == 3 and p0.money == 13
    assert p1.emperor == 3 and p1.money == 13
    vp_track = st.rules.emperor_vp[6]
    assert p1.vp == vp_track
    assert p0.vp == vp_track + 5
    sc = (Scenario(players=2).emperor_tiles(["A1", "B1", "C1"]).staff(0, "gardener", "played")
          .emperor(0, 4).emperor(1, 8))
    st = last_turn(sc, 3).state()
    st.apply("done")
    assert st.players[0].emperor == 1
    assert st.players[0].vp == st.rules.emperor_vp[4]


def _conference(edition: str, money: int = 10) -> GahState:
    sc = (Scenario(players=2, edition=edition).emperor_tiles(["A1", "B1", "C1"])
          .staff(0, "conference-manager", "played").emperor(0, 2).emperor(1, 8).money(0, money))
    st = last_turn(sc, 3).state()
    st.apply("done")
    return st


def test_conference_manager_2021():
    """003 appendix 'Conference Manager: You can pay 1 krone to not suffer the penalty for being on
    \u201c0\u201d on the emperor track'. Tile A1 penalty: 'Lose either 3 krones or 5 points'."""
    st = _conference("2021")
    assert st.stack[-1][0] == "avoid"
    assert sorted(st.legal_actions()) == ["avoid", "suffer"]
    st.apply("avoid")
    p0 = st.players[0]
    assert p0.money == 9
    assert p0.vp_src[SRC["penalties"]] == 0
    assert st.round == 4
    st = _conference("2021")
    st.apply("suffer")
    assert st.players[0].money == 7  # the penalty: 3 krones
    # without a krone to pay, the penalty is suffered (no krones to lose either: 5 VP)
    st = _conference("2021", money=0)
    assert st.round == 4
    assert st.players[0].vp_src[SRC["penalties"]] == -5


def test_conference_manager_original():
    """000 'Veranstaltungsleiter / Conference Manager (5 krones, permanent): You do not suffer the penalty
    for being on \u201c0\u201d on the emperor track' (original rules: nothing to pay)."""
    st = _conference("original")
    assert st.round == 4
    p0 = st.players[0]
    assert p0.money == 10
    assert p0.vp_src[SRC["penalties"]] == 0
    assert p0.vp == st.rules.emperor_vp[2]


# -------------------------------------------------------------- game-end cards
def _end_rooms(slug: str, prepared=(), occupied=(), **cfg) -> GahState:
    sc = Scenario(players=2, **cfg).staff(0, slug, "played").rooms(0, prepared=list(prepared),
                                                                   occupied=list(occupied))
    return game_end(sc)


def test_booking_manager():
    """003 appendix 'Booking Manager: At game end score 3 VP per occupied red room'; 000 'Reservierungsleiter
    (4 krones, game end)'. 3 red occupied, 1 red prepared, 2 other occupied -> 9."""
    st = _end_rooms("booking-manager", prepared=[8], occupied=[2, 3, 7, 0, 1])
    assert staff_vp(st) == 9


def test_concierge():
    """003 appendix 'Concierge: At game end score 3 VP per occupied blue room'; 000 'Concierge (4 krones,
    game end)'. 2 blue occupied, 1 blue prepared -> 6."""
    st = _end_rooms("concierge", prepared=[10], occupied=[0, 4, 1, 2])
    assert staff_vp(st) == 6


def test_reception_clerk():
    """003 appendix 'Reception Clerk: At game end score 3 VP per occupied yellow room'; 000 'Empfangschef
    (4 krones, game end)'. 4 yellow occupied, 1 yellow prepared -> 12."""
    st = _end_rooms("reception-clerk", prepared=[13], occupied=[1, 5, 6, 9, 0])
    assert staff_vp(st) == 12


def test_chambermaid():
    """003 appendix 'Chambermaid: At game end score 1 VP per occupied room'; 000 'Zimmermädchen (4 krones,
    game end)'. 3 occupied, 2 prepared -> 3."""
    st = _end_rooms("chambermaid", prepared=[3, 4], occupied=[0, 1, 2])
    assert staff_vp(st) == 3


def test_receptionist():
    """003 appendix 'Receptionist: At game end score 1 VP per prepared or occupied room'; 000 'Rezeptionist
    (5 krones, game end)'. 3 occupied, 2 prepared -> 5."""
    st = _end_rooms("receptionist", prepared=[3, 4], occupied=[0, 1, 2])
    assert staff_vp(st) == 5


def test_room_service():
    """003 appendix 'Room Service: At game end score 2 VP for each fully occupied group of rooms';
    000 'Zimmerdiener (3 krones) ... it does not suffice to merely prepare them'. Groups {0}, {4}, {10,15}
    full; {12,17} half prepared -> 3 groups = 6."""
    st = _end_rooms("room-service", prepared=[12], occupied=[0, 4, 10, 15, 17])
    assert staff_vp(st) == 6


def test_female_floor_housekeeper():
    """003 appendix 'Female Floor Housekeeper: At game end score 5 VP for each fully occupied floor';
    000 'Etagendame (2 krones, game end)'. Floors 1-2 occupied, floor 3 has one prepared room -> 10."""
    st = _end_rooms("female-floor-housekeeper", prepared=[14], occupied=list(range(14)))
    assert staff_vp(st) == 10


def test_liftboy():
    """003 appendix 'Liftboy: At game end score 5 VP for each fully occupied column'; 000 'Liftboy (4 krones,
    game end)'. Column 0 (0,5,10,15) occupied; column 1 has 16 only prepared -> 5."""
    st = _end_rooms("liftboy", prepared=[16], occupied=[0, 5, 10, 15, 1, 6, 11])
    assert staff_vp(st) == 5


def test_hotel_manager():
    """000 'Direktor / Hotel Manager (4 krones, game end) ... Example: At the end of the game, you have 3 red,
    4 blue, and 6 yellow rooms, which are all occupied. You receive 3x4=12 VP'; 003 appendix 'Hotel
    Manager: ... 4 VP for each set of 3 occupied rooms of different colors'."""
    red, blue, yellow = [2, 3, 7], [0, 4, 10, 12], [1, 5, 6, 9, 13, 14]
    st = _end_rooms("hotel-manager", occupied=red + blue + yellow)
    assert staff_vp(st) == 12
    st = _end_rooms("hotel-manager", prepared=[8, 11], occupied=red + blue + yellow)  # prepared: no set
    assert staff_vp(st) == 12


def test_marketing_director():
    """003 appendix 'Marketing Director: At game end score 5 VP for each politics card on which you placed a
    disk'; 000 'Marketingleiter (2 krones, game end)'."""
    sc = (Scenario(players=2).staff(0, "marketing-director", "played").objectives(["A1", "B1", "C1"])
          .markers(0, [1, 0]).markers(2, [0]).markers(1, [1]))
    st = game_end(sc)
    assert staff_vp(st) == 10


@pytest.mark.parametrize("edition,vp", [("2021", 2 * 4), ("original", 4 * 4)])
def test_assistant_manager(edition, vp):
    """003 appendix 'Assistant Manager: At game end score 2 VP per staff card you played, including the
    Assistant Manager himself'; 000 (original) 'You receive 4 VP per Staff card you played'."""
    sc = Scenario(players=2, edition=edition).staff(0, "assistant-manager", "played")
    for s in ("chef", "butler", "waitress"):
        sc.staff(0, s, "played")
    sc.staff(0, "porter")  # in hand: does not count
    st = game_end(sc)
    assert staff_vp(st) == vp


@pytest.mark.parametrize("edition", ["2021", "original"])
def test_operator(edition):
    """003 appendix 'Operator: At game end score twice the number of VP as the emperor track space your disk
    is on'; 000 'Telefonistin (3 krones, game end) ... twice the depicted value ... So you can get at most
    12 VP from this, since your wooden disk can be at most on space 6' (so: twice the space number, as
    components.md 1.2 '2 x emperor space'). Disk 13 -> 6 after the final emperor scoring -> 12 VP."""
    sc = Scenario(players=2, edition=edition).staff(0, "operator", "played").emperor(0, 13)
    st = game_end(sc)
    assert st.players[0].emperor == 6
    assert staff_vp(st) == 12


@pytest.mark.parametrize("edition,cap", [("2021", None), ("original", 12)])
def test_operator_cap(edition, cap):
    """003 2021 changes 'No 12-point maximum for the Operator'; 003 appendix 'Operator ... (Maximum of 12 VP
    for the Original Rules variant.)'. The C2 emperor bonus occupies room 6, completing the yellow group
    {1,5,6} (+6 emperor steps): the disk ends on 6 + 6 = 12 after the final emperor scoring."""
    sc = (Scenario(players=2, edition=edition).staff(0, "operator", "played").emperor(0, 13).emperor(1, 8)
          .emperor_tiles(["A1", "B1", "C2"]).rooms(0, occupied=[0, 1, 5]))
    st = last_turn(sc, 7).state()
    st.apply("done")
    assert st.stack[-1][0] == "rooms"
    st.apply("r6")
    assert st.phase == "over"
    assert st.players[0].emperor == 12
    full = 2 * 12
    assert staff_vp(st) == (full if cap is None else cap)


def test_secretary():
    """003 appendix 'Secretary: At game end you can use another player's game end staff card'; 000
    'Sekretärin (5 krones, game end) ... you should copy a card providing VP'. The engine picks the best:
    seat 1 has Booking Manager (seat 0: 1 red -> 3) and Concierge (3 blue -> 9) -> 9; seat 0's own
    Reception Clerk (2 yellow -> 6) is scored normally and is not a copy candidate."""
    sc = (Scenario(players=2).staff(0, "secretary", "played").staff(0, "reception-clerk", "played")
          .staff(1, "booking-manager", "played").staff(1, "concierge", "played").staff(1, "butler", "played")
          .rooms(0, occupied=[2, 0, 4, 10, 1, 5]))
    st = game_end(sc)
    assert staff_vp(st) == 6 + 9
    assert staff_vp(st, 1) == 0  # seat 1's hotel is empty


def test_secretary_nothing_to_copy():
    """003 appendix 'Secretary ... another player's game end staff card': no such card -> 0 VP; a
    permanent card of the other player is not copied."""
    sc = (Scenario(players=2).staff(0, "secretary", "played").staff(1, "butler", "played")
          .rooms(0, occupied=[0, 4, 10]))
    st = game_end(sc)
    assert staff_vp(st) == 0


# ---------------------------------------------------------------- Rowe-Smith
RS = {"rowe_smith_staff": True}


def test_baker():
    """003 appendix 'Baker: When satisfying guests' orders, cake and coffee are interchangeable.
    (Rowe-Smith variant)'. Coffee served as the Apothecary's (#77) cake; cake as the Knight's (#65) coffee."""
    st = (Scenario(players=2, **RS).staff(0, "baker", "played").guest(0, 77).kitchen(0, coffee=1)
          .dice({1: 1}).turn(0).state())
    supply = st.supply[:]
    assert "serve" in st.legal_actions()
    play(st, "serve", "t0c")
    pl = st.players[0]
    assert pl.served[0] == [0, 1, 0, 0, 0]
    assert pl.kitchen == [0, 0, 0, 0, 0]
    assert sum(st.supply) == sum(supply) - 1 + 1  # one cube left the kitchen, one sits on the order
    st = (Scenario(players=2, **RS).staff(0, "baker", "played").guest(0, 65).kitchen(0, cake=1)
          .dice({1: 1}).turn(0).state())
    play(st, "serve", "t0k")
    assert st.players[0].served[0] == [0, 0, 0, 1, 0]
    assert st.players[0].kitchen == [0, 0, 0, 0, 0]
    st = Scenario(players=2, **RS).guest(0, 77).kitchen(0, coffee=1).dice({1: 1}).turn(0).state()
    assert "serve" not in st.legal_actions()


def test_cocktail_waitress():
    """003 appendix 'Cocktail Waitress: When satisfying guests' orders, you may serve two wine in place of any
    other dish or drink. (Rowe-Smith variant)'. Capt. Goldhaken (#92) wants 1 strudel."""
    st = (Scenario(players=2, **RS).staff(0, "cocktail-waitress", "played").guest(0, 92).kitchen(0, wine=2)
          .dice({1: 1}).turn(0).state())
    play(st, "serve", "t0s")
    assert st.players[0].served[0] == [1, 0, 0, 0, 0]
    assert st.players[0].kitchen == [0, 0, 0, 0, 0]
    st = (Scenario(players=2, **RS).staff(0, "cocktail-waitress", "played").guest(0, 92).kitchen(0, wine=1)
          .dice({1: 1}).turn(0).state())
    assert "serve" not in st.legal_actions()


def test_draughtsman():
    """003 appendix 'Draughtsman: You may prepare rooms which are not adjacent to previously prepared or
    occupied rooms. (Rowe-Smith variant)'."""
    st = (Scenario(players=2, **RS).staff(0, "draughtsman", "played").rooms(0, prepared=[0])
          .dice({3: 1}).turn(0).state())
    st.apply("d3")
    assert "r19" in st.legal_actions()
    st.apply("r19")
    assert st.players[0].rooms[19] == 1
    assert st.players[0].money == 10 - st.rules.floor_cost[4]
    st = Scenario(players=2, **RS).rooms(0, prepared=[0]).dice({3: 1}).turn(0).state()
    st.apply("d3")
    assert sorted(st.legal_actions()) == ["done", "r1", "r5"]


def test_events_coordinator():
    """003 appendix 'Events Coordinator: When gaining a group bonus, you may choose any of the three bonus
    types. (Rowe-Smith variant)'. Completing the yellow 3-room group {1,5,6} and choosing krones gives the
    3-room amount (6; red and yellow rows are equal) instead of 6 emperor steps."""
    st = (Scenario(players=2, **RS).staff(0, "events-coordinator", "played").guest(0, 51, served="full")
          .rooms(0, prepared=[6], occupied=[1, 5]).dice({1: 1}).turn(0).state())
    st.apply("m0r6")
    assert st.stack[-1][0] == "bonuskind"
    assert sorted(st.legal_actions()) == ["bonus:emperor", "bonus:money", "bonus:vp"]
    st.apply("bonus:money")
    assert st.players[0].money == 16
    assert st.players[0].emperor == 0
    # control: without the card the yellow group gives emperor steps
    st = (Scenario(players=2, **RS).guest(0, 51, served="full").rooms(0, prepared=[6], occupied=[1, 5])
          .dice({1: 1}).turn(0).state())
    st.apply("m0r6")
    assert st.players[0].emperor == 6 and st.players[0].money == 10


def test_financier():
    """003 appendix 'Financier: Each time you gain one or more krones, gain one more. (Rowe-Smith variant)'."""
    sc = Scenario(players=2, **RS).staff(0, "financier", "played").dice({4: 2})
    st = sc.turn(0).state()
    play(st, "d4", "e0m2")
    assert st.players[0].money == 10 + 2 + 1
    st = sc.turn(0).state()
    play(st, "d4", "e2m0")
    assert st.players[0].money == 10
    st = move_guest_state("financier", [77], prepared=[2], **RS)  # Apothecary: 1 krone
    st.apply("m0r2")
    assert st.players[0].money == 12


def test_maitre_d_extra_seat():
    """003 appendix 'Maitre D': You may sit one extra guest in your cafe ... (Rowe-Smith variant)'."""
    sc = Scenario(players=2, **RS).guest(0, 60).guest(0, 61).guest(0, 62).dice({1: 1})
    st = sc.turn(0).state()
    assert not any(a.startswith("g") for a in st.legal_actions())
    st = sc.staff(0, "maitre-d", "played").turn(0).state()
    g = st.queue[4]
    st.apply("g4")
    assert st.players[0].cafe == [60, 61, 62, g]
    assert not any(a.startswith("g") for a in st.legal_actions())


def test_maitre_d_game_end():
    """003 appendix 'Maitre D': ... and you do not lose five points for each guest in your cafe at the end of
    the game'; 003 final scoring 'You lose 5 victory points for each guest in your café'."""
    sc = (Scenario(players=2, **RS).staff(0, "maitre-d", "played").guest(0, 60).guest(0, 61)
          .guest(1, 62).guest(1, 63))
    st = game_end(sc)
    assert st.players[0].vp_src[SRC["cafe"]] == 0
    assert st.players[1].vp_src[SRC["cafe"]] == -10


def test_night_concierge():
    """003 appendix 'Night Concierge: At game end score 3 VP per the lower of coffee and strudel remaining in
    your kitchen. (Rowe-Smith variant)'."""
    st = game_end(Scenario(players=2, **RS).staff(0, "night-concierge", "played")
                  .kitchen(0, strudel=2, coffee=5, cake=7))
    assert staff_vp(st) == 6


def test_wedding_planner():
    """003 appendix 'Wedding Planner: At game end score 3 VP per the lower of cake and wine remaining in your
    kitchen. (Rowe-Smith variant)'."""
    st = game_end(Scenario(players=2, **RS).staff(0, "wedding-planner", "played")
                  .kitchen(0, cake=4, wine=1, coffee=9))
    assert staff_vp(st) == 3


def test_waste_manager():
    """003 appendix 'Waste Manager: The first time a player passes during a round, gain one krone.
    (Rowe-Smith variant)' (read: its owner's first pass of the round; a second pass after the re-roll
    gives nothing)."""
    sc = Scenario(players=2, **RS).staff(0, "waste-manager", "played").dice({1: 2, 2: 2}).turn(0, covered=0)
    sc.pos["turn_order"][1]["covered"] = 2
    st = sc.state()
    st.apply("pass")
    assert st.players[0].money == 11
    assert st.phase == "roll"  # seat 1 is done: remove a die and re-roll
    st.apply("roll:1-1-1-0-0-0")
    assert st.stack[-1] == ("turn", 0)
    st.apply("pass")
    assert st.players[0].money == 11
    # a new round: the first pass pays again
    sc = last_turn(Scenario(players=2, **RS).staff(0, "waste-manager", "played"), 1)
    st = sc.state()
    st.apply("done")
    st.apply("roll:2-2-2-2-1-1")
    play(st, "d1", "s2c0", "done")  # seat 1 (now first) takes its turn
    assert st.stack[-1] == ("turn", 0)
    st.apply("pass")
    assert st.players[0].money == 11


def test_rowe_smith_cards_only_with_variant():
    """003 variants: 'Include the nine staff cards designed by Dale Rowe-Smith' (only then)."""
    rs = {"baker", "cocktail-waitress", "draughtsman", "events-coordinator", "financier", "maitre-d",
          "night-concierge", "waste-manager", "wedding-planner"}
    assert not rs & set(Scenario(players=2).pos["staff_deck"])
    assert rs <= set(Scenario(players=2, **RS).pos["staff_deck"])
    sc = Scenario(players=2, **RS).staff(0, "financier").dice({5: 1}).turn(0)
    st = sc.state()
    play(st, "d5", "play:financier")
    assert "financier" in slugs(st, st.players[0].played)
