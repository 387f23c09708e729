"""Politics (objective) cards and emperor tiles, 2021 edition and original rules.

Sources: 003 (Yucata 2021 rules: 'Politics Cards', 'Emperor Scoring', the appendix
lists of politics cards and of emperor tile BONUS/PENALTY texts, the list of 2021
changes), 000 ('Politics Cards', 'Emperor Scoring', 'Emperor Tiles') and
components.md 1.4 (emperor track VP, marker values 15/10/5).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tests.gah.scenario import Scenario, play

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
OBJ, EMP, PEN, BON = SRC["objectives"], SRC["emperor"], SRC["penalties"], SRC["bonuses"]

# components.md 1.4: VP printed under emperor spaces 0..13 (default of the conflict)
EMPEROR_VP = [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9]
YELLOW, BLUE, RED = 0, 1, 2  # room_supply index (data.COLOURS)


def slugs(st, ids) -> list[str]:
    return [st.rules.staff[s].slug for s in ids]


# =====================================================================
# Politics cards
# =====================================================================
# 4 players, tiles 1-8 / 2-7 / 3-6 / 4-5: seats take turns 0, 1, 2, 3 in this order.
# Seat 0 is one short of the requirement, seats 1-3 meet it: seat 0 gets nothing, then
# 15, 10, 5 (components.md 1.4: "three marker spaces worth 15/10/5 VP, taken highest
# first, one marker per player per card").

OTHER = {"A": "A3", "B": "B1", "C": "C1"}  # cards nobody meets in these scenarios


def _objective_ids(card: str) -> tuple[list[str], int]:
    group = {"HA": "A", "HB": "B", "HC": "C"}.get(card, card[0])
    slot = "ABC".index(group)
    ids = [OTHER[g] for g in "ABC"]
    ids[slot] = card
    return ids, slot


def run_claims(card: str, build: Callable[[Scenario, int, bool], None], **config) -> None:
    ids, slot = _objective_ids(card)
    sc = Scenario(players=4, **config).objectives(ids)
    build(sc, 0, False)
    for seat in (1, 2, 3):
        build(sc, seat, True)
    st = sc.turn(0).state()
    for seat in range(4):
        assert st.stack[-1] == ("turn", seat)
        assert "done" in st.legal_actions()
        st.apply("done")
        # at the end of his turn (003): the marker is there at once
        assert seat == 0 or seat in st.markers[slot]
    assert st.markers[slot] == (1, 2, 3)
    assert [pl.vp_src[OBJ] for pl in st.players] == [0, 15, 10, 5]
    assert [pl.vp for pl in st.players] == [0, 15, 10, 5]
    for k in range(3):
        if k != slot:
            assert st.markers[k] == ()
    # seat 3 takes its second turn (tile 5): one marker per player per card
    assert st.stack[-1] == ("turn", 3)
    st.apply("done")
    assert st.markers[slot] == (1, 2, 3)
    assert st.players[3].vp_src[OBJ] == 5


def test_politics_a1_money():
    """003 appendix A1 'Have 20 krones anytime during your turn.'; 000 'You have 20 krones.'
    Awarded "automatically at the end of his turn" (003 'Politics Cards')."""
    run_claims("A1", lambda sc, s, ok: sc.money(s, 20 if ok else 19))


def test_politics_a1_reached_then_spent_in_the_same_turn():
    """003 appendix A1 'Have 20 krones anytime during your turn.': reaching 20 and then
    spending below 20 in the same turn still earns the marker at the end of the turn."""
    sc = (Scenario(players=2).objectives(["A1", "B1", "C1"]).money(0, 17).guest(0, 51)
          .dice({4: 3}).turn(0))
    st = sc.state()
    play(st, "d4", "e0m3")  # 3 dice on space 4: 3 krones -> 20
    assert st.players[0].money == 20
    # serving costs 1 krone -> 19 (a guest is no longer to be had after the die: 000 'Course of Play')
    st.apply("serve")
    st.apply(next(a for a in st.legal_actions() if a != "done"))
    if "done" in st.legal_actions() and st.stack[-1][0] != "turn":
        st.apply("done")
    assert st.players[0].money == 19
    assert st.markers[0] == ()  # not before the end of the turn
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.players[0].vp_src[OBJ] == 15


def test_politics_a1_peak_19_gets_nothing():
    """003 appendix A1: a player whose money peaks at 19 during the turn gets nothing."""
    st = (Scenario(players=2).objectives(["A1", "B1", "C1"]).money(0, 16)
          .dice({4: 3}).turn(0).state())
    play(st, "d4", "e0m3", "done")
    assert st.players[0].money == 19
    assert st.markers[0] == ()
    assert st.players[0].vp_src[OBJ] == 0


def test_politics_a2_emperor_10():
    """003 appendix A2 'Be on space 10 of the emperor track or higher.'"""
    run_claims("A2", lambda sc, s, ok: sc.emperor(s, 10 if ok else 9))


STAFF_POOL = ["breakfast-server", "waitress", "barkeeper", "sous-chef", "groom", "stableman", "masseuse",
              "tour-guide", "butler", "chauffeur", "florist", "executive-housekeeper", "restaurant-manager",
              "decorator", "bootblack", "laundress", "checker", "interior-architect", "detective", "chef",
              "staff-manager", "custodian", "chief-waiter", "delivery-boy"]


def test_politics_a3_six_staff_played():
    """003 appendix A3 'Play at least 6 staff cards.'"""
    pool = iter(STAFF_POOL)

    def build(sc: Scenario, seat: int, ok: bool) -> None:
        for _ in range(6 if ok else 5):
            sc.staff(seat, next(pool), "played")

    run_claims("A3", build)


def test_politics_a4_twelve_rooms():
    """003 appendix A4 'Have at least 12 prepared or occupied rooms.' (000: 'at least 12 Room tiles')."""
    def build(sc: Scenario, seat: int, ok: bool) -> None:
        prepared = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        if not ok:
            prepared = prepared[:-1]
        sc.rooms(seat, prepared=prepared, occupied=[0, 1])

    run_claims("A4", build)


def test_politics_b1_two_full_rows():
    """003 appendix B1 'Occupy all rooms in at least 2 rows of your hotel.'"""
    def build(sc: Scenario, seat: int, ok: bool) -> None:
        if ok:
            sc.rooms(seat, occupied=list(range(10)))
        else:
            sc.rooms(seat, occupied=list(range(9)), prepared=[9])

    run_claims("B1", build)


def test_politics_b2_two_full_columns():
    """003 appendix B2 'Occupy all rooms in at least 2 columns of your hotel.'"""
    cols = [0, 5, 10, 15, 1, 6, 11, 16]

    def build(sc: Scenario, seat: int, ok: bool) -> None:
        if ok:
            sc.rooms(seat, occupied=cols)
        else:
            sc.rooms(seat, occupied=cols[:-1], prepared=[16])

    run_claims("B2", build)


def test_politics_b3_six_full_groups():
    """003 appendix B3 'Occupy all rooms in at least 6 groups of your hotel.' (groups {0} {4} {18}
    {19} {10,15} {12,17}, board.yaml / components.md 1.3)."""
    rooms = [0, 4, 18, 19, 10, 15, 12, 17]

    def build(sc: Scenario, seat: int, ok: bool) -> None:
        if ok:
            sc.rooms(seat, occupied=rooms)
        else:
            sc.rooms(seat, occupied=rooms[:-1], prepared=[17])

    run_claims("B3", build)


def test_politics_b4_one_full_colour():
    """003 appendix B4 'Occupy all rooms of one color.' (yellow rooms 1 5 6 9 13 14)."""
    yellow = [1, 5, 6, 9, 13, 14]

    def build(sc: Scenario, seat: int, ok: bool) -> None:
        if ok:
            sc.rooms(seat, occupied=yellow)
        else:
            sc.rooms(seat, occupied=yellow[:-1], prepared=[14])

    run_claims("B4", build)


def _colour_builder(occupied: list[int], short_room: int) -> Callable[[Scenario, int, bool], None]:
    def build(sc: Scenario, seat: int, ok: bool) -> None:
        if ok:
            sc.rooms(seat, occupied=occupied)
        else:
            sc.rooms(seat, occupied=[r for r in occupied if r != short_room], prepared=[short_room])
    return build


def test_politics_c1_three_of_each_colour():
    """003 appendix C1 'Occupy at least 3 rooms of each color.'"""
    # yellow 1 5 6, blue 0 4 10, red 2 3 7
    run_claims("C1", _colour_builder([1, 5, 6, 0, 4, 10, 2, 3, 7], short_room=7))


def test_politics_c2_four_red_three_yellow():
    """003 appendix C2 'Occupy at least 4 red and 3 yellow rooms.'"""
    run_claims("C2", _colour_builder([2, 3, 7, 8, 1, 5, 6], short_room=8))


def test_politics_c2_swapped_counts_do_not_count():
    """003 appendix C2 'at least 4 red and 3 yellow': 4 yellow and 3 red is not enough."""
    st = (Scenario(players=2).objectives(["A3", "B1", "C2"])
          .rooms(0, occupied=[1, 5, 6, 9, 2, 3, 7]).turn(0).state())
    st.apply("done")
    assert st.markers[2] == ()


def test_politics_c3_four_yellow_three_blue():
    """003 appendix C3 'Occupy at least 4 yellow and 3 blue rooms.'"""
    run_claims("C3", _colour_builder([1, 5, 6, 9, 0, 4, 10], short_room=9))


def test_politics_c4_four_blue_three_red():
    """003 appendix C4 'Occupy at least 4 blue and 3 red rooms.'"""
    run_claims("C4", _colour_builder([0, 4, 10, 12, 2, 3, 7], short_room=12))


def test_politics_ha_twenty_guest_vp():
    """003 appendix HA 'Have earned 20 VPs from your guests. These are the VPs on the guest cards.
    (herlius variant)': VP from other sources do not count."""
    sc = Scenario(players=4, herlius_objectives=True).objectives(["HA", "B1", "C1"])
    for seat in range(4):
        sc.pos["players"][seat]["guest_vp"] = 20 if seat else 19
        sc.vp(seat, guests=20 if seat else 19)
    sc.vp(0, bonuses=30)  # plenty of VP, but not from guest cards
    st = sc.turn(0).state()
    for seat in range(4):
        assert st.stack[-1] == ("turn", seat)
        st.apply("done")
    assert st.markers[0] == (1, 2, 3)
    assert [pl.vp_src[OBJ] for pl in st.players] == [0, 15, 10, 5]


