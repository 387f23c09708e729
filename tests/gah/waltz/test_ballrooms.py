"""Let's Waltz! module I, Vienna Ballrooms: one scenario test per rule point.

Sources: ``001`` = the Let's Waltz! rulebook, "Module I: VIENNA BALLROOMS" and the appendix
("Ballrooms", "Objective Cards", "Emperor Tiles"); rule-point ids (M1-n) from
``shared/reference/lets-waltz-rules.md`` section 1. Row costs, row spaces and rehearsal
section bonuses are provisional data: tests read them from the data, every other number
is the rulebook's.
"""

from __future__ import annotations

import pytest

from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.modules.ballrooms import ballroom_scores, shared_ranks
from tests.gah.scenario import play
from tests.gah.waltz.test_ballrooms_helpers import (
    SRC,
    H,
    bvp,
    dancers,
    last_turn,
    resolve,
    row_cost,
    row_spaces,
    scen,
    sections,
    state,
)

# guests used below (rewards confirmed by 001 App. Guest Cards)
WALTZ_QUEEN = 140  # no reward, 15 VP
TSARINA = 147  # send a dancer 1 champagne less, 9 VP
DEBUTANTE = 134  # 1 champagne
KNIGHT = 65  # base blue guest, no reward, 3 VP
PRINCESS = 68  # base blue guest, 3 emperor steps


# ------------------------------------------------------------------- setup
def test_setup_one_champagne_in_each_kitchen() -> None:
    """001 Setup 5 (M1-5): 'In addition to the four starting dishes and drinks, you also start
    with 1 champagne in your kitchen'; 001 Components / Setup 3 (M1-4): 25 champagne."""
    for n in (2, 3, 4):
        st = new_game(players=n, seed=7, modules="ballrooms")
        assert [pl.kitchen for pl in st.players] == [[1, 1, 1, 1, 1]] * n
        assert st.supply[H] == 25 - n


def test_setup_three_random_ballrooms_in_random_order() -> None:
    """001 Setup 1 (M1-2): 'Select three ballroom boards at random ... in a random order'."""
    seen = set()
    for seed in range(30):
        st = new_game(players=2, seed=seed, modules="ballrooms")
        rooms = st.to_position()["modules"]["ballrooms"]["ballrooms"]
        assert len(rooms) == 3 and len(set(rooms)) == 3
        seen.add(tuple(rooms))
    assert len({r for t in seen for r in t}) == 5  # every board can come up
    assert len(seen) > 10  # and in different orders


def test_rehearsal_boards_chosen_in_reverse_turn_order() -> None:
    """001 Setup 6 (M1-5a): 'Lay out a random assortment of rehearsal room boards equal to the
    number of players ... Beginning with the player to the right of the start player and in
    counter-clockwise order, choose a rehearsal room board'; 10 dancers in sections of 1, 2, 3, 4.
    Step 6 comes before choosing the initial guest."""
    st = new_game(players=3, seed=5, modules="ballrooms")
    assert st.phase == "rehearsal"
    part = st.parts["ballrooms"]
    assert len(part.laid) == 3
    order = st._turn_order()
    chooser = []
    while st.phase == "rehearsal":
        chooser.append(st.current_player)
        st.apply(st.legal_actions()[-1])
    assert chooser == order[::-1]
    assert part.laid == ()
    assert all(part.sections[p] == (1, 2, 3, 4) for p in range(3))
    assert len(set(part.board)) == 3
    assert st.phase == "start_guest" and st.current_player == order[-1]


def test_four_players_use_all_four_boards() -> None:
    """001 Setup 6a (M1-5a): '(In a 4-player game, all four tiles are used.)'"""
    st = new_game(players=4, seed=2, modules="ballrooms")
    assert st.parts["ballrooms"].laid == (0, 1, 2, 3)


def test_action_board_champagne_side_example() -> None:
    """001 Main Actions (M1-6): 'With three dice on the action space, you can take either: 3 strudel,
    or 2 strudel and 1 cake, or 1 strudel, 1 cake, and 1 champagne.'"""
    st = state(scen().dice({1: 3}).turn(0))
    st.apply("d1")
    assert sorted(st.legal_actions()) == sorted(["s3c0", "s2c1", "s1c1h1"])


def test_action_board_drinks_and_champagne_example() -> None:
    """001 Main Actions, Taking Drinks and Champagne (M1-7): 'With four dice on the action space,
    you can take either: 4 wine, or 3 wine and 1 coffee, or 2 wine and 2 coffee, or 2 wine,
    1 coffee, and 1 champagne.'"""
    st = state(scen().dice({2: 4}).turn(0))
    st.apply("d2")
    assert sorted(st.legal_actions()) == sorted(["w4k0", "w3k1", "w2k2", "w2k1h1"])


