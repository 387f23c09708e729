"""Let's Waltz! module III, Unique Hotels: one scenario test (or more) per hotel entrance.

Sources: ``001`` = the Let's Waltz! rulebook, appendix "Hotel Entrances" (quoted per test) and
"Module 3: UNIQUE HOTELS"; rule-point ids (M3-n) from ``shared/reference/lets-waltz-rules.md``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario
from tests.gah.waltz.test_unique_hotels import UH, auction, run

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
KNIGHT, APOTHECARY, COMPOSER, EARL = 65, 77, 51, 74  # blue / red / yellow / blue guests, no choices


def hotels(owners: dict[int, str], players: int = 2, **part: Any) -> Scenario:
    """A clean round-1 table with these entrances owned (seat -> entrance id)."""
    sc = Scenario(players=players, modules=UH).objectives(["A1", "B2", "C2"]).emperor_tiles(["A3", "B3", "C3"])
    sc.pos["modules"][UH] = {"entrances": [{"id": e, "owner": s} for s, e in owners.items()], **part}
    return sc


def vp(st: GahState, src: str, seat: int = 0) -> int:
    return st.players[seat].vp_src[SRC[src]]


def settle(st: GahState) -> GahState:
    """'done' through the pending sub-decisions until the turn menu (or another seat) is back."""
    p = st.current_player
    while st.stack and st.current_player == p and st.stack[-1][0] != "turn":
        legal = st.legal_actions()
        st.apply("done" if "done" in legal else legal[0])
    return st


def end_round(sc: Scenario, rnd: int = 1) -> GahState:
    """Seat 0 takes the last turn of round ``rnd`` (seat 1 has covered both turns)."""
    sc.round(rnd).turn(0, covered=1)
    sc.pos["turn_order"][1]["covered"] = 2
    return sc.state()


def to_start_rooms(laid: list[str]) -> GahState:
    """2 players: seat 0 wins laid[0] for 0, seat 1 gets laid[1]; starting guests from slot 4."""
    st = auction(2, laid)
    run(st, f"open:{laid[0]}:0", "pass")
    while st.phase in ("auction", "start_guest"):
        legal = st.legal_actions()
        st.apply("done" if "done" in legal else "g4" if "g4" in legal else legal[0])
    assert st.phase == "start_rooms"
    return st


# ------------------------------------------------------------ Chateau Paulwei
def test_chateau_paulwei_starts_with_five_rooms_paying_floor_costs() -> None:
    """001 App. Chateau Paulwei: 'Place 1 cake, 1 wine, and 1 coffee in your kitchen. When
    preparing the initial three rooms, you can prepare an additional two rooms. If you do, you
    must pay the cost printed at the start of the floor as normal.' (5 vacant rooms)."""
    st = to_start_rooms(["chateau-paulwei", "stroup"])
    assert st.players[0].kitchen == [0, 1, 1, 1, 0]
    assert st.current_player == 0 and st.stack[-1][:3] == ("rooms", 0, 3)
    run(st, "r0", "r1", "r2")
    assert st.stack[-1][:4] == ("rooms", 0, 2, "full")
    run(st, "r3", "r5")  # floor 1 free, floor 2 costs 1 krone
    assert sum(1 for r in st.players[0].rooms if r == 1) == 5
    assert st.players[0].money == 9
    # the other player (Stroup) prepares the normal three
    assert st.current_player == 1 and st.stack[-1][:3] == ("rooms", 1, 3)
    run(st, "r0", "r1", "r2")
    assert st.phase == "roll" and sum(st.players[1].rooms) == 3


@pytest.mark.parametrize("group_rooms, last, guest, what, amount", [
    ([0], 0, KNIGHT, "vp", 4),  # blue group of 1: 4 VP (base 2)
    ([2, 3, 7, 8], 8, APOTHECARY, "money", 13),  # red group of 4: 13 kronen (base 10)
    ([1, 5, 6], 6, COMPOSER, "emperor", 8),  # yellow group of 3: 8 steps (base 6)
])
def test_chateau_paulwei_replaces_the_occupancy_bonus_charts(group_rooms: list[int], last: int, guest: int,
                                                             what: str, amount: int) -> None:
    """001 App. Chateau Paulwei: 'You score 4, 8, 13, and 20 VP for ... 1, 2, 3, and 4 blue rooms
    ... 2, 4, 8, and 13 kroners for ... red rooms ... 2, 4, 8, and 13 spaces on the Emperor track
    for ... yellow rooms'."""
    occupied = [r for r in group_rooms if r != last]
    sc = hotels({0: "chateau-paulwei", 1: "stroup"}).money(0, 5)
    sc.rooms(0, prepared=[last], occupied=occupied).guest(0, guest, served="full").turn(0)
    st = sc.state()
    run(st, f"m0r{last}")
    settle(st)
    pl = st.players[0]
    if what == "vp":
        assert vp(st, "bonuses") == amount
    elif what == "money":
        assert pl.money == 5 + 1 + amount  # + the Apothecary's krone
    else:
        assert pl.emperor == amount