def test_politics_ha_reached_by_moving_a_guest():
    """003 appendix HA: moving the Photographer (7 VP, components.md #55) with 13 guest VP
    earned so far reaches 20 and claims the card at the end of the turn."""
    sc = (Scenario(players=2, herlius_objectives=True).objectives(["HA", "B1", "C1"])
          .guest(0, 55, served="full").rooms(0, prepared=[1]).turn(0))
    sc.pos["players"][0]["guest_vp"] = 13
    sc.vp(0, guests=13)
    st = sc.state()
    st.apply("m0r1")
    while st.stack[-1][0] != "turn":  # the Photographer's reward: draw 2 staff (no choice)
        st.apply(st.legal_actions()[0])
    assert st.markers[0] == ()
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.players[0].vp_src[OBJ] == 15
    assert st.players[0].vp_src[SRC["guests"]] == 20


def test_politics_hb_full_row_and_column():
    """003 appendix HB 'Occupy all rooms in at least 1 row and 1 column of your hotel.'"""
    rooms = [0, 1, 2, 3, 4, 5, 10, 15]  # row 1 and column 0
    run_claims("HB", _colour_builder(rooms, short_room=15), herlius_objectives=True)


def test_politics_hc_four_of_two_colours():
    """003 appendix HC 'Occupy at least 4 rooms of one color and 4 rooms of another color.'"""
    run_claims("HC", _colour_builder([1, 5, 6, 9, 2, 3, 7, 8], short_room=8), herlius_objectives=True)