def test_champagne_is_served_and_placed_like_dishes_and_drinks() -> None:
    """001 Important! and Additional Actions (M1-8): 'all rules that apply to dishes and drinks also
    apply to champagne, e.g., when gaining champagne, you can place it on guests in your café or in
    your kitchen'; 'the "Serving Items" additional action now also includes champagne.'"""
    sc = scen().guest(0, WALTZ_QUEEN).kitchen(0, strudel=0, cake=0, wine=0, coffee=0, champagne=1)
    st = state(sc.turn(0))
    play(st, "serve", "t0h")
    assert st.players[0].served[0][H] == 1 and st.players[0].kitchen[H] == 0
    sc = scen().guest(0, WALTZ_QUEEN).kitchen(0, champagne=0).staff(0, "pianist", "played")
    st = state(sc.turn(0))
    st.apply("use:pianist")
    assert st.stack[-1][0] == "place" and "t0h" in st.legal_actions()
    st.apply("t0h")
    assert st.players[0].served[0][H] == 1


def test_base_dishes_and_drinks_penalty_leaves_champagne() -> None:
    """001 Important! (M1-8, reading M1-8a): champagne 'is considered neither dish nor drink', so the
    base Emperor penalty 'return all dishes and drinks from your kitchen' (000 A2) leaves it."""
    sc = scen().emperor_tiles(["A2", "B1", "C1"]).emperor(0, 0).emperor(1, 8).kitchen(0, champagne=3, wine=2)
    st = state(last_turn(sc, 3))
    st.apply("done")
    resolve(st)
    assert st.players[0].kitchen == [0, 0, 0, 0, 3]


def test_tie_break_counts_champagne() -> None:
    """001 Game End and Final Scoring (M1-33): 'In case of a tie, the combined total of dishes,
    drinks, and champagne in the kitchen plus your position on the money track breaks the tie.'"""
    sc = scen().emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 8).money(0, 0).money(1, 0)
    sc.kitchen(0, strudel=0, cake=0, wine=0, coffee=0, champagne=2)
    sc.kitchen(1, strudel=0, cake=0, wine=0, coffee=0, champagne=0).vp(1, guests=2)
    st = state(last_turn(sc, 7))
    st.apply("done")
    assert st.phase == "over" and st.scores()[0] == st.scores()[1]
    assert st.winners() == [0]


# ----------------------------------------------------------------- sending
def _send_state(guest: int = KNIGHT, champagne: int = 5, **kw) -> tuple:
    sc = scen(**kw).guest(0, guest, served="full").kitchen(0, champagne=champagne)
    return sc


def test_send_pays_row_cost_places_dancer_discards_guest() -> None:
    """001 Sending a Guest to a Ballroom steps 1, 2, 4 (M1-9, M1-10, M1-12, M1-15): pay the row's
    champagne from the kitchen, place a dancer on the first unoccupied space from the left,
    discard the guest gaining the VP on the card; no room is turned."""
    st = state(_send_state(WALTZ_QUEEN).rooms(0, prepared=[0]).turn(0))
    cost = row_cost(st, 0, 2)
    play(st, "m0b0b", "dancer:4")
    pl = st.players[0]
    assert pl.kitchen[H] == 5 - cost
    assert st.parts["ballrooms"].rows[2] == (0,)
    assert st.parts["ballrooms"].sections[0] == (1, 2, 3, 3)
    assert pl.cafe[0] == 0 and WALTZ_QUEEN in st.guest_discard
    assert pl.vp_src[SRC["guests"]] == 15
    assert pl.rooms == [1] + [0] * 19


def test_only_affordable_rows_with_a_free_space() -> None:
    """001 step 1 (M1-9): 'You must select a row that you can afford. If you cannot afford any,
    you may not select this additional action.'"""
    st = state(_send_state(champagne=0).turn(0))
    costs = [[row_cost(st, b, r) for r in range(3)] for b in range(3)]
    want = {f"m0b{b}{'tmb'[r]}" for b in range(3) for r in range(3) if costs[b][r] <= 0}
    assert {a for a in st.legal_actions() if a.startswith("m0b")} == want
    for c in range(1, 4):
        st = state(_send_state(champagne=c).turn(0))
        want = {f"m0b{b}{'tmb'[r]}" for b in range(3) for r in range(3) if costs[b][r] <= c}
        assert {a for a in st.legal_actions() if a.startswith("m0b")} == want


def test_guest_colour_does_not_matter_and_no_prepared_room_needed() -> None:
    """001 Note (M1-15): 'When sending a dancer to a ballroom, you do not turn a room in your hotel;
    also, the guest's color does not matter.'"""
    st = state(_send_state(KNIGHT).turn(0))  # a blue guest, no room prepared at all
    assert not any(a.startswith("m0r") for a in st.legal_actions())
    assert "m0b0b" in st.legal_actions()


