"""Let's Waltz! module IV, Start Player: one scenario test per rule point.

Sources: ``001`` = the Let's Waltz! rulebook, section "Module 4: START PLAYER"; rule-point
ids (M4-n) from ``shared/reference/lets-waltz-rules.md``.
"""

from __future__ import annotations

import json

import pytest

from tabletop.core import InvalidPosition
from tabletop.games.grand_austria_hotel import from_position, new_game
from tests.gah.scenario import Scenario, play

KEY = ["key", "key=1", "key=2", "key=3", "key=4", "key=5"]


def sp(players: int = 3) -> Scenario:
    return Scenario(players=players, modules="start_player").objectives(["A3", "B3", "C1"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_turn_order_tiles_clockwise_and_key_on_the_extension(players: int) -> None:
    """001 M4 Setup 1-2 (M4-1, M4-3): only the new tiles; 'play goes around the table in a
    clockwise manner' twice a round; 'The start player does not get the skeleton key!'."""
    st = new_game(players=players, seed=3, modules="start_player")
    assert st.tiles == [(p + 1, p + 1 + players) for p in range(players)]
    assert st.parts["start_player"].holder == -1
    assert st.to_position()["modules"]["start_player"] == {"key_holder": None}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_money_by_turn_position(players: int) -> None:
    """001 M4 Setup 3 (M4-2): 'Turn order position 1 2 3 4 / Money marker on space 9 10 11 12'."""
    st = new_game(players=players, seed=4, modules="start_player")
    assert [pl.money for pl in st.players] == [9, 10, 11, 12][:players]


def test_turns_go_clockwise_twice_a_round() -> None:
    """001 M4 Course of Play (M4-3): no snake: seats 0, 1, 2, then 0, 1, 2 again."""
    st = sp(3).dice({1: 6}).turn(0).state()
    seen = []
    while st.phase == "play" and len(seen) < 6:
        p = st.current_player
        seen.append(p)
        st.apply("d1")
        while st.current_player == p and st.stack[-1][0] != "turn":
            st.apply(st.legal_actions()[0])
        st.apply("done")
    assert seen == [0, 1, 2, 0, 1, 2]


def test_key_instead_of_a_die_dish_or_drink_and_strength_one() -> None:
    """001 Start Player Action (M4-4): 'instead of taking a die ... you get 1 dish or drink of
    your choice (no champagne) and ... any main action with a strength of 1. The number of
    dice on the respective action space does not matter'. Dice on space 1 stay there."""
    st = sp(3).dice({1: 4}).kitchen(1).turn(1).state()
    assert set(KEY) <= set(st.legal_actions())
    st.apply("key=1")
    assert st.stack[-1][0] == "choice"
    assert st.legal_actions() == ["+s", "+c", "+w", "+k"]  # no champagne
    st.apply("+w")
    assert st.legal_actions() == ["s1c0"]  # strength 1, not 4
    st.apply("s1c0")
    pl = st.players[1]
    assert pl.kitchen == [1, 0, 1, 0, 0]
    assert st.dice[1] == 4, "no die is taken"
    assert st.parts["start_player"].holder == 1
    assert "done" in st.legal_actions() and "d1" not in st.legal_actions()


def test_rulebook_example_beth_takes_the_key_anna_gets_one_krone() -> None:
    """001 M4 Example: 'The current turn order is Anna, Beth, and Cyril. It is Beth's turn; she
    decides to take the skeleton key, choosing strudel as her free dish/drink and another
    strudel for the single-die main action. As a result ... Anna gets 1 krone.' (M4-6: 3 players:
    the player to your left gets nothing, the player to your right 1 krone)."""
    st = sp(3).kitchen(1).money(0, 5).money(1, 5).money(2, 5).dice({2: 3}).turn(1).state()
    play(st, "key=1", "+s", "s1c0")
    assert st.players[1].kitchen[0] == 2
    assert [pl.money for pl in st.players] == [6, 5, 5]  # Anna +1, Cyril (left of Beth) +0


def test_four_players_compensation_zero_one_two_clockwise() -> None:
    """001 M4 (M4-6): '4-player game, the player to your left gets nothing, the player to their
    left gets 1 krone, and the player to your right gets 2 kronas'."""
    st = sp(4).money(0, 3).money(1, 3).money(2, 3).money(3, 3).dice({1: 1}).turn(1).state()
    play(st, "key", "+s")
    assert [pl.money for pl in st.players] == [5, 3, 3, 4]


def test_two_players_opponent_gets_nothing() -> None:
    """001 M4 (M4-6): 'In a 2-player game, your opponent gets nothing.'"""
    st = sp(2).money(0, 3).money(1, 3).dice({1: 1}).turn(0).state()
    play(st, "key", "+k")
    assert [pl.money for pl in st.players] == [3, 3]


def test_key_main_actions_rooms_emperor_krone_staff_at_strength_one() -> None:
    """001 M4-4: 'prepare 1 room, or take 1 krone, or advance 1 space on the Emperor track, or
    play 1 staff card from hand for 1 krone less' (any action space, whatever its dice)."""
    sc = sp(2).dice({3: 3, 4: 2, 5: 2}).rooms(0, prepared=[0]).money(0, 10)
    st = sc.turn(0).state()
    play(st, "key=3", "+s")
    assert [st.legal_actions()[-1]] == ["done"] and len(st.legal_actions()) > 1
    st.apply(next(a for a in st.legal_actions() if a.startswith("r")))
    assert st.stack[-1][0] == "turn" and sum(1 for r in st.players[0].rooms if r) == 2
    st = sc.turn(0).state()
    play(st, "key=4", "+s")
    assert st.legal_actions() == ["e0m1", "e1m0"]
    st = sc.staff(0, "chef").turn(0).state()  # Chef costs 3: 2 with the key
    play(st, "key=5", "+s", "play:chef")
    assert st.players[0].money == 10 - 2


def test_no_boost_and_no_die_triggered_staff_with_the_key() -> None:
    """001 M4 Note (M4-5): 'You may not pay 1 krone to boost that main action. Your staff that
    activate on taking a particular die do not activate here.' Restaurant Manager (+1 die on
    1s and 2s) and Bootblack (on a 4: emperor steps and krone) stay idle."""
    sc = sp(2).dice({1: 2, 4: 2}).staff(0, "restaurant-manager", "played").staff(0, "bootblack", "played")
    st = sc.turn(0).state()
    assert not any(a.startswith("key") and a.endswith("+") for a in st.legal_actions())
    play(st, "key=1", "+w")
    assert st.legal_actions() == ["s1c0"]
    st = sc.turn(0).state()
    play(st, "key=4", "+w")
    assert st.legal_actions() == ["e0m1", "e1m0"]  # a choice of one, not Bootblack's both


def test_not_after_a_die_and_not_once_taken() -> None:
    """001 M4-4: the key is taken 'instead of taking a die', 'if the skeleton key is still
    available on the action board extension'."""
    st = sp(2).dice({1: 3}).turn(0).state()
    play(st, "d1", "s2c1")
    assert not any(a.startswith("key") for a in st.legal_actions())
    st = sp(2).dice({1: 3}).set(modules={"start_player": {"key_holder": 1}}).turn(0).state()
    assert not any(a.startswith("key") for a in st.legal_actions())


def test_never_when_or_after_passing_even_after_the_reroll() -> None:
    """001 M4 Important! (M4-7): 'You may not take it when or after you pass, even if it is
    still available after the re-roll.' A seat that passed this round (passes = 1) gets no key;
    passing is not a way to take it either."""
    sc = sp(2).dice({1: 3})
    st = sc.turn(0).state()
    assert "pass" in st.legal_actions() and "key" in st.legal_actions()
    pos = sc.turn(0).position()
    pos["players"][0]["passes"] = 1
    st = from_position(pos)
    assert not any(a.startswith("key") for a in st.legal_actions())


def test_key_when_no_die_is_left() -> None:
    """Reading M4-8a: the key may be taken on a turn when no die is left (it replaces taking a
    die, and 'if the skeleton key is still available ... you can take' it)."""
    st = sp(2).dice({}).turn(0).state()
    assert "key" in st.legal_actions() and "done" in st.legal_actions()


def _end_round_after(st_builder: Scenario, seat: int, action: list[str]):
    """Every seat has taken both turns except ``seat``'s last one; play it and end the round."""
    pos = st_builder.position()
    for q, t in enumerate(pos["turn_order"]):
        t["covered"] = 2 if q != seat else 1
    st = from_position(pos)
    play(st, *action, "done")
    return st


def test_end_of_round_tiles_clockwise_from_the_key_holder_and_key_returns() -> None:
    """001 M4 End of Round (M4-8): 'redistribute the turn order tiles clockwise, beginning with
    the player holding the skeleton key. Then return the skeleton key'. Seat 2 of 4 holds it:
    seat 2 gets position 1, seat 3 position 2, seat 0 position 3, seat 1 position 4."""
    sc = sp(4).dice({1: 1}).turn(2)
    st = _end_round_after(sc, 2, ["key", "+s"])
    assert st.round == 2 and st.is_chance()
    assert st.tiles == [(3, 7), (4, 8), (1, 5), (2, 6)]
    assert st.parts["start_player"].holder == -1


def test_end_of_round_without_the_key_tiles_pass_left() -> None:
    """001 M4 End of Round (M4-8): 'If the skeleton key has not been taken, instead pass your
    turn order tiles to the left, as normal.'"""
    sc = sp(3).dice({1: 2}).turn(1)
    st = _end_round_after(sc, 1, ["d1", "s2c0"])
    assert st.round == 2
    assert st.tiles == [(3, 6), (1, 4), (2, 5)]


def test_the_key_covers_a_turn_like_a_die() -> None:
    """001 M4-4: 'place it on your turn order tile (covering the lowest visible number as you
    would with a die)': the turn counts."""
    st = sp(2).dice({1: 2}).turn(0, covered=0).state()
    play(st, "key", "+s", "done")
    assert st.covered[0] == 1 and st.current_player == 1


def test_key_holder_in_positions_round_trip_and_bad_values_rejected() -> None:
    """Position format 2: the module's part; a bad key holder is a clear error."""
    st = sp(3).dice({1: 1}).turn(1).state()
    play(st, "key", "+s")
    pos = json.loads(json.dumps(st.to_position()))
    assert pos["format"] == 2 and pos["modules"]["start_player"] == {"key_holder": 1}
    assert from_position(pos).to_position() == st.to_position()
    pos["modules"]["start_player"]["key_holder"] = 7
    with pytest.raises(InvalidPosition, match="key_holder"):
        from_position(pos)
    pos["modules"] = {}
    with pytest.raises(InvalidPosition, match="modules"):
        from_position(pos)


def test_undo_restores_key_money_and_items() -> None:
    """State contract: undo takes the key action back exactly."""
    st = sp(3).dice({1: 1}).turn(1).state()
    before = json.dumps(st.to_position(), sort_keys=True)
    st.apply("key=1")
    st.undo()
    assert json.dumps(st.to_position(), sort_keys=True) == before


def test_key_items_may_go_onto_guests_and_action_2_is_one_wine() -> None:
    """001 M4 Start Player Action: 'take 1 wine' (action 2 at strength 1) and Note: 'As always, you
    can place the items you get on guests in your café or in your kitchen.' Photographer (#55, 3
    wine) gets the chosen wine and the action's wine."""
    st = sp(2).guest(0, 55).kitchen(0).dice({2: 3}).turn(0).state()
    play(st, "key=2", "+w")
    assert st.legal_actions() == ["t0w", "done"]
    st.apply("t0w")
    assert st.legal_actions() == ["w1k0"]  # strength 1, not 3
    play(st, "w1k0", "t0w")
    pl = st.players[0]
    assert pl.served[0][2] == 2 and pl.kitchen == [0, 0, 0, 0, 0]
    assert st.dice[2] == 3
