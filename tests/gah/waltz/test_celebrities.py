"""Let's Waltz! module II, Celebrities: one scenario test per rule point and per celebrity.

Sources: ``001`` = the Let's Waltz! rulebook, section "Module 2: CELEBRITIES" and its
appendix "Celebrities"; rule-point ids (M2-n) from ``shared/reference/lets-waltz-rules.md``
section 2. Which lounge space belongs to which die colour is provisional data
(``lounge_colours``); the tests place celebrities by colour, so they do not depend on it.
"""

from __future__ import annotations

import json

import pytest

from tabletop.core import IllegalAction, InvalidPosition
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.engine.base import SOURCE_INDEX
from tabletop.games.grand_austria_hotel.modules import celebrities as C
from tabletop.games.grand_austria_hotel.position_load import determinize
from tests.gah.scenario import Scenario, play

CEL = SOURCE_INDEX["celebrities"]
GUESTS, BONUSES = SOURCE_INDEX["guests"], SOURCE_INDEX["bonuses"]
BASE9 = ["agatha-christie", "albert-einstein", "charlie-chaplin", "elizabeth-magie", "jrr-tolkien",
         "mahatma-gandhi", "marie-curie", "sigmund-freud", "winston-churchill"]
MUSIC = ["giacomo-puccini", "mata-hari", "pablo-picasso"]
COLOURS = ("red", "blue", "yellow")


def space_of(st_or_sc: object) -> dict[str, int]:
    """Lounge space index of each colour, from the (provisional) data."""
    from tabletop.games.grand_austria_hotel.config import parse_config
    from tabletop.games.grand_austria_hotel.data import load_rules

    rules = load_rules(parse_config(players=2, modules="celebrities"))
    order = rules.module_data["celebrities"]["lounge_colours"]["value"]
    return {c: order.index(c) for c in COLOURS}


SPACE = space_of(None)


def scen(players: int = 2, modules: str = "celebrities") -> Scenario:
    return Scenario(players=players, modules=modules).objectives(["A3", "B3", "C1"])


def lounge(sc: Scenario, by_colour: dict[str, str | None] | None = None, *,
           spaces: list[str | None] | None = None, chits: dict[str, int] | list[int] | None = None,
           held: dict[int, list[str]] | None = None, discard: list[str] = (),  # type: ignore[assignment]
           stack: list[str] | None = None, dice: dict[str, int] | None = None,
           used: list[str] = ()) -> Scenario:  # type: ignore[assignment]
    """Set the module's part: the lounge (by die colour, or by space left to right), chits,
    celebrities held, discard pile, stack (default: every other celebrity in play) and the
    coloured dice (their faces; ``Scenario.dice`` counts them among the dice on a space)."""
    data = sc.pos["modules"]["celebrities"]
    lo: list[str | None] = [None, None, None]
    if spaces is not None:
        lo = list(spaces)
    for colour, slug in (by_colour or {}).items():
        lo[SPACE[colour]] = slug
    ch = [0, 0, 0]
    if isinstance(chits, list):
        ch = chits
    else:
        for colour, v in (chits or {}).items():
            ch[SPACE[colour]] = v
    data["lounge"] = [{"celebrity": s, "chit": k} for s, k in zip(lo, ch)]
    n = len(sc.pos["players"])
    data["held"] = [list((held or {}).get(p, [])) for p in range(n)]
    data["discard"] = list(discard)
    mods = sc.pos["config"].get("modules") or []
    pool = BASE9 + (MUSIC if "ballrooms" in mods else [])
    placed = {s for s in lo if s} | set(discard) | {s for h in data["held"] for s in h}
    data["stack"] = list(stack) if stack is not None else [s for s in sorted(pool) if s not in placed]
    data["used"] = list(used)
    data["dice"] = {c: (dice or {}).get(c, 0) for c in COLOURS}
    return sc


def part(st):  # type: ignore[no-untyped-def]
    return st.parts["celebrities"]


def holder(st, slug: str) -> int:  # type: ignore[no-untyped-def]
    return part(st).owner[C.SLUG_ID[slug]]


# ---------------------------------------------------------------- setup (M2-1, M2-2)
@pytest.mark.parametrize("players,total", [(2, 10), (3, 12), (4, 14)])
def test_setup_three_coloured_dice_among_the_total_and_three_celebrities(players: int, total: int) -> None:
    """001 M2 Setup 1-2 (M2-1, M2-2): 'Remove three white dice ... replacing them with the
    three colored dice. The total of dice remains unchanged (10/12/14 dice)'; 'Draw three
    celebrities from the stack and place them face up on the lounge'; ♪ ones removed without
    module 1: 9 celebrities, 3 in the lounge, 6 face down."""
    st = new_game(players=players, seed=7, modules="celebrities")
    assert st.total_dice == total
    pos = st.to_position()["modules"]["celebrities"]
    assert all(s["celebrity"] for s in pos["lounge"]) and all(s["chit"] == 0 for s in pos["lounge"])
    assert len(pos["stack"]) == 6
    assert sorted(pos["stack"] + [s["celebrity"] for s in pos["lounge"]]) == sorted(BASE9)
    assert not set(MUSIC) & set(pos["stack"])
    assert pos["dice"] == {"red": 0, "blue": 0, "yellow": 0}


