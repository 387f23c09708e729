"""A player who has begun a turn and then can take no die: ``done`` is offered, and
ending the turn so is a pass (docs/RULES.md, "No die that can be taken").

Sources: ``000`` = 2015 rulebook, ``003`` = Yucata 2021 rules, ``001`` = Let's Waltz!
(rule-point ids M2-n, M3-n, M4-n from ``shared/reference/lets-waltz-rules.md``).

The texts read together:

* 000 'Course of Play': "1. Take a guest from the game board. (optional) 2. Take a die and
  carry out the corresponding action. (mandatory) You can also take additional actions";
  003 the same, additional actions "(optional, can be before, between or after the above
  two actions)".
* 000 'Additional Actions': "You can move a guest whose order you completed to a free
  room", "You can use a Staff card you played with a 'once per round' effect" -- optional.
* 000 '2) Take a Die': "remove a die from the Action space and place it on the lowest
  visible number on your Turn Order tile"; 000 'Passing': "Instead of taking a turn, you can
  simply pass ... When you pass, you must wait until every other player has either passed
  or taken two actions (and, thus, covered both numbers on their Turn Order tile)";
  003 'Passing': "Then each player who passed takes a turn or passes again."

So when no die left on the board can be paid for, the additional actions stay optional:
the player may stop (``done``); no die covers a number of the turn order tile, so the
player waits for the re-roll like a passer. Only when no die is left at all is a turn
without a die an ordinary turn (003: "takes a normal turn except that he does not take a
die and cannot pass").
"""

from __future__ import annotations

import pytest

from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario

QUEUE = [91, 92, 93, 94, 95]  # slots 0-4 cost 3/2/1/0/0 (components.md 1.4): g3, g4 are free
KNIGHT = 65  # blue guest, order 1 coffee; room 10 is a prepared blue room below
QUIET = ["A3", "B3", "C1"]  # politics cards nobody meets here
UH = "unique_hotels"


def dice_actions(st: GahState) -> list[str]:
    return [a for a in st.legal_actions() if a[:1] == "d" and a[1:2].isdigit()]


def turn_order(st: GahState, seat: int) -> dict:
    return st.to_position()["turn_order"][seat]


def six_turn(st: GahState) -> None:
    """The player to move takes a 6 die for action 4, all steps on the Emperor track."""
    p = st.current_player
    st.apply("d6=4")
    st.apply(next(a for a in st.legal_actions() if a.endswith("m0")))
    assert st.current_player == p
    st.apply("done")


def assert_passed(st: GahState, seat: int, covered: int = 0) -> None:
    to = turn_order(st, seat)
    assert to["passed"] is True and to["covered"] == covered
    assert st.players[seat].passes == 1


# ----------------------------------------------------------------- base game
@pytest.mark.parametrize("edition", ["2021", "original"])
def test_guest_taken_then_no_die_affordable_done_is_a_pass(edition: str) -> None:
    """000/003 'Course of Play' (guest optional, die mandatory) and 000 'Additional Actions':
    "You can move a guest whose order you completed to a free room" (optional). With 0 kronen
    and only dice on space 6 ("Pay 1 krone and choose any of the 5 other actions") no die can
    be taken; after taking a free guest the player may stop -- the move into the room is not
    forced. No die covers a turn order number: 000/003 'Passing' "you must wait until every
    other player has either passed or taken two actions", then "each player who passed takes
    a turn or passes again"."""
    st = (Scenario(players=2, edition=edition).objectives(QUIET).queue(QUEUE)
          .guest(0, KNIGHT, served="full").rooms(0, prepared=[10], occupied=[0, 5])
          .money(0, 0).dice({6: 4}).turn(0).state())
    legal = st.legal_actions()
    assert "pass" in legal and "done" not in legal and not dice_actions(st)
    st.apply("g3")
    assert set(st.legal_actions()) == {"m0r10", "done"}  # the move is optional
    assert st.describe("done") == "Seat 0 ends the turn without a die and passes"
    st.apply("done")
    assert_passed(st, 0)
    assert st.players[0].cafe[:2] == [KNIGHT, QUEUE[3]]  # the guest taken stays
    assert st.dice[6] == 4 and st.to_position()["dice_on_tiles"] == 0
    # seat 1 (tiles 2, 3) takes its two turns; then the re-roll, and seat 0 goes again
    assert st.current_player == 1
    six_turn(st)
    six_turn(st)
    assert st.is_chance() and st.to_position()["dice_to_roll"] == 1  # 2 left, one to the dustbin
    st.apply("roll:0-0-0-1-0-0")
    assert st.current_player == 0 and turn_order(st, 0)["covered"] == 0
    assert {"pass", "d4"} <= set(st.legal_actions())  # a fresh turn