def test_occupancy_bonus_of_a_player_without_chateau_is_unchanged() -> None:
    """001 M3 Course of Play (M3-4): 'Only the owner of a hotel entrance may use its effect'."""
    sc = hotels({0: "chateau-paulwei", 1: "stroup"}).rooms(1, prepared=[0]).guest(1, KNIGHT, served="full")
    st = run(sc.turn(1).state(), "m0r0")
    assert vp(st, "bonuses", 1) == 2


# -------------------------------------------------------- Corogari Zant-Mainz
@pytest.mark.parametrize("first, second, expect", [
    (3, 4, "nothing"), (4, 3, "nothing"),
    (2, 4, "staff"), (4, 4, "staff"),
    (1, 4, "strudel_wine"), (5, 4, "strudel_wine"),
    (1, 3, "money_emperor"), (6, 4, "money_emperor"),
    (1, 2, "cake_coffee"), (6, 5, "cake_coffee"),
    (1, 1, "room_vp"), (6, 6, "room_vp"),
])
def test_corogari_bonus_by_the_sum_of_the_first_two_dice(first: int, second: int, expect: str) -> None:
    """001 App. Corogari Zant-Mainz: 'as soon as you take your second die, even before carrying
    out the associated main action, you get a bonus based on the combined value of your two
    dice: 7 nothing; 6 or 8 play a staff card from hand for 1 krone less; 5 or 9 1 strudel and 1
    wine; 4 or 10 1 krone and 1 step on the Emperor track; 3 or 11 1 cake and 1 coffee; 2 or 12
    prepare one room (of any color) at no cost and score 1 VP'."""
    sc = hotels({0: "corogari-zant-mainz", 1: "stroup"}, corogari_first_die=first)
    sc.dice({second: 2}).rooms(0, prepared=[0]).staff(0, "tour-guide").money(0, 5).turn(0)
    st = sc.state()
    act = f"d{second}" if second < 6 else "d6=1"
    run(st, act)
    pl = st.players[0]
    top = st.stack[-1]
    money = 5 - (1 if second == 6 else 0)
    if expect == "nothing":
        assert pl.kitchen == [0] * 5 and pl.money == money and pl.emperor == 0
    elif expect == "staff":
        assert top == ("play", 0, 1)  # the bonus comes before the die's own action
    elif expect == "strudel_wine":
        assert pl.kitchen == [1, 0, 1, 0, 0]
    elif expect == "money_emperor":
        assert pl.money == money + 1 and pl.emperor == 1
    elif expect == "cake_coffee":
        assert pl.kitchen == [0, 1, 0, 1, 0]
    else:
        assert top[:4] == ("rooms", 0, 1, "free")
        run(st, "r5")  # floor 2 at no cost, then the 1 VP
        assert vp(st, "entrances") == 1 and st.players[0].rooms[5] == 1 and pl.money == money
    assert st.parts[UH].coro == -1  # once a round


def test_corogari_first_die_is_remembered_and_reset_each_round() -> None:
    """001 App. Corogari Zant-Mainz: 'Each round, as soon as you take your second die'. The first
    die only notes its value; at the round's end the count starts again."""
    sc = hotels({0: "corogari-zant-mainz", 1: "stroup"}).dice({2: 1}).turn(0)
    st = sc.state()
    run(st, "d2")
    settle(st)
    assert st.parts[UH].coro == 2 and st.players[0].kitchen == [0, 0, 1, 0, 0]
    st = end_round(hotels({0: "corogari-zant-mainz", 1: "stroup"}, corogari_first_die=-1))
    run(st, "done")
    assert st.round == 2 and st.parts[UH].coro == 0