def test_setup_with_ballrooms_uses_all_twelve() -> None:
    """001 M2 Components: 'The celebrity tiles marked ♪ (Giacomo Puccini, Mata Hari, and
    Picasso) are only used in combination with module 1' (G-3): with it, all 12."""
    st = new_game(players=2, seed=7, modules="ballrooms,celebrities")
    pos = st.to_position()["modules"]["celebrities"]
    assert sorted(pos["stack"] + [s["celebrity"] for s in pos["lounge"]]) == sorted(BASE9 + MUSIC)


def test_setup_shuffles_the_stack() -> None:
    """001 M2 Setup 2a: 'Shuffle the celebrity tiles': different seeds, different lounges."""
    seen = {tuple(s["celebrity"] for s in new_game(players=2, seed=s, modules="celebrities")
                  .to_position()["modules"]["celebrities"]["lounge"]) for s in range(8)}
    assert len(seen) > 1


# ---------------------------------------------------------------- rolling (M2-3)
def _to_first_roll(players: int = 2, seed: int = 3):  # type: ignore[no-untyped-def]
    st = new_game(players=players, seed=seed, modules="celebrities")
    while not st.is_chance():
        st.apply(st.legal_actions()[0])
    return st


def test_roll_white_then_coloured_dice() -> None:
    """001 M2 Course of Play (M2-3): 'the start player rolls both the white and colored dice
    together, distributing them on the action board as normal': 7 white dice (a multiset
    of 7 over 6 faces: 792 outcomes), then the 3 coloured dice (216 outcomes); every die
    ends on the space of its face and counts there."""
    st = _to_first_roll()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == 792 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    st.apply("roll:1-1-1-1-1-2")
    assert st.is_chance()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == 216 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(IllegalAction):
        st.apply("roll:1-1-1-1-1-2")
    with pytest.raises(IllegalAction):
        st.apply("croll:0-2-3")
    st.apply("croll:6-2-2")
    assert st.phase == "play"
    assert st.dice == [0, 1, 3, 1, 1, 1, 3]
    assert part(st).face == [6, 2, 2]


def test_roll_sampling_follows_the_state_rng() -> None:
    """Engine contract for chance (brief): sampling draws from a copy of the state's RNG and
    applying advances it the same way, so sample-then-apply is one deterministic stream."""
    a, b = _to_first_roll(seed=5), _to_first_roll(seed=5)
    for _ in range(2):
        x = a.sample_chance()
        assert x == a.sample_chance() == b.sample_chance()
        a.apply(x)
        b.apply(x)
    assert a.rng.state == b.rng.state and a.dice == b.dice and part(a).face == part(b).face


# ---------------------------------------------------------- taking a die (M2-4..M2-6a)
def test_worked_example_red_die_pays_four_takes_gandhi_strength_five() -> None:
    """001 M2 Using an Action Space, example (M2-4, M2-6): 'There are five dice on the action
    space: three white ones, a blue one, and a red one. If you take the red or blue die, you
    must pay 4 kronen. Then take Ghandi (red) ... scoring 1 ... Finally, carry out the main
    action with a strength of 5.'"""
    sc = scen().dice({4: 5}).money(0, 10).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi", "blue": "albert-einstein"}, chits={"blue": 4},
                dice={"red": 4, "blue": 4}).state()
    st.apply("d4:red")
    assert st.players[0].money == 6
    assert holder(st, "mahatma-gandhi") == 0
    assert st.players[0].vp_src[CEL] == 1
    assert st.stack[-1] == ("empmoney", 0, 5)  # strength 5: all dice incl. the chosen one
    assert st.dice[4] == 4 and part(st).face[0] == 0
    lo = st.to_position()["modules"]["celebrities"]["lounge"]
    assert lo[SPACE["red"]]["celebrity"] is None


def test_worked_example_blue_die_takes_einstein_with_chit_four() -> None:
    """001 M2 example (M2-6 step 3): '... or Einstein (blue) from the lounge, scoring ... 4
    victory points'; 'the victory point chit on it (if it has one, in which case it replaces
    the printed value)'. The chit goes back to the supply with the celebrity taken."""
    sc = scen().dice({4: 5}).money(0, 10).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi", "blue": "albert-einstein"}, chits={"blue": 4},
                dice={"red": 4, "blue": 4}).state()
    st.apply("d4:blue")
    assert st.players[0].money == 6
    assert st.players[0].vp_src[CEL] == 4
    assert holder(st, "albert-einstein") == 0
    assert part(st).chit == [0, 0, 0]


def test_chit_two_scores_two() -> None:
    """001 M2 Using an Action Space 3: 'score 1, 2, or 4 victory points, as indicated on the
    celebrity tile or the victory point chit on it' (a chit showing 2)."""
    sc = scen().dice({2: 1}).turn(0)
    st = lounge(sc, {"yellow": "jrr-tolkien"}, chits={"yellow": 2}, dice={"yellow": 2}).state()
    st.apply("d2:yellow")
    assert st.players[0].vp_src[CEL] == 2
    assert st.players[0].money == 10  # no other die on the space: nothing to pay


