"""Scenario tests for the base-game rules of Grand Austria Hotel, one per rule paragraph.

Sources: ``000`` = 2015 rulebook (English), ``003`` = Yucata 2021 rules (default
edition), ``components.md`` = printed board data. Each docstring quotes the place
it checks.
"""

from __future__ import annotations

import math

import pytest

from tabletop.core import IllegalAction
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.engine.base import SOURCE_INDEX
from tests.gah.scenario import Scenario, play

GUESTS = SOURCE_INDEX["guests"]
ROOMS = SOURCE_INDEX["rooms"]
EMPEROR = SOURCE_INDEX["emperor"]
BONUSES = SOURCE_INDEX["bonuses"]
STAFF = SOURCE_INDEX["staff"]
PENALTIES = SOURCE_INDEX["penalties"]
LEFTOVERS = SOURCE_INDEX["leftovers"]
CAFE = SOURCE_INDEX["cafe"]

# Politics cards nobody can meet in these scenarios (6 staff played, 6 full groups,
# 3 occupied rooms of each colour), so no objective VP sneaks into a total.
QUIET_OBJECTIVES = ["A3", "B3", "C1"]


def base(players: int = 2, **config) -> Scenario:
    return Scenario(players=players, **config).objectives(QUIET_OBJECTIVES)


def slugs(st, ids) -> list[str]:
    return [st.rules.staff[s].slug for s in ids]


def turn_order(*entries: tuple[tuple[int, int], int]) -> list[dict]:
    """turn_order field: ((tile_a, tile_b), covered) per seat."""
    return [{"tile": list(tile), "covered": cov, "passed": False} for tile, cov in entries]


def finish_setup(st) -> None:
    """Choose the leftmost guest and prepare no rooms until the first roll."""
    while st.phase in ("start_guest", "start_rooms"):
        st.apply("g0" if st.phase == "start_guest" else "done")


def take_plain_turn(st) -> int:
    """The player to move takes a 4 die, the first split offered, and ends the turn."""
    p = st.current_player
    st.apply("d4")
    st.apply(st.legal_actions()[0])
    st.apply("done")
    return p


# =====================================================================  setup
@pytest.mark.parametrize("players,dice", [(2, 10), (3, 12), (4, 14)])
def test_setup_deals_money_items_staff_queue_and_dice(players, dice):
    """000 'Setup': "10 dice in a 2-player game, 12 dice in a 3-player game, and 14 dice
    in a 4-player game"; "you start the game with 10 krones"; "Take a coffee, wine, cake,
    and strudel ... place them in the Kitchen"; "Draw 6 Staff cards"; "Draw 5 cards
    [guests] ... on the 5 Guest spaces"; disks on "0" of the Emperor and VP tracks.
    000 'Preparations': start player gets tile "1", the next clockwise "2", and so on."""
    st = new_game(players=players, seed=11)
    assert st.phase == "start_guest"
    hands = []
    for pl in st.players:
        assert pl.money == 10
        assert pl.kitchen == [1, 1, 1, 1, 0]
        assert len(pl.hand) == 6
        assert pl.emperor == 0 and pl.vp == 0
        assert pl.cafe == [0, 0, 0, 0] and not any(pl.rooms)
        hands += list(pl.hand)
    assert len(set(hands)) == 6 * players  # dealt from one deck: no card twice
    assert len(st.staff_deck) == 48 - 6 * players
    assert len(st.queue) == 5 and all(st.queue) and len(set(st.queue)) == 5
    assert st.supply == [30 - players] * 4 + [0]
    n = 2 * players
    assert st.tiles == [(p + 1, n - p) for p in range(players)]
    finish_setup(st)
    assert st.is_chance()
    assert st.to_position()["dice_to_roll"] == dice
    outcomes = st.chance_outcomes()
    assert all(sum(int(x) for x in name[5:].split("-")) == dice for name, _ in outcomes[:50])


def test_setup_starting_guests_in_reverse_turn_order_at_no_cost():
    """000/003 'Preparations': "Beginning with the last player (who has the highest turn
    order tile) and in counterclockwise order, each player chooses a guest from the face-up
    ones on the game board and places it into his café at no cost. After each choice, slide
    the remaining guests to the right and place a new one from the draw pile on the empty
    space at left." """
    st = new_game(players=3, seed=5)
    for seat, slot in ((2, 2), (1, 0), (0, 4)):
        assert st.phase == "start_guest"
        assert st.current_player == seat
        assert st.legal_actions() == ["g0", "g1", "g2", "g3", "g4"]
        before = list(st.queue)
        top = st.guest_deck[0]
        st.apply(f"g{slot}")
        assert st.players[seat].cafe[0] == before[slot]
        assert st.players[seat].money == 10  # no cost
        assert st.queue == [top] + before[:slot] + before[slot + 1:]
    assert st.phase == "start_rooms"
    assert all(sum(1 for g in pl.cafe if g) == 1 for pl in st.players)


def test_setup_rooms_start_bottom_left_adjacent_pay_floor_cost_up_to_three():
    """000/003 'Preparations': "each player prepares up to 3 rooms ... He must start with the
    bottom left room of the hotel board. Subsequent room tiles must be placed adjacent to
    already placed ones. For each prepared room the player must pay the preparation cost
    shown on his hotel board" (components.md 1.3: floor 1/2/3/4 cost 0/1/2/3)."""
    st = new_game(players=2, seed=3)
    st.apply("g0")
    st.apply("g0")
    assert st.phase == "start_rooms"
    p = st.current_player
    assert sorted(st.legal_actions()) == ["done", "r0"]  # bottom-left room first
    st.apply("r0")
    assert sorted(st.legal_actions()) == ["done", "r1", "r5"]  # adjacent to room 0 only
    st.apply("r5")  # floor 2: 1 krone
    assert st.players[p].money == 9
    assert sorted(st.legal_actions()) == ["done", "r1", "r10", "r6"]
    st.apply("r10")  # floor 3: 2 krone
    assert st.players[p].money == 7
    assert [r for r in range(20) if st.players[p].rooms[r]] == [0, 5, 10]
    assert st.players[p].rooms[10] == 1  # prepared, not occupied
    # three rooms are the most: the other player now chooses, and may stop at once
    q = st.current_player
    assert q != p and st.phase == "start_rooms"
    st.apply("done")
    assert not any(st.players[q].rooms) and st.players[q].money == 10
    assert st.is_chance()