def test_incomplete_guest_cannot_be_sent() -> None:
    """001 (M1-9): 'When you complete a guest's order, instead of moving them to a vacant room...'"""
    st = state(scen().guest(0, KNIGHT).kitchen(0, champagne=5).turn(0))
    assert not any(a.startswith("m0b") for a in st.legal_actions())


def test_dancer_from_any_section() -> None:
    """001 step 2 (M1-10): 'You can take dancers from your rehearsal room board in any order.'"""
    st = state(_send_state().turn(0))
    st.apply("m0b0b")
    assert st.legal_actions() == ["dancer:1", "dancer:2", "dancer:3", "dancer:4"]
    st.apply("dancer:2")
    assert st.parts["ballrooms"].sections[0] == (1, 1, 3, 4)


def test_leftmost_free_space_and_full_rows_closed() -> None:
    """001 step 2 and Note (M1-10, M1-17): the first unoccupied space from the left; 'Once all
    spaces in the leftmost or middle ballroom are occupied, you cannot send any more dancers to it.'"""
    sc = _send_state()
    st0 = state(sc.turn(0))
    n0 = row_spaces(st0, 0, 2)
    n1 = row_spaces(st0, 1, 2)
    dancers(sc, 0, 2, [1] * n0)
    dancers(sc, 1, 2, [1] * (n1 - 1))
    st = state(sc)
    legal = st.legal_actions()
    assert "m0b0b" not in legal and "m0b1b" in legal
    play(st, "m0b1b", "dancer:4")
    assert st.parts["ballrooms"].rows[1 * 3 + 2] == (1,) * (n1 - 1) + (0,)


def test_bottom_row_no_bonus_top_and_middle_bonus() -> None:
    """001 step 3 (M1-11) and App. Apollosaal (M1-25): 'Top row bonus: You get 3 kronen. Middle
    row bonus: You get 2 kronen.' 'The bottom row does not provide a bonus.'"""
    for row, gain in (("t", 3), ("m", 2), ("b", 0)):
        st = state(_send_state(WALTZ_QUEEN).money(0, 5).turn(0))
        play(st, f"m0b0{row}", "dancer:4")
        resolve(st)
        assert st.players[0].money == 5 + gain


def test_rewards_in_order_of_choice_after_paying() -> None:
    """001 (M1-13, M1-14): 'If you remove the last dancer from a section ... you immediately get
    the depicted room bonus.' 'You can collect the various rewards (steps 3, 4, and 5) in an
    order of your choice. Steps 1 and 2, however, must take place before gaining any rewards,
    i.e., you cannot use champagne from rewards to pay for the dancer.'"""
    sc = scen().guest(0, DEBUTANTE, served="full")
    st0 = state(sc.turn(0))
    cost = row_cost(st0, 0, 0)
    st = state(sc.kitchen(0, champagne=cost).money(0, 5).turn(0))
    play(st, "m0b0t", "dancer:1")  # the 1-dancer section empties
    assert st.players[0].kitchen[H] == 0  # paid before any reward
    assert st.legal_actions() == ["first:row", "first:guest", "first:room"]
    st.apply("first:guest")
    assert st.players[0].kitchen[H] == 1  # Debutante: 1 champagne
    assert st.players[0].money == 5
    assert st.legal_actions() == ["first:row", "first:room"]
    st.apply("first:row")  # the room bonus is the only one left: it follows by itself
    resolve(st)
    bonus = st.rules.module_data["ballrooms"]["rehearsal_boards"][0]["sections"][0]["bonus"]
    assert bonus == [{"effect": "gain_money", "amount": 2}]  # provisional room bonus of board 1
    assert st.players[0].money == 5 + 3 + 2  # Apollosaal top row 3 kronen, room bonus 2


def test_cannot_send_without_enough_champagne_before_rewards() -> None:
    """001 (M1-14): 'you could not have sent the dancer if you did not have 2 champagne in your
    kitchen to begin with, because you must first pay and only then collect any rewards.'"""
    sc = scen().guest(0, DEBUTANTE, served="full")
    st0 = state(sc.turn(0))
    cost = row_cost(st0, 0, 0)
    st = state(sc.kitchen(0, champagne=cost - 1).turn(0))
    assert "m0b0t" not in st.legal_actions()


def test_guest_moved_staff_do_not_trigger() -> None:
    """001 Note (M1-15a, reading): a guest sent to a ballroom is not moved to a room, so the
    Custodian (003: 'Receive 1 krone each time you move a guest to a room') does not pay."""
    st = state(_send_state(WALTZ_QUEEN).staff(0, "custodian", "played").money(0, 5).turn(0))
    play(st, "m0b0b", "dancer:4")
    resolve(st)
    assert st.players[0].money == 5