def test_politics_markers_already_taken():
    """components.md 1.4: markers 15/10/5 'taken highest first'; with all three taken a
    fourth player meeting the requirement gets nothing (000: 'the highest available space')."""
    sc = Scenario(players=4).objectives(["A2", "B1", "C1"]).markers(0, [1, 2, 3])
    st = sc.emperor(0, 12).turn(0).state()
    st.apply("done")
    assert st.markers[0] == (1, 2, 3)
    assert st.players[0].vp_src[OBJ] == 0
    st2 = Scenario(players=4).objectives(["A2", "B1", "C1"]).markers(0, [2]).emperor(0, 12).turn(0).state()
    st2.apply("done")
    assert st2.markers[0] == (2, 0)
    assert st2.players[0].vp_src[OBJ] == 10


# =====================================================================
# Emperor scoring
# =====================================================================
# 3 players, tiles (1,6) (2,5) (3,4): seat 0's turn (tile 6) is the last of the round.
# Default setup: seat 0 on 6 (-> 3: bonus), seat 1 on 3 (-> 0: penalty), seat 2 on 5
# (-> 2: nothing).

LAST_TURN = [{"tile": [1, 6], "covered": 1}, {"tile": [2, 5], "covered": 2}, {"tile": [3, 4], "covered": 2}]


def scoring(tile: str | None = None, emperor=(6, 3, 5), build: Callable[[Scenario], None] | None = None,
            rnd: int = 3, tiles: list[str] | None = None, end: bool = True, **config):
    """End the last turn of round ``rnd`` (3, 5 or 7) with ``tile`` as that scoring's tile."""
    sc = Scenario(players=3, **config).objectives(["A3", "B1", "C1"])
    if tiles is None:
        tiles = ["A1", "B1", "C1"]
        tiles[(3, 5, 7).index(rnd)] = tile
    sc.emperor_tiles(tiles).round(rnd)
    for seat, e in enumerate(emperor):
        sc.emperor(seat, e)
    if build:
        build(sc)
    sc.turn(0).set(turn_order=[dict(t) for t in LAST_TURN])
    st = sc.state()
    if end:
        st.apply("done")
    return st