def test_white_die_is_taken_as_normal() -> None:
    """001 M2 (M2-5): 'When taking a white die, carry out the associated main action as
    normal' -- no payment, no celebrity; strength counts the coloured die too (M2-4)."""
    sc = scen().dice({4: 4}).money(0, 10).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 4}).state()
    st.apply("d4")
    assert st.players[0].money == 10 and st.players[0].vp_src[CEL] == 0
    assert holder(st, "mahatma-gandhi") == -1
    assert st.stack[-1] == ("empmoney", 0, 4)
    assert part(st).face[0] == 4  # the red die is still on the space


def test_no_white_die_where_only_coloured_dice_are() -> None:
    """001 M2 (M2-5, M2-6): taking a die of a colour: where the only die is red, the plain
    d3 (a white die) is not offered, d3:red is; where white and red are, both are."""
    sc = scen().dice({3: 1, 4: 2}).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 3, "blue": 4}).state()
    legal = st.legal_actions()
    assert "d3" not in legal and "d3+" not in legal
    assert "d3:red" in legal and "d3:red+" in legal
    assert {"d4", "d4+", "d4:blue", "d4:blue+"} <= set(legal)
    with pytest.raises(IllegalAction):
        st.apply("d3")


def test_coloured_die_that_cannot_be_paid_for_cannot_be_taken() -> None:
    """001 M2 step 1, reading M2-6a: 'Pay 1 krone for each other die on the action space'; a
    coloured die that cannot be paid for cannot be taken; the boost's krone comes on top."""
    sc = scen().dice({2: 4}).money(0, 2).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 2}).state()
    legal = st.legal_actions()
    assert "d2:red" not in legal and "d2" in legal
    sc = scen().dice({2: 4}).money(0, 3).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 2}).state()
    legal = st.legal_actions()
    assert "d2:red" in legal and "d2:red+" not in legal


def test_boost_die_is_not_an_other_die_and_costs_one_more() -> None:
    """Reading M2-6a: 'The krone from a boost ... paid on top; the boost's virtual die is not
    an "other die on the space"': 2 dice (red + white), boosted: 1 + 1 kronen, strength 3."""
    sc = scen().dice({4: 2}).money(0, 5).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 4}).state()
    st.apply("d4:red+")
    assert st.players[0].money == 3
    assert st.stack[-1] == ("empmoney", 0, 3)


def test_space_six_fee_on_top() -> None:
    """Reading M2-6a: 'the 6-space fee [is] paid on top' (003: 1 krone for the 6 space):
    red + white on 6 for action 4: 1 (other die) + 1 (fee) kronen, strength 2."""
    sc = scen().dice({6: 2}).money(0, 2).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 6}).state()
    legal = st.legal_actions()
    assert "d6=4:red" in legal and "d6=4:red+" not in legal
    st.apply("d6=4:red")
    assert st.players[0].money == 0
    assert st.stack[-1] == ("empmoney", 0, 2)


def test_empty_lounge_space_gives_nothing() -> None:
    """Reading M2-6a: 'If the lounge space is empty, nothing is taken': the die is still
    taken and paid for, no VP."""
    sc = scen().dice({4: 2}).turn(0)
    st = lounge(sc, {"blue": "albert-einstein"}, dice={"red": 4}).state()
    st.apply("d4:red")
    assert st.players[0].money == 9 and st.players[0].vp == 0
    assert all(o == -1 for o in part(st).owner)


def test_effect_usable_in_the_same_turn() -> None:
    """001 M2 (M2-7): 'You can use the celebrity's effect on your turn ... for the rest of the
    current round, including the current turn': Gandhi taken with the room action makes
    that very action's room free (floor 2 costs 1 krone, the player has none left)."""
    sc = scen().dice({3: 2}).money(0, 1).rooms(0, prepared=[0]).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 3}).state()
    st.apply("d3:red")
    assert st.players[0].money == 0
    assert "r5" in st.legal_actions()
    st.apply("r5")
    assert st.players[0].money == 0 and st.players[0].rooms[5] == 1


def test_without_gandhi_the_room_costs_money() -> None:
    """Control for the test above: taking the white die, room 5 (floor 2) costs 1 krone."""
    sc = scen().dice({3: 2}).money(0, 0).rooms(0, prepared=[0]).turn(0)
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 3}).state()
    st.apply("d3")
    assert "r5" not in st.legal_actions()