def test_corogari_with_the_skeleton_key_doubles_the_one_die() -> None:
    """001 App. Corogari Zant-Mainz: 'If both modules 3 and 4 are in play: ... the skeleton key ...
    copies the value of the one die you have ... double the value of that die'. Key + a 3 = 6:
    play a staff card 1 krone less."""
    sc = Scenario(players=2, modules=[UH, "start_player"]).objectives(["A1", "B2", "C2"])
    sc.pos["modules"][UH] = {"entrances": [{"id": "corogari-zant-mainz", "owner": 0}, {"id": "stroup", "owner": 1}]}
    sc.pos["modules"]["start_player"] = {"key_holder": 0}
    st = sc.dice({3: 2}).staff(0, "tour-guide").turn(0).state()
    run(st, "d3")
    assert st.stack[-1] == ("play", 0, 1)


def test_corogari_key_taken_after_the_first_die() -> None:
    """001 App. Corogari Zant-Mainz (modules 3 and 4): 'as soon as you have one die and the
    skeleton key, double the value of that die to determine your bonus', and the bonus comes
    'as soon as you take your second die, even before carrying out the associated main action':
    a 4 first, then the key (with main action 5): 8 -> play a staff card 1 krone less, before
    the key's dish or drink of choice and before its strength-1 main action."""
    sc = Scenario(players=2, modules=[UH, "start_player"]).objectives(["A1", "B2", "C2"])
    sc.pos["modules"][UH] = {"entrances": [{"id": "corogari-zant-mainz", "owner": 0}, {"id": "stroup", "owner": 1}],
                             "corogari_first_die": 4}
    st = sc.dice({3: 2}).staff(0, "tour-guide").money(0, 5).turn(0).state()
    run(st, "key=5")
    assert st.stack[-1] == ("play", 0, 1) and st.parts[UH].coro == -1
    assert ("choice", 0, 1) in st.stack  # the key's dish or drink is still to come
    cost = st.rules.staff[st.rules.staff_by_slug["tour-guide"]].cost
    run(st, "play:tour-guide")
    assert st.players[0].money == 5 - max(0, cost - 1)
    assert st.stack[-1] == ("choice", 0, 1)


def test_positions_round_trip_and_actions_have_sentences() -> None:
    """001 M3: laid-out entrances, owners, tokens, tiles and piles are public: the position keeps
    them and a loaded copy continues alike; every module action reads as a sentence."""
    part = {"dove_tokens": [1, 4], "wray_tiles": ["A1", "C2"], "wray_used_turn": 1000,
            "ninas_objectives": [{"id": "A2", "completed_round": 1}, {"id": "B1", "completed_round": 0},
                                 {"id": "C1", "completed_round": 0}],
            "kaufman_pile": [], "corogari_first_die": 2}
    sc = Scenario(players=4, modules=UH).objectives(["A1", "B2", "C2"]).emperor_tiles(["A3", "B3", "C3"])
    sc.pos["modules"][UH] = {"entrances": [{"id": e, "owner": s} for s, e in enumerate(
        ["dove", "the-grand-wray-hotel", "ninas-melange", "kaufman", "corogari-zant-mainz"][:4])], **part}
    st = sc.emperor(1, 2).dice({2: 1}).turn(1).state()
    pos = st.to_position()
    assert pos["modules"][UH]["dove_tokens"] == [1, 4]
    assert pos["modules"][UH]["ninas_objectives"][0] == {"id": "A2", "completed_round": 1}
    seen = st.view(0)["modules"][UH]
    assert seen.pop("wray_used_this_turn") is True  # views add the derived flag: 1000 is this very turn
    assert seen == pos["modules"][UH]
    assert st.describe("wray:A1") == "Seat 1 moves back 1 space on the Emperor track for the reward of tile A1"


# -------------------------------------------------------------------- Dove
def test_dove_prepares_a_fourth_initial_room_for_free() -> None:
    """001 App. Dove: 'Place 1 strudel and 1 wine in your kitchen ... After preparing the initial
    three rooms, you can prepare a fourth room at no cost. That room must be adjacent to an
    existing room as normal.'"""
    st = to_start_rooms(["dove", "stroup"])
    assert st.players[0].kitchen == [1, 0, 1, 0, 0]
    run(st, "r0", "r1", "r2")
    assert st.stack[-1][:4] == ("rooms", 0, 1, "free")
    assert "r5" in st.legal_actions() and "r10" not in st.legal_actions()  # adjacent only
    run(st, "r5")
    assert st.players[0].money == 10 and sum(st.players[0].rooms) == 4