def assert_track(st, emperor=(6, 3, 5), setback=3, extra=(0, 0, 0)) -> None:
    """VP for the track position (plus bonus VP booked as emperor VP) and the setback."""
    for seat, e in enumerate(emperor):
        assert st.players[seat].vp_src[EMP] == EMPEROR_VP[e] + extra[seat]
        assert st.players[seat].emperor == max(0, e - setback)


def assert_round_over(st, rnd: int = 3) -> None:
    assert st.stack == ()
    assert st.phase == "roll"
    assert st.round == rnd + 1


def test_emperor_a1():
    """003 appendix A1 'BONUS: Receive 3 krones. PENALTY: Lose either 3 krones or 5 points.'
    2021: the VP loss only if the krones cannot be paid in full (tested below)."""
    st = scoring("A1")
    assert_track(st)
    assert [pl.money for pl in st.players] == [13, 7, 10]
    assert [pl.vp_src[PEN] for pl in st.players] == [0, 0, 0]
    assert [pl.vp for pl in st.players] == [4, 3, 4]
    assert_round_over(st)


def test_emperor_a2():
    """003 appendix A2 'BONUS: Receive any 2 dishes and/or drinks. PENALTY: Return all dishes
    and drinks from your kitchen to the supply.' (only the kitchen: guests keep their items)."""
    def build(sc: Scenario) -> None:
        sc.guest(1, 63, served={"coffee": 1}).kitchen(1, strudel=2, cake=1, wine=1, coffee=3)
    st = scoring("A2", build=build)
    supply = list(st.supply)
    assert st.stack[-1] == ("choice", 0, 2)
    assert sorted(st.legal_actions()) == sorted(["+s", "+c", "+w", "+k"])
    play(st, "+w", "+k")
    assert st.players[0].kitchen == [1, 1, 2, 2, 0]
    assert st.players[1].kitchen == [0, 0, 0, 0, 0]
    assert st.players[1].served[0] == [0, 0, 0, 1, 0]  # Dame keeps her coffee
    assert st.players[2].kitchen == [1, 1, 1, 1, 0]
    assert st.supply == [supply[0] + 2, supply[1] + 1, supply[2] + 1 - 1, supply[3] + 3 - 1, 0]
    assert_track(st)
    assert_round_over(st)


def test_emperor_a3():
    """003 appendix A3 'BONUS: Draw 3 staff cards. You can choose one and play it for 3 fewer
    krones. Discard the other two cards. PENALTY: Either discard 2 staff cards from your hand or
    lose 5 points.' (000 / 003 symbols: the other two go to the bottom of the pile)."""
    def build(sc: Scenario) -> None:
        sc.staff_deck(["chef", "butler", "groom"])
        for s in ("waitress", "barkeeper", "sous-chef"):
            sc.staff(1, s)
    st = scoring("A3", build=build)
    assert st.stack[-1][0] == "drawn" and st.stack[-1][1] == 0
    assert set(st.legal_actions()) == {"play:chef", "play:butler", "play:groom", "done"}
    st.apply("play:butler")  # costs 5, 3 fewer
    assert st.players[0].money == 8
    assert slugs(st, st.players[0].played) == ["butler"]
    assert slugs(st, st.staff_deck[-2:]) == ["chef", "groom"]
    # seat 1 discards 2 of 3 hand cards
    assert st.stack[-1] == ("discard", 1, 2)
    assert set(st.legal_actions()) == {"discard:waitress", "discard:barkeeper", "discard:sous-chef"}
    play(st, "discard:waitress", "discard:sous-chef")
    assert slugs(st, st.players[1].hand) == ["barkeeper"]
    assert st.players[1].vp_src[PEN] == 0
    assert_track(st)
    assert_round_over(st)