# --------------------------------------------------------------- passing (M2-8)
def test_pass_dustbin_takes_a_white_die_coloured_dice_are_re_rolled() -> None:
    """001 M2 Passing (M2-8): 'When placing a die on the dustbin, you must choose a white die,
    if possible'; the coloured die left is rolled again with the rest."""
    sc = scen().dice({2: 1, 3: 1}).turn(0, covered=0)
    sc.pos["turn_order"][1]["covered"] = 2
    st = lounge(sc, {"red": "mahatma-gandhi"}, dice={"red": 3}).state()
    bin0 = st.dustbin
    st.apply("pass")
    assert st.is_chance() and st.dustbin == bin0 + 1 and st.roll_n == 1
    assert part(st).face == [-1, 0, 0]
    assert sorted(n for n, _ in st.chance_outcomes()) == [f"croll:{f}-0-0" for f in range(1, 7)]
    st.apply("croll:5-0-0")
    assert st.dice == [0, 0, 0, 0, 0, 1, 0] and part(st).face == [5, 0, 0]


def test_pass_with_white_and_coloured_re_rolls_both() -> None:
    """001 M2 Passing (M2-8) with 3 white + blue: one white goes, 2 white are rolled
    (``roll:`` with 2 dice), then the blue die (``croll:``)."""
    sc = scen().dice({1: 2, 5: 2}).turn(0, covered=0)
    sc.pos["turn_order"][1]["covered"] = 2
    st = lounge(sc, dice={"blue": 5}).state()
    st.apply("pass")
    assert st.roll_n == 3
    assert len(st.chance_outcomes()) == 21  # 2 white dice over 6 faces
    st.apply("roll:0-0-0-0-0-2")
    assert st.dice[6] == 2 and st.is_chance()
    st.apply("croll:0-1-0")
    assert st.dice == [0, 1, 0, 0, 0, 0, 2] and part(st).face == [0, 1, 0]


def test_only_coloured_dice_left_the_re_roller_chooses() -> None:
    """001 M2 Passing (M2-8): 'Only in the unlikely event that only colored dice are left can
    you remove a colored die: in this case, the player who re-rolls the dice (i.e., whose
    turn order tile is showing the lowest number) decides which die to remove.' Seat 1
    passed earlier showing a lower number than seat 0, who passes now: seat 1 decides."""
    sc = scen(players=3).dice({2: 1, 5: 1}).turn(0, covered=1)
    sc.pos["turn_order"][1]["passed"] = True
    sc.pos["turn_order"][2]["covered"] = 2
    st = lounge(sc, dice={"red": 2, "blue": 5}).state()
    tiles = st.tiles
    assert tiles[1][0] < tiles[0][1]  # seat 1's visible number is the lowest
    st.apply("pass")
    assert st.stack[-1] == ("cbin", 1)
    assert sorted(st.legal_actions()) == ["bin:blue", "bin:red"]
    st.apply("bin:red")
    assert st.is_chance() and st.roll_n == 1
    assert part(st).face == [0, -1, 0]
    st.apply("croll:0-3-0")
    assert st.dice == [0, 0, 0, 1, 0, 0, 0] and part(st).face == [0, 3, 0]
    assert st.current_player == 1  # the players who passed go again


def test_only_one_coloured_die_left_goes_without_a_choice() -> None:
    """001 M2 Passing (M2-8): a single coloured die left is the die that goes; nothing is
    rolled."""
    sc = scen().dice({2: 1}).turn(0, covered=0)
    sc.pos["turn_order"][1]["covered"] = 2
    st = lounge(sc, dice={"yellow": 2}).state()
    st.apply("pass")
    assert part(st).face == [0, 0, 0] and sum(st.dice) == 0 and not st.is_chance()


# ---------------------------------------------------------------- end of round (M2-9)
def _end_of_round(sc: Scenario):  # type: ignore[no-untyped-def]
    sc.pos["turn_order"][1]["covered"] = 2
    return sc.turn(0, covered=1)


def test_end_of_round_discard_chits_and_refill() -> None:
    """001 M2 End of Round (M2-9): '1. Collect all player's celebrities and place them in a
    discard pile'; '2. ... no chit yet: place one with the "2" side ...; "2" -> turn it to
    "4"; "4" -> place the celebrity on the discard pile and return the chit'; '3. Replenish
    the lounge by drawing new celebrities from the stack ... from left to right'."""
    sc = _end_of_round(scen())
    st = lounge(sc, spaces=[None, "albert-einstein", "jrr-tolkien"], chits=[0, 2, 4],
                held={0: ["charlie-chaplin"]}, discard=["agatha-christie"],
                stack=["marie-curie", "sigmund-freud", "elizabeth-magie", "mahatma-gandhi",
                       "winston-churchill"]).state()
    st.apply("done")
    assert st.round == 2 and st.is_chance()
    pos = st.to_position()["modules"]["celebrities"]
    assert pos["lounge"] == [{"celebrity": "marie-curie", "chit": 0},
                             {"celebrity": "albert-einstein", "chit": 4},
                             {"celebrity": "sigmund-freud", "chit": 0}]
    assert sorted(pos["discard"]) == ["agatha-christie", "charlie-chaplin", "jrr-tolkien"]
    assert pos["stack"] == ["elizabeth-magie", "mahatma-gandhi", "winston-churchill"]
    assert pos["held"] == [[], []]