def test_dove_completed_column_claims_a_tokens_top_bonus() -> None:
    """001 App. Dove: 'Each time you complete a column ... by occupying the four rooms in that
    column, you must immediately choose one of your remaining bonus tokens and claim the bonus
    printed at the top ... remove the bonus token from play afterward.' (Token bonuses are
    provisional data: the rulebook does not print them.)"""
    sc = hotels({0: "dove", 1: "stroup"}, dove_tokens=[0, 1, 2, 3, 4])
    sc.rooms(0, prepared=[15], occupied=[0, 5, 10]).guest(0, KNIGHT, served="full").turn(0)
    st = sc.state()
    run(st, "m0r15")
    assert st.stack[-1] == ("dovetoken", 0, 0)
    assert st.legal_actions() == ["dove:0", "dove:1", "dove:2", "dove:3", "dove:4"]
    run(st, "dove:2")
    top = st.rules.module_data[UH]["dove_tokens"]["value"][2]["top"]
    assert top == [{"effect": "gain_vp", "amount": 4}]
    assert vp(st, "entrances") == 4
    assert st.parts[UH].tokens == (0, 1, 3, 4)


def test_dove_completed_floor_claims_a_tokens_bottom_bonus() -> None:
    """001 App. Dove: 'Each time you complete a floor ... by occupying the five rooms in that
    floor, you must immediately choose one of your remaining bonus tokens and claim the bonus
    printed at the bottom.'"""
    sc = hotels({0: "dove", 1: "stroup"}, dove_tokens=[0, 3])
    sc.rooms(0, prepared=[4], occupied=[0, 1, 2, 3]).guest(0, KNIGHT, served="full").money(0, 5).turn(0)
    st = sc.state()
    run(st, "m0r4")
    assert st.stack[-1] == ("dovetoken", 0, 1) and st.legal_actions() == ["dove:0", "dove:3"]
    run(st, "dove:0")
    assert st.players[0].money == 5 + 5  # token 0 bottom: 5 kronen (provisional)
    assert st.parts[UH].tokens == (3,)


def test_dove_with_no_tokens_left_gets_nothing() -> None:
    """001 App. Dove: 'So, in total, you can get a maximum of 5 bonuses'."""
    sc = hotels({0: "dove", 1: "stroup"}, dove_tokens=[])
    sc.rooms(0, prepared=[15], occupied=[0, 5, 10]).guest(0, KNIGHT, served="full").turn(0)
    st = run(sc.state(), "m0r15")
    assert st.stack[-1][0] == "turn"


# ----------------------------------------------------------------- Kaufman
def test_kaufman_takes_a_second_initial_guest_for_free() -> None:
    """001 App. Kaufman: 'After choosing your initial guest and replenishing the queue, you can
    immediately choose a second guest at no cost. If you do, replenish the queue as normal.'"""
    st = auction(2, ["kaufman", "stroup"])
    run(st, "open:kaufman:0", "pass")
    assert st.phase == "start_guest" and st.current_player == 1  # reverse turn order
    run(st, "g4")
    assert st.current_player == 0 and st.stack[-1][0] == "sguest"
    run(st, "g0")
    assert st.stack[-1] == ("freeguest", 0)
    run(st, "g0")
    pl = st.players[0]
    assert sum(1 for g in pl.cafe if g) == 2 and pl.money == 10 and all(st.queue)
    assert pl.kitchen == [1, 1, 1, 1, 0]


def test_kaufman_has_a_fourth_cafe_table() -> None:
    """001 App. Kaufman: 'This hotel entrance expands your café, providing a fourth table'."""
    sc = hotels({0: "kaufman", 1: "stroup"})
    for seat in (0, 1):
        for g in (52, 53, 56):
            sc.guest(seat, g + (seat * 12))
    st = sc.turn(0).state()
    assert "g4" in st.legal_actions()
    st.apply("g4")
    assert all(st.players[0].cafe)
    st = sc.turn(1).state()
    assert "g4" not in st.legal_actions()