# ============================================================  course of play
def test_round_starts_with_a_roll_chance_node():
    """000/003 'Course of Play': "At the start of each round, the start player (the player
    who has turn order tile "1") rolls all the dice, sorting them by their pip values and
    placing them on the corresponding action spaces. Then the start player takes a turn or
    passes." """
    st = new_game(players=2, seed=9)
    finish_setup(st)
    assert st.is_chance()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == math.comb(10 + 5, 5)  # ways to sort 10 dice on 6 faces
    assert sum(pr for _, pr in outcomes) == pytest.approx(1.0)
    probs = dict(outcomes)
    assert probs["roll:10-0-0-0-0-0"] == pytest.approx(6.0 ** -10)
    assert probs["roll:2-2-2-2-1-1"] == pytest.approx(math.factorial(10) / (2 ** 4) / 6 ** 10)
    name = st.sample_chance()
    assert name in probs
    st.apply(name)
    counts = [int(x) for x in name[5:].split("-")]
    assert st.dice[1:] == counts
    assert not st.is_chance()
    start = st.tiles.index((1, 4))
    assert st.current_player == start
    assert "pass" in st.legal_actions()
    st.undo()
    assert st.is_chance()
    with pytest.raises(IllegalAction):
        st.apply("roll:1-1-1-1-1-1")  # 6 dice instead of 10


def test_take_a_die_is_mandatory_and_strength_is_dice_on_space():
    """000 '2) Take a Die': "Take a die and carry out the corresponding action. (mandatory)";
    "The number of dice on the Action space determines how much you get from the action.
    Then remove a die from the Action space and place it on the lowest visible number on
    your Turn Order tile." """
    st = base().dice({1: 3, 4: 2}).turn(0).state()
    legal = st.legal_actions()
    assert "done" not in legal and "pass" in legal
    st.apply("d1")
    assert sorted(st.legal_actions()) == ["s2c1", "s3c0"]  # three dice -> three items
    st.apply("s3c0")
    assert st.players[0].kitchen == [4, 1, 1, 1, 0]
    assert st.dice[1] == 2 and st.dice[4] == 2
    assert st.to_position()["dice_on_tiles"] == 1
    legal = st.legal_actions()
    assert "done" in legal and not any(a.startswith("d") and a != "done" for a in legal)  # one die only
    assert "pass" not in legal


def test_action_1_not_more_cake_than_strudel():
    """000 action 1: "For each die on this Action space, you can take 1 strudel or 1 cake.
    You cannot take more cake than strudel ... Example: There are 3 dice showing "1".
    Taking the action, you can choose 3 strudel, or 2 strudel and 1 cake." """
    st = base().dice({1: 4}).turn(0).state()
    st.apply("d1")
    assert sorted(st.legal_actions()) == ["s2c2", "s3c1", "s4c0"]
    with pytest.raises(IllegalAction):
        st.apply("s1c3")
    st.apply("s2c2")
    assert st.players[0].kitchen == [3, 3, 1, 1, 0]


def test_action_2_not_more_coffee_than_wine():
    """000/003 action 2: "For each die on the "2" action space, you can take 1 wine or
    1 coffee. You cannot take more coffee than wine ... Example: There are 3 dice showing
    "2". Taking the action, you can choose 3 wine, or 2 wine and 1 coffee." """
    st = base().dice({2: 3}).turn(0).state()
    st.apply("d2")
    assert sorted(st.legal_actions()) == ["w2k1", "w3k0"]
    with pytest.raises(IllegalAction):
        st.apply("w1k2")
    st.apply("w2k1")
    assert st.players[0].kitchen == [1, 1, 3, 2, 0]


def test_action_3_prepare_rooms_adjacent_paying_by_floor():
    """000/003 action 3: "For each die on the "3" action space, you can prepare a room ...
    Each room tile must be adjacent to an already placed tile ... You must pay the cost
    according to the row of the room space. The color of the room tile must match the
    color of the room space." (components.md 1.3: floors 1-4 cost 0/1/2/3)."""
    st = base().rooms(0, prepared=[0]).dice({3: 4}).turn(0).state()
    supply = list(st.room_supply)  # yellow, blue, red
    st.apply("d3")
    assert sorted(st.legal_actions()) == ["done", "r1", "r5"]
    st.apply("r1")  # floor 1, yellow: 0
    assert st.players[0].money == 10
    st.apply("r6")  # floor 2, yellow: 1
    assert st.players[0].money == 9
    assert "r19" not in st.legal_actions() and "r16" not in st.legal_actions()  # not adjacent
    st.apply("r11")  # floor 3, red: 2
    assert st.players[0].money == 7
    st.apply("r16")  # floor 4, red: 3
    assert st.players[0].money == 4
    assert [r for r in range(20) if st.players[0].rooms[r]] == [0, 1, 6, 11, 16]
    assert all(st.players[0].rooms[r] == 1 for r in (1, 6, 11, 16))
    assert st.room_supply == [supply[0] - 2, supply[1], supply[2] - 2]  # tiles of each space's colour
    assert st.stack[-1][0] == "turn"  # four dice: four rooms, no more


def test_action_3_rooms_cost_must_be_affordable():
    """000 action 3: "You must pay the cost according to the row of the Room space."
    With 1 krone a floor-3 room (2 krone) cannot be prepared, a floor-1 room (free) can."""
    st = base().rooms(0, prepared=[0, 5, 6]).money(0, 1).dice({3: 2}).turn(0).state()
    st.apply("d3")
    legal = st.legal_actions()
    assert "r1" in legal and "r10" not in legal and "r11" not in legal
    assert "r7" in legal  # floor 2 costs 1


def test_top_right_rooms_give_printed_vp_when_prepared():
    """000/003 action 3: "If you place a room tile on a space in the top right part of your
    hotel board, you immediately receive the printed number of victory points."
    components.md 1.3 (conflict, default): rooms 17/18/19 give 2/3/4 VP."""
    st = base().rooms(0, prepared=[12, 13, 14]).dice({3: 3}).turn(0).state()
    st.apply("d3")
    st.apply("r17")
    assert st.players[0].vp_src[ROOMS] == 2
    st.apply("r18")
    assert st.players[0].vp_src[ROOMS] == 5
    st.apply("r19")
    assert st.players[0].vp_src[ROOMS] == 9
    assert st.players[0].money == 10 - 3 * 3  # top floor costs 3 each