def test_end_of_round_first_chit_is_two() -> None:
    """001 M2 End of Round 2 (M2-9): a celebrity without a chit gets the '2' chit; taken next
    round it scores 2."""
    sc = _end_of_round(scen())
    st = lounge(sc, spaces=["albert-einstein", "jrr-tolkien", "mahatma-gandhi"]).state()
    st.apply("done")
    assert part(st).chit == [2, 2, 2]


def test_end_of_round_empty_stack_shuffles_the_discard_pile() -> None:
    """001 M2 End of Round 3 (M2-9): 'If the stack runs out, shuffle the discard pile to form
    a new face-down stack' (here when a draw finds it empty): the two discarded and the one
    just collected become the stack, one of them is drawn."""
    sc = _end_of_round(scen())
    sc_rest = ["elizabeth-magie", "mahatma-gandhi", "sigmund-freud", "winston-churchill"]
    # the rest of the nine are held by seat 1 (taken this round) so the stack is empty
    st = lounge(sc, spaces=[None, "albert-einstein", "jrr-tolkien"],
                held={0: ["charlie-chaplin"], 1: sc_rest}, discard=["agatha-christie", "marie-curie"],
                stack=[]).state()
    before = st.hidden_fingerprint()
    st.apply("done")
    pos = st.to_position()["modules"]["celebrities"]
    pile = {"agatha-christie", "marie-curie", "charlie-chaplin", *sc_rest}
    assert pos["lounge"][0]["celebrity"] in pile
    assert pos["discard"] == []
    assert set(pos["stack"]) | {pos["lounge"][0]["celebrity"]} == pile and len(pos["stack"]) == 6
    assert st.hidden_fingerprint() != before


def test_end_of_round_dice_leave_and_once_a_round_resets() -> None:
    """001 M2 End of Round / App. Einstein 'only once' in the round: next round nothing is
    held or used, the coloured dice are off the board and roll again with all the others."""
    sc = _end_of_round(scen().dice({2: 2}))
    st = lounge(sc, spaces=[None, "jrr-tolkien", "mahatma-gandhi"], held={0: ["albert-einstein"]},
                used=["albert-einstein"], dice={"red": 2}).state()
    play(st, "d2", "w2k0", "done")  # the red die is still on space 2 at the end of the round
    assert part(st).spent == () and part(st).face == [0, 0, 0]
    assert st.roll_n == st.total_dice and len(st.chance_outcomes()) == 792


# ----------------------------------------------------------------- the celebrities
def test_agatha_christie_play_staff_two_less_after_emperor_step() -> None:
    """001 App. Agatha Christie: 'Each time after you advance at least 1 space on the Emperor
    track, you can play a staff card from hand for up to 2 kroner less.' Privy Councillor's
    reward (1 krone, 1 step): Detective (cost 2) for free."""
    sc = (scen().guest(0, 79, served="full").rooms(0, prepared=[2]).money(0, 0)
          .staff(0, "detective").turn(0))
    st = lounge(sc, held={0: ["agatha-christie"]}).state()
    st.apply("m0r2")
    assert st.players[0].emperor == 1
    assert st.stack[-1] == ("play", 0, 2)
    assert st.legal_actions() == ["play:detective", "done"]
    st.apply("play:detective")
    assert st.players[0].money == 1  # the reward's krone, nothing paid


def test_agatha_christie_per_source() -> None:
    """001 App. Agatha Christie: 'If you advance on the Emperor track from multiple sources
    ..., you can play one staff card per source.' Flamenco Dancer (2 steps) into yellow room
    1, completing the yellow group 1-5-6 (occupancy bonus: 6 steps): two chances to play."""
    sc = (scen().guest(0, 53, served="full").rooms(0, prepared=[1], occupied=[5, 6]).money(0, 0)
          .staff(0, "detective").staff(0, "checker").turn(0))
    st = lounge(sc, held={0: ["agatha-christie"]}).state()
    st.apply("m0r1")
    plays = 0
    while st.stack[-1][0] != "turn":
        if st.stack[-1][0] == "play":
            plays += 1
            st.apply([a for a in st.legal_actions() if a.startswith("play:")][0])
        else:
            st.apply(st.legal_actions()[0])
    assert plays == 2 and st.players[0].emperor == 8
    assert len(st.players[0].played) == 2 and st.players[0].money == 0


def test_albert_einstein_exchange_once() -> None:
    """001 App. Albert Einstein: 'only once, you can exchange up to four dishes and/or drinks
    in your kitchen for an equal number of other dishes and/or drinks from the supply
    (different from those spent)'. Two strudel for a wine and a coffee; no second time."""
    sc = scen().kitchen(0, strudel=2, cake=1).turn(0)
    st = lounge(sc, held={0: ["albert-einstein"]}).state()
    assert "einstein" in st.legal_actions()
    play(st, "einstein", "pay:s", "pay:s", "done")
    assert sorted(st.legal_actions()) == ["+c", "+k", "+w"]  # no strudel back
    play(st, "+w", "+k")
    assert st.players[0].kitchen == [0, 1, 1, 1, 0]
    assert st.stack[-1][0] == "turn"
    assert "einstein" not in st.legal_actions()