@pytest.mark.parametrize("edition", ["2021", "original"])
def test_once_per_round_staff_used_then_no_die_affordable_done_is_a_pass(edition: str) -> None:
    """000 'Additional Actions': "You can use a Staff card you played with a 'once per round'
    effect" and 003 "Perform 'additional actions' (optional ...)": after the Breakfast
    Server's strudel, with 0 kronen and only 6 dice, taking a guest is not forced either."""
    st = (Scenario(players=2, edition=edition).objectives(QUIET).queue(QUEUE)
          .staff(0, "breakfast-server", "played").money(0, 0).dice({6: 2}).turn(0).state())
    assert set(st.legal_actions()) == {"pass", "g3", "g4", "use:breakfast-server"}
    st.apply("use:breakfast-server")
    assert st.players[0].kitchen[0] == 2
    assert set(st.legal_actions()) == {"g3", "g4", "done"}
    st.apply("done")
    assert_passed(st, 0)
    assert st.current_player == 1 and st.players[0].cafe[0] == 0


def test_ending_without_a_die_is_a_pass_for_the_waste_manager() -> None:
    """003 Rowe-Smith variant, Waste Manager: "The first time a player passes during a round,
    gain one krone." Ending the turn without a die while dice are left is that pass."""
    st = (Scenario(players=2, rowe_smith_staff=True).objectives(QUIET)
          .staff(0, "breakfast-server", "played").staff(0, "waste-manager", "played")
          .money(0, 0).dice({6: 2}).turn(0).state())
    st.apply("use:breakfast-server")
    st.apply("done")
    assert_passed(st, 0)
    assert st.players[0].money == 1


def test_politics_claimed_when_the_turn_ends_as_a_pass() -> None:
    """003 'Politics Cards': claiming "is an additional action ... On Yucata this is done
    automatically at the end of your turn" -- also at the end of a turn that ends as a pass
    (A3: "Play at least 6 staff cards", met by the six played here)."""
    sc = Scenario(players=2).objectives(QUIET).money(0, 0).dice({6: 2})
    for slug in ("breakfast-server", "masseuse", "checker", "concierge", "butler", "stableman"):
        sc.staff(0, slug, "played")
    st = sc.turn(0).state()
    st.apply("use:breakfast-server")
    st.apply("done")
    assert_passed(st, 0)
    assert st.markers[0] == (0,)


def test_original_e_gizia_extra_turn_without_an_affordable_die_ends_normally() -> None:
    """000 'Guest Cards': "E. Gizia: You receive another turn without taking dice" (original
    rules, 003 '2021 changes'). The turn's die is already on the tile, so ending the extra
    turn when no die can be paid for is an ordinary end of turn, not a pass."""
    st = (Scenario(players=2, edition="original").objectives(QUIET).queue(QUEUE)
          .guest(0, 97, served="full").rooms(0, prepared=[1], occupied=[0])
          .money(0, 0).dice({4: 1, 6: 2}).turn(0).state())
    st.apply("d4")
    st.apply("e1m0")
    st.apply("m0r1")  # E. Gizia into the room: the extra turn starts at once
    legal = st.legal_actions()
    assert not dice_actions(st) and {"g3", "done"} <= set(legal)
    assert st.describe("done") == "Seat 0 ends the turn"
    st.apply("done")
    to = turn_order(st, 0)
    assert to["covered"] == 1 and to["passed"] is False and st.players[0].passes == 0