def test_three_players_skip_four_player_spaces() -> None:
    """001 Note (M1-16): 'On the 3/4-player side, some spaces are reserved for the 4-player game
    ... Do not use these spaces during 3-player games.'"""
    side = {rec["id"]: rec["sides"]["value"]["34"] for rec in
            new_game(players=3, seed=1, modules="ballrooms").rules.module_data["ballrooms"]["ballrooms"]}
    st3 = state(scen(players=3).turn(0))
    st4 = state(scen(players=4).turn(0))
    s = side["apollosaal"]
    for r in range(3):
        assert row_spaces(st4, 0, r) == s["spaces"][r]
        assert row_spaces(st3, 0, r) == s["spaces"][r] - s["four_player_only"][r]
    # the 3-player row closes after its usable spaces
    n = row_spaces(st3, 0, 2)
    sc = dancers(_send_state(players=3), 0, 2, [1] * n)
    assert "m0b0b" not in state(sc.turn(0)).legal_actions()


def test_balcony_beyond_full_top_row_of_the_rightmost_ballroom() -> None:
    """001 The Balcony (M1-17): 'Once all depicted spaces in the top row are occupied ... you can
    pay 3 champagne to place the dancer on the balcony board, gaining the top row bonus of the
    adjacent ballroom. ... dancers on the balcony are considered to be placed in the top row of
    the rightmost ballroom.' The leftmost ballroom's full top row stays closed."""
    rooms = ("goldener_strauss", "odeonsaal", "apollosaal")
    sc = _send_state(WALTZ_QUEEN, champagne=3, rooms=rooms).money(0, 5)
    st0 = state(sc.turn(0))
    dancers(sc, 2, 0, [1] * row_spaces(st0, 2, 0))
    dancers(sc, 0, 0, [1] * row_spaces(st0, 0, 0))
    st = state(sc)
    assert "m0b2t" in st.legal_actions() and "m0b0t" not in st.legal_actions()
    play(st, "m0b2t", "dancer:4")
    resolve(st)
    assert st.players[0].kitchen[H] == 0  # 3 champagne
    assert st.players[0].money == 8  # Apollosaal top row bonus
    assert st.parts["ballrooms"].rows[6][-1] == 0
    st2 = state(sc.kitchen(0, champagne=2))
    assert "m0b2t" not in st2.legal_actions()


def test_dancers_can_go_to_an_already_scored_ballroom() -> None:
    """001 Note (M1-19): 'You may place a dancer in an already scored ballroom.'"""
    st = state(_send_state().round(6).turn(0))
    assert "m0b0b" in st.legal_actions()


def test_no_dancers_left_no_send() -> None:
    """001 step 2 (M1-10): the dancer comes from your rehearsal room board; with none left there
    is nothing to send."""
    sc = sections(_send_state(), 0, [0, 0, 0, 0])
    assert not any(a.startswith("m0b") for a in state(sc.turn(0)).legal_actions())


def test_flamenco_dancer_room_or_ballroom() -> None:
    """001 Note (M1-20): 'you can move the Flamenco Dancer guest card from the base game (#53) to a
    hotel room or send her to a ballroom.'"""
    st = state(_send_state(53).rooms(0, prepared=[1]).turn(0))
    assert "m0r1" in st.legal_actions() and "m0b0b" in st.legal_actions()


def test_pope_must_go_to_a_room() -> None:
    """001 App. #162 Pope: 'The Pope must move into a room; he cannot be sent to a ballroom.'"""
    st = state(_send_state(162).rooms(0, prepared=[0, 1]).turn(0))
    assert "m0r0" in st.legal_actions()
    assert not any(a.startswith("m0b") for a in st.legal_actions())


# ------------------------------------------------------------ extra dancers
def test_tsarina_example() -> None:
    """001 Module I Example (M1-21, M1-22): Tsarina to a hotel room, 9 VP; her additional dancer to
    Apollosaal, the rightmost ballroom, whose regular top spaces are full: the balcony, 3
    champagne less 1 = 2 paid; 3 kronen row bonus; the last dancer of the third section gives
    2 champagne and 1 Emperor step."""
    rooms = ("zum_sperrl", "odeonsaal", "apollosaal")
    sc = scen(rooms=rooms).guest(0, TSARINA, served="full").rooms(0, prepared=[0])
    sc.kitchen(0, champagne=2).money(0, 5).emperor(0, 2)
    st0 = state(sc.turn(0))
    dancers(sc, 2, 0, [1] * row_spaces(st0, 2, 0))
    sections(sc, 0, [0, 0, 1, 0])
    st = state(sc.turn(0))
    st.apply("m0r0")
    pl = st.players[0]
    assert pl.vp_src[SRC["guests"]] == 9
    assert "send:2t" in st.legal_actions()
    st.apply("send:2t")
    assert pl.kitchen[H] == 0  # paid 2 before any reward
    st.apply("first:row")
    resolve(st)
    assert pl.money == 8
    assert pl.kitchen[H] == 2 and pl.emperor == 3
    assert st.parts["ballrooms"].rows[6][-1] == 0