def test_top_right_rooms_vp_data_alternative():
    """components.md 1.3 (conflict, alternative 'room_vp:alt'): "rooms 13 and 14 give 1 VP and
    17/18/19 give 2 VP each" -- gained when prepared, like the default."""
    st = (base(alternatives=["room_vp:alt"]).rooms(0, prepared=[8, 12]).money(0, 20)
          .dice({3: 5}).turn(0).state())
    play(st, "d3", "r13", "r14", "r17", "r18", "r19")
    assert st.players[0].vp_src[ROOMS] == 1 + 1 + 2 + 2 + 2


def test_action_4_split_between_emperor_and_krone():
    """000/003 action 4: "For each die on this Action space, you can advance 1 space on the
    Emperor track or your Money track. You can split the total ... Example: There are 2 dice
    showing "4". You can either advance 2 spaces on the Emperor track, or 2 spaces on your
    Money track, or 1 space on each." """
    st = base().dice({4: 2}).turn(0).state()
    st.apply("d4")
    assert sorted(st.legal_actions()) == ["e0m2", "e1m1", "e2m0"]
    st.apply("e1m1")
    assert st.players[0].emperor == 1 and st.players[0].money == 11


def test_action_5_play_one_staff_with_discount_never_below_zero():
    """000/003 action 5: "You can play exactly one staff card. For each die on the "5" action
    space, the cost is reduced by 1, but not below zero ... Example: There are 4 dice
    showing "5". You play a staff card costing 6, paying 2 krones. Alternatively, you could
    play any staff card costing up to 4 for free." """
    st = base().staff(0, "waitress").staff(0, "chef").dice({5: 4}).turn(0).state()
    st.apply("d5")
    assert sorted(st.legal_actions()) == ["done", "play:chef", "play:waitress"]
    st.apply("play:waitress")  # cost 6 - 4 dice = 2
    assert st.players[0].money == 8
    assert slugs(st, st.players[0].played) == ["waitress"]
    assert slugs(st, st.players[0].hand) == ["chef"]
    assert st.stack[-1][0] == "turn"  # exactly one card
    assert "play:chef" not in st.legal_actions()

    st = base().staff(0, "waitress").staff(0, "chef").money(0, 0).dice({5: 4}).turn(0).state()
    st.apply("d5")
    assert sorted(st.legal_actions()) == ["done", "play:chef"]  # 6 - 4 = 2 > 0 krone
    st.apply("play:chef")  # cost 3 - 4: free, and no krone back
    assert st.players[0].money == 0
    assert st.players[0].kitchen == [2, 2, 2, 2, 0]


def test_action_6_pay_one_krone_copy_an_action_with_the_sixes():
    """000/003 action 6: "pay 1 krone and choose any of the five other die actions. Take that
    action based on the number of dice showing "6", not the number of dice on the chosen
    action. Example: There are 4 dice showing "6", but only 1 die showing "2". You pay
    1 krone, choose the "2" action, and take 2 wine and 2 coffee." """
    st = base().dice({6: 4, 2: 1}).turn(0).state()
    legal = st.legal_actions()
    assert {"d6=1", "d6=2", "d6=3", "d6=4", "d6=5"} <= set(legal)
    st.apply("d6=2")
    assert sorted(st.legal_actions()) == ["w2k2", "w3k1", "w4k0"]
    st.apply("w2k2")
    pl = st.players[0]
    assert pl.money == 9
    assert pl.kitchen == [1, 1, 3, 3, 0]
    assert st.dice[6] == 3 and st.dice[2] == 1

    st = base().money(0, 0).dice({6: 4, 2: 1}).turn(0).state()
    assert not any(a.startswith("d6") for a in st.legal_actions())  # cannot pay the krone


def test_boost_once_per_turn_pay_one_krone_for_one_more_die():
    """000/003 additional actions: "Once per turn, you can pay 1 krone to add 1 to the number
    of dice on the chosen action space." A boosted 2-dice action counts 3 dice; with E. Gizia
    (2021: "Carry out the action of an action space containing at least one die") in the
    same turn the boost is not offered a second time."""
    st = base().dice({1: 2}).turn(0).state()
    assert "d1+" in st.legal_actions()
    st.apply("d1+")
    assert sorted(st.legal_actions()) == ["s2c1", "s3c0"]
    st.apply("s3c0")
    assert st.players[0].money == 9 and st.players[0].kitchen[0] == 4
    assert st.dice[1] == 1  # the boost adds no real die: one die was taken

    st = base().money(0, 0).dice({1: 2}).turn(0).state()
    assert "d1+" not in st.legal_actions() and "d1" in st.legal_actions()

    def gizia(boost: bool):
        st = (base().guest(0, 97, served="full").rooms(0, prepared=[1])
              .kitchen(0).dice({1: 2, 2: 2}).turn(0).state())
        st.apply("d1+" if boost else "d1")
        st.apply(st.legal_actions()[0])
        st.apply("m0r1")
        assert st.stack[-1][0] == "gizia"
        return st.legal_actions()

    after_boost = gizia(True)
    assert "d2" in after_boost and not any(a.endswith("+") for a in after_boost)
    assert "d2+" in gizia(False)  # the once-per-turn boost was still unused


@pytest.mark.parametrize("slot,cost", [(0, 3), (1, 2), (2, 1), (3, 0), (4, 0)])
def test_take_a_guest_pays_queue_cost_slide_right_refill_left(slot, cost):
    """000/003 '1) Take a Guest': "move one of the 5 guests from the game board to his café,
    paying the cost printed on the game board. Slide to the right all guests on the game
    board that were to the left of the taken guest. Place a new guest from the draw pile on
    the resulting empty leftmost space." (components.md 1.4: costs 3/2/1/0/0, new at left.)
    One guest per turn, and taking one starts the turn (no pass afterwards)."""
    sc = base().queue([82, 85, 83, 70, 49]).guest_deck([50]).dice({4: 2}).turn(0)
    st = sc.state()
    st.apply(f"g{slot}")
    q = [82, 85, 83, 70, 49]
    assert st.players[0].money == 10 - cost
    assert st.players[0].cafe[0] == q[slot]
    assert st.queue == [50] + q[:slot] + q[slot + 1:]
    legal = st.legal_actions()
    assert not any(a.startswith("g") for a in legal)
    assert "pass" not in legal and "d4" in legal