def test_kaufman_takes_a_second_guest_paying_its_cost() -> None:
    """001 App. Kaufman: 'Each time you take the optional action (taking a guest), after taking
    the guest and replenishing the queue, you can take a second guest from the queue by paying
    the cost.'"""
    st = hotels({0: "kaufman", 1: "stroup"}).money(0, 5).turn(0).state()
    run(st, "g2")  # 1 krone
    assert st.stack[-1] == ("kguest", 0) and st.players[0].money == 4
    run(st, "g0")  # 3 kronen
    assert st.players[0].money == 1 and sum(1 for g in st.players[0].cafe if g) == 2
    assert st.stack[-1][0] == "turn" and not any(a.startswith("g") for a in st.legal_actions())
    # only once per taken guest, and never for the other players
    st = hotels({0: "kaufman", 1: "stroup"}).turn(1).state()
    run(st, "g2")
    assert st.stack[-1][0] == "turn"


@pytest.mark.parametrize("before, vp_gain", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 9), (6, 9)])
def test_kaufman_pile_scores_at_the_end_of_each_round(before: int, vp_gain: int) -> None:
    """001 App. Kaufman: 'When completing a guest's order, do not place the guest card on the
    discard pile, but collect it in a personal face-down pile. At the end of each round, you score
    1, 3, 6, or 9 VP if that pile contains at least 2, 3, 4, or 5 guests'; then they are
    discarded."""
    sc = hotels({0: "kaufman", 1: "stroup"})
    pile = [g for g in sc.pos["guest_deck"] if g != KNIGHT][:before]
    for g in pile:
        sc.pos["guest_deck"].remove(g)
    sc.pos["guest_discard"] = list(pile)
    sc.pos["modules"][UH]["kaufman_pile"] = list(pile)
    sc.rooms(0, prepared=[0]).guest(0, KNIGHT, served="full")
    st = end_round(sc)
    run(st, "m0r0")
    assert st.parts[UH].pile == (*pile, KNIGHT)
    run(st, "done")
    assert st.round == 2
    assert vp(st, "entrances") == vp_gain
    assert st.parts[UH].pile == () and KNIGHT in st.guest_discard


# --------------------------------------------------------------- Mayenfels
def test_mayenfels_after_playing_a_staff_card_one_krone_and_a_draw() -> None:
    """001 App. Mayenfels: 'Each time after you play a staff card, you get 1 krone and you can
    draw a new staff card from the deck.'"""
    sc = hotels({0: "mayenfels", 1: "stroup"}).staff(0, "tour-guide").dice({5: 1}).money(0, 5).turn(0)
    st = sc.state()
    cost = st.rules.staff[st.rules.staff_by_slug["tour-guide"]].cost
    run(st, "d5", "play:tour-guide")
    assert st.players[0].money == 5 - max(0, cost - 1) + 1
    assert st.stack[-1] == ("mdraw", 0) and st.legal_actions() == ["draw:staff", "done"]
    deck_top = st.staff_deck[0]
    run(st, "draw:staff")
    assert st.players[0].hand == (deck_top,)
    # the other player gets nothing
    sc = hotels({0: "mayenfels", 1: "stroup"}).staff(1, "tour-guide").dice({5: 1}).money(1, 5).turn(1)
    st = run(sc.state(), "d5", "play:tour-guide")
    assert st.players[1].money == 5 - max(0, cost - 1) and st.stack[-1][0] == "turn"


def test_mayenfels_when_gained_draw_and_play_without_the_bonus() -> None:
    """001 App. Mayenfels: 'Draw a staff card from the deck and add it to your hand. Then play a
    staff card from hand for up to 3 kronas less.' The ongoing effect 'does not apply to the
    staff card you play when gaining this hotel entrance'."""
    st = auction(2, ["mayenfels", "stroup"])
    run(st, "open:mayenfels:2", "pass")
    pl = st.players[0]
    assert st.stack[-1] == ("play", 0, 3) and len(pl.hand) == 7 and pl.money == 8
    sid = min(pl.hand, key=lambda s: st.staff_cost[s])
    slug = st.rules.staff[sid].slug
    before = len(st.staff_deck)
    run(st, f"play:{slug}")
    settle(st)
    assert pl.money == 8 - max(0, st.staff_cost[sid] - 3)  # no krone
    assert len(st.staff_deck) == before  # no draw offered
    assert st.phase == "start_guest"