def test_albert_einstein_at_most_four() -> None:
    """001 App. Albert Einstein: 'up to four': after four spent only ``done`` remains (it
    moves on by itself), then four are taken."""
    sc = scen().kitchen(0, strudel=3, cake=2).turn(0)
    st = lounge(sc, held={0: ["albert-einstein"]}).state()
    play(st, "einstein", "pay:s", "pay:s", "pay:s", "pay:c")
    assert st.stack[-1][2] == 1  # taking
    play(st, "+w", "+w", "+k", "+k")
    assert st.players[0].kitchen == [0, 1, 2, 2, 0]


def test_albert_einstein_equal_number_of_other_items() -> None:
    """001 App. Albert Einstein: 'exchange up to four dishes and/or drinks ... for an equal
    number of other dishes and/or drinks from the supply (different from those spent)'.
    After spending a strudel, a cake and a wine, spending the coffee too would leave no
    other kind to take: it is not offered, and the three come back as coffee."""
    sc = scen().kitchen(0, strudel=1, cake=1, wine=1, coffee=1).turn(0)
    st = lounge(sc, held={0: ["albert-einstein"]}).state()
    play(st, "einstein", "pay:s", "pay:c", "pay:w")
    assert st.legal_actions() == ["+k"]
    play(st, "+k", "+k", "+k")
    assert st.players[0].kitchen == [0, 0, 0, 4, 0]


def test_charlie_chaplin_two_more_per_source() -> None:
    """001 App. Charlie Chaplin: 'Each time you get at least 1 VP, you get an additional 2 VP.
    If you get VP from multiple sources (e.g., a guest and an occupancy bonus), you get the
    bonus VP per source.' Knight of the Empire (3 VP) into blue room 0, a group of one
    (occupancy bonus 2 VP): 3 + 2 + 2 x 2."""
    sc = scen().guest(0, 65, served="full").rooms(0, prepared=[0]).turn(0)
    st = lounge(sc, held={0: ["charlie-chaplin"]}).state()
    st.apply("m0r0")
    src = st.players[0].vp_src
    assert (src[GUESTS], src[BONUSES], src[CEL]) == (3, 2, 4)


def test_charlie_chaplin_taken_triggers_on_his_own_vp() -> None:
    """001 App. Charlie Chaplin, reading M2-11: he is held from step 2, so the VP for taking
    him (step 3) gets the +2: 1 + 2. 'this effect does not trigger itself': no more."""
    sc = scen().dice({1: 1}).turn(0)
    st = lounge(sc, {"red": "charlie-chaplin"}, dice={"red": 1}).state()
    st.apply("d1:red")
    assert st.players[0].vp_src[CEL] == 3


def test_charlie_chaplin_held_scores_on_another_celebrity() -> None:
    """001 App. Charlie Chaplin 'Each time you get at least 1 VP' (our reading of M2-11: also
    the VP of a second celebrity taken while he is held): Einstein with chit 2: 2 + 2."""
    sc = scen().dice({1: 1}).turn(0)
    st = lounge(sc, {"blue": "albert-einstein"}, chits={"blue": 2}, held={0: ["charlie-chaplin"]},
                dice={"blue": 1}).state()
    st.apply("d1:blue")
    assert st.players[0].vp_src[CEL] == 4


def test_elizabeth_magie_room_one_less_after_money() -> None:
    """001 App. Elizabeth Magie: 'Each time after you get at least 1 krone, you can prepare
    one room (of any color) for 1 krone less.' Privy Councillor: 1 krone -> room 6 (floor
    2, cost 1) for 0."""
    sc = scen().guest(0, 79, served="full").rooms(0, prepared=[2], occupied=[1]).money(0, 0).turn(0)
    st = lounge(sc, held={0: ["elizabeth-magie"]}).state()
    st.apply("m0r2")
    assert st.stack[-1] == ("rooms", 0, 1, "minus1", 0, False)
    assert "r6" in st.legal_actions() and "done" in st.legal_actions()
    st.apply("r6")
    assert st.players[0].rooms[6] == 1 and st.players[0].money == 1


def test_elizabeth_magie_not_on_another_players_turn() -> None:
    """001 M2 (M2-7) 'on your turn': seat 2 holds Magie and gets 1 krone from seat 0 taking
    the skeleton key (module IV compensation): no room is offered to seat 2."""
    sc = Scenario(players=3, modules="celebrities,start_player").objectives(["A3", "B3", "C1"])
    sc = sc.dice({1: 3}).turn(0)
    st = lounge(sc, held={2: ["elizabeth-magie"]}).state()
    money = st.players[2].money
    st.apply("key")
    assert st.players[2].money == money + 1
    assert all(fr[1] != 2 for fr in st.stack)


def test_giacomo_puccini_champagne_and_two_vp_after_playing_staff() -> None:
    """001 App. Giacomo Puccini ♪: 'Each time after you play a staff card, you also get 1
    champagne and 2 VP.'"""
    sc = scen(modules="ballrooms,celebrities").dice({5: 1}).staff(0, "detective").turn(0)
    st = lounge(sc, held={0: ["giacomo-puccini"]}).state()
    champ = st.players[0].kitchen[4]
    play(st, "d5", "play:detective")
    assert st.players[0].kitchen[4] == champ + 1
    assert st.players[0].vp_src[CEL] == 2