def test_take_a_guest_only_if_affordable_and_cafe_not_full():
    """000 '1) Take a Guest': "Pay the cost ... Then place the guest on a free space in your
    Café. If all spaces are occupied, you cannot take a guest." (a café hosts 3 guests)."""
    st = base().money(0, 2).dice({4: 2}).turn(0).state()
    legal = st.legal_actions()
    assert "g0" not in legal and {"g1", "g2", "g3", "g4"} <= set(legal)

    st = (base().guest(0, 51).guest(0, 52).guest(0, 53).dice({4: 2}).turn(0).state())
    assert not any(a.startswith("g") for a in st.legal_actions())
    st = (base().guest(0, 51).guest(0, 52).dice({4: 2}).turn(0).state())
    st.apply("g3")
    assert st.players[0].cafe[2] != 0


@pytest.mark.parametrize("edition", ["2021", "original"])
def test_a_guest_is_taken_before_the_die_never_after(edition):
    """000 'Course of Play': "On your turn, you take the following actions: 1. Take a guest from
    the game board. (optional) 2. Take a die and carry out the corresponding action.
    (mandatory)"; 003 repeats the numbering and lets only the "additional actions" come
    "before, between or after the above two actions"; 004 takes the steps 按照顺序 (in order).
    A guest, then the die: the turn; the die first: no guest afterwards, however much money
    and café room is left (the additional actions still are)."""
    def turn():
        return (base(edition=edition).guest(0, 51).queue([82, 85, 83, 70, 49]).guest_deck([50])
                .dice({4: 2}).turn(0).state())

    st = turn()
    assert {"g0", "g1", "g2", "g3", "g4", "d4"} <= set(st.legal_actions())
    play(st, "d4", "e2m0")
    legal = st.legal_actions()
    assert not any(a[0] == "g" and a[1:].isdigit() for a in legal), legal
    assert "serve" in legal and "done" in legal
    with pytest.raises(IllegalAction):
        st.apply("g3")
    assert st.players[0].cafe[1:] == [0, 0, 0] and st.players[0].money == 10

    st = turn()
    play(st, "g3", "d4", "e2m0", "done")
    assert st.players[0].cafe[1] == 70 and st.players[0].emperor == 2


# the verbs that are a turn's main action: a die (white or, 001 M2, coloured), the skeleton key
# in its place (001 M4-4), a Kozi Palace move onto the space used (001 M3)
MAIN_VERBS = ("die", "cdie", "key", "kozi")


@pytest.mark.parametrize("config", [
    {}, {"modules": "ballrooms"}, {"modules": "celebrities"}, {"modules": "unique_hotels"},
    {"modules": "start_player"}, {"modules": "more"}, {"modules": "all"}])
def test_no_guest_after_the_main_action_in_random_games(config):
    """000/003/004 'Course of Play' (the guest before the die) with every Let's Waltz! module:
    in seeded random games, once the player to move has taken the turn's main action (a die,
    a coloured die, the skeleton key or a Kozi Palace move), no guest is offered until that
    turn has ended. (The original rules' E. Gizia extra turn, a new turn with its own guest,
    is checked in test_guests.py.)"""
    from tabletop.games.grand_austria_hotel import notation as N

    for seed in range(6):
        st = new_game(players=2 + seed % 3, seed=seed, **config)
        rng = __import__("random").Random(seed)
        main_taken = False
        guests_after = []
        while not st.is_terminal():
            if st.is_chance():
                st.apply(st.sample_chance())
                main_taken = False
                continue
            legal = st.legal_actions()
            on_menu = st.stack[-1][0] == "turn"
            if main_taken and on_menu:
                guests_after += [a for a in legal if N.INFO[a][0] == "guest"]
            a = rng.choice(legal)
            verb = N.INFO[a][0]
            if on_menu and verb in MAIN_VERBS:
                main_taken = True
            st.apply(a)
            if on_menu and verb in ("done", "pass"):
                main_taken = False  # the turn is over
        assert not guests_after, (seed, guests_after[:5])


def test_serve_pay_one_krone_to_move_up_to_three_items_any_number_of_times():
    """000/003 additional actions: "You can pay 1 krone to move up to 3 dishes and drinks
    from your kitchen to the orders on your guest cards"; "you can take the additional
    actions any number of times during your turn." """
    st = (base().guest(0, 85).guest(0, 98).kitchen(0, strudel=5, cake=1)
          .dice({4: 2}).turn(0).state())  # Major: 2 strudel 1 cake; M. Polo: 3 strudel
    assert "serve" in st.legal_actions()
    st.apply("serve")
    assert st.players[0].money == 9
    assert sorted(st.legal_actions()) == ["t0c", "t0s", "t1s"]  # at least one item
    play(st, "t0s", "t0s", "t0c")
    assert st.stack[-1][0] == "turn"  # three items: the serve is used up
    assert st.players[0].served[0] == [2, 1, 0, 0, 0]
    st.apply("serve")
    assert st.players[0].money == 8
    st.apply("t1s")
    assert "done" in st.legal_actions()  # up to 3
    st.apply("done")
    assert st.players[0].served[1] == [1, 0, 0, 0, 0]
    assert st.players[0].kitchen == [2, 0, 0, 0, 0]

    st = base().guest(0, 85).kitchen(0, strudel=2).money(0, 0).dice({4: 2}).turn(0).state()
    assert "serve" not in st.legal_actions()


def test_received_items_may_go_on_guests_at_once_or_stay_in_kitchen():
    """000/003: "Whenever you receive dishes and drinks, regardless of how you get them, you
    can place them immediately on a guest's order. Place any you do not want to serve to
    guests into your kitchen." Only the items just received go on for free."""
    sc = base().guest(0, 53).kitchen(0, strudel=1).dice({2: 2}).turn(0)  # Flamenco: 1 strudel 1 wine
    st = sc.state()
    st.apply("d2")
    st.apply("w2k0")
    assert sorted(st.legal_actions()) == ["done", "t0w"]  # not the old kitchen strudel
    st.apply("t0w")
    pl = st.players[0]
    assert pl.served[0] == [0, 0, 1, 0, 0]
    assert pl.kitchen == [1, 0, 1, 0, 0]
    assert st.stack[-1][0] == "turn"

    st = sc.state()
    play(st, "d2", "w2k0", "done")
    assert st.players[0].served[0] == [0, 0, 0, 0, 0]
    assert st.players[0].kitchen == [1, 0, 2, 0, 0]


