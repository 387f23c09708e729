"""Let's Waltz! module V, "Would You Like Some More?" (module name ``more``).

Sources: 001 = the Let's Waltz! rulebook: "Module 5: WOULD YOU LIKE SOME MORE?"
(Components, Setup, Course of Play: bell cards), App. Staff Cards #166-#179, App.
Objective Cards (+), App. Emperor Tiles (+). Rule-point ids (M5-1, G-3, ...) are those of
/work/shared/reference/lets-waltz-rules.md. Base rules: 003 (Yucata 2021, the default).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario, play

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
OBJ, EMP, PEN, STAFF = SRC["objectives"], SRC["emperor"], SRC["penalties"], SRC["staff"]
EMPEROR_VP = [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9]  # components.md 1.4

NEW_STAFF = ("handmaid", "apprentice", "dishwasher", "tapster", "coachwoman", "bookkeeper",
             "chef-de-rang", "interpreter", "bartender", "wagon-master", "dog-walker",
             "hairdresser", "janitor", "entertainer")
BELLS = ("handmaid", "apprentice", "dishwasher", "tapster", "chef-de-rang", "bartender",
         "janitor", "entertainer")


# ----------------------------------------------------------------- helpers
def sc_more(players: int = 2) -> Scenario:
    return Scenario(players=players, modules="more").objectives(["A3", "B1", "C1"])


def slugs(st: GahState, ids) -> list[str]:
    return [st.rules.staff[s].slug for s in ids]


def face_down(st: GahState, seat: int = 0) -> list[str]:
    return slugs(st, st.parts["more"].down[seat])


def mover(slug: str, guest: int, room: int, **kitchen: int) -> GahState:
    """Seat 0 has ``slug`` in play, guest ``guest`` complete at table 0 and room ``room`` prepared."""
    sc = sc_more().staff(0, slug, "played").guest(0, guest, served="full").rooms(0, prepared=[room])
    if kitchen:
        sc.kitchen(0, **kitchen)
    return sc.turn(0).state()


def finish(st: GahState) -> None:
    """Decline/finish pending sub-decisions until the turn menu is back."""
    while st.stack and st.stack[-1][0] != "turn":
        legal = st.legal_actions()
        st.apply("done" if "done" in legal else legal[0])


# ====================================================================== setup
def test_components_join_the_pools_only_with_the_module():
    """001 Module 5 Components ('3 Emperor tiles, 14 staff cards, 3 objective cards') and Setup
    ('Shuffle the new staff cards, objective cards, and Emperor tiles into the respective base game
    stacks'); G-3 (+ marks module 5)."""
    with_mod = new_game(players=2, seed=3, modules="more")
    base = new_game(players=2, seed=3)
    new_ids = {with_mod.rules.staff_by_slug[s] for s in NEW_STAFF}
    assert sorted(with_mod.rules.staff[s].id for s in new_ids) == list(range(166, 180))
    assert new_ids <= set(with_mod.rules.deck_staff)
    assert len(with_mod.rules.deck_staff) == len(base.rules.deck_staff) + 14
    assert not new_ids & set(base.rules.deck_staff)
    for pool, ids in ((with_mod.rules.objective_pool, ("AM5", "BM5", "CM5")),
                      (with_mod.rules.emperor_pool, ("AM5", "BM5", "CM5"))):
        assert set(ids) <= set(pool)
    assert not {"AM5", "BM5", "CM5"} & set(base.rules.objective_pool)
    assert not {"AM5", "BM5", "CM5"} & set(base.rules.emperor_pool)
    # one tile / card per group: the + cards belong to the groups printed (objectives) or inferred
    assert [with_mod.rules.objectives[o].group for o in ("AM5", "BM5", "CM5")] == ["A", "B", "C"]
    # bell cards and once-per-round cards
    timings = {s: with_mod.rules.staff[with_mod.rules.staff_by_slug[s]].timing for s in NEW_STAFF}
    assert {s for s, t in timings.items() if t == "bell"} == set(BELLS)
    assert {s for s, t in timings.items() if t == "once_per_round"} == set(NEW_STAFF) - set(BELLS)


def test_setup_can_draw_the_new_objectives_and_tiles():
    """001 Combining Modules 1b/1c: 'If using modules 1 or 5, add the new Emperor tiles [objective
    cards] to the mix. Place a randomly selected A, B, and C tile face up'."""
    tiles, objectives = set(), set()
    for seed in range(60):
        st = new_game(players=2, seed=seed, modules="more")
        tiles.update(st.emperor_tiles)
        objectives.update(st.objectives)
        assert [t[0] for t in st.emperor_tiles] == ["A", "B", "C"]
    assert {"AM5", "BM5", "CM5"} <= tiles
    assert {"AM5", "BM5", "CM5"} <= objectives


# ============================================================ M5-1 bell cards
def test_bell_card_has_no_effect_when_played():
    """001 Module 5 Course of Play (M5-1): 'Staff cards with a bell symbol do not activate
    immediately after you play them'. Tapster (#169) played with action 5 (one die: 1 krone less,
    003 action 5): only its cost is paid."""
    st = sc_more().staff(0, "tapster").dice({5: 1}).turn(0).state()
    cost = st.staff_cost[st.rules.staff_by_slug["tapster"]]
    play(st, "d5", "play:tapster")
    pl = st.players[0]
    assert slugs(st, pl.played) == ["tapster"]
    assert pl.money == 10 - (cost - 1)
    assert pl.vp == 0 and pl.emperor == 0
    assert face_down(st) == []
    assert st.stack == (("turn", 0),)


def test_bell_reward_taken_turns_the_card_face_down_once():
    """M5-1: 'When you do, you can take the reward ... This is a one-time reward. When you take it,
    turn the staff card face down'; 'it remains that way until the end of the game'.
    Tapster #169: 'After you complete a yellow guest's order that required at least 3 items ...
    gain 6 kronas.' Photographer (#55, yellow, 3 wine) moves in; his reward (draw 2) comes first."""
    sc = sc_more().staff(0, "tapster", "played").guest(0, 55, served="full").guest(0, 58, served="full")
    st = sc.rooms(0, prepared=[1, 5]).turn(0).state()
    hand = len(st.players[0].hand)
    st.apply("m0r1")
    assert len(st.players[0].hand) == hand + 2  # the guest's reward resolved before the offer
    assert st.stack[-1] == ("bell", 0, "tapster")
    assert st.legal_actions() == ["bell:tapster", "done"]
    st.apply("bell:tapster")
    assert st.players[0].money == 16
    assert face_down(st) == ["tapster"]
    assert slugs(st, st.players[0].played) == ["tapster"]
    # a second yellow 3+ guest: the card is face down, no second offer
    st.apply("m1r5")  # Actress (#58, yellow, 4 items)
    finish(st)
    assert st.players[0].money == 16
    assert all(fr[0] != "bell" for fr in st.stack)


def test_bell_declined_is_offered_again_when_met_again():
    """M5-1: 'you can choose to not activate the card ... if you do not activate it immediately after
    meeting the requirement, you have to wait until a later point in time when you meet the
    requirement again'."""
    sc = sc_more().staff(0, "tapster", "played").guest(0, 55, served="full").guest(0, 58, served="full")
    st = sc.rooms(0, prepared=[1, 5]).turn(0).state()
    play(st, "m0r1", "done")  # decline
    assert face_down(st) == [] and st.players[0].money == 10
    assert st.stack == (("turn", 0),)
    st.apply("m1r5")  # met again: Actress, yellow, 4 items (her 'occupy a room': none prepared)
    assert st.stack[-1] == ("bell", 0, "tapster")
    st.apply("bell:tapster")
    assert st.players[0].money == 16


def test_bell_requirement_met_later_in_the_same_turn():
    """M5-1: '... only when you meet the requirement to the left of the colon on this or a later
    turn': Tapster played with action 5, then a yellow 3-item guest moves in during the same turn."""
    st = sc_more().staff(0, "tapster").guest(0, 55, served="full").rooms(0, prepared=[1]).dice({5: 1})
    st = st.turn(0).state()
    play(st, "d5", "play:tapster", "m0r1")
    assert st.stack[-1] == ("bell", 0, "tapster")
    assert "Tapster" in st.describe("bell:tapster") and "bell" in st.prompt()
    st.apply("bell:tapster")
    assert st.players[0].money == 8 + 6


def test_bell_not_offered_for_a_card_in_hand():
    """M5-1: the requirement activates a played card only ('do not activate immediately after you
    play them, but only when you meet the requirement'): Tapster in hand is not offered."""
    st = sc_more().staff(0, "tapster").guest(0, 55, served="full").rooms(0, prepared=[1]).turn(0).state()
    st.apply("m0r1")
    assert all(fr[0] != "bell" for fr in st.stack)


def test_face_down_card_still_counts_as_played_staff():
    """M5-1: '(Face-down staff cards still count as "played staff" for any relevant effect.)'
    Politics card A3 ('Play at least 6 staff cards') counts a face-down Tapster."""
    sc = sc_more()
    for s in ("tapster", "chef", "groom", "butler", "florist", "masseuse"):
        sc.staff(0, s, "played")
    sc.pos["modules"]["more"]["face_down"] = [["tapster"], []]
    st = sc.turn(0).state()
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.players[0].vp_src[OBJ] == 15


def test_face_down_state_round_trips_through_the_position():
    """M5-1 ('it remains that way until the end of the game'): the face-down state is part of the
    position (modules.more.face_down) and survives a save and load."""
    st = mover("tapster", 55, 1)
    play(st, "m0r1", "bell:tapster")
    pos = json.loads(json.dumps(st.to_position()))
    assert pos["modules"]["more"]["face_down"] == [["tapster"], []]
    again = from_position(pos)
    assert again.parts["more"].down == st.parts["more"].down
    assert again.to_position() == st.to_position()


# ======================================================== bell staff cards
def test_handmaid_three_emperor_steps_in_one_action():
    """001 App. #166 Handmaid: 'After you advance 3 or more spaces on the Emperor track during an
    action, you can turn this card face down. If you do, you can immediately (and only once)
    prepare up to 2 rooms (of any color) at no cost and immediately occupy them'."""
    st = sc_more().staff(0, "handmaid", "played").rooms(0, prepared=[0]).dice({4: 3}).turn(0).state()
    st.apply("d4")
    st.apply("e3m0")
    assert st.players[0].emperor == 3
    assert st.stack[-1] == ("bell", 0, "handmaid")
    st.apply("bell:handmaid")
    assert st.stack[-1] == ("rooms", 0, 2, "free", 0, True)
    play(st, "r5", "r6")  # floor 2 rooms cost 1 krone each normally
    assert st.players[0].rooms[5] == 2 and st.players[0].rooms[6] == 2
    assert st.players[0].money == 10
    assert face_down(st) == ["handmaid"]
    assert st.stack == (("turn", 0),)


def test_handmaid_steps_from_several_sources_of_one_action():
    """001 App. #166 'advance 3 or more spaces ... during an action': Sovereign (#67, blue; reward
    2 Emperor steps) and the Stableman (#6, +1 step for a blue guest) in one move action = 3."""
    sc = sc_more().staff(0, "handmaid", "played").staff(0, "stableman", "played")
    st = sc.guest(0, 67, served="full").rooms(0, prepared=[0]).turn(0).state()
    st.apply("m0r0")
    assert st.players[0].emperor == 3
    assert st.stack[-1] == ("bell", 0, "handmaid")


def test_handmaid_not_offered_for_two_steps_and_totals_reset_between_actions():
    """001 App. #166 'during an action' (reading: one action of the turn; the total starts again
    with the next action): 2 steps from action 4, then 1 from a once-per-round card = no offer."""
    sc = sc_more().staff(0, "handmaid", "played").staff(0, "dog-walker", "played").kitchen(0, wine=2)
    st = sc.dice({4: 2}).turn(0).state()
    play(st, "d4", "e2m0")
    assert st.stack == (("turn", 0),)
    st.apply("use:dog-walker")  # +2 steps in another action: 2 < 3 again
    assert st.players[0].emperor == 4
    assert st.stack == (("turn", 0),)
    assert st.parts["more"].acc == [[0, 0, 0], [0, 0, 0]]


def test_apprentice_blue_guest_three_items():
    """001 App. #167 Apprentice: 'After you complete a blue guest's order that required at least 3
    items ... gain 3 strudel and 3 cake.' Countess (#69, blue, 2 cake 1 coffee, reward 3 kronen)."""
    st = mover("apprentice", 69, 0)
    st.apply("m0r0")
    assert st.players[0].money == 13  # her reward first
    assert st.stack[-1] == ("bell", 0, "apprentice")
    st.apply("bell:apprentice")
    assert st.players[0].kitchen == [4, 4, 1, 1, 0]
    assert face_down(st) == ["apprentice"]


def test_apprentice_not_for_small_or_other_colour_orders():
    """001 App. #167: only a blue guest with 3+ items: Sovereign (#67, blue, 2 items) and a red
    3-item guest (#83) do not trigger the Apprentice."""
    sc = sc_more().staff(0, "apprentice", "played").guest(0, 67, served="full").guest(0, 83, served="full")
    st = sc.rooms(0, prepared=[0, 2]).turn(0).state()
    st.apply("m0r0")
    finish(st)
    st.apply("m1r2")
    finish(st)
    assert face_down(st) == []
    assert st.players[0].kitchen[:2] == [1, 1]


def test_dishwasher_red_guest_three_items():
    """001 App. #168 Dishwasher: 'After you complete a red guest's order that required at least 3
    items ... gain 3 wine and 3 coffee.' Councillor of Commerce (#83, red, 3 items, 5 kronen)."""
    st = mover("dishwasher", 83, 2)
    st.apply("m0r2")
    assert st.stack[-1] == ("bell", 0, "dishwasher")
    st.apply("bell:dishwasher")
    assert st.players[0].kitchen == [1, 1, 4, 4, 0]
    assert st.players[0].money == 15


def test_tapster_yellow_guest_three_items():
    """001 App. #169 Tapster: 'After you complete a yellow guest's order that required at least 3
    items ... gain 6 kronas.' Not for Tailor (#52, yellow, 2 items)."""
    st = mover("tapster", 52, 1)
    st.apply("m0r1")
    finish(st)
    assert face_down(st) == [] and st.players[0].money == 12  # Tailor's own 2 kronen only
    st = mover("tapster", 55, 1)
    play(st, "m0r1", "bell:tapster")
    assert st.players[0].money == 16


def test_chef_de_rang_three_drinks_from_one_action():
    """001 App. #172 Chef de Rang: 'After you get 3 or more drinks (wine and/or coffee) from an
    action ... advance 5 spaces on the Emperor track.' Action 2 with 3 dice: 2 wine 1 coffee."""
    st = sc_more().staff(0, "chef-de-rang", "played").dice({2: 3}).turn(0).state()
    play(st, "d2", "w2k1")
    assert st.stack[-1] == ("bell", 0, "chef-de-rang")
    st.apply("bell:chef-de-rang")
    assert st.players[0].emperor == 5
    # two drinks are not enough
    st = sc_more().staff(0, "chef-de-rang", "played").dice({2: 2}).turn(0).state()
    play(st, "d2", "w1k1")
    assert st.stack == (("turn", 0),)


def test_bartender_three_dishes_guest_filled_from_supply():
    """001 App. #174 Bartender: 'After you get 3 or more dishes (strudel and/or cake) during an
    action ... take a guest from the queue at no cost and immediately fill their order by taking
    all of their required items from the supply.'"""
    sc = sc_more().staff(0, "bartender", "played").queue([63, 64, 90, 66, 67]).dice({1: 3})
    st = sc.turn(0).state()
    play(st, "d1", "s2c1")
    assert st.stack[-1] == ("bell", 0, "bartender")
    st.apply("bell:bartender")
    assert set(st.legal_actions()) == {"g0", "g1", "g2", "g3", "g4", "done"}
    supply = list(st.supply)
    st.apply("g2")  # Senior Legal Secretary (#90): 1 strudel 3 cake, slot 2 costs 1 krone
    pl = st.players[0]
    assert pl.cafe[0] == 90
    assert pl.served[0] == [1, 3, 0, 0, 0]
    assert st.supply == [supply[0] - 1, supply[1] - 3, supply[2], supply[3], supply[4]]
    assert pl.money == 10
    assert pl.kitchen == [3, 2, 1, 1, 0]  # the 3 dishes of the action stay in the kitchen
    assert st.stack == (("turn", 0),)
    assert face_down(st) == ["bartender"]


def test_janitor_group_of_three_fully_occupied():
    """001 App. #178 Janitor: 'After you fully occupy a group (of any color) comprising at least 3
    rooms ... play up to 2 staff cards from hand at no cost.' Yellow group 1-5-6 completed by
    moving Composer (#51) into room 6; its occupancy bonus (6 Emperor steps) comes first."""
    sc = sc_more().staff(0, "janitor", "played").staff(0, "delivery-boy").staff(0, "butler")
    st = sc.guest(0, 51, served="full").rooms(0, occupied=[1, 5], prepared=[6]).turn(0).state()
    st.apply("m0r6")
    assert st.players[0].emperor == 6
    assert st.stack[-1] == ("bell", 0, "janitor")
    st.apply("bell:janitor")
    assert set(st.legal_actions()) == {"play:delivery-boy", "play:butler", "done"}
    play(st, "play:delivery-boy", "play:butler")
    assert st.players[0].money == 10
    assert slugs(st, st.players[0].played) == ["janitor", "delivery-boy", "butler"]


def test_janitor_not_for_a_group_of_two():
    """001 App. #178: 'a group ... comprising at least 3 rooms': the blue pair 10-15 does not count."""
    sc = sc_more().staff(0, "janitor", "played").staff(0, "butler")
    st = sc.guest(0, 63, served="full").rooms(0, occupied=[10], prepared=[15]).turn(0).state()
    st.apply("m0r15")
    finish(st)
    assert face_down(st) == []
    assert slugs(st, st.players[0].hand) == ["butler"]


def test_entertainer_marker_on_an_objective():
    """001 App. #179 Entertainer: 'After you place a marker on an objective card ... fill up to two
    guests' orders by taking the required items from the supply.' Marker placed at the end of the
    turn (003 Politics Cards) on objective A+ (3 of each dish and drink)."""
    sc = Scenario(players=2, modules="more").objectives(["AM5", "B1", "C1"])
    sc.staff(0, "entertainer", "played").kitchen(0, strudel=3, cake=3, wine=3, coffee=3)
    st = sc.guest(0, 90).guest(0, 69).guest(0, 51).turn(0).state()
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.stack[-1] == ("bell", 0, "entertainer")
    st.apply("bell:entertainer")
    assert set(st.legal_actions()) == {"c0", "c1", "c2", "done"}  # 'up to two'
    play(st, "c0", "c2")
    pl = st.players[0]
    assert pl.served[0] == [1, 3, 0, 0, 0] and pl.served[2] == [0, 0, 1, 0, 0]
    assert pl.served[1] == [0, 0, 0, 0, 0]
    assert pl.kitchen == [3, 3, 3, 3, 0]
    assert face_down(st) == ["entertainer"]
    assert st.stack == (("turn", 1),)


def test_bell_reward_gains_count_for_the_same_action():
    """Reading of 'during an action' (M5-1 with #167 and #174): the Apprentice's 3 strudel + 3 cake,
    taken right after the move, are dishes got during that action, so the Bartender is offered
    once that reward has resolved."""
    sc = sc_more().staff(0, "apprentice", "played").staff(0, "bartender", "played")
    st = sc.guest(0, 69, served="full").rooms(0, prepared=[0]).turn(0).state()
    play(st, "m0r0", "bell:apprentice")
    assert st.stack[-1] == ("bell", 0, "bartender")
    st.apply("bell:bartender")
    assert st.stack[-1][0] == "fillguest"


# ================================================== once-per-round staff cards
def test_coachwoman():
    """001 App. #170 Coachwoman: 'Once per round, you can spend exactly 1 coffee from your kitchen.
    If you do, score 3 VP and you can take a guest from the queue at no cost.'"""
    st = sc_more().staff(0, "coachwoman", "played").kitchen(0, coffee=2).turn(0).state()
    g = st.queue[0]
    st.apply("use:coachwoman")
    assert st.players[0].kitchen[3] == 1
    assert st.players[0].vp_src[STAFF] == 3
    assert "done" in st.legal_actions()
    st.apply("g0")  # slot 0 costs 3 kronen normally
    assert st.players[0].cafe[0] == g and st.players[0].money == 10
    assert "use:coachwoman" not in st.legal_actions()  # once per round
    st = sc_more().staff(0, "coachwoman", "played").kitchen(0, strudel=1).turn(0).state()
    assert "use:coachwoman" not in st.legal_actions()


def test_bookkeeper():
    """001 App. #171 Bookkeeper: 'Once per round, you can spend exactly 1 cake from your kitchen. If
    you do, you can prepare one room (of any color), paying up to 2 kronas less.' A top-floor room
    (3 kronen) costs 1."""
    st = sc_more().staff(0, "bookkeeper", "played").rooms(0, prepared=[10]).turn(0).state()
    st.apply("use:bookkeeper")
    assert st.players[0].kitchen[1] == 0
    assert st.stack[-1] == ("rooms", 0, 1, "minus2", 0, False)
    st.apply("r15")
    assert st.players[0].rooms[15] == 1
    assert st.players[0].money == 9


def test_interpreter():
    """001 App. #173 Interpreter: 'Once per round, you can spend exactly 2 strudel from your kitchen
    to get 2 kronas and score 2 VP.'"""
    st = sc_more().staff(0, "interpreter", "played").kitchen(0, strudel=3).turn(0).state()
    st.apply("use:interpreter")
    assert st.players[0].kitchen[0] == 1
    assert st.players[0].money == 12 and st.players[0].vp_src[STAFF] == 2
    st = sc_more().staff(0, "interpreter", "played").kitchen(0, strudel=1).turn(0).state()
    assert "use:interpreter" not in st.legal_actions()


def test_wagon_master_other_kinds_than_spent():
    """001 App. #175 Wagon Master: 'Once per round, you can spend exactly 2 dishes and/or drinks (no
    champagne) from your kitchen to get 2 other dishes and/or drinks (different from those spent;
    no champagne) and score 2 VP.'"""
    st = sc_more().staff(0, "wagon-master", "played").kitchen(0, strudel=1, cake=1).turn(0).state()
    st.apply("use:wagon-master")
    assert set(st.legal_actions()) == {"pay:s", "pay:c"}  # exactly 2: no 'done'
    play(st, "pay:s", "pay:c")
    assert set(st.legal_actions()) == {"+w", "+k"}
    play(st, "+w", "+w")
    assert st.players[0].kitchen == [0, 0, 2, 0, 0]
    assert st.players[0].vp_src[STAFF] == 2
    # two strudel spent: any other kind
    st = sc_more().staff(0, "wagon-master", "played").kitchen(0, strudel=2).turn(0).state()
    play(st, "use:wagon-master", "pay:s", "pay:s")
    assert set(st.legal_actions()) == {"+c", "+w", "+k"}
    # one dish or drink only: cannot spend exactly 2
    st = sc_more().staff(0, "wagon-master", "played").kitchen(0, wine=1).turn(0).state()
    assert "use:wagon-master" not in st.legal_actions()


def test_dog_walker():
    """001 App. #176 Dog Walker: 'Once per round, you can spend exactly 2 wine from your kitchen to
    score 2 VP and advance 2 spaces on the Emperor track.'"""
    st = sc_more().staff(0, "dog-walker", "played").kitchen(0, wine=2).turn(0).state()
    st.apply("use:dog-walker")
    pl = st.players[0]
    assert pl.kitchen[2] == 0 and pl.vp_src[STAFF] == 2 and pl.emperor == 2
    st = sc_more().staff(0, "dog-walker", "played").kitchen(0, wine=1).turn(0).state()
    assert "use:dog-walker" not in st.legal_actions()


def test_hairdresser():
    """001 App. #177 Hairdresser: 'Once per round, you can retreat exactly 2 spaces on the Emperor
    track to play a staff card from hand for up to 3 kronas less.' Butler costs 5 -> 2."""
    st = sc_more().staff(0, "hairdresser", "played").staff(0, "butler").emperor(0, 3).turn(0).state()
    st.apply("use:hairdresser")
    assert st.players[0].emperor == 1
    st.apply("play:butler")
    assert st.players[0].money == 8
    st = sc_more().staff(0, "hairdresser", "played").emperor(0, 1).turn(0).state()
    assert "use:hairdresser" not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply("use:hairdresser")


# ============================================================= objectives (+)
def claim(objective: str, build: Callable[[Scenario], None]) -> GahState:
    """Seat 0 ends a turn with ``objective`` in its group's slot."""
    ids = ["A3", "B1", "C1"]
    ids["ABC".index(objective[0])] = objective
    sc = Scenario(players=2, modules="more").objectives(ids)
    build(sc)
    st = sc.turn(0).state()
    st.apply("done")
    return st


def test_objective_a_plus_three_of_each():
    """001 App. Objective Cards A+: 'You have at least 3 strudel, at least 3 cake, at least 3 wine,
    and at least 3 coffee in your kitchen.' Marker VP as in the base game (15 first)."""
    st = claim("AM5", lambda sc: sc.kitchen(0, strudel=3, cake=3, wine=3, coffee=3))
    assert st.markers[0] == (0,) and st.players[0].vp_src[OBJ] == 15
    st = claim("AM5", lambda sc: sc.kitchen(0, strudel=5, cake=5, wine=5, coffee=2))
    assert st.markers[0] == () and st.players[0].vp_src[OBJ] == 0


def test_objective_b_plus_three_top_floor_rooms():
    """001 App. Objective Cards B+: 'At least 3 rooms (of any color) in the top floor of your hotel
    are occupied.'"""
    st = claim("BM5", lambda sc: sc.rooms(0, occupied=[15, 17, 19]))
    assert st.markers[1] == (0,) and st.players[0].vp_src[OBJ] == 15
    st = claim("BM5", lambda sc: sc.rooms(0, occupied=[15, 17, 10, 11], prepared=[19]))
    assert st.markers[1] == ()


def _pile(sc: Scenario, seat: int, guests: list[int]) -> None:
    """Completed guests in ``seat``'s pile for objective C+ (the cards wait in the discard)."""
    for g in guests:
        sc.pos["guest_deck"].remove(g)
    sc.pos["guest_discard"] += guests
    sc.pos["modules"]["more"]["big_orders"][seat] = list(guests)


def test_objective_c_plus_five_guests_of_three_items():
    """001 App. Objective Cards C+: 'You have completed the orders of at least 5 guests who each
    ordered 3 or more items.*' (*: a personal pile until the objective is done, then the discard).
    4 in the pile, the 5th (Countess #69, 3 items) moves in: marker at the end of the turn."""
    sc = Scenario(players=2, modules="more").objectives(["A3", "B1", "CM5"])
    _pile(sc, 0, [55, 56, 57, 68])
    st = sc.guest(0, 69, served="full").rooms(0, prepared=[0]).turn(0).state()
    st.apply("m0r0")
    assert st.parts["more"].pile[0] == (55, 56, 57, 68, 69)
    st.apply("done")
    assert st.markers[2] == (0,) and st.players[0].vp_src[OBJ] == 15
    assert st.parts["more"].pile[0] == ()  # then they go to the discard


def test_objective_c_plus_small_orders_do_not_count():
    """001 App. Objective Cards C+: only guests 'who each ordered 3 or more items': Sovereign (#67,
    2 items) leaves the pile at 4."""
    sc = Scenario(players=2, modules="more").objectives(["A3", "B1", "CM5"])
    _pile(sc, 0, [55, 56, 57, 68])
    st = sc.guest(0, 67, served="full").rooms(0, prepared=[0]).turn(0).state()
    st.apply("m0r0")
    finish(st)
    st.apply("done")
    assert st.markers[2] == ()
    assert st.parts["more"].pile[0] == (55, 56, 57, 68)


# ============================================================ Emperor tiles (+)
# 3 players, tiles (1,6) (2,5) (3,4): seat 0's turn is the last of round 3 / 5 / 7 (tile A / B / C,
# setback 3 / 5 / 7). Seat 0 ends on 3 (reward), seat 1 on 0 (penalty), seat 2 on 2 (nothing).
LAST_TURN = [{"tile": [1, 6], "covered": 1}, {"tile": [2, 5], "covered": 2}, {"tile": [3, 4], "covered": 2}]


def scoring(tile: str, build: Callable[[Scenario], None] | None = None, edition: str = "2021") -> GahState:
    tiles = ["A1", "B1", "C1"]
    k = "ABC".index(tile[0])
    tiles[k] = tile
    setback = (3, 5, 7)[k]
    sc = Scenario(players=3, modules="more", edition=edition).objectives(["A3", "B1", "C1"])
    sc.emperor_tiles(tiles).round((3, 5, 7)[k])
    for seat, e in enumerate((3, 0, 2)):
        sc.emperor(seat, e + setback)
    if build:
        build(sc)
    st = sc.turn(0).set(turn_order=[dict(t) for t in LAST_TURN]).state()
    st.apply("done")
    return st


def test_emperor_tile_a_plus():
    """001 App. Emperor Tiles + (first row): 'Reward: You get 2 kroner and 1 dish or drink of your
    choice (no champagne). Penalty: Pay 2 kroner and return 1 dish or drink of your choice (no
    champagne) from your kitchen to the supply.'"""
    st = scoring("AM5", lambda sc: sc.kitchen(1, wine=1, coffee=2))
    assert st.players[0].money == 12
    assert st.stack[-1] == ("choice", 0, 1)
    st.apply("+k")
    assert st.players[0].kitchen == [1, 1, 1, 2, 0]
    assert st.players[1].money == 8
    assert set(st.legal_actions()) == {"pay:w", "pay:k"}
    st.apply("pay:k")
    assert st.players[1].kitchen == [0, 0, 1, 1, 0]
    assert st.players[1].vp_src[PEN] == 0
    assert st.players[2].money == 10
    assert st.round == 4


@pytest.mark.parametrize("money,kitchen", [(1, {"wine": 1}), (10, {})], ids=["one-krone", "no-dish-or-drink"])
def test_emperor_tile_a_plus_lose_5_instead(money, kitchen):
    """001 App. Emperor Tiles + A: 'If you have less than 2 kroner or no dishes or drinks in your
    kitchen, lose 5 VP instead.' (2021: the VP alternative only when the main penalty cannot be
    carried out fully.)"""
    st = scoring("AM5", lambda sc: sc.money(1, money).kitchen(1, **kitchen))
    st.apply("+s")
    pl = st.players[1]
    assert pl.vp_src[PEN] == -5
    assert pl.money == money  # nothing else is taken
    assert pl.kitchen == [0, 0, kitchen.get("wine", 0), 0, 0]
    assert st.round == 4


def test_emperor_tile_b_plus():
    """001 App. Emperor Tiles + (second row): 'Reward: Draw 3 staff cards from the deck and add them
    to your hand. Additionally, score 4 VP. Penalty: Return 3 staff cards from hand to the bottom of
    the deck.'"""
    def build(sc: Scenario) -> None:
        sc.staff_deck(["chef", "butler", "groom"])
        for s in ("waitress", "barkeeper", "sous-chef", "florist"):
            sc.staff(1, s)
    st = scoring("BM5", build)
    assert slugs(st, st.players[0].hand) == ["chef", "butler", "groom"]
    assert st.players[0].vp_src[EMP] == EMPEROR_VP[8] + 4
    assert st.stack[-1] == ("discard", 1, 3)
    play(st, "discard:waitress", "discard:sous-chef", "discard:florist")
    assert slugs(st, st.players[1].hand) == ["barkeeper"]
    assert slugs(st, st.staff_deck[-3:]) == ["waitress", "sous-chef", "florist"]
    assert st.players[1].vp_src[PEN] == 0


def test_emperor_tile_b_plus_lose_7_instead():
    """001 App. Emperor Tiles + B: 'If you have less than 3 staff cards in hand, lose 7 VP instead.'"""
    st = scoring("BM5", lambda sc: sc.staff(1, "chef").staff(1, "groom"))
    assert st.players[1].vp_src[PEN] == -7
    assert slugs(st, st.players[1].hand) == ["chef", "groom"]


def test_emperor_tile_c_plus():
    """001 App. Emperor Tiles + (third row): 'Reward: Score 5 VP for each of your markers placed on
    any objective cards. Penalty: Lose all of your money and remove all items (dishes, drinks, and
    champagne) from your kitchen.' (no VP alternative)"""
    def build(sc: Scenario) -> None:
        sc.markers(0, [0, 1]).markers(2, [0])
        sc.vp(0, objectives=25).vp(1, objectives=15)
        sc.kitchen(1, strudel=2, cake=1, wine=3, coffee=1).guest(1, 90, served={"cake": 2})
    st = scoring("CM5", build)
    assert st.players[0].vp_src[EMP] == EMPEROR_VP[10] + 10
    pl = st.players[1]
    assert pl.money == 0
    assert pl.kitchen == [0, 0, 0, 0, 0]
    assert pl.served[0] == [0, 2, 0, 0, 0]  # only the kitchen
    assert pl.vp_src[PEN] == 0
    assert st.players[2].vp_src[EMP] == EMPEROR_VP[9]  # on 2 after the setback: no reward
    assert st.supply[:4] == [28, 26, 28, 28]  # 30 each; seats 0 and 2 hold 1 each, the guest 2 cake


def test_emperor_tile_a_plus_original_rules_choice():
    """003 (original rules): the player chooses either penalty; with tile A+ the main penalty is
    pay 2 kroner and return 1 dish or drink, the alternative 5 VP (001 App. Emperor Tiles +)."""
    st = scoring("AM5", edition="original")
    st.apply("+s")
    assert st.stack[-1] == ("penalty", 1, 0)
    st.apply("penalty:alt")
    assert st.players[1].vp_src[PEN] == -5 and st.players[1].money == 10


def test_position_check_rejects_a_face_down_card_not_played():
    """M5-1 ('When you take it, turn the staff card face down'): only a played bell card can be face
    down; the module's accounting rejects a position saying otherwise."""
    from tabletop.core.errors import InvalidPosition

    sc = sc_more().staff(0, "tapster")  # in hand, not played
    sc.pos["modules"]["more"]["face_down"] = [["tapster"], []]
    with pytest.raises(InvalidPosition):
        sc.state()
    sc = sc_more().staff(0, "coachwoman", "played")  # not a bell card
    sc.pos["modules"]["more"]["face_down"] = [["coachwoman"], []]
    with pytest.raises(InvalidPosition):
        sc.state()


def test_emperor_tile_c_plus_penalty_takes_champagne_too():
    """001 App. Emperor Tiles + C: 'remove all items (dishes, drinks, and champagne) from your
    kitchen' - with module I's champagne (001 COMBINING MODULES: modules combine at will)."""
    sc = Scenario(players=3, modules="ballrooms,more").objectives(["A3", "B1", "C1"])
    sc.emperor_tiles(["A1", "B1", "CM5"]).round(7)
    for seat, e in enumerate((10, 7, 9)):  # setback 7: seat 1 ends on 0 (penalty)
        sc.emperor(seat, e)
    sc.kitchen(1, strudel=1, champagne=3)
    st = sc.turn(0).set(turn_order=[dict(t) for t in LAST_TURN]).state()
    champagne = st.supply[4]
    st.apply("done")
    finish(st)
    assert st.players[1].kitchen == [0, 0, 0, 0, 0]
    assert st.players[1].money == 0
    assert st.supply[4] == champagne + 3


# ============================================ objective C+ with module III (Ninas, Kaufman)
def _hotels_more(owners: dict[int, str], objectives: list[str], **uh: object) -> Scenario:
    sc = Scenario(players=2, modules="unique_hotels,more").objectives(objectives)
    sc.emperor_tiles(["A3", "B3", "C3"])
    sc.pos["modules"]["unique_hotels"] = {"entrances": [{"id": e, "owner": s} for s, e in owners.items()],
                                          **uh}
    return sc


def test_objective_c_plus_as_a_ninas_melange_personal_objective():
    """001 App. Ninas Melange ('randomly select 1 each of the remaining A, B, and C objective cards
    ... These are your personal objectives'; 'when you complete a personal objective, you
    immediately score 15 ... VP') with App. Objective Cards C+ ('completed the orders of at least 5
    guests who each ordered 3 or more items.* ... keep them in a personal face-down pile, until you
    complete this objective'): the personal pile fills for a personal C+ card too. Five 3+ guests
    moved in complete it (round 1: 15 VP)."""
    sc = _hotels_more({0: "ninas-melange", 1: "stroup"}, ["A3", "B1", "C1"],
                      ninas_objectives=[{"id": "A2"}, {"id": "B2"}, {"id": "CM5"}])
    _pile(sc, 0, [56, 57])
    for g in (55, 58, 69):  # 3+ items each (yellow, yellow, blue)
        sc.guest(0, g, served="full")
    st = sc.rooms(0, prepared=[0, 1, 5]).turn(0).state()
    for t, r in ((0, 1), (1, 5)):
        st.apply(f"m{t}r{r}")
        finish(st)
    assert st.parts["more"].pile[0] == (56, 57, 55, 58)
    assert st.parts["unique_hotels"].ninas_done == [0, 0, 0]
    st.apply("m2r0")
    finish(st)
    assert st.parts["unique_hotels"].ninas_done == [0, 0, 1]
    assert st.players[0].vp_src[OBJ] == 15
    assert st.parts["more"].pile[0] == ()  # done: the pile goes to the discard


def test_objective_c_plus_kaufman_guests_join_the_pile_at_the_end_of_the_round():
    """001 App. Objective Cards *: 'When using module 3, as the Kaufman player, you need to keep two
    separate piles: one collecting the guests whose order you completed this round and another one
    collecting the guests relevant to this objective. At the end of a round, you score VP only for
    the guests in the first pile, before moving any relevant guests to the second pile'. Kaufman's
    5th 3+ guest does not complete C+ in the round it moves in, only once the round has ended."""
    sc = _hotels_more({0: "kaufman", 1: "stroup"}, ["A3", "B1", "CM5"])
    _pile(sc, 0, [55, 56, 57, 68])
    sc.guest(0, 69, served="full").rooms(0, prepared=[0])
    sc.turn(0, covered=1)
    sc.pos["turn_order"][1]["covered"] = 2
    st = sc.state()
    st.apply("m0r0")
    finish(st)
    assert st.parts["more"].pile[0] == (55, 56, 57, 68)  # not yet: Kaufman's round pile
    assert st.parts["unique_hotels"].pile == (69,)
    st.apply("done")
    assert st.markers[2] == ()  # claimed only with the guests in the objective pile
    assert st.round == 2
    assert st.parts["more"].pile[0] == (55, 56, 57, 68, 69)
    pos = json.loads(json.dumps(st.to_position()))
    assert from_position(pos).to_position() == st.to_position()


def test_entertainer_up_to_two_orders_one_is_enough():
    """001 App. #179 Entertainer: 'fill up to two guests' orders by taking the required items from
    the supply': after the first order the player may stop (here with two more guests waiting)."""
    sc = Scenario(players=2, modules="more").objectives(["AM5", "B1", "C1"])
    sc.staff(0, "entertainer", "played").kitchen(0, strudel=3, cake=3, wine=3, coffee=3)
    st = sc.guest(0, 90).guest(0, 69).guest(0, 51).turn(0).state()
    play(st, "done", "bell:entertainer", "c1")
    assert "done" in st.legal_actions() and {"c0", "c2"} <= set(st.legal_actions())
    supply = list(st.supply)
    st.apply("done")
    pl = st.players[0]
    assert pl.served[0] == [0, 0, 0, 0, 0] and pl.served[2] == [0, 0, 0, 0, 0]
    assert st.supply == supply
    assert st.stack == (("turn", 1),)