def test_tsarina_needs_the_champagne_first() -> None:
    """001 Example (M1-22): 'you could not have sent the dancer if you did not have 2 champagne'."""
    rooms = ("zum_sperrl", "odeonsaal", "apollosaal")
    sc = scen(rooms=rooms).guest(0, TSARINA, served="full").rooms(0, prepared=[0]).kitchen(0, champagne=1)
    st0 = state(sc.turn(0))
    dancers(sc, 2, 0, [1] * row_spaces(st0, 2, 0))
    st = state(sc.turn(0))
    st.apply("m0r0")
    assert "send:2t" not in st.legal_actions()


def test_extra_send_is_optional_and_independent_of_the_guest() -> None:
    """001 New Icons (M1-21): 'You can send an additional dancer' ... 'sending the additional dancer
    is independent of what you do with the guest': Tsarina herself to a ballroom, then her extra
    dancer too; or decline with done."""
    st = state(scen().guest(0, TSARINA, served="full").kitchen(0, champagne=6).turn(0))
    play(st, "m0b0b", "dancer:4")
    assert st.stack[-1][0] == "bal_send" and "done" in st.legal_actions()
    play(st, "send:0b", "dancer:4")
    assert st.parts["ballrooms"].rows[2] == (0, 0)
    assert st.players[0].kitchen[H] == 6 - row_cost(st, 0, 2) - max(0, row_cost(st, 0, 2) - 1)
    st = state(scen().guest(0, TSARINA, served="full").kitchen(0, champagne=6).turn(0))
    play(st, "m0b0b", "dancer:4", "done")
    assert st.stack[-1][0] == "turn"
    assert st.parts["ballrooms"].rows[2] == (0,)


# ---------------------------------------------------------- ballroom scoring
def _three(rooms: tuple[str, ...]):
    return scen(players=3, rooms=rooms)


def test_apollosaal_example() -> None:
    """001 App. Apollosaal (M1-25): 'Anna has two dancers in this ballroom, one of them in the top
    row, so she scores 2 x 3 = 6 VP. Beth has one dancer in the bottom row, so she scores only
    1 x 1 = 1 VP. Cyril has three dancers, all in the middle row, so he scores 3 x 2 = 6 VP.'"""
    sc = _three(("apollosaal", "odeonsaal", "zum_sperrl"))
    dancers(sc, 0, 0, [0])
    dancers(sc, 0, 1, [2, 2, 2])
    dancers(sc, 0, 2, [0, 1])
    assert ballroom_scores(state(sc), 0) == [6, 1, 6]


def test_goldener_strauss_example() -> None:
    """001 App. Goldener Strauß (M1-26): 'The top row is empty ... In the middle row, Beth and Cyril
    have one dancer each, so they both score 4 VP each (= half of 7 VP + 2 VP, rounded down). In the
    bottom row, Anna has two dancers and Cyril has one; consequently, Anna scores 7 VP and Cyril
    scores 2 VP.'"""
    sc = _three(("goldener_strauss", "odeonsaal", "zum_sperrl"))
    dancers(sc, 0, 1, [1, 2])
    dancers(sc, 0, 2, [0, 0, 2])
    assert ballroom_scores(state(sc), 0) == [7, 4, 6]


def test_odeonsaal_example() -> None:
    """001 App. Odeonsaal (M1-27): 'Anna has six dancers, Beth has one dancer, and Cyril has no
    dancers in this ballroom. Consequently, Anna scores 25 VP, Beth scores 1 VP, and Cyril loses
    5 VP.' Table 1/4/9/16/25."""
    rooms = ("zum_sperrl", "odeonsaal", "apollosaal")
    sc = _three(rooms)
    dancers(sc, 1, 2, [0, 0, 0, 1])
    dancers(sc, 1, 1, [0, 0, 0])
    assert ballroom_scores(state(sc), 1) == [25, 1, -5]
    for k, vp in ((1, 1), (2, 4), (3, 9), (4, 16), (5, 25)):
        sc = _three(rooms)
        dancers(sc, 1, 2, [0] * min(k, 4))
        dancers(sc, 1, 1, [0] * max(0, k - 4))
        assert ballroom_scores(state(sc), 1)[0] == vp