def test_emperor_a4():
    """003 appendix A4 'BONUS: Prepare a room of your choice for free following the other room
    preparation rules. PENALTY: Remove a prepared but unoccupied room from the highest possible
    row or lose 5 points.'"""
    def build(sc: Scenario) -> None:
        sc.rooms(0, prepared=[0, 1, 2])
        sc.rooms(1, prepared=[0, 1, 5, 6], occupied=[10])
    st = scoring("A4", build=build)
    assert st.stack[-1][0] == "rooms" and st.stack[-1][1] == 0
    assert {a for a in st.legal_actions() if a != "done"} == {"r3", "r5", "r6", "r7"}
    st.apply("r7")  # floor 2 would cost 1 krone
    assert st.players[0].rooms[7] == 1
    assert st.players[0].money == 10
    # seat 1: the highest row with a prepared room is floor 2 (the occupied room 10 does not count)
    assert set(st.legal_actions()) == {"rm5", "rm6"}
    yellow = st.room_supply[YELLOW]
    st.apply("rm6")
    assert st.players[1].rooms[6] == 0
    assert st.players[1].rooms[10] == 2
    assert st.room_supply[YELLOW] == yellow + 1
    assert st.players[1].vp_src[PEN] == 0
    assert_track(st)
    assert_round_over(st)


def test_emperor_b1():
    """003 appendix B1 'BONUS: Receive 1 strudel, 1 cake, 1 wine and 1 coffee. PENALTY: Return
    all dishes and drinks from your kitchen and guests to the supply.'"""
    def build(sc: Scenario) -> None:
        sc.guest(1, 90, served={"strudel": 1, "cake": 2})
    st = scoring("B1", build=build)
    assert st.players[0].kitchen == [2, 2, 2, 2, 0]
    assert st.players[1].kitchen == [0, 0, 0, 0, 0]
    assert st.players[1].served[0] == [0, 0, 0, 0, 0]
    assert st.players[1].cafe[0] == 90  # the guest stays
    assert st.players[2].kitchen == [1, 1, 1, 1, 0]
    # all 30 cubes of each item: 2 + 1 (seat 0 and 2) in kitchens, the rest in the supply
    assert st.supply == [27, 27, 27, 27, 0]
    assert_track(st)
    assert_round_over(st)


def test_emperor_b2():
    """003 appendix B2 'BONUS: Receive 5 krones. PENALTY: Lose either 5 krones or 7 points.'"""
    st = scoring("B2")
    assert [pl.money for pl in st.players] == [15, 5, 10]
    assert [pl.vp for pl in st.players] == [4, 3, 4]
    assert_track(st)
    assert_round_over(st)


def test_emperor_b3():
    """003 appendix B3 'BONUS: Draw 3 staff cards. You can choose one and play it for free.
    Discard the other two cards. PENALTY: Either discard 3 staff cards from your hand or lose 7 points.'"""
    def build(sc: Scenario) -> None:
        sc.staff_deck(["delivery-boy", "chef", "butler"])
        for s in ("waitress", "barkeeper", "sous-chef", "groom"):
            sc.staff(1, s)
    st = scoring("B3", build=build)
    assert st.stack[-1][0] == "drawn" and st.stack[-1][1] == 0
    st.apply("play:delivery-boy")  # costs 6, free
    assert st.players[0].money == 10
    assert slugs(st, st.players[0].played) == ["delivery-boy"]
    assert slugs(st, st.staff_deck[-2:]) == ["chef", "butler"]
    assert st.stack[-1] == ("discard", 1, 3)
    play(st, "discard:waitress", "discard:sous-chef", "discard:groom")
    assert slugs(st, st.players[1].hand) == ["barkeeper"]
    # 000 B3: 'return 3 Staff cards from your hand to the bottom of the Staff card pile'
    assert slugs(st, st.staff_deck[-3:]) == ["waitress", "sous-chef", "groom"]
    assert st.players[1].vp_src[PEN] == 0
    assert_track(st)
    assert_round_over(st)


def test_emperor_b4():
    """003 appendix B4 'BONUS: Prepare a room of your choice in the first or second row for free
    ... Immediately change the room from prepared to occupied. PENALTY: Either remove 2 prepared
    but unoccupied rooms from the highest possible row(s) or lose 7 points.'"""
    def build(sc: Scenario) -> None:
        sc.rooms(0, prepared=[0, 5])
        sc.rooms(1, prepared=[0, 5, 6, 10])
    st = scoring("B4", build=build)
    assert {a for a in st.legal_actions() if a != "done"} == {"r1", "r6"}  # not r10 (row 3)
    st.apply("r6")
    assert st.players[0].rooms[6] == 2
    assert st.players[0].money == 10
    # seat 1: first the room in row 3, then one of row 2
    assert st.legal_actions() == ["rm10"]
    st.apply("rm10")
    assert set(st.legal_actions()) == {"rm5", "rm6"}
    st.apply("rm5")
    assert [r for r in range(20) if st.players[1].rooms[r]] == [0, 6]
    assert st.players[1].vp_src[PEN] == 0
    assert_track(st)
    assert_round_over(st)