# ------------------------------------------------------------ Let's Waltz!
def test_start_player_key_is_the_main_action_when_no_die_is_affordable() -> None:
    """001 M4 Start Player Action (M4-4): "instead of taking a die" a player may take the
    skeleton key -- while it is on the extension the turn's main action can still be taken,
    so there is no early ``done``; once another player holds it, ``done`` ends the turn as a
    pass (M4-7: the key is then out of reach for the round)."""
    sc = (Scenario(players=2, modules="start_player").objectives(QUIET).queue(QUEUE)
          .money(0, 0).dice({6: 2}).turn(0))
    st = sc.state()
    st.apply("g3")
    legal = st.legal_actions()
    assert "key" in legal and "done" not in legal and not dice_actions(st)
    st.apply("key")
    st.apply("+s")  # the key's dish or drink
    assert st.stack[-1][0] == "place"
    st.apply("done")  # the strudel stays in the kitchen
    assert "done" in st.legal_actions() and "key" not in st.legal_actions()
    st.apply("done")
    to = turn_order(st, 0)
    assert to["covered"] == 1 and to["passed"] is False  # the key covers the number
    sc.pos["modules"]["start_player"] = {"key_holder": 1}
    st = sc.state()
    st.apply("g3")
    assert st.legal_actions() == ["done"]
    st.apply("done")
    assert_passed(st, 0)


def test_coloured_dice_that_cannot_be_paid_for_done_is_a_pass() -> None:
    """001 M2 'Using an Action Space' (M2-5, M2-6, reading M2-6a): where only coloured dice are,
    no white die can be taken, and a coloured die costs "1 krone for each other die on the
    action space". Red and blue on space 2 with 0 kronen: no die at all; after the guest the
    player may stop, and this is a pass. A lone red die (no other die) is free: no ``done``."""
    sc = (Scenario(players=2, modules="celebrities").objectives(QUIET).queue(QUEUE)
          .money(0, 0).dice({2: 2}).turn(0))
    sc.pos["modules"]["celebrities"]["dice"] = {"red": 2, "blue": 2, "yellow": 0}
    st = sc.state()
    assert not dice_actions(st) and "pass" in st.legal_actions()
    st.apply("g3")
    assert st.legal_actions() == ["done"]
    st.apply("done")
    assert_passed(st, 0)
    sc.dice({2: 1}).pos["modules"]["celebrities"]["dice"] = {"red": 2, "blue": 0, "yellow": 0}
    st = sc.state()
    st.apply("g3")
    assert st.legal_actions() == ["d2:red"]


def test_kozi_palace_move_is_the_main_action_when_no_die_is_affordable() -> None:
    """001 App. The Kozi Palace (M3): "Each time you are about to use an action space, you can
    move one die from an adjacent action space onto the action space you are about to use".
    With 0 kronen and only 6 dice its owner can still move a 6 onto space 5 and use it (no
    ``done`` yet); the other player (M3-4: only the owner) may stop, and that is a pass."""
    sc = Scenario(players=2, modules=UH).objectives(QUIET).queue(QUEUE).money(0, 0).money(1, 0)
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-kozi-palace", "owner": 0},
                                           {"id": "stroup", "owner": 1}]}
    sc.dice({6: 2})
    st = sc.turn(0).state()
    st.apply("g3")
    legal = st.legal_actions()
    assert "kozi:6-5" in legal and "done" not in legal and not dice_actions(st)
    st.apply("kozi:6-5")
    assert st.legal_actions() == ["d5"]
    st.apply("d5")  # play a staff card: none in hand
    st.apply("done")
    to = turn_order(st, 0)
    assert to["covered"] == 1 and to["passed"] is False
    st = sc.turn(1).state()
    st.apply("g3")
    assert st.legal_actions() == ["done"]
    st.apply("done")
    assert_passed(st, 1)