def test_zum_sperrl_example_and_two_players() -> None:
    """001 App. Zum Sperrl (M1-28, M1-28a, M1-30): 'Anna and Beth both have three dancers each ...
    scoring 12 VP each, i.e. 15 VP + 10 VP divided by two, rounded down; Cyril scores 5 VP'. 2
    players: 'the player with the most total dancers ... scores 10 VP. If the other player has at
    least one dancer ... they score 3 VP'; no dancer: lose 5 VP."""
    sc = _three(("zum_sperrl", "odeonsaal", "apollosaal"))
    dancers(sc, 0, 2, [0, 0, 1, 1])
    dancers(sc, 0, 1, [0, 1, 2])
    assert ballroom_scores(state(sc), 0) == [12, 12, 5]
    sc = scen(rooms=("zum_sperrl", "odeonsaal", "apollosaal"))
    dancers(sc, 0, 2, [0, 0, 1])
    assert ballroom_scores(state(sc), 0) == [10, 3]
    sc = scen(rooms=("zum_sperrl", "odeonsaal", "apollosaal"))
    dancers(sc, 0, 2, [0])
    assert ballroom_scores(state(sc), 0) == [10, -5]
    sc = scen(players=4, rooms=("zum_sperrl", "odeonsaal", "apollosaal"))
    dancers(sc, 0, 2, [0, 0, 1, 2])
    dancers(sc, 0, 1, [3])
    assert ballroom_scores(state(sc), 0) == [15, 5, 5, 5]  # (10 + 5 + 0) // 3


def test_zur_kettenbruecke_example() -> None:
    """001 App. Zur Kettenbrücke (M1-29): 'Anna has one dancer ...; Beth has four dancers; and
    Cyril has three dancers. Consequently, Anna scores 0 VP, Beth scores 14 VP, and Cyril scores
    7 VP.'"""
    sc = _three(("zur_kettenbruecke", "odeonsaal", "apollosaal"))
    dancers(sc, 0, 2, [0, 1, 1, 2])
    dancers(sc, 0, 1, [1, 1, 2])
    dancers(sc, 0, 0, [2])
    assert ballroom_scores(state(sc), 0) == [0, 14, 7]


def test_shared_rank_rule() -> None:
    """001 Resolving Ties (M1-30): 'the tied players share a rank and an according number of
    subsequent ranks are skipped. Total the VP of the shared rank and any skipped ranks and divide
    the total by the number of tied players of that rank, rounded down.'"""
    assert shared_ranks([3, 3, 1], [15, 10, 5]) == [12, 12, 5]
    assert shared_ranks([1, 1], [7, 2]) == [4, 4]
    assert shared_ranks([2, 1, 1, 0], [15, 10, 5]) == [15, 7, 7, 0]
    assert shared_ranks([0, 0], [7, 2]) == [0, 0]


def test_no_dancer_loses_five_everywhere() -> None:
    """001 Ballroom Scoring (M1-24): 'When a ballroom is scored, each player with no dancer in that
    ballroom loses 5 victory points.'"""
    for name in ("apollosaal", "goldener_strauss", "odeonsaal", "zum_sperrl", "zur_kettenbruecke"):
        sc = scen(rooms=(name, "odeonsaal" if name != "odeonsaal" else "apollosaal", "zum_sperrl"
                         if name != "zum_sperrl" else "apollosaal"))
        dancers(sc, 0, 2, [1])
        assert ballroom_scores(state(sc), 0)[0] == -5


@pytest.mark.parametrize("rnd,b", [(3, 0), (5, 1), (7, 2)])
def test_ballroom_scored_after_emperor_scoring(rnd: int, b: int) -> None:
    """001 Ballroom Scoring (M1-23, M1-31): 'the leftmost ballroom is scored after the first Emperor
    scoring (at the end of round 3), the middle ballroom ... (round 5), and the rightmost ... (round
    7)'; 'The game ends after the third and final ballroom scoring'. Kettenbrücke: 7 VP per pair."""
    rooms = ["apollosaal", "odeonsaal", "zum_sperrl"]
    rooms[b] = "zur_kettenbruecke"
    sc = scen(rooms=tuple(rooms)).emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 8)
    dancers(sc, b, 2, [0, 0, 0, 0])
    st = state(last_turn(sc, rnd))
    st.apply("done")
    resolve(st)
    assert bvp(st, 0) == 14 and bvp(st, 1) == -5
    assert st.phase == ("over" if rnd == 7 else "roll")


def test_no_ballroom_scoring_in_other_rounds() -> None:
    """001 Ballroom Scoring (M1-23): ballrooms are scored only after an Emperor scoring."""
    sc = scen()
    st = state(last_turn(sc, 2))
    st.apply("done")
    assert bvp(st, 0) == 0 and bvp(st, 1) == 0