def test_emperor_c1_and_negative_vp():
    """003 appendix C1 'BONUS: Receive 8 points. PENALTY: Lose 8 points.'; 003 'A player can have
    a negative number of victory points.'"""
    st = scoring("C1", emperor=(6, 3, 4))
    assert_track(st, emperor=(6, 3, 4), extra=(8, 0, 0))
    assert [pl.vp for pl in st.players] == [12, -5, 3]
    assert st.players[1].vp_src[PEN] == -8
    st = scoring("C1", emperor=(6, 0, 4))
    assert st.players[1].vp == -8


def test_emperor_c2_bonus_triggers_occupancy_bonus():
    """003 appendix C2 'BONUS: Prepare a room of your choice for free ... Immediately change the
    room from prepared to occupied.'; 003 'You can trigger the occupancy bonus when receiving an
    emperor tile bonus' (blue group of 1: 2 VP)."""
    st = scoring("C2", emperor=(6, 4, 5), build=lambda sc: sc.rooms(0, prepared=[0, 1, 2], occupied=[3]))
    legal = st.legal_actions()
    assert "r4" in legal and "r8" in legal and "r12" not in legal
    st.apply("r4")
    assert st.players[0].rooms[4] == 2
    assert st.players[0].money == 10
    assert st.players[0].vp_src[BON] == 2
    assert_round_over(st)


def _c2_penalty_rooms(sc: Scenario) -> None:
    sc.rooms(1, occupied=[16, 18, 7, 3], prepared=[0, 13])


def test_emperor_c2_penalty_2021():
    """003 appendix C2 'PENALTY: Remove an occupied room from the highest possible floor of your
    hotel and, if possible, a second occupied room from the next highest possible floor.'
    (2021 changes: 'one occupied room from each of the two highest floors that contain at least
    one occupied room'; the prepared room 13 on floor 3 does not count)."""
    st = scoring("C2", emperor=(5, 3, 5), build=_c2_penalty_rooms)
    assert st.stack[-1][0] == "removeocc"
    assert set(st.legal_actions()) == {"rm16", "rm18"}
    st.apply("rm18")
    assert st.legal_actions() == ["rm7"]
    st.apply("rm7")
    rooms = st.players[1].rooms
    assert [r for r in range(20) if rooms[r] == 2] == [3, 16]
    assert [r for r in range(20) if rooms[r] == 1] == [0, 13]
    assert_round_over(st)


def test_emperor_c2_penalty_original():
    """000 'Emperor Tiles' C2: 'These must be the occupied room in the highest possible row and
    the next possible room below it, if any.'; 003: 'For the Original Rules variant the two rooms
    must be in the same column.' Room 18 (column 3) takes room 3 below it, not room 7."""
    st = scoring("C2", emperor=(5, 3, 5), build=_c2_penalty_rooms, edition="original")
    assert set(st.legal_actions()) == {"rm16", "rm18"}
    st.apply("rm18")
    rooms = st.players[1].rooms
    assert [r for r in range(20) if rooms[r] == 2] == [7, 16]
    assert_round_over(st)
    # 'if any': nothing occupied below room 16 (column 1) -> only one room goes
    st = scoring("C2", emperor=(5, 3, 5), build=_c2_penalty_rooms, edition="original")
    st.apply("rm16")
    rooms = st.players[1].rooms
    assert [r for r in range(20) if rooms[r] == 2] == [3, 7, 18]
    assert_round_over(st)


def test_emperor_c3():
    """003 appendix C3 'BONUS: Receive 2 points per staff card you have played. PENALTY: Lose 2
    points per staff card you have played.'"""
    def build(sc: Scenario) -> None:
        for s in ("chef", "butler", "groom"):
            sc.staff(0, s, "played")
        for s in ("waitress", "barkeeper"):
            sc.staff(1, s, "played")
        sc.staff(2, "checker", "played")
    st = scoring("C3", build=build)
    assert_track(st, extra=(6, 0, 0))
    assert st.players[1].vp_src[PEN] == -4
    assert [pl.vp for pl in st.players] == [10, -1, 4]
    assert_round_over(st)


def test_emperor_c4():
    """003 appendix C4 'BONUS: Play a staff card from your hand for free. PENALTY: Discard one of
    the game end staff cards you have played or lose 10 points.'"""
    def build(sc: Scenario) -> None:
        sc.staff(0, "delivery-boy")
        sc.staff(1, "chambermaid", "played").staff(1, "chef", "played")
    st = scoring("C4", build=build)
    assert set(st.legal_actions()) == {"play:delivery-boy", "done"}
    st.apply("play:delivery-boy")
    assert st.players[0].money == 10
    assert slugs(st, st.players[0].played) == ["delivery-boy"]
    assert st.legal_actions() == ["discard:chambermaid"]  # only game-end cards
    st.apply("discard:chambermaid")
    assert slugs(st, st.players[1].played) == ["chef"]
    assert st.players[1].vp_src[PEN] == 0
    assert_track(st)
    assert_round_over(st)