# ----------------------------------------------------------- Ninas Melange
@pytest.mark.parametrize("rnd, points", [(1, 15), (3, 15), (4, 10), (5, 10), (6, 5), (7, 5)])
def test_ninas_melange_personal_objective_by_round(rnd: int, points: int) -> None:
    """001 App. Ninas Melange: 'On your turn, when you complete a personal objective, you
    immediately score 15, 10, or 5 VP if you do so in rounds 1-3, 4-5, or 6-7, respectively.
    Afterward, turn the completed objective card face down.' A2: emperor track space 10."""
    sc = hotels({0: "ninas-melange", 1: "stroup"},
                ninas_objectives=[{"id": "A2"}, {"id": "B1"}, {"id": "C1"}])
    st = sc.round(rnd).emperor(0, 9).dice({4: 1}).turn(0).state()
    run(st, "d4", "e1m0")
    assert st.players[0].emperor == 10
    assert vp(st, "objectives") == points
    assert st.parts[UH].ninas_done == [rnd, 0, 0]
    assert st.markers == [(), (), ()]  # common objectives untouched
    run(st, "done")
    assert vp(st, "objectives") == points  # scored once


def test_ninas_personal_objectives_trigger_nothing_keyed_to_markers() -> None:
    """001 App. Ninas Melange: 'Completing a personal objective does not activate any staff effects
    that require placing a marker on an objective card (cards #132 and #179), nor does it count
    towards the depicted Emperor tile.' No marker and no 'objective' event (what those cards and
    that tile listen to); M3-4: another seat meeting the card scores nothing."""
    sc = hotels({0: "ninas-melange", 1: "stroup"}, ninas_objectives=[{"id": "A2"}, {"id": "B1"}, {"id": "C1"}])
    st = sc.emperor(0, 9).emperor(1, 9).dice({4: 2}).turn(0).state()
    seen: list[str] = []
    orig = st._event

    def spy(p: int, kind: str, value: Any) -> None:
        seen.append(kind)
        orig(p, kind, value)

    st._event = spy  # type: ignore[method-assign]
    run(st, "d4", "e1m1", "done")
    assert vp(st, "objectives") == 15
    assert "objective" not in seen and st.markers == [(), (), ()]
    assert st.current_player == 1
    run(st, "d4", "e1m0", "done")
    assert st.players[1].emperor == 10 and vp(st, "objectives", 1) == 0


@pytest.mark.parametrize("personal, common, points", [(1, 2, 0), (2, 2, 3), (3, 2, 6), (3, 3, 10)])
def test_ninas_melange_final_scoring(personal: int, common: int, points: int) -> None:
    """001 App. Ninas Melange: 'During final scoring, you score 3, 6, or 10 VP if you completed a
    total of 4, 5, or 6 objectives, including personal objectives and common objectives on the
    game board.'"""
    nin = [{"id": o, "completed_round": 2 if k < personal else 0} for k, o in enumerate(["A2", "B1", "C1"])]
    sc = hotels({0: "ninas-melange", 1: "stroup"}, ninas_objectives=nin)
    for k in range(common):
        sc.markers(k, [0])
    sc.emperor(0, 8).emperor(1, 8)
    st = end_round(sc, 7)
    run(st, "done")
    assert st.phase == "over"
    assert vp(st, "entrances") == points


# ------------------------------------------------------------------ Stroup
@pytest.mark.parametrize("room, guest, what", [(0, KNIGHT, "vp"), (2, APOTHECARY, "money"), (1, COMPOSER, "emperor")])
def test_stroup_first_room_of_a_group(room: int, guest: int, what: str) -> None:
    """001 App. Stroup: 'Place 1 strudel, 1 cake, 1 wine, and 1 coffee in your kitchen. Each time
    you occupy the first room in a group (for any reason), you immediately get a bonus based on
    the color of that room: if it is blue—3 VP; if it is red—2 kronas; if it is yellow—2 spaces
    on the Emperor track.'"""
    sc = hotels({0: "stroup", 1: "dove"}).money(0, 5)
    sc.rooms(0, prepared=[0, 1, 2, 3]).guest(0, guest, served="full").turn(0)
    st = run(sc.state(), f"m0r{room}")
    settle(st)
    pl = st.players[0]
    if what == "vp":
        assert vp(st, "entrances") == 3
    elif what == "money":
        assert pl.money == 5 + 1 + 2  # Apothecary's krone + Stroup
    else:
        assert pl.emperor == 2
    # the second room of the red group: nothing from Stroup
    if what == "money":
        sc = hotels({0: "stroup", 1: "dove"}).money(0, 5)
        sc.rooms(0, prepared=[3], occupied=[2]).guest(0, APOTHECARY, served="full").turn(0)
        st = run(sc.state(), "m0r3")
        assert st.players[0].money == 6


