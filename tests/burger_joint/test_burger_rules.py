"""Scenario tests, one per rule paragraph of the rulebook (002 Burger Joint).

Costs are read from the shipped data (many are provisional placeholders), so
these tests check the rules, not the placeholder values.
"""

from __future__ import annotations

import pytest
from burger_helpers import cubes_total, position, state, storage

from tabletop.core.errors import IllegalAction
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.burger_joint import from_position, new_game
from tabletop.games.burger_joint.data import COLOURS, Cost, load_data

DATA = load_data()
BURGER = DATA.boards[0]
PIZZA = DATA.boards[1]


def cubes(cost: Cost, **extra: int) -> dict[str, int]:
    """The cubes a cost asks for (plus extra cubes) as a colour mapping."""
    out = {c: n for c, n in zip(COLOURS, cost.counts, strict=True) if n}
    for c, n in extra.items():
        out[c] = out.get(c, 0) + n
    return out


def merge(*parts: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in parts:
        for c, n in p.items():
            out[c] = out.get(c, 0) + n
    return out


def draw(s, *colours: str) -> None:
    for c in colours:
        assert s.current_player == CHANCE
        s.apply(f"cube {c}")


# -- Preparation ---------------------------------------------------------------------
def test_setup() -> None:
    """002 Burger Joint, 'Preparation': Burger gets the top basic restaurant and the black
    and yellow diners, Pizza the top basic restaurant and the green and red diners; both
    scoring markers on 2; 'The player choosing Burgers goes first'; 60 cubes in the bag."""
    s = new_game(seed=7)
    assert s.basics == [1, 1]
    pos = s.to_position()
    assert pos["players"]["burger"]["diners"] == ["black", "yellow"]
    assert pos["players"]["pizza"]["diners"] == ["green", "red"]
    assert pos["players"]["burger"]["bistros"] == [] and pos["players"]["burger"]["publicity"] == 0
    assert s.track == [2, 2] and s.scores() == [2, 2]
    assert s.active == 0 and s.turn == 1 and s.phase == "production"
    assert sum(s.bag) == 60 and s.current_player == CHANCE
    assert s.winners() == []


# -- Production ---------------------------------------------------------------------------
def test_production_draws_one_cube_per_diner_and_bistro_up_to_four() -> None:
    """002 Burger Joint, 'Production': 'draws one cube from the bag for each specialty diner
    and bistro owned by each player, up to a maximum of four for each player' (example:
    capacities 5 -> 4 and 2, 'A total of 6 cubes are drawn'); chance outcomes follow the bag."""
    s = state(phase="production",
              burger={"diners": ["black", "yellow", "green"], "bistros": ["draw", "choose"], "basic": 0},
              pizza={"diners": ["black"], "bistros": ["redraw"], "basic": 0})
    assert s.capacity(0) == 4 and s.capacity(1) == 2
    outcomes = dict(s.chance_outcomes())
    assert outcomes == {f"cube {c}": pytest.approx(1 / 6) for c in COLOURS}
    drawn = 0
    while s.current_player == CHANCE:
        s.apply(s.sample_chance())
        drawn += 1
    assert drawn == 6
    assert sum(s.bag) == 54


def test_production_reserved_areas() -> None:
    """002 Burger Joint, 'Production': 'The cubes matching a specialty diner held by one player,
    but not the other, are put in that player's area ... If neither or both players have a
    given specialty diner, the cubes go into the general area.' (example: black -> Burger area)."""
    s = state(phase="production", burger={"diners": ["black", "yellow", "white"]},
              pizza={"diners": ["green", "red", "white"]})
    draw(s, "black", "green", "white", "brown", "yellow")
    assert s.reserved[0][COLOURS.index("black")] == 1
    assert s.reserved[0][COLOURS.index("yellow")] == 1
    assert s.reserved[1][COLOURS.index("green")] == 1
    assert s.general[COLOURS.index("white")] == 1    # both hold a white diner
    assert s.general[COLOURS.index("brown")] == 1    # neither holds a brown diner


def test_first_pick_only_from_general_or_own_area() -> None:
    """002 Burger Joint, 'Production': 'A player may not take his first cube from his
    opponent's area' (example: Pizza may not take a black cube with his first pick 'but is
    free to with any subsequent choice'); after the first picks all cubes go to the general area."""
    s = state(phase="production")
    draw(s, "black", "white", "brown", "green")
    assert s.current_player == 0
    assert s.legal_actions() == ["take white", "take black", "take brown"]   # not Pizza's green
    s.apply("take white")
    assert s.current_player == 1
    assert s.legal_actions() == ["take green", "take brown"]   # not Burger's black
    s.apply("take green")
    # areas merged: Burger's black cube is now in the general area, for either player
    assert sum(s.reserved[0]) == 0 and s.general[COLOURS.index("black")] == 1
    assert s.current_player == 0 and s.legal_actions() == ["take black", "take brown"]


def test_first_pick_not_from_opponents_area_then_free() -> None:
    """002 Burger Joint, 'Production', first-pick rule example: with black cubes in the Burger
    area the Pizza player may not take black with his first pick, but may later."""
    s = state(phase="production", active="pizza")
    draw(s, "black", "white", "brown", "yellow")
    assert s.current_player == 1
    assert s.legal_actions() == ["take white", "take brown"]
    s.apply("take white")
    assert s.current_player == 0
    assert s.legal_actions() == ["take black", "take yellow", "take brown"]
    s.apply("take brown")
    assert s.current_player == 1
    assert s.legal_actions() == ["take black", "take yellow"]   # now free to take black


def test_first_pick_exception() -> None:
    """002 Burger Joint, 'Production', 'Exception: If a player has no cube he can legally take,
    the choice is not lost; instead he may freely select any of the available cubes.'
    (example: no cubes in the general area nor his area -> Pizza may choose black or yellow)."""
    s = state(phase="production")
    draw(s, "black", "yellow", "black", "yellow")
    assert s.legal_actions() == ["take black", "take yellow"]
    s.apply("take black")
    assert s.current_player == 1
    assert s.legal_actions() == ["take black", "take yellow"]   # exception: Burger's area


def test_first_pick_exception_for_the_active_player() -> None:
    """002 Burger Joint, 'Production', 'Exception' applies to any player, the active one too:
    with only Pizza-area cubes on the board, Burger may take one of them first."""
    s = state(phase="production")
    draw(s, "green", "red", "green", "red")
    assert s.current_player == 0
    assert s.legal_actions() == ["take green", "take red"]
    s.apply("take red")
    assert s.new[0][COLOURS.index("red")] == 1
    assert s.current_player == 1   # Pizza takes from its own area


def test_alternating_picks_up_to_capacity() -> None:
    """002 Burger Joint, 'Production': 'divided between the two players, starting with the
    active player and alternating until each player has taken as many cubes total as indicated
    by his current production capacity' -- the example A-O-A-O-A-A (capacities 4 and 2)."""
    s = state(phase="production",
              burger={"diners": ["black", "yellow", "green"], "bistros": ["draw", "choose"], "basic": 0},
              pizza={"diners": ["black"], "bistros": ["redraw"], "basic": 0})
    draw(s, "white", "white", "brown", "brown", "red", "red")
    order = []
    for pick in ("white", "brown", "red", "white", "brown"):
        order.append("AO"[s.current_player])
        s.apply(f"take {pick}")
    assert s.phase == "trade"
    # the sixth pick (one cube left) is forced and resolved automatically
    assert order == ["A", "O", "A", "O", "A"]
    assert sum(s.store[0]) == 4 and sum(s.store[1]) == 2


def test_cubes_move_to_main_storage_after_production() -> None:
    """002 Burger Joint, 'Production': 'Once both players have taken all the cubes they are
    entitled to, each player moves his cubes into his main storage area.'"""
    s = state(phase="production", burger={"storage": {"white": 2}})
    draw(s, "white", "brown", "red", "green")
    s.apply("take white")
    s.apply("take red")
    s.apply("take brown")
    assert s.phase == "trade" and s.current_player == 0
    assert s.new == [[0] * 6, [0] * 6]
    assert storage(s, 0) == {"white": 3, "brown": 1}
    assert storage(s, 1) == {"green": 1, "red": 1}
    assert sum(s.general) == 0 and cubes_total(s) == 60


# -- Trading & special abilities --------------------------------------------------------
def test_three_for_one_trade() -> None:
    """002 Burger Joint, 'Trading & Special Abilities': 'as many 3-for-1 trades as desired, by
    placing three cubes of the same color back into the bag and drawing a cube of the color
    desired.'"""
    s = state(burger={"storage": {"white": 6, "black": 2}})
    legal = s.legal_actions()
    assert "trade white red" in legal and not any(a.startswith("trade black") for a in legal)
    bag_white = s.bag[0]
    s.apply("trade white red")
    assert storage(s, 0) == {"white": 3, "black": 2, "red": 1}
    assert s.bag[0] == bag_white + 3
    s.apply("trade white yellow")
    assert storage(s, 0) == {"black": 2, "yellow": 1, "red": 1}
    assert not any(a.startswith("trade") for a in s.legal_actions())


def test_trade_needs_the_colour_in_the_bag() -> None:
    """002 Burger Joint, 'Trading': the desired cube is drawn from the bag, so a colour with no
    cube left in the bag cannot be asked for."""
    s = state(burger={"storage": {"white": 3, "red": 7}}, pizza={"storage": {"red": 3}})
    assert s.bag[COLOURS.index("red")] == 0
    assert "trade white red" not in s.legal_actions()
    assert "trade white black" in s.legal_actions()


def test_ability_redraw() -> None:
    """002 Burger Joint, 'Special Abilities': 'Once each turn, place any number of your cubes
    into the bag and draw the same number randomly back out again.'"""
    s = state(burger={"storage": {"white": 5, "black": 1}, "bistros": ["redraw"]})
    s.apply("use redraw")
    assert "done" not in s.legal_actions()       # at least one cube
    s.apply("return white")
    s.apply("return black")
    assert "done" in s.legal_actions()
    s.apply("done")
    assert s.current_player == CHANCE and sum(s.store[0]) == 4
    draw(s, "red", "white")
    assert storage(s, 0) == {"white": 5, "red": 1}
    assert s.current_player == 0 and "use redraw" not in s.legal_actions()


def test_ability_two_for_one() -> None:
    """002 Burger Joint, 'Special Abilities': 'Once each turn, place any two cubes into the bag
    and take a cube of any color desired out of the bag.'"""
    s = state(burger={"storage": {"white": 1, "black": 1, "brown": 1}, "bistros": ["two-for-one"]})
    s.apply("use two-for-one")
    s.apply("return white")
    assert s.legal_actions()[0].startswith("return")
    s.apply("return black")
    assert all(a.startswith("get") for a in s.legal_actions())
    s.apply("get red")
    assert storage(s, 0) == {"brown": 1, "red": 1}
    assert "use two-for-one" not in s.legal_actions()


def test_ability_two_for_one_needs_two_cubes() -> None:
    """002 Burger Joint, 'Special Abilities' (place any two cubes): not offered with one cube."""
    s = state(burger={"storage": {"white": 1}, "bistros": ["two-for-one"]})
    assert "use two-for-one" not in s.legal_actions()


def test_ability_draw() -> None:
    """002 Burger Joint, 'Special Abilities': 'Once each turn, draw one extra cube randomly out
    of the bag. This is above the production limit of four cubes per turn.'"""
    s = state(burger={"bistros": ["draw"]})
    s.apply("use draw")
    assert s.current_player == CHANCE
    assert dict(s.chance_outcomes()) == {f"cube {c}": pytest.approx(1 / 6) for c in COLOURS}
    s.apply(s.sample_chance())
    assert sum(s.store[0]) == 1 and s.current_player == 0
    assert "use draw" not in s.legal_actions()


def test_ability_one_for_one() -> None:
    """002 Burger Joint, 'Special Abilities': 'Once each turn, place one cube into the bag and
    take a cube of any color desired out of the bag.'"""
    s = state(burger={"storage": {"white": 1, "black": 1}, "bistros": ["one-for-one"]})
    s.apply("use one-for-one")
    s.apply("return white")
    s.apply("get green")
    assert storage(s, 0) == {"black": 1, "green": 1}
    assert "use one-for-one" not in s.legal_actions()


def test_ability_choose() -> None:
    """002 Burger Joint, 'Special Abilities': 'Once each turn, take one cube of any color
    desired out of the bag. This is above the production limit of four cubes per turn.'"""
    s = state(burger={"bistros": ["choose"]})
    s.apply("use choose")
    assert s.legal_actions() == [f"get {c}" for c in COLOURS]
    s.apply("get brown")
    assert storage(s, 0) == {"brown": 1}
    assert "use choose" not in s.legal_actions()


def test_abilities_once_per_turn_any_order_mixed_with_trades() -> None:
    """002 Burger Joint, 'Trading & Special Abilities': 'These abilities may be used exactly
    once per turn, in any order desired. 3-for-1 trades and the use of special abilities may
    also be conducted in any order.' The prestige bistro (3 VP) has no ability."""
    s = state(burger={"storage": {"white": 5, "brown": 1},
                      "bistros": ["choose", "one-for-one", "prestige"]})
    legal = s.legal_actions()
    assert "use choose" in legal and "use one-for-one" in legal and "use prestige" not in legal
    s.apply("use one-for-one")
    s.apply("return white")
    s.apply("get black")
    s.apply("trade white red")
    s.apply("use choose")
    s.apply("get black")
    assert storage(s, 0) == {"white": 1, "black": 2, "brown": 1, "red": 1}
    assert not any(a.startswith("use") for a in s.legal_actions())
    # the next turn of Burger the abilities are available again
    s.apply("done")
    assert s.used == 0
    while not (s.active == 0 and s.phase == "trade"):
        s.apply(s.sample_chance() if s.current_player == CHANCE else
                "done" if "done" in s.legal_actions() else s.legal_actions()[0])
    assert "use choose" in s.legal_actions() and "use one-for-one" in s.legal_actions()


def test_abilities_only_for_the_active_player() -> None:
    """002 Burger Joint, 'Special Abilities': 'Note that these special abilities only apply
    when a player is the active player.' (also 'Only the active player can trade cubes, use
    special abilities, and build')."""
    s = state(pizza={"storage": {"white": 3}, "bistros": ["choose", "draw"]},
              burger={"storage": {"white": 1}})
    assert not any(a.startswith(("use", "trade")) for a in s.legal_actions())
    s.apply("done")   # Burger's turn ends; Pizza's turn begins with production
    assert s.active == 1 and s.phase == "production"
    while s.phase == "production":
        s.apply(s.sample_chance() if s.current_player == CHANCE else s.legal_actions()[0])
    assert s.current_player == 1
    assert "use choose" in s.legal_actions() and "use draw" in s.legal_actions()


# -- Building ------------------------------------------------------------------------------
def test_building_ends_trading() -> None:
    """002 Burger Joint, 'Play of a Turn': trading & special abilities (2) come before
    building (3), so after the first build no trade or ability is offered."""
    s = state(burger={"storage": cubes(BURGER.basic_cost, white=3), "bistros": ["choose"]})
    assert "trade white black" in s.legal_actions() or "trade white red" in s.legal_actions()
    s.apply("build basic")
    assert s.phase == "build"
    assert not any(a.startswith(("trade", "use")) for a in s.legal_actions())


def test_build_costs_return_to_the_bag() -> None:
    """002 Burger Joint, 'Building': 'Each item built has a cost in cubes shown at the top of
    the column; these cubes are returned to the draw bag.'"""
    s = state(burger={"storage": cubes(BURGER.basic_cost)})
    before = s.bag[:]
    s.apply("build basic")
    assert [b - a for a, b in zip(before, s.bag, strict=True)] == list(BURGER.basic_cost.counts)
    assert sum(s.store[0]) == 0 and cubes_total(s) == 60


def test_publicity_first_purchase_steals_and_advances() -> None:
    """002 Burger Joint, 'Publicity': 'When publicity is bought, two things occur. First, the
    player may steal one cube from the other player. Second, the player moves his publicity
    token down by one position. If it is the first publicity purchased, the publicity marker
    is placed on the first space on the publicity column.'"""
    s = state(burger={"storage": cubes(BURGER.publicity_cost)}, pizza={"storage": {"red": 2, "green": 1}})
    s.apply("build publicity")
    assert s.publicity[0] == 1
    assert s.legal_actions() == ["steal green", "steal red", "done"]
    s.apply("steal red")
    assert storage(s, 0) == {"red": 1} and storage(s, 1) == {"green": 1, "red": 1}
    assert s.vp_parts(0)["publicity"] == BURGER.publicity_vp[0]


def test_publicity_steal_may_be_declined() -> None:
    """002 Burger Joint, 'Publicity': 'the player may steal one cube' (German: 'darf') -- done
    declines; with nothing to steal the marker simply moves."""
    s = state(burger={"storage": cubes(BURGER.publicity_cost, **cubes(BURGER.publicity_cost))},
              pizza={"storage": {"red": 1}})
    s.apply("build publicity")
    s.apply("done")
    assert storage(s, 1) == {"red": 1} and s.publicity[0] == 1
    t = state(burger={"storage": cubes(BURGER.publicity_cost)})
    t.apply("build publicity")
    assert t.publicity[0] == 1 and not t.pending


def test_publicity_later_purchases_steal_or_advance() -> None:
    """002 Burger Joint, 'Publicity': 'If a player buys multiple publicity in the same turn, each
    one purchased after the first allows for a choice of two actions. The player either steals
    one cube from the other player or moves his publicity marker down by one position, but not
    both.'"""
    cost = cubes(BURGER.publicity_cost)
    s = state(burger={"storage": merge(cost, cost, cost)}, pizza={"storage": {"red": 3}})
    s.apply("build publicity")
    s.apply("steal red")
    s.apply("build publicity")
    assert s.legal_actions() == ["steal red", "advance"]
    s.apply("steal red")
    assert s.publicity[0] == 1 and storage(s, 1) == {"red": 1}
    s.apply("build publicity")
    s.apply("advance")
    assert s.publicity[0] == 2 and storage(s, 1) == {"red": 1}


def test_publicity_second_purchase_with_nothing_to_steal_advances() -> None:
    """002 Burger Joint, 'Publicity': steal or advance -- with nothing to steal, advancing is
    the only choice and is resolved automatically."""
    cost = cubes(BURGER.publicity_cost)
    s = state(burger={"storage": merge(cost, cost)})
    s.apply("build publicity")
    s.apply("build publicity")
    assert s.publicity[0] == 2 and not s.pending


def test_publicity_bottom_of_the_column() -> None:
    """002 Burger Joint, 'Publicity': 'A player who has reached the bottom of the publicity
    column may no longer purchase publicity'."""
    bottom = len(BURGER.publicity_vp)
    cost = cubes(BURGER.publicity_cost)
    s = state(burger={"storage": cost, "publicity": bottom, "track": 2 + BURGER.publicity_vp[-1]})
    assert "build publicity" not in s.legal_actions()
    t = state(burger={"storage": cost, "publicity": bottom - 1})
    assert "build publicity" in t.legal_actions()
    t.apply("build publicity")
    assert t.publicity[0] == bottom


def test_basic_restaurants() -> None:
    """002 Burger Joint, 'Development board' and 'Basic Restaurants': a new basic restaurant
    takes the highest open space; 'Victory points are earned for the third, fifth, and sixth
    basic restaurant owned'; six spaces."""
    cost = cubes(BURGER.basic_cost)
    s = state(burger={"storage": merge(*[cost] * 7), "basic": 1})
    vps = []
    while "build basic" in s.legal_actions():
        s.apply("build basic")
        vps.append(s.vp_parts(0)["basic restaurants"])
    assert s.basics[0] == 6
    assert vps == [0, 1, 1, 2, 3]   # 2nd..6th basic restaurant owned
    assert "build basic" not in s.legal_actions()   # all six spaces are used


def test_specialty_diner_upgrades_a_basic_restaurant() -> None:
    """002 Burger Joint, 'Specialty Diners': 'token is moved from the lowest occupied space in
    the basic restaurant column to the diner being purchased' and pays the four cubes shown;
    'Each specialty diner is worth one victory point'."""
    cost = cubes(BURGER.diner_cost[COLOURS.index("white")])
    s = state(burger={"storage": cost, "basic": 3, "track": 3})
    assert s.vp(0) == 3
    s.apply("build diner white")
    assert s.basics[0] == 2 and s.diners[0] >> COLOURS.index("white") & 1
    assert s.vp_parts(0) == {"publicity": 0, "basic restaurants": 0, "specialty diners": 3,
                             "upscale bistros": 0}
    assert sum(s.store[0]) == 0


def test_specialty_diner_limits() -> None:
    """002 Burger Joint, 'Specialty Diners': 'Only one specialty diner may be owned at any time
    for each of the different specialties. A player with no basic restaurants must build one
    before being eligible to build a specialty diner.'"""
    rich = {c: 5 for c in COLOURS}
    s = state(burger={"storage": rich, "basic": 2})
    legal = s.legal_actions()
    assert "build diner black" not in legal and "build diner yellow" not in legal   # owned
    assert {"build diner white", "build diner green", "build diner brown", "build diner red"} <= set(legal)
    t = state(burger={"storage": rich, "basic": 0})
    assert not any(a.startswith("build diner") for a in t.legal_actions())


def test_specialty_diner_again_after_upgrade_to_bistro() -> None:
    """002 Burger Joint, 'Specialty Diners': only one diner of a specialty 'at any time' -- once
    the black diner became a bistro, a black diner may be built again."""
    rich = {c: 6 for c in COLOURS}
    s = state(burger={"storage": rich, "basic": 2, "diners": ["black"]})
    assert "build diner black" not in s.legal_actions()
    s.apply("build bistro choose")   # the only diner is upgraded automatically
    assert s.diners[0] == 0
    assert "build diner black" in s.legal_actions()


def test_upscale_bistro_upgrades_a_chosen_diner() -> None:
    """002 Burger Joint, 'Upscale Bistros': 'the player moves a development token from a
    specialty diner of his choice to any upscale bistro he has not built previously', paying
    the six cubes shown; bistros are worth the VP shown."""
    b = "draw"
    cost = cubes(BURGER.bistro_cost[2])
    s = state(burger={"storage": cost, "track": 2})
    s.apply(f"build bistro {b}")
    assert s.legal_actions() == ["upgrade black", "upgrade yellow"]
    s.apply("upgrade yellow")
    assert s.to_position()["players"]["burger"]["diners"] == ["black"]
    assert s.to_position()["players"]["burger"]["bistros"] == ["draw"]
    assert s.vp(0) == 1 + BURGER.bistro_vp[2]
    assert sum(s.store[0]) == 0


def test_upscale_bistro_limits() -> None:
    """002 Burger Joint, 'Upscale Bistros': each bistro only once ('has not built previously';
    German: 'Der Spieler kann jedes Bistro nur einmal kaufen') and a diner is needed; the bistro
    worth three VP has no ability."""
    rich = {c: 7 for c in COLOURS}
    s = state(burger={"storage": rich, "bistros": ["draw"], "basic": 1})
    legal = s.legal_actions()
    assert "build bistro draw" not in legal and "build bistro prestige" in legal
    t = state(burger={"storage": rich, "diners": [], "bistros": ["draw", "redraw"], "basic": 1})
    assert not any(a.startswith("build bistro") for a in t.legal_actions())
    s.apply("build bistro prestige")
    s.apply("upgrade black")
    assert s.vp_parts(0)["upscale bistros"] == 3 + BURGER.bistro_vp[2]


def test_development_tokens_are_limited() -> None:
    """002 Burger Joint, 'Components': 15 tokens per player -- a basic restaurant needs a token
    from the supply (upgrades move tokens and need none)."""
    rich = {c: 2 for c in COLOURS}
    s = state(burger={"storage": rich, "basic": 2, "diners": list(COLOURS),
                      "bistros": ["redraw", "two-for-one", "draw", "one-for-one", "choose", "prestige"],
                      "track": 2})
    assert s.tokens_used(0) == 14
    s.apply("build basic")
    assert s.tokens_used(0) == 15
    assert "build basic" not in s.legal_actions()


# -- Scoring and the end ---------------------------------------------------------------------
def test_calculate_current_score_example() -> None:
    """002 Burger Joint, 'Calculate Current Score' example: 1 VP publicity + 2 VP basic
    restaurants + 2 VP diners + 2 VP bistros = 7; the marker moves to 7."""
    two_vp = [b for b, vp in zip(("redraw", "two-for-one", "draw", "one-for-one", "choose"),
                                 BURGER.bistro_vp, strict=False) if vp == 2][0]
    space = BURGER.publicity_vp.index(1) + 1   # a publicity space showing 1 VP
    s = state(burger={"publicity": space, "basic": 5, "diners": ["black", "yellow"],
                      "bistros": [two_vp], "track": 2})
    assert s.score_breakdown()[0] == {"publicity": 1, "basic restaurants": 2, "specialty diners": 2,
                                      "upscale bistros": 2}
    s.apply("done")
    assert s.track[0] == 7 and s.scores()[0] == 7
    assert s.current_player != TERMINAL


def test_score_marker_moves_only_when_scoring() -> None:
    """002 Burger Joint, 'Resource board': 'Each player updates his scoring track after the
    building phase when he is the active player.' Upgrading the third basic restaurant to a
    diner keeps the VP (one lost, one gained)."""
    s = state(burger={"storage": cubes(BURGER.diner_cost[0]), "basic": 3, "track": 3})
    s.apply("build diner white")
    assert s.track[0] == 3 and s.vp(0) == 3
    t = state(burger={"storage": cubes(BURGER.basic_cost), "basic": 2, "track": 2})
    t.apply("build basic")
    assert t.vp(0) == 3 and t.track[0] == 2
    t.apply("done")
    assert t.track[0] == 3


def test_twelve_vp_wins_immediately() -> None:
    """002 Burger Joint, 'Objective' / 'Calculate Current Score' / 'End of the Game': 'If the
    active player has twelve or more victory points, then he has won!' -- the game ends
    immediately (no discard)."""
    s2 = state(burger={"storage": merge({"white": 9}, cubes(BURGER.bistro_cost[5])), "basic": 6,
                       "diners": list(COLOURS), "track": 9}, pizza={"storage": {"green": 9}})
    assert s2.vp(0) == 9
    s2.apply("build bistro prestige")
    s2.apply("upgrade white")
    assert s2.vp(0) == 11
    s2.apply("done")   # 11 VP: the game goes on; the forced discards resolve themselves
    assert s2.winners() == [] and s2.track[0] == 11
    assert s2.phase == "production" and sum(s2.store[0]) == 7 and sum(s2.store[1]) == 7
    t = state(burger={"basic": 6, "diners": list(COLOURS), "bistros": ["prestige"],
                      "storage": {"white": 6, "brown": 6}, "track": 11}, pizza={"storage": {"green": 9}})
    assert t.vp(0) == 3 + 6 + 3
    t.apply("done")
    assert t.current_player == TERMINAL and t.is_terminal()
    assert t.winners() == [0] and t.track[0] == 12 and t.returns() == [1.0, 0.0]
    assert sum(t.store[0]) == 12 and sum(t.store[1]) == 9   # no discard after the win
    with pytest.raises(IllegalAction):
        t.apply("done")


def test_discard_excess_cubes_both_players() -> None:
    """002 Burger Joint, 'Discard Excess Cubes': 'both players must count the number of cubes
    they hold. Each player must discard cubes ... until he holds no more than seven' (German:
    'Er darf selbst entscheiden, welche Würfel er abgibt')."""
    s = state(burger={"storage": {"white": 5, "black": 4}}, pizza={"storage": {"red": 8, "green": 1}})
    s.apply("done")
    assert s.phase == "discard" and s.current_player == 0
    assert s.legal_actions() == ["discard white", "discard black"]
    s.apply("discard black")
    s.apply("discard black")
    assert storage(s, 0) == {"white": 5, "black": 2}
    assert s.current_player == 1
    s.apply("discard red")
    s.apply("discard green")
    assert storage(s, 1) == {"red": 7}
    assert s.phase == "production" and s.active == 1 and s.turn == 2
    assert cubes_total(s) == 60


def test_no_storage_limit_during_a_turn() -> None:
    """002 Burger Joint, 'Resource board': 'otherwise, players are not limited in the number of
    cubes they may have in storage' -- a player may hold more than 7 until the discard."""
    s = state(burger={"storage": {"white": 6, "brown": 6}})
    s.apply("trade white red")
    assert sum(s.store[0]) == 10 and s.phase == "trade"


def test_next_turn_alternates() -> None:
    """002 Burger Joint, 'Play of a Turn': 'Players alternate turns as the active player.'"""
    s = state()
    s.apply("done")
    assert s.active == 1 and s.turn == 2 and s.phase == "production"


# -- safety rule and forced decisions -------------------------------------------------------
def test_turn_limit_safety_rule() -> None:
    """SAFETY RULE (not in 002 Burger Joint): the rules let both players pass forever, so the
    game ends as a draw after turn_limit turns."""
    s = new_game(seed=1, turn_limit=2)
    while not s.is_terminal():
        s.apply(s.sample_chance() if s.current_player == CHANCE else
                "done" if "done" in s.legal_actions() else s.legal_actions()[0])
    assert s.turn == 2 and s.is_terminal() and s.winners() == [0, 1] and s.returns() == [0.5, 0.5]
    assert s.to_position()["result"] == {"winners": ["burger", "pizza"], "reason": "turn_limit"}


def test_forced_decisions_resolve_themselves() -> None:
    """Notation (NOTATION.md): a decision with exactly one legal action is resolved at once
    and not recorded in history (here: the only diner to upgrade for a bistro)."""
    s = state(burger={"storage": cubes(BURGER.bistro_cost[4]), "diners": ["black"], "basic": 0})
    s.apply("build bistro choose")
    assert s.diners[0] == 0 and s.history == ["build bistro choose"]
    s.undo()
    assert s.diners[0] == 1 << COLOURS.index("black")


def test_position_roundtrip_of_hand_written_positions() -> None:
    """Position format: a hand-written position (zero colours left out) loads, and its canonical
    form round-trips."""
    p = position(burger={"storage": {"white": 3}}, pending=[{"kind": "get"}],
                 this_turn={"abilities_used": ["choose"]})
    p["players"]["burger"]["bistros"] = ["choose"]
    s = from_position(p)
    canon = s.to_position()
    assert from_position(canon).to_position() == canon
    assert s.legal_actions() == [f"get {c}" for c in COLOURS]