# -- penalties with a lose-VP alternative -----------------------------------------
# (tile, VP lost, setup making the main penalty possible, setup making it impossible)
LOSE_VP = {
    "A1": (5, lambda sc: sc.money(1, 10), lambda sc: sc.money(1, 2)),
    "A3": (5, lambda sc: sc.staff(1, "chef").staff(1, "groom"), lambda sc: sc.staff(1, "chef")),
    "A4": (5, lambda sc: sc.rooms(1, prepared=[0, 1]), lambda sc: sc.rooms(1, occupied=[0, 1])),
    "B2": (7, lambda sc: sc.money(1, 10), lambda sc: sc.money(1, 4)),
    "B3": (7, lambda sc: sc.staff(1, "chef").staff(1, "groom").staff(1, "butler"),
           lambda sc: sc.staff(1, "chef").staff(1, "groom")),
    "B4": (7, lambda sc: sc.rooms(1, prepared=[0, 1]), lambda sc: sc.rooms(1, prepared=[0], occupied=[1])),
    "C4": (10, lambda sc: sc.staff(1, "chambermaid", "played"), lambda sc: sc.staff(1, "chef", "played")),
}


def _snapshot(pl) -> tuple:
    return (pl.money, tuple(pl.rooms), pl.hand, pl.played)


@pytest.mark.parametrize("tile", sorted(LOSE_VP))
def test_emperor_penalty_2021_no_choice_when_main_possible(tile):
    """003 2021 changes: 'Emperor A1, A3, A4, B2, B3, B4 and C4 penalites: The player cannot choose
    the "lose points" alternate if he is able to suffer the other alternate.'"""
    _, possible, _ = LOSE_VP[tile]
    st = scoring(tile, emperor=(5, 3, 5), build=possible, end=False)
    before = _snapshot(st.players[1])
    st.apply("done")
    while st.stack:
        assert st.stack[-1][0] != "penalty"
        st.apply(st.legal_actions()[0])
    assert st.players[1].vp_src[PEN] == 0
    assert st.players[1].vp == 3
    assert _snapshot(st.players[1]) != before  # the krones / cards / rooms went instead


@pytest.mark.parametrize("tile", sorted(LOSE_VP))
def test_emperor_penalty_2021_lose_vp_when_main_impossible(tile):
    """003 appendix: 'For the tiles that have an alternate penalty of losing points, that alternate
    is applied only if you cannot fully perform the first alternate penalty.' Nothing else is lost;
    with 3 VP from the track the total goes negative ('A player can have a negative number of
    victory points')."""
    amount, _, impossible = LOSE_VP[tile]
    st = scoring(tile, emperor=(5, 3, 5), build=impossible, end=False)
    before = _snapshot(st.players[1])
    st.apply("done")
    pl = st.players[1]
    assert st.stack == ()
    assert pl.vp_src[PEN] == -amount
    assert pl.vp == 3 - amount
    assert _snapshot(pl) == before


@pytest.mark.parametrize("tile", sorted(LOSE_VP))
def test_emperor_penalty_original_free_choice(tile):
    """003 appendix: 'For the Original Rules variant you can choose either alternate.' (000: 'The
    penalty part usually shows 2 options.')"""
    amount, possible, _ = LOSE_VP[tile]
    st = scoring(tile, emperor=(5, 3, 5), build=possible, edition="original")
    assert st.stack[-1][:2] == ("penalty", 1)
    assert sorted(st.legal_actions()) == ["penalty:alt", "penalty:main"]
    alt = st.clone()
    before = _snapshot(alt.players[1])
    alt.apply("penalty:alt")
    assert alt.stack == ()
    assert alt.players[1].vp_src[PEN] == -amount
    assert _snapshot(alt.players[1]) == before
    st.apply("penalty:main")
    while st.stack:
        st.apply(st.legal_actions()[0])
    assert st.players[1].vp_src[PEN] == 0
    assert _snapshot(st.players[1]) != before


def test_emperor_nothing_on_spaces_1_and_2():
    """003 'If his wooden disk ends up on "1" or "2", he neither gets a bonus nor suffers a penalty.'"""
    st = scoring("C1", emperor=(4, 5, 3))  # -> 1, 2, 0
    assert [pl.vp_src[EMP] for pl in st.players] == [3, 4, 3]
    assert [pl.vp_src[PEN] for pl in st.players] == [0, 0, -8]
    assert [pl.emperor for pl in st.players] == [1, 2, 0]