def test_jrr_tolkien_two_vp_per_occupied_room() -> None:
    """001 App. J. R. R. Tolkien: 'Each time you occupy a room (of any color, and by any
    effect), you also score 2 VP.' A guest moved in, then Page-boy occupying two more."""
    sc = (scen().guest(0, 65, served="full").rooms(0, prepared=[0, 1, 5]).money(0, 10)
          .staff(0, "page-boy").dice({5: 1}).turn(0))
    st = lounge(sc, held={0: ["jrr-tolkien"]}).state()
    st.apply("m0r0")
    assert st.players[0].vp_src[CEL] == 2
    play(st, "d5", "play:page-boy", "o1", "o5")
    assert st.players[0].vp_src[CEL] == 6


def test_mahatma_gandhi_rooms_cost_nothing() -> None:
    """001 App. Mahatma Gandhi: 'Preparing rooms (of any color) costs you nothing this round.
    This does not grant a free action; it merely removes the cost.' Action 3 at strength 2:
    two floor-2/3 rooms for 0 kronen."""
    sc = scen().dice({3: 2}).money(0, 0).rooms(0, prepared=[0, 5]).turn(0)
    st = lounge(sc, held={0: ["mahatma-gandhi"]}).state()
    play(st, "d3", "r10", "r6")
    assert st.players[0].rooms[10] == 1 and st.players[0].rooms[6] == 1
    assert st.players[0].money == 0


def test_marie_curie_two_items_after_playing_staff() -> None:
    """001 App. Marie Curie: 'Each time after you play a staff card, you also get your choice
    of 2 dishes and/or drinks (no champagne).'"""
    sc = scen().dice({5: 1}).kitchen(0).staff(0, "detective").turn(0)
    st = lounge(sc, held={0: ["marie-curie"]}).state()
    play(st, "d5", "play:detective")
    assert st.stack[-1] == ("choice", 0, 2)
    assert sorted(st.legal_actions()) == ["+c", "+k", "+s", "+w"]
    play(st, "+k", "+k")
    assert st.players[0].kitchen == [0, 0, 0, 2, 0]


def test_mata_hari_vp_and_optional_step_per_dancer() -> None:
    """001 App. Mata Hari ♪: 'Each time you send a dancer to a ballroom (for any reason), you
    also score 1 VP and you can advance 1 space on the Emperor track.' (the ``dancer_sent``
    event module I announces, once per dancer)."""
    sc = scen(modules="ballrooms,celebrities").turn(0)
    st = lounge(sc, held={0: ["mata-hari"]}).state()
    st._event(0, "dancer_sent", (0, 2))
    st._event(0, "dancer_sent", (1, 2))
    st._advance()
    assert st.players[0].vp_src[CEL] == 2
    assert st.legal_actions() == ["emperor+1", "done"]
    play(st, "emperor+1", "done")
    assert st.players[0].emperor == 1 and st.stack[-1][0] == "turn"


def test_pablo_picasso_item_and_vp_on_champagne() -> None:
    """001 App. Pablo Picasso ♪: 'Each time you get at least 1 champagne, you also get 1 dish
    or drink of your choice (no additional champagne) and 1 VP.' Action 1 at strength 3
    on the ♪ side: 1 strudel, 1 cake, 1 champagne."""
    sc = scen(modules="ballrooms,celebrities").dice({1: 3}).kitchen(0).turn(0)
    st = lounge(sc, held={0: ["pablo-picasso"]}).state()
    play(st, "d1", "s1c1h1")
    assert st.stack[-1] == ("choice", 0, 1)
    st.apply("+w")
    assert st.players[0].kitchen == [1, 1, 1, 0, 1]
    assert st.players[0].vp_src[CEL] == 1


def test_sigmund_freud_ignores_one_item_once() -> None:
    """001 App. Sigmund Freud: 'You can complete a guest's order ignoring any 1 item required
    for their order. You cannot apply this effect on guests that only order 1 item.'
    Reading: once, for one guest, while held. Landgrave (cake + coffee) with only the cake
    moves into blue room 0; Knight (1 coffee) cannot; the Earl (missing 1) not a second time."""
    sc = (scen().guest(0, 66, served={"cake": 1}).guest(0, 65).guest(0, 74, served={"cake": 1, "coffee": 1})
          .rooms(0, prepared=[0, 4]).turn(0))
    st = lounge(sc, held={0: ["sigmund-freud"]}).state()
    freud = sorted(a for a in st.legal_actions() if a.startswith("freud:"))
    assert freud == ["freud:m0r0", "freud:m0r4", "freud:m2r0", "freud:m2r4"]
    cake = st.supply[1]
    st.apply("freud:m0r0")
    assert st.players[0].rooms[0] == 2 and st.players[0].vp_src[GUESTS] == 3
    assert st.supply[1] == cake + 1
    while st.stack[-1][0] != "turn":
        st.apply(st.legal_actions()[0])
    assert not [a for a in st.legal_actions() if a.startswith("freud:")]