def test_move_completed_guest_only_to_prepared_room_of_its_colour_green_any():
    """003 additional actions: "You can move a guest whose order you have completed to a free
    room. You immediately receive the printed number of victory points and the reward that
    guest provides. Red, blue and yellow guests can move only into an unoccupied room of the
    same color. Green guests can move into any unoccupied room." 000: "If you have no free
    room of matching color, you cannot take this action." """
    st = (base().guest(0, 51, served="full")      # Composer, yellow: 1 VP, 1 strudel
          .guest(0, 92, served="full")            # Capt. Goldhaken, green
          .guest(0, 63)                            # Dame, blue, order not complete
          .rooms(0, prepared=[0, 1, 2, 5], occupied=[6])
          .kitchen(0).dice({4: 2}).turn(0).state())
    moves = sorted(a for a in st.legal_actions() if a.startswith("m"))
    assert moves == ["m0r1", "m0r5", "m1r0", "m1r1", "m1r2", "m1r5"]
    st.apply("m0r5")
    pl = st.players[0]
    assert pl.rooms[5] == 2 and pl.cafe[0] == 0
    assert pl.vp_src[GUESTS] == 1
    assert pl.kitchen == [1, 0, 0, 0, 0]  # the Composer's reward
    assert 51 in st.guest_discard
    assert "m1r5" not in st.legal_actions()  # now occupied

    st = base().guest(0, 65, served="full").rooms(0, prepared=[1, 2]).dice({4: 2}).turn(0).state()
    assert not any(a.startswith("m") for a in st.legal_actions())  # blue guest, no blue room


@pytest.mark.parametrize("guest,occupied,prepared,room,vp,money,emperor", [
    (65, [], [0], 0, 2, 5, 0),                     # blue group of 1: 2 VP
    (65, [10], [15], 15, 5, 5, 0),                 # 000 example: last of 2 blue rooms: 5 VP
    (92, [2, 3, 7], [8], 8, 0, 5 + 1 + 10, 0),     # green guest, red group of 4: 10 krone (+1 reward)
    (92, [], [18], 18, 0, 5 + 1 + 1, 0),           # red group of 1: 1 krone
    (51, [1, 5], [6], 6, 0, 5, 6),                 # yellow group of 3: 6 emperor steps
    (65, [], [10, 15], 15, 0, 5, 0),               # group not full yet: no bonus
])
def test_occupancy_bonus_by_group_size_and_colour(guest, occupied, prepared, room, vp, money, emperor):
    """000/003 'Occupancy Bonus': "When all the rooms in a group are occupied, you receive a
    bonus based on the size and color of the group: advancements on the emperor track for
    yellow rooms, victory points for blue rooms, and krones for red rooms." Example: "Benedict
    moves a noble to his last free blue room ... Since the group has 2 rooms, he can advance
    5 spaces on the victory point track." (components.md 1.3 table: blue 2/5/9/15 VP, red
    1/3/6/10 krone, yellow 1/3/6/10 emperor.)"""
    st = (base().guest(0, guest, served="full").rooms(0, prepared=prepared, occupied=occupied)
          .money(0, 5).kitchen(0).dice({4: 2}).turn(0).state())
    st.apply(f"m0r{room}")
    if st.stack[-1][0] == "place":
        st.apply("done")
    pl = st.players[0]
    assert pl.vp_src[BONUSES] == vp
    assert pl.money == money
    assert pl.emperor == emperor


def test_occupancy_bonus_from_a_guest_reward_that_turns_a_room():
    """003 'Occupancy Bonus': "You can trigger the occupancy bonus when receiving an emperor
    tile bonus or a reward from a guest that lets you turn a room tile". Conductor (#102,
    green): 1 emperor, occupy 1."""
    st = (base().guest(0, 102, served="full").rooms(0, prepared=[0, 1])
          .kitchen(0).dice({4: 2}).turn(0).state())
    st.apply("m0r1")
    assert sorted(st.legal_actions()) == ["done", "o0"]
    st.apply("o0")
    pl = st.players[0]
    assert pl.rooms[0] == 2 and pl.rooms[1] == 2
    assert pl.emperor == 1
    assert pl.vp_src[BONUSES] == 2  # blue group {0}; yellow {1,5,6} is not full


def test_occupancy_bonus_from_an_emperor_tile_bonus_room():
    """003 'Occupancy Bonus': "You can trigger the occupancy bonus when receiving an emperor
    tile bonus ... that lets you turn a room tile". B4 bonus: "Prepare a room of your choice
    in the first or second row for free ... Immediately change the room from prepared to
    occupied." Room 8 completes the red group {2,3,7,8}: 10 krone."""
    st = (base().round(5).emperor_tiles(["A1", "B4", "C1"])
          .rooms(0, occupied=[2, 3, 7]).money(0, 5).emperor(0, 8).emperor(1, 6)
          .set(turn_order=turn_order(((1, 4), 1), ((2, 3), 2)))
          .dice({}).turn(0).state())
    st.apply("done")  # last turn of round 5 -> emperor scoring: seat 0 ends on 3
    assert st.stack[-1][0] == "rooms"
    assert sorted(st.legal_actions()) == ["done", "r1", "r4", "r6", "r8"]  # floors 1-2, adjacent
    st.apply("r8")
    pl = st.players[0]
    assert pl.rooms[8] == 2
    assert pl.money == 5 + 10
    assert pl.emperor == 3


def test_occupancy_bonus_again_after_a_room_was_removed_and_reoccupied():
    """003 'Occupancy Bonus': "You get the bonus whenever you occupy the last unoccupied room
    in the group. If a room in the group later becomes unoccupied (due to an emperor penalty)
    and then you occupy it again, you receive the bonus again."
    Device: the C2 tile (penalty: 2021 "remove one occupied room from each of the two highest
    floors") is put on the first scoring so that the hotel can be rebuilt afterwards."""
    st = (base().round(3).emperor_tiles(["C2", "B2", "C1"])
          .rooms(0, occupied=[0, 5, 10, 15]).vp(0, bonuses=5)  # blue {10,15} paid 5 VP already
          .guest(0, 65, served="full").guest(0, 69, served="full")
          .emperor(1, 5)
          .set(turn_order=turn_order(((2, 3), 2), ((1, 4), 1)))
          .dice({}).turn(1).state())
    st.apply("done")  # last turn of round 3 -> emperor scoring
    assert st.stack[-1][0] == "removeocc"
    assert st.legal_actions() == ["rm15"]
    st.apply("rm15")
    assert st.legal_actions() == ["rm10"]
    st.apply("rm10")
    assert st.players[0].rooms[10] == 0 and st.players[0].rooms[15] == 0
    assert st.is_chance() and st.round == 4
    st.apply("roll:0-0-10-0-0-0")
    assert st.current_player == 0
    play(st, "d3", "r10", "r15", "done")
    play(st, "m0r10")
    assert st.players[0].vp_src[BONUSES] == 5  # group not full yet
    play(st, "m1r15")
    assert st.players[0].vp_src[BONUSES] == 10  # the 5 VP again