def test_champagne_worth_one_vp_at_the_end() -> None:
    """001 Game End (M1-32): 'Each champagne left in your kitchen is worth 1 victory point.'"""
    sc = scen().emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 8).kitchen(0, champagne=4)
    sc.kitchen(1, champagne=0)
    st = state(last_turn(sc, 7))
    st.apply("done")
    assert st.players[0].vp_src[SRC["champagne"]] == 4
    assert st.players[1].vp_src[SRC["champagne"]] == 0


# ------------------------------------------------------------- emperor tiles
def _emperor(tiles: list[str], rnd: int, space: int):
    sc = scen().emperor_tiles(tiles).emperor(0, space).emperor(1, 8)
    return sc, rnd


@pytest.mark.parametrize("champ,lost,vp", [(3, 2, 0), (1, 0, -5)])
def test_emperor_tile_a_champagne(champ: int, lost: int, vp: int) -> None:
    """001 App. Emperor Tiles ♪ (M1-34): 'Reward: You get 2 champagne. Penalty: Return 2 champagne
    from your kitchen to the supply. If you have less than 2 champagne in your kitchen, lose 5 VP
    instead.'"""
    sc = scen().emperor_tiles(["AM1", "B1", "C1"]).emperor(0, 0).emperor(1, 8).kitchen(0, champagne=champ)
    sc.kitchen(1, champagne=0)
    st = state(last_turn(sc, 3))
    st.apply("done")
    resolve(st)
    assert st.players[0].kitchen[H] == champ - lost
    assert st.players[0].vp_src[SRC["penalties"]] == vp
    assert st.players[1].kitchen[H] == 2  # 8 - 3 = 5 >= 3: the reward


def test_emperor_tile_b_send_free_and_remove_from_middle() -> None:
    """001 App. Emperor Tiles ♪: 'Reward: You can send a dancer to a ballroom at no champagne cost,
    with all the usual benefits, if any. Penalty: Remove one of your dancer tokens from the middle
    ballroom and return it to the game box. If you have no dancer in the middle ballroom, lose 7 VP
    instead.'"""
    sc = scen().emperor_tiles(["A1", "BM1", "C1"]).emperor(0, 0).emperor(1, 8).kitchen(1, champagne=0)
    dancers(sc, 1, 1, [0, 0])
    dancers(sc, 1, 2, [0])
    st = state(last_turn(sc, 5))
    st.apply("done")
    # seat 0 (first in turn order) suffers the penalty: a dancer from the middle ballroom
    assert st.stack[-1][0] == "bal_unseat" and st.legal_actions() == ["rmdancer:m", "rmdancer:b"]
    st.apply("rmdancer:m")
    part = st.parts["ballrooms"]
    assert part.rows[4] == (0, -1) and part.boxed[0] == 1
    # seat 1 sends a dancer for free: even the top row with no champagne
    assert st.current_player == 1 and "send:0t" in st.legal_actions()
    play(st, "send:0t", "dancer:4")
    resolve(st)
    assert st.players[1].kitchen[H] == 0 and part.rows[0] == (1,)
    sc = scen().emperor_tiles(["A1", "BM1", "C1"]).emperor(0, 0).emperor(1, 8)
    st = state(last_turn(sc, 5))
    st.apply("done")
    resolve(st)
    assert st.players[0].vp_src[SRC["penalties"]] == -7


def test_emperor_tile_c_vp_per_dancer_and_remove_two_from_rightmost() -> None:
    """001 App. Emperor Tiles ♪: 'Reward: Score 2 VP for each dancer you have across all ballrooms.
    Penalty: Remove two of your dancer tokens from the rightmost ballroom ... If you have at most one
    dancer in the rightmost ballroom, lose 10 VP instead.' (balcony counts as the top row)"""
    sc = scen().emperor_tiles(["A1", "B1", "CM1"]).emperor(0, 0).emperor(1, 10)
    dancers(sc, 2, 2, [0, 0, 0])
    dancers(sc, 0, 2, [1, 1])
    dancers(sc, 1, 2, [1])
    st = state(last_turn(sc, 7))
    st.apply("done")
    play(st, "rmdancer:b", "rmdancer:b")
    resolve(st)
    assert st.parts["ballrooms"].rows[8] == (0, -1, -1)
    # seat 1: 10 - 7 = 3 after the setback: the reward, 3 dancers x 2 VP, plus the track VP
    assert st.players[1].vp_src[SRC["emperor"]] == st.rules.emperor_vp[10] + 6
    sc = scen().emperor_tiles(["A1", "B1", "CM1"]).emperor(0, 0).emperor(1, 8)
    dancers(sc, 2, 2, [0])
    st = state(last_turn(sc, 7))
    st.apply("done")
    resolve(st)
    assert st.players[0].vp_src[SRC["penalties"]] == -10


# ---------------------------------------------------------------- objectives
def _objective_turn(sc):
    return state(sc.objectives(["AM1", "BM1", "CM1"]).dice({}).turn(0))