def test_stroup_counts_occupying_by_any_reason() -> None:
    """001 App. Stroup: '(for any reason)': a room occupied by an effect (Actress: occupy a
    room) counts too."""
    sc = hotels({0: "stroup", 1: "dove"}).rooms(0, prepared=[0, 1, 10]).guest(0, 58, served="full").turn(0)
    st = run(sc.state(), "m0r1")  # yellow: first room of the group -> 2 emperor
    assert st.players[0].emperor == 2 and st.stack[-1][0] == "occupy"
    run(st, "o10")  # blue group [10, 15]: first room -> 3 VP
    assert vp(st, "entrances") == 3


# ------------------------------------------------------ The Grand Wray Hotel
def test_grand_wray_retreat_for_a_tile_reward_once_per_turn() -> None:
    """001 App. The Grand Wray Hotel: 'Once per turn, you can retreat your marker on the Emperor
    track by 1, 2, or 3 spaces. If you do, you can immediately claim the reward (i.e., the top
    part) of an A, B, or C tile that came with this hotel entrance. Afterward, remove the chosen
    tile from play.' Reading: 1 space for an A tile, 2 for B, 3 for C."""
    tiles = ["A1", "A2", "B1", "B2", "C1", "C2"]
    st = hotels({0: "the-grand-wray-hotel", 1: "stroup"}, wray_tiles=tiles).emperor(0, 4).turn(0).state()
    legal = st.legal_actions()
    assert {f"wray:{t}" for t in tiles} <= set(legal)
    run(st, "wray:C1")  # C1: 8 VP
    assert st.players[0].emperor == 1 and vp(st, "entrances") == 8
    assert st.parts[UH].wray == ("A1", "A2", "B1", "B2", "C2")
    assert not any(a.startswith("wray:") for a in st.legal_actions())  # once per turn
    assert all(st.view(q)["modules"][UH]["wray_used_this_turn"] for q in (0, 1, None))  # seen at the table
    st = hotels({0: "the-grand-wray-hotel", 1: "stroup"}, wray_tiles=tiles).emperor(0, 1).money(0, 5).turn(0).state()
    assert sorted(a for a in st.legal_actions() if a.startswith("wray:")) == ["wray:A1", "wray:A2"]
    run(st, "wray:A1")  # A1: 3 kronen
    assert st.players[0].emperor == 0 and st.players[0].money == 8
    # not for the other seat
    st = hotels({0: "the-grand-wray-hotel", 1: "stroup"}, wray_tiles=tiles).emperor(1, 4).turn(1).state()
    assert not any(a.startswith("wray:") for a in st.legal_actions())


def test_grand_wray_can_be_used_again_next_turn() -> None:
    """001 App. The Grand Wray Hotel: 'once per turn' (not once per round)."""
    st = hotels({0: "the-grand-wray-hotel", 1: "stroup"}, wray_tiles=["A1", "A2"],
                wray_used_turn=1000).emperor(0, 3).turn(0, covered=1).state()
    assert "wray:A2" in st.legal_actions()
    assert st.view(1)["modules"][UH]["wray_used_this_turn"] is False


# ---------------------------------------------------------- The Kozi Palace
def test_kozi_palace_rulebook_example() -> None:
    """001 App. The Kozi Palace, Vienna: 'Each time you are about to use an action space, you can
    move one die from an adjacent action space onto the action space you are about to use ...
    turn that die to the appropriate number.' Example: two dice each on two spaces; one is moved
    to the staff space: 'you can now play a staff card for 3 kronas less'. Kozi starts with
    1 cake and 1 coffee."""
    sc = hotels({0: "the-kozi-palace", 1: "stroup"}).dice({4: 2, 5: 2}).staff(0, "tour-guide").turn(0)
    st = sc.state()
    assert {"kozi:4-5", "kozi:5-4"} <= set(st.legal_actions())
    run(st, "kozi:4-5")
    assert st.stack[-1] == ("kozi", 0, 5) and st.dice[4] == 1 and st.dice[5] == 3
    assert set(st.legal_actions()) == {"d5", "d5+"}
    run(st, "d5")
    assert st.stack[-1] == ("play", 0, 3) and st.dice[5] == 2