def test_original_edition_pays_a_group_bonus_only_once():
    """000 'Occupancy Bonus': "Each group provides its bonus only once, in the moment you turn
    the last Room tile in that group." (003 changes it for the 2021 edition: see the test
    above.) The same hotel as there, in the original edition: the blue group {10, 15} paid
    its 5 VP when it filled; emptied by the C2 penalty and filled again, it pays nothing.
    The original C2 penalty: "one of the highest occupied rooms and a room in the same
    column" (003 '2021 changes'): rooms 15 and 10."""
    st = (base(edition="original").round(3).emperor_tiles(["C2", "B2", "C1"])
          .rooms(0, occupied=[0, 5, 10, 15]).vp(0, bonuses=5)
          .guest(0, 65, served="full").guest(0, 69, served="full")
          .emperor(1, 5)
          .set(turn_order=turn_order(((2, 3), 2), ((1, 4), 1)))
          .dice({}).turn(1).state())
    # a position written by hand without bonus_paid: the full groups have had their bonus
    groups = st.rules.groups
    full = tuple(g for g in range(len(groups)) if set(groups[g]) <= {0, 5, 10, 15})
    assert st.rules.room_group[15] in full and st.players[0].bonus_paid == full
    st.apply("done")
    while st.stack and st.stack[-1][0] == "removeocc":
        st.apply(st.legal_actions()[0])
    assert st.players[0].rooms[15] == 0 and st.players[0].rooms[10] == 0
    assert st.is_chance() and st.round == 4
    st.apply("roll:0-0-10-0-0-0")
    play(st, "d3", "r10", "r15", "done")
    play(st, "m0r10", "m1r15")
    pl = st.players[0]
    assert pl.rooms[10] == 2 and pl.rooms[15] == 2
    assert pl.vp_src[BONUSES] == 5, "the group paid once, when it first filled"
    assert st.rules.room_group[15] in st.to_position()["players"][0]["bonus_paid"]


def test_bonus_paid_is_part_of_the_position_and_checked():
    """The groups a seat has had its bonus for are written with the position (a seat's
    board, public: every player saw them fill) and read back; a wrong list is refused."""
    from tabletop.core import InvalidPosition
    from tabletop.games.grand_austria_hotel import from_position

    st = base(edition="original").rooms(0, occupied=[0, 5]).turn(0).state()
    pos = st.to_position()
    assert pos["players"][0]["bonus_paid"] == list(st.players[0].bonus_paid)
    assert from_position(pos).to_position() == pos
    assert st.view(1)["players"][0]["bonus_paid"] == pos["players"][0]["bonus_paid"]
    for bad in ([0, 0], [99], [-1]):
        wrong = {**pos, "players": [{**pos["players"][0], "bonus_paid": bad}, pos["players"][1]]}
        with pytest.raises(InvalidPosition, match="bonus_paid"):
            from_position(wrong)


# ================================================================ turn order
def test_snake_order_tiles_pass_clockwise_and_once_per_round_staff_reset_2p():
    """000 'Course of Play': "After you finish your turn, the player with the lowest number
    visible on their Turn Order tile goes next. Consequently, the player to the right of the
    start player takes two consecutive turns" (2p tiles 1,4 / 2,3). 003 'End of a Round':
    "turn your once-per-round staff cards face up again. Then pass your turn order tile to the
    next player in clockwise order." """
    st = (base().staff(0, "barkeeper", "used").dice({4: 10}).turn(0).state())
    assert "use:barkeeper" not in st.legal_actions()
    order = [take_plain_turn(st) for _ in range(4)]
    assert order == [0, 1, 1, 0]
    assert st.is_chance() and st.round == 2
    assert st.tiles == [(2, 3), (1, 4)]
    assert st.players[0].used == ()
    assert st.to_position()["dice_to_roll"] == 10  # the new start player takes all the dice
    st.apply("roll:0-0-0-10-0-0")
    assert st.current_player == 1
    take_plain_turn(st)
    assert st.current_player == 0
    assert "use:barkeeper" in st.legal_actions()


def test_snake_order_and_tile_passing_3p():
    """000 'Course of Play' / 'End of a Round' with 3 players (tiles 1,6 / 2,5 / 3,4):
    turns go 1-2-3-3-2-1 by seat, then each tile moves to the next seat clockwise."""
    st = base(3).dice({4: 12}).turn(0).state()
    order = [take_plain_turn(st) for _ in range(6)]
    assert order == [0, 1, 2, 2, 1, 0]
    assert st.tiles == [(3, 4), (1, 6), (2, 5)]
    st.apply("roll:0-0-0-12-0-0")
    assert st.current_player == 1


@pytest.mark.parametrize("rnd", [1, 2, 3, 4, 5, 6, 7])
def test_seven_rounds_emperor_scoring_after_rounds_3_5_7(rnd):
    """000 'Objective': "The game is played over 7 rounds. At the end of rounds 3, 5, and 7,
    there is an Emperor Scoring. After round 7, there is also the Final Scoring."
    003 'Emperor Scoring': VP printed below the space, then "move his wooden disk 3, 5 or 7
    spaces back ... during the first, second or third emperor scoring". Space 9 is worth 6 VP
    (components.md 1.4, both variants)."""
    st = (base().round(rnd).emperor_tiles(["A1", "B2", "C1"]).emperor(0, 9).emperor(1, 9)
          .set(turn_order=turn_order(((1, 4), 1), ((2, 3), 2)))
          .dice({}).turn(0).state())
    st.apply("done")
    setback = {3: 3, 5: 5, 7: 7}.get(rnd)
    for pl in st.players:
        if setback:
            assert pl.vp_src[EMPEROR] == 6
            assert pl.emperor == 9 - setback
        else:
            assert pl.vp_src[EMPEROR] == 0 and pl.emperor == 9
    bonus = {3: 3, 5: 5}.get(rnd, 0)  # A1 +3 krone at space 6, B2 +5 krone at space 4
    assert st.players[1].money == 10 + bonus
    if rnd < 7:
        assert st.round == rnd + 1 and st.is_chance()
    else:
        assert st.is_terminal() and st.phase == "over"