def test_objective_a_seven_champagne() -> None:
    """001 App. Objective Cards ♪ A: 'You have at least 7 champagne in your kitchen.'"""
    st = _objective_turn(scen().kitchen(0, champagne=7).kitchen(1, champagne=6))
    st.apply("done")
    assert st.markers[0] == (0,)
    assert st.players[0].vp_src[SRC["objectives"]] == 15


def test_objective_b_seven_dancers() -> None:
    """001 App. Objective Cards ♪ B: 'You have at least 7 dancers across any number of ballrooms
    (including the balcony).'"""
    sc = scen()
    dancers(sc, 0, 2, [0, 0, 0])
    dancers(sc, 1, 2, [0, 0])
    dancers(sc, 2, 2, [0])
    st = _objective_turn(sc)
    st.apply("done")
    assert st.markers[1] == ()
    sc = dancers(scen(), 0, 2, [0, 0, 0])
    dancers(sc, 1, 2, [0, 0])
    dancers(sc, 2, 2, [0, 0])
    st = _objective_turn(sc)
    st.apply("done")
    assert st.markers[1] == (0,)


def test_objective_c_four_green_guests_room_or_ballroom() -> None:
    """001 App. Objective Cards ♪ C: 'You have completed the orders of at least 4 green guests.'
    A green guest sent to a ballroom counts (M1-15a: completing an order)."""
    sc = scen().guest(0, 91, served="full").guest(0, 92, served="full").rooms(0, prepared=[0])
    sc.kitchen(0, champagne=5).objectives(["AM1", "BM1", "CM1"]).dice({1: 1})
    sc.pos["modules"]["ballrooms"]["green_guests"][0] = 2
    st = state(sc.turn(0))
    play(st, "m0r0", "m1b0b", "dancer:4")
    resolve(st)
    assert st.parts["ballrooms"].greens[0] == 4
    st.apply("d1")
    resolve(st)
    st.apply("done")
    assert st.markers[2] == (0,)


# ------------------------------------------------------------- position, undo
def test_dancers_accounted_for_and_position_round_trip() -> None:
    """001 Setup 6c / Components (M1-5a): 10 dancer tokens per player, on the rehearsal board, in
    the ballrooms or (after an Emperor penalty) in the box; the module's part survives the
    position format and undo."""
    import json

    from tabletop.core import InvalidPosition
    from tabletop.games.grand_austria_hotel import from_position

    sc = dancers(_send_state(TSARINA), 2, 0, [1, 0])
    st = state(sc.turn(0))
    pos = json.loads(json.dumps(st.to_position()))
    assert from_position(pos).to_position() == st.to_position()
    bad = json.loads(json.dumps(pos))
    bad["modules"]["ballrooms"]["rehearsal"][0]["sections"] = [1, 2, 3, 4]
    with pytest.raises(InvalidPosition, match="dancers accounted for"):
        from_position(bad)
    before = json.dumps(st.to_position(), sort_keys=True)
    play(st, "m0b0b", "dancer:2", "send:1b", "dancer:1")
    assert json.loads(json.dumps(st.to_position()))["modules"]["ballrooms"]["rows"][1][2] == [0]
    for _ in range(4):
        st.undo()
    assert json.dumps(st.to_position(), sort_keys=True) == before
    assert st.view(1)["modules"]["ballrooms"]["rehearsal"][0]["sections"] == [1, 2, 3, 3]



def test_objective_c_kaufman_green_guests_join_the_pile_at_the_end_of_the_round() -> None:
    """001 App. Objective Cards *: 'When using module 3, as the Kaufman player, you need to keep two
    separate piles ... At the end of a round, you score VP only for the guests in the first pile,
    before moving any relevant guests to the second pile'. Kaufman's 4th green guest does not
    complete ♪ C in the turn it moves in, only once the round has ended."""
    sc = scen(modules=["ballrooms", "unique_hotels"])
    sc.pos["modules"]["unique_hotels"] = {"entrances": [{"id": "kaufman", "owner": 0},
                                                        {"id": "stroup", "owner": 1}]}
    sc.pos["modules"]["ballrooms"]["green_guests"][0] = 3
    sc.guest(0, 91, served="full").rooms(0, prepared=[0]).objectives(["A3", "B3", "CM1"])
    sc.turn(0, covered=1)
    sc.pos["turn_order"][1]["covered"] = 2
    st = state(sc)
    st.apply("m0r0")
    resolve(st)
    assert st.parts["ballrooms"].greens[0] == 3 and st.parts["ballrooms"].greens_wait[0] == 1
    st.apply("done")
    assert st.markers[2] == ()  # not at the end of that turn
    assert st.round == 2 and st.parts["ballrooms"].greens[0] == 4
    assert st.parts["ballrooms"].greens_wait[0] == 0