def test_sigmund_freud_guest_may_go_to_a_ballroom_with_module_1() -> None:
    """001 App. Sigmund Freud: 'You can complete a guest's order ignoring any 1 item' with 001
    M1 Sending a Guest to a Ballroom: 'When you complete a guest's order, instead of moving
    them to a vacant room, you can now, alternatively, send them to a ballroom'. Landgrave
    (cake + coffee) served the cake, no vacant room: Freud sends them to a ballroom."""
    from tests.gah.waltz.test_ballrooms_helpers import scen as bscen
    from tests.gah.waltz.test_ballrooms_helpers import state as bstate

    sc = Scenario(players=2, modules="ballrooms,celebrities").objectives(["A3", "B3", "C1"])
    m = bscen().pos["modules"]["ballrooms"]
    sc.pos["modules"]["ballrooms"].update(ballrooms=m["ballrooms"], boards_laid_out=[],
                                          rehearsal=m["rehearsal"])
    sc = sc.guest(0, 66, served={"cake": 1}).kitchen(0, champagne=5).turn(0)
    st = bstate(lounge(sc, held={0: ["sigmund-freud"]}))
    freud = [a for a in st.legal_actions() if a.startswith("freud:")]
    assert "freud:m0b0b" in freud and not any("r" in a[6:] for a in freud)
    rows_before = list(st.parts["ballrooms"].rows[2])
    st.apply("freud:m0b0b")
    while st.stack[-1][0] != "turn":
        st.apply(st.legal_actions()[0])
    pl = st.players[0]
    assert pl.cafe[0] == 0 and 66 in st.guest_discard and pl.vp_src[GUESTS] == 3
    assert list(st.parts["ballrooms"].rows[2]) == rows_before + [0]
    assert C.FREUD in part(st).spent
    assert not [a for a in st.legal_actions() if a.startswith("freud:")]


def test_winston_churchill_one_more_step_per_source_not_itself() -> None:
    """001 App. Winston Churchill: 'Each time you advance at least 1 space on the Emperor
    track, you can advance one additional space ... And no, this effect does not trigger
    itself.' Privy Councillor: 1 step, +1 by Churchill = 2; no further offer."""
    sc = scen().guest(0, 79, served="full").rooms(0, prepared=[2]).turn(0)
    st = lounge(sc, held={0: ["winston-churchill"]}).state()
    st.apply("m0r2")
    assert st.legal_actions() == ["emperor+1", "done"]
    st.apply("emperor+1")
    assert st.players[0].emperor == 2
    assert st.stack[-1][0] == "turn"


def test_winston_churchill_is_a_choice() -> None:
    """001 App. Winston Churchill: 'you can advance' -- declining keeps the one step."""
    sc = scen().guest(0, 79, served="full").rooms(0, prepared=[2]).turn(0)
    st = lounge(sc, held={0: ["winston-churchill"]}).state()
    play(st, "m0r2", "done")
    assert st.players[0].emperor == 1


# --------------------------------------------------------------- position and views
def _played(seed: int, steps: int, modules: str = "celebrities"):  # type: ignore[no-untyped-def]
    import random

    st = new_game(players=3, seed=seed, modules=modules)
    rnd = random.Random(seed)
    for _ in range(steps):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    return st


def test_position_round_trip_and_view_hides_the_stack() -> None:
    """001 M2 Setup 2a: the stack is 'face-down': a view shows its size only; the lounge,
    chits, holders and coloured dice are public. A position round-trips exactly."""
    st = _played(4, 120)
    pos = json.loads(json.dumps(st.to_position()))
    assert from_position(pos).to_position() == st.to_position()
    v = st.view(1)["modules"]["celebrities"]
    assert v["stack"] == len(part(st).stack)
    text = json.dumps(v)
    for cel in part(st).stack:
        assert C.SLUGS[cel] not in text
    again = determinize(json.loads(json.dumps(st.view(1))), Rng(9))
    assert again.view(1) == st.view(1)
    assert sorted(part(again).stack) == sorted(part(st).stack)


def test_invalid_positions_are_refused() -> None:
    """Accounting (brief: ``check``): each celebrity once, chits 0/2/4 on a celebrity, no more
    coloured dice on a space than dice there."""
    base = lounge(scen().dice({2: 1}), {"red": "albert-einstein"}, dice={"red": 2})
    base.state()
    twice = base.position()
    twice["modules"]["celebrities"]["discard"] = ["albert-einstein"]
    with pytest.raises(InvalidPosition):
        from_position(twice)
    chit = base.position()
    chit["modules"]["celebrities"]["lounge"][SPACE["blue"]]["chit"] = 2
    with pytest.raises(InvalidPosition):
        from_position(chit)
    dice = base.position()
    dice["modules"]["celebrities"]["dice"]["blue"] = 2
    with pytest.raises(InvalidPosition):
        from_position(dice)