def test_emperor_scoring_bonus_from_3_penalty_at_0_nothing_at_1_or_2():
    """000/003 'Emperor Scoring': "If a player's wooden disk ends up in the yellow area
    ("3" and above), he receives the bonus on the emperor tile. If his wooden disk ends up
    on "0", he suffers the penalty of the emperor tile. If his wooden disk ends up on "1" or
    "2", he neither gets a bonus nor suffers a penalty." Tile A1: bonus 3 krones, penalty
    lose 3 krones (or 5 VP)."""
    st = (base(3).round(3).emperor_tiles(["A1", "B2", "C1"])
          .emperor(0, 6).emperor(1, 2).emperor(2, 4)
          .set(turn_order=turn_order(((1, 6), 1), ((2, 5), 2), ((3, 4), 2)))
          .dice({}).turn(0).state())
    st.apply("done")
    p0, p1, p2 = st.players
    assert (p0.vp_src[EMPEROR], p0.emperor, p0.money) == (4, 3, 13)   # bonus
    assert (p1.vp_src[EMPEROR], p1.emperor, p1.money) == (2, 0, 7)    # penalty
    assert (p2.vp_src[EMPEROR], p2.emperor, p2.money) == (3, 1, 10)   # neither
    assert p1.vp_src[PENALTIES] == 0


# =================================================================== passing
def test_pass_waits_then_one_die_to_dustbin_rest_rerolled_passer_goes_again():
    """003 'Passing': "When you pass, you must wait until every other player has either
    passed or taken two turns. When all players have passed or taken two turns, ... takes the
    remaining dice from all the action spaces, removes one, rolls the rest, and places them
    on the matching action spaces. Then each player who passed takes a turn or passes again."
    "If a player passes the first of his two turns in a round, his second turn is passed
    also." """
    st = base().dice({1: 2, 4: 4}).turn(0).state()
    st.apply("pass")
    assert st.current_player == 1
    take_plain_turn(st)
    assert st.current_player == 1
    take_plain_turn(st)
    # seat 0's second turn (tile 4) is passed too: now the re-roll
    assert st.is_chance() and st.round == 1
    pos = st.to_position()
    assert pos["dice_to_roll"] == 3  # 4 dice were left, one went to the dustbin
    assert pos["dustbin"] == 4 + 1
    assert st.dice[1:] == [0] * 6
    assert all(sum(int(x) for x in n[5:].split("-")) == 3 for n, _ in st.chance_outcomes())
    st.apply("roll:0-0-0-3-0-0")
    assert st.current_player == 0
    take_plain_turn(st)
    assert st.current_player == 0  # the passer still has tile 4 to cover
    take_plain_turn(st)
    assert st.is_chance() and st.round == 2


def test_passing_first_turn_also_passes_the_second():
    """003 'Passing': "If a player passes the first of his two turns in a round, his second
    turn is passed also." Seat 1 (tiles 2,3) passes on tile 2: seat 0 plays tile 4 next, not
    seat 1 on tile 3; after the re-roll seat 1 takes both turns."""
    st = (base().set(turn_order=turn_order(((1, 4), 1), ((2, 3), 0)))
          .dice({4: 5}).turn(1).state())
    st.apply("pass")
    assert st.current_player == 0
    take_plain_turn(st)
    assert st.is_chance()
    assert st.to_position()["dice_to_roll"] == 3
    st.apply("roll:0-0-0-3-0-0")
    assert [take_plain_turn(st), take_plain_turn(st)] == [1, 1]
    assert st.is_chance() and st.round == 2


def test_pass_waits_for_all_others_3p():
    """003 'Passing': "When you pass, you must wait until every other player has either
    passed or taken two turns (and, thus, covered both numbers on his turn order tile)." """
    st = base(3).dice({4: 8}).turn(0).state()
    st.apply("pass")
    order = []
    while not st.is_chance():
        order.append(take_plain_turn(st))
    assert order == [1, 2, 2, 1]
    st.apply("roll:0-0-0-3-0-0")
    assert [take_plain_turn(st), take_plain_turn(st)] == [0, 0]
    assert st.round == 2


def test_all_pass_reroll_at_once_and_second_pass_repeats():
    """003 'Passing': "If any player passes a second time then when all players have passed a
    second time or taken two turns, proceed as above for all players who passed a second
    time." Both players pass: the re-roll comes at once; seat 0 passes again while seat 1
    has taken two turns: another die goes to the dustbin and the rest are rolled again."""
    st = base().dice({4: 6}).turn(0).state()
    st.apply("pass")
    assert st.current_player == 1
    st.apply("pass")
    assert st.is_chance()
    assert st.to_position()["dice_to_roll"] == 5
    st.apply("roll:0-0-0-5-0-0")
    assert st.current_player == 0
    st.apply("pass")
    assert [take_plain_turn(st), take_plain_turn(st)] == [1, 1]
    assert st.is_chance()
    pos = st.to_position()
    assert pos["dice_to_roll"] == 2  # 3 dice left, one more to the dustbin
    assert pos["dustbin"] == 4 + 2


def test_no_dice_left_normal_turn_without_die_and_no_pass():
    """003 'Passing': "On Yucata when it is a player's turn but there are no dice left on any
    action space, the player takes a normal turn except that he does not take a die and
    cannot pass." The last die goes to the dustbin on the re-roll."""
    st = (base().set(turn_order=turn_order(((1, 4), 0), ((2, 3), 2)))
          .dice({3: 1}).turn(0).state())
    st.apply("pass")
    assert not st.is_chance()  # nothing left to roll
    assert st.to_position()["dustbin"] == 10
    assert st.current_player == 0
    legal = st.legal_actions()
    assert "pass" not in legal and "done" in legal
    assert not any(a.startswith("d") and a != "done" for a in legal)
    assert "g3" in legal  # the rest of a normal turn: take a guest
    st.apply("g3")
    st.apply("done")
    assert st.current_player == 0  # tile 4
    st.apply("done")
    assert st.is_chance() and st.round == 2