def test_kozi_palace_only_adjacent_spaces_and_only_the_owner() -> None:
    """001 App. The Kozi Palace: only from an adjacent action space; the two end spaces '(… and …
    are not adjacent to one another)' (provisional reading: spaces 1 and 6). M3-4: only the owner."""
    st = hotels({0: "the-kozi-palace", 1: "stroup"}).dice({1: 1, 3: 1, 6: 1}).turn(0).state()
    moves = sorted(a for a in st.legal_actions() if a.startswith("kozi:"))
    assert moves == ["kozi:1-2", "kozi:3-2", "kozi:3-4", "kozi:6-5"]
    st = hotels({0: "the-kozi-palace", 1: "stroup"}).dice({1: 1, 3: 1, 6: 1}).turn(1).state()
    assert not any(a.startswith("kozi:") for a in st.legal_actions())


def test_kozi_palace_moves_a_coloured_die_too() -> None:
    """001 App. The Kozi Palace: 'move one die from an adjacent action space ... turn that die to
    the appropriate number' — with module II any die, a coloured one included: it keeps its
    colour on the new space, so it can then be taken there (paying 1 krone per other die)."""
    sc = Scenario(players=2, modules=["celebrities", UH]).objectives(["A1", "B2", "C2"])
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-kozi-palace", "owner": 0}, {"id": "stroup", "owner": 1}]}
    sc.dice({4: 1, 5: 1}).pos["modules"]["celebrities"]["dice"]["red"] = 4
    st = sc.turn(0).state()
    kozi = sorted(a for a in st.legal_actions() if a.startswith("kozi:"))
    assert kozi == ["kozi:4-3:red", "kozi:4-5:red", "kozi:5-4", "kozi:5-6"]  # the only die on 4 is red
    run(st, "kozi:4-5:red")
    assert st.parts["celebrities"].face[0] == 5 and st.dice[4] == 0 and st.dice[5] == 2
    assert {"d5", "d5:red"} <= set(st.legal_actions())
    money = st.players[0].money
    run(st, "d5:red")
    assert st.players[0].money == money - 1  # one other die on the space
    assert st.dice[5] == 1 and st.parts["celebrities"].face[0] == 0


def test_kozi_palace_no_die_moved_for_the_skeleton_key() -> None:
    """001 App. The Kozi Palace: 'If both modules 3 and 4 are in play: You may not move a die when
    taking the skeleton key.' After a move only that space's dice can be taken; after the key no
    move is offered."""
    sc = Scenario(players=2, modules=[UH, "start_player"]).objectives(["A1", "B2", "C2"])
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-kozi-palace", "owner": 0}, {"id": "stroup", "owner": 1}]}
    st = sc.dice({4: 2, 5: 2}).turn(0).state()
    assert "key" in st.legal_actions() and "kozi:4-5" in st.legal_actions()
    run(st, "kozi:4-5")
    assert not any(a.startswith("key") for a in st.legal_actions())
    st = sc.state()
    run(st, "key")
    settle(st)
    assert not any(a.startswith("kozi:") for a in st.legal_actions())


def test_kozi_palace_no_coloured_die_move_the_owner_cannot_pay_for() -> None:
    """001 App. The Kozi Palace with module II (M2-6: a coloured die costs 1 krone per other die on
    its space): moving the red die onto a space that holds two dice makes it cost 2 kronen there.
    With 1 krone that move is not offered (it would leave no die to take: the turn could not go on);
    moving it onto a space with one die (1 krone) is, and so are the white dice's moves."""
    sc = Scenario(players=2, modules=["celebrities", UH]).objectives(["A1", "B2", "C2"])
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-kozi-palace", "owner": 0}, {"id": "stroup", "owner": 1}]}
    sc.dice({3: 1, 4: 1, 5: 2}).money(0, 1).pos["modules"]["celebrities"]["dice"]["red"] = 4
    st = sc.turn(0).state()
    kozi = sorted(a for a in st.legal_actions() if a.startswith("kozi:"))
    assert "kozi:4-5:red" not in kozi and "kozi:4-3:red" in kozi
    assert {"kozi:5-4", "kozi:3-4", "kozi:3-2"} <= set(kozi)
    run(st, "kozi:4-3:red")
    assert st.legal_actions() and "d3:red" in st.legal_actions()
    run(st, "d3:red")
    assert st.players[0].money == 0  # one other die on space 3
    # with 2 kronen the move onto the two dice is offered, and its die can be taken
    st = sc.money(0, 2).turn(0).state()
    assert "kozi:4-5:red" in st.legal_actions()
    run(st, "kozi:4-5:red")
    assert "d5:red" in st.legal_actions()
    run(st, "d5:red")
    assert st.players[0].money == 0