@pytest.mark.parametrize("rnd,setback", [(3, 3), (5, 5), (7, 7)])
def test_emperor_setbacks_3_5_7(rnd, setback):
    """003 'move his wooden disk a number of spaces back on the track: 3 spaces after the first, 5
    spaces after the second, and 7 spaces after the third emperor scoring'; 'the yellow area (space
    "3" and above)' gets the bonus, '0' the penalty. Tiles A1 / B2 / C1 are the three tiles used."""
    emperor = (setback + 3, setback + 2, setback)  # -> 3 (bonus), 2 (nothing), 0 (penalty)
    st = scoring(tiles=["A1", "B2", "C1"], emperor=emperor, rnd=rnd)
    assert [pl.emperor for pl in st.players] == [3, 2, 0]
    gain = {3: (3, 0), 5: (5, 0), 7: (0, 8)}[rnd]  # (krones, VP) of the bonus
    assert [pl.money for pl in st.players] == [10 + gain[0], 10, 10 - gain[0]]
    assert [pl.vp_src[EMP] for pl in st.players] == [EMPEROR_VP[emperor[0]] + gain[1], EMPEROR_VP[emperor[1]],
                                                     EMPEROR_VP[emperor[2]]]
    assert [pl.vp_src[PEN] for pl in st.players] == [0, 0, -gain[1]]
    if rnd == 7:
        assert st.phase == "over"
    else:
        assert_round_over(st, rnd)


def test_emperor_track_vp_every_space():
    """components.md 1.4: VP under emperor spaces 0..13 = [0,1,2,3,3,4,4,5,5,6,6,7,8,9] (default).
    Round 7 with tile C3 (2 VP per staff played, none played): bonus and penalty give 0 VP."""
    for e in range(14):
        st = scoring(tiles=["A1", "B1", "C3"], emperor=(e, 0, 0), rnd=7)
        assert st.players[0].vp_src[EMP] == EMPEROR_VP[e]


def test_emperor_scoring_in_turn_order_of_the_round():
    """003 'On Yucata the turn order during an emperor scoring is the same as the turn order in the
    round just completed.' Seat 1 holds tile 1 this round, so its A2 bonus comes first."""
    sc = (Scenario(players=2).objectives(["A3", "B1", "C1"]).emperor_tiles(["A2", "B1", "C1"]).round(3)
          .emperor(0, 6).emperor(1, 7).turn(1)
          .set(turn_order=[{"tile": [2, 3], "covered": 2}, {"tile": [1, 4], "covered": 1}]))
    st = sc.state()
    st.apply("done")
    assert st.stack[-1] == ("choice", 1, 2)
    play(st, "+s", "+s")
    assert st.stack[-1] == ("choice", 0, 2)
    play(st, "+c", "+c")
    assert st.players[1].kitchen == [3, 1, 1, 1, 0]
    assert st.players[0].kitchen == [1, 3, 1, 1, 0]
    assert st.phase == "roll" and st.round == 4
    assert st.tiles == [(1, 4), (2, 3)]  # the tiles pass on only after the scoring


def test_no_politics_award_during_emperor_scoring():
    """003 'You cannot claim a politics award during an emperor scoring.' The A1 bonus brings seat 0
    to 20 krones; politics card A1 ('20 krones anytime during your turn') is not awarded then,
    but at the end of seat 0's next turn."""
    sc = (Scenario(players=2).objectives(["A1", "B1", "C1"]).emperor_tiles(["A1", "B1", "C1"]).round(3)
          .money(0, 17).emperor(0, 6).emperor(1, 1).turn(0)
          .set(turn_order=[{"tile": [1, 4], "covered": 1}, {"tile": [2, 3], "covered": 2}]))
    st = sc.state()
    st.apply("done")
    assert st.players[0].money == 20
    assert st.markers[0] == ()
    assert st.players[0].vp_src[OBJ] == 0
    # round 4: seat 1 starts (tiles passed on); seat 0 claims at the end of its own turn
    st.apply("roll:10-0-0-0-0-0")
    assert st.stack[-1] == ("turn", 1)
    play(st, "d1")
    while st.stack[-1][0] != "turn":
        st.apply(st.legal_actions()[0])
    st.apply("done")
    assert st.markers[0] == ()
    assert st.stack[-1] == ("turn", 0)
    play(st, "d1")
    while st.stack[-1][0] != "turn":
        st.apply(st.legal_actions()[0])
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.players[0].vp_src[OBJ] == 15