# ============================================================ tracks and caps
def test_money_never_above_20():
    """003 (end): "A player can never have more than 20 krone." components.md 1.4: gains
    beyond 20 are lost."""
    st = base().money(0, 19).dice({4: 3}).turn(0).state()
    play(st, "d4", "e0m3")
    assert st.players[0].money == 20
    st = base().money(0, 18).guest(0, 69, served="full").rooms(0, prepared=[0]).dice({4: 3}).turn(0).state()
    st.apply("m0r0")  # Countess: 3 krone
    assert st.players[0].money == 20


def test_emperor_track_stops_at_13_and_pays_1_vp_per_further_step():
    """000/003 'Emperor track': "You cannot move past space 13. Instead, you score 1 victory
    point for each space you would have moved beyond space 13." """
    st = base().emperor(0, 12).dice({4: 3}).turn(0).state()
    play(st, "d4", "e3m0")
    assert st.players[0].emperor == 13
    assert st.players[0].vp_src[EMPEROR] == 2


@pytest.mark.parametrize("edition", ["2021", "original"])
def test_victory_points_can_go_negative(edition):
    """003 'Emperor Tiles': "A player can have a negative number of victory points due to a
    penalty." Tile A1: lose 3 krones or 5 VP; with 2 krones the krone option is impossible
    ("If one of them is not possible, you must choose the other"), in both editions."""
    st = (base(edition=edition).round(3).emperor_tiles(["A1", "B2", "C1"]).emperor(0, 2).money(0, 2)
          .set(turn_order=turn_order(((1, 4), 1), ((2, 3), 2)))
          .emperor(1, 6).dice({}).turn(0).state())
    st.apply("done")
    pl = st.players[0]
    assert pl.vp_src[EMPEROR] == 2 and pl.vp_src[PENALTIES] == -5
    assert pl.vp == -3
    assert pl.money == 2


# ============================================================= final scoring
def final_round(**kw) -> Scenario:
    """Round 7, seat 0's last turn (tile 4); both emperor disks on 8 (5 VP, then to 1)."""
    return (base().round(7).emperor_tiles(["A1", "B2", "C1"]).emperor(0, 8).emperor(1, 8)
            .set(turn_order=turn_order(((1, 4), 1), ((2, 3), 2))).dice({}))


def test_final_scoring():
    """000/003 'Game End and Final Scoring': "You receive victory points for your staff cards
    that provide them. You receive 1, 2, 3 and 4 victory points for your occupied rooms in the
    first, second, third and fourth row, respectively. You receive 1 victory point for each
    krone and leftover dish and drink in your kitchen. You lose 5 victory points for each
    guest in your café." Chambermaid: "1 VP per occupied room"."""
    st = (final_round().staff(0, "chambermaid", "played")
          .rooms(0, occupied=[0, 5, 10, 15], prepared=[1])
          .money(0, 7).kitchen(0, strudel=2, wine=1)
          .guest(0, 55, served={"wine": 1})  # Photographer, order not complete
          .money(1, 0).kitchen(1)
          .turn(0).state())
    st.apply("done")
    assert st.is_terminal()
    p0, p1 = st.players
    assert p0.vp_src[STAFF] == 4
    assert p0.vp_src[ROOMS] == 1 + 2 + 3 + 4  # prepared room 1 scores nothing
    assert p0.vp_src[LEFTOVERS] == 7 + 3  # the wine on the guest is not in the kitchen
    assert p0.vp_src[CAFE] == -5
    assert p0.vp_src[EMPEROR] == 5
    assert p0.vp == 4 + 10 + 10 - 5 + 5
    assert p1.vp == 5
    assert st.scores() == [p0.vp, p1.vp]
    assert st.winners() == [0]
    assert st.returns() == [1.0, 0.0]


def test_tie_break_more_items_and_krone_left_wins():
    """000/003: "The player with the most victory points wins. In case of a tie, the player who
    has more dishes, drinks, and krones left wins." Both end on 15 VP; seat 1 has 10 krone and
    items left, seat 0 only 5."""
    st = (final_round().vp(0, guests=5).money(0, 5).kitchen(0)
          .money(1, 6).kitchen(1, strudel=1, cake=1, wine=1, coffee=1)
          .turn(0).state())
    assert st.winners() == []  # nobody has won while the game runs
    st.apply("done")
    assert st.scores() == [15, 15]
    assert st.winners() == [1]
    assert st.returns() == [0.0, 1.0]


def test_full_tie_shares_the_win():
    """000/003 tie-break ("the player who has more dishes, drinks, and krones left wins"):
    equal VP and equal leftovers leave both players winners, each with half the win."""
    st = final_round().kitchen(0, wine=2).kitchen(1, cake=1, coffee=1).turn(0).state()
    st.apply("done")
    assert st.scores()[0] == st.scores()[1]
    assert st.winners() == [0, 1]
    assert st.returns() == [0.5, 0.5]


# ================================================================ bad input
def test_illegal_action_raises_names_it_and_leaves_state_unchanged():
    """Engine contract: an illegal action raises IllegalAction naming the action and the
    legal ones; the position is unchanged afterwards."""
    st = base().dice({1: 3}).turn(0).state()
    before = st.to_position()
    with pytest.raises(IllegalAction) as exc:
        st.apply("d3")  # no die on space 3
    msg = str(exc.value)
    assert "'d3'" in msg and "d1" in msg and "pass" in msg
    assert st.to_position() == before
    st.apply("d1")
    mid = st.to_position()
    with pytest.raises(IllegalAction) as exc:
        st.apply("s1c2")  # more cake than strudel
    assert "'s1c2'" in str(exc.value) and "s3c0" in str(exc.value)
    assert st.to_position() == mid
    with pytest.raises(IllegalAction):
        st.apply("nonsense")
    assert st.to_position() == mid


def test_undo_restores_previous_positions_exactly():
    """Engine contract: ``undo()`` takes back the last action (chance outcomes included) and
    restores the previous position exactly."""
    st = new_game(players=2, seed=4)
    finish_setup(st)
    positions = [st.to_position()]
    actions = [st.sample_chance()]
    st.apply(actions[0])
    positions.append(st.to_position())
    for _ in range(6):
        a = next(x for x in st.legal_actions() if x != "pass")
        st.apply(a)
        actions.append(a)
        positions.append(st.to_position())
    for a, pos in zip(reversed(actions), reversed(positions[:-1])):
        assert st.undo() == a
        assert st.to_position() == pos
    assert st.is_chance()
    with pytest.raises(IllegalAction):
        new_game(players=2, seed=4).undo()  # the deal itself cannot be undone
