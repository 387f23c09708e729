"""Let's Waltz! module III, Unique Hotels: setup and the hotel-entrance auction.

Sources: ``001`` = the Let's Waltz! rulebook, section "Module 3: UNIQUE HOTELS", the appendix
"Hotel Entrances" and "COMBINING MODULES"; rule-point ids (M3-n) from
``shared/reference/lets-waltz-rules.md``. The entrances' effects are tested in
``test_unique_hotels_entrances.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import IllegalAction, InvalidPosition
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario

UH = "unique_hotels"
SRC = {name: i for i, name in enumerate(VP_SOURCES)}
PLAYABLE = ("chateau-paulwei", "corogari-zant-mainz", "dove", "kaufman", "mayenfels", "ninas-melange",
            "stroup", "the-grand-wray-hotel", "the-kozi-palace")


def auction(players: int, laid: list[str], **part: Any) -> GahState:
    """A new game at the start of the auction with these entrances laid out (seat 0 starts)."""
    pos = new_game(players=players, seed=1, modules=UH).to_position()
    pos["modules"][UH] = {"entrances": [{"id": e, "owner": None} for e in laid], **part}
    pos["pending"] = [{"decision": "open", "player": 0}]
    pos["history"] = []
    return from_position(pos)


def run(st: GahState, *actions: str) -> GahState:
    for a in actions:
        assert a in st.legal_actions(), (a, st.prompt(), st.legal_actions()[:12])
        st.apply(a)
    return st


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_dishes_or_drinks_in_the_kitchens(players: int) -> None:
    """001 M3 Setup 1 (M3-1): 'Do not place any dishes or drinks in your kitchen'; they stay in
    the supply (30 of each)."""
    st = new_game(players=players, seed=7, modules=UH)
    assert all(pl.kitchen == [0, 0, 0, 0, 0] for pl in st.players)
    assert st.supply[:4] == [30, 30, 30, 30]
    base = new_game(players=players, seed=7)
    assert all(pl.kitchen[:4] == [1, 1, 1, 1] for pl in base.players)


@pytest.mark.skipif("ballrooms" not in MODULES, reason="module I not built")
def test_with_ballrooms_the_champagne_stays() -> None:
    """001 M3 Setup 1 and COMBINING MODULES 11 (M3-1): 'If using both modules 1 and 3, place only
    1 champagne in your kitchen'."""
    st = new_game(players=3, seed=7, modules=["ballrooms", UH])
    assert all(pl.kitchen == [0, 0, 0, 0, 1] for pl in st.players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_random_entrance_per_player_is_laid_out(players: int) -> None:
    """001 M3 Setup 2a (M3-2): 'Lay out a random selection of hotel entrances equal to the number
    of players'; The Ren only with module 1; the start player opens the first auction."""
    seen: set[str] = set()
    for seed in range(40):
        st = new_game(players=players, seed=seed, modules=UH)
        part = st.parts[UH]
        assert len(part.laid) == players == len(set(part.laid))
        assert part.owner == [-1] * players and st.phase == "auction"
        assert st.stack[-1] == ("open", 0)
        seen.update(part.laid)
    assert "the-ren" not in seen
    assert seen == set(PLAYABLE)


def _seed_with(entrance: str, players: int = 4) -> GahState:
    for seed in range(200):
        st = new_game(players=players, seed=seed, modules=UH)
        if entrance in st.parts[UH].laid:
            return st
    raise AssertionError(entrance)


def test_dove_comes_with_five_bonus_tokens() -> None:
    """001 M3 Setup 2a (M3-2): 'Hotel Dove: Place the 5 bonus tokens face up near Hotel Dove'."""
    st = _seed_with("dove")
    assert st.parts[UH].tokens == (0, 1, 2, 3, 4)
    assert st.to_position()["modules"][UH]["dove_tokens"] == [0, 1, 2, 3, 4]


def test_ninas_melange_gets_one_each_of_the_remaining_a_b_c_objectives() -> None:
    """001 M3 Setup 2a (M3-2): 'Draw 3 objective cards at random from those remaining (one each of
    A, B, and C) and place them face up near Ninas Melange'."""
    st = _seed_with("ninas-melange")
    ninas = st.parts[UH].ninas
    assert [st.rules.objectives[o].group for o in ninas] == ["A", "B", "C"]
    assert not set(ninas) & set(st.objectives)
    assert st.parts[UH].ninas_done == [0, 0, 0]


def test_grand_wray_gets_two_each_of_the_remaining_a_b_c_emperor_tiles() -> None:
    """001 M3 Setup 2a (M3-2): 'Draw 6 Emperor tiles at random from those remaining (two each of
    A, B, and C) and place them face up near The Grand Wray Hotel'."""
    st = _seed_with("the-grand-wray-hotel")
    tiles = st.parts[UH].wray
    assert sorted(t[0] for t in tiles) == ["A", "A", "B", "B", "C", "C"]
    assert len(set(tiles)) == 6 and not set(tiles) & set(st.emperor_tiles)


def test_auction_comes_after_the_draft_and_before_the_starting_guests() -> None:
    """001 M3 Setup 2 and COMBINING MODULES 12-13 (M3-2): after drawing (and drafting) staff
    cards, before choosing the initial guest."""
    st = new_game(players=2, seed=3, modules=UH, staff_draft=True)
    assert st.phase == "draft"
    while st.phase == "draft":
        st.apply(st.legal_actions()[0])
    assert st.phase == "auction" and st.stack[-1][0] == "open"
    assert all(len(pl.hand) == 6 for pl in st.players)
    st.apply(st.legal_actions()[0])  # seat 0 opens at 0
    st.apply("pass")  # seat 1 passes: seat 0 wins, seat 1 gets the last one
    while st.phase == "auction":
        st.apply("done" if "done" in st.legal_actions() else st.legal_actions()[0])
    assert st.phase == "start_guest"
    assert sorted(st.parts[UH].owner) == [0, 1]


# ---------------------------------------------------------------- auction
def test_rulebook_example_anna_beth_cyril() -> None:
    """001 M3 Setup 2b-d, Example (M3-3): Anna puts Hotel Mayenfels up for 5, Beth 7, Cyril
    passes, Anna 8 wins; Beth opens The Kozi Palace at 0, ... Cyril wins at 5; 'Beth gets The
    Grand Wray Hotel for free, keeping her starting money of 10 kronas, whereas Anna and Cyril
    have to make do with 2 and 5 kronas'."""
    st = auction(3, ["mayenfels", "the-grand-wray-hotel", "the-kozi-palace"],
                 wray_tiles=["A1", "A2", "B1", "B2", "C1", "C2"])
    anna, beth, cyril = 0, 1, 2
    run(st, "open:mayenfels:5")
    assert st.current_player == beth
    run(st, "bid:7")
    assert st.current_player == cyril
    run(st, "pass")
    assert st.current_player == anna
    run(st, "bid:8")
    assert st.current_player == beth
    run(st, "pass")
    # Anna won: Mayenfels' when-gained play (1 staff drawn first), which she declines
    assert st.stack[-1] == ("play", anna, 3) and len(st.players[anna].hand) == 7
    run(st, "done")
    assert st.current_player == beth and st.stack[-1] == ("open", beth)
    assert not any(a.startswith("open:mayenfels") for a in st.legal_actions())
    run(st, "open:the-kozi-palace:0", "bid:1", "bid:2", "bid:3", "bid:4", "bid:5", "pass")
    assert st.phase == "start_guest"
    part = st.parts[UH]
    assert part.ent == ["mayenfels", "the-grand-wray-hotel", "the-kozi-palace"]
    assert [pl.money for pl in st.players] == [2, 10, 5]
    # starting items (App. Hotel Entrances): Mayenfels cake + coffee, Wray strudel (+2 emperor),
    # Kozi cake + coffee
    assert st.players[anna].kitchen == [0, 1, 0, 1, 0]
    assert st.players[beth].kitchen == [1, 0, 0, 0, 0] and st.players[beth].emperor == 2
    assert st.players[cyril].kitchen == [0, 1, 0, 1, 0]


def test_bids_start_at_zero_are_bounded_by_money_and_must_raise() -> None:
    """001 M3 Setup 2b (M3-3): 'placing the first bid of 0 or more kronen ... players must either
    raise or pass'; a bid is paid from the money track, so at most the bidder's money."""
    st = auction(2, ["stroup", "dove"])
    legal = st.legal_actions()
    assert "open:stroup:0" in legal and "open:dove:10" in legal and "open:dove:11" not in legal
    run(st, "open:stroup:4")
    legal = st.legal_actions()
    assert "bid:4" not in legal and "bid:5" in legal and "bid:10" in legal and "bid:11" not in legal
    assert "pass" in legal
    with pytest.raises(IllegalAction):
        st.apply("bid:3")


def test_a_pass_is_final_for_that_auction() -> None:
    """001 M3 Setup 2b (M3-3): 'If you pass, you cannot rejoin that particular auction later.
    The auction continues around the table until all but one player has passed.'"""
    st = auction(4, ["stroup", "dove", "kaufman", "the-kozi-palace"])
    run(st, "open:dove:1", "pass", "bid:2", "bid:3", "bid:4")  # seat 1 passed
    assert st.current_player == 2  # seat 1 is skipped
    run(st, "pass", "pass")  # seats 2 and 3 pass: seat 0 wins at 4
    assert st.parts[UH].ent[0] == "dove" and st.players[0].money == 6


def test_start_player_who_did_not_win_opens_the_next_auction() -> None:
    """001 M3 Setup 2d (M3-3): 'If the start player did not win the auction, they must start
    another in the same fashion.'"""
    st = auction(3, ["stroup", "dove", "kaufman"])
    run(st, "open:stroup:0", "bid:1", "pass", "pass")  # seat 1 wins Stroup for 1
    assert st.parts[UH].ent == ["", "stroup", ""] and st.players[1].money == 9
    assert st.stack[-1] == ("open", 0)
    run(st, "open:dove:2", "pass")  # seat 2 passes; seat 0 wins Dove; seat 2 gets Kaufman free
    assert st.parts[UH].ent == ["dove", "stroup", "kaufman"]
    assert [pl.money for pl in st.players] == [8, 9, 10]


def test_winner_joins_no_later_auction_and_next_opener_is_clockwise() -> None:
    """001 M3 Setup 2c-d (M3-3): 'Once you get your hotel entrance, you may not participate in
    any subsequent auctions' and 'If they did win, the next player clockwise who has not yet won
    a hotel entrance must start the next auction'."""
    st = auction(4, ["stroup", "dove", "kaufman", "the-kozi-palace"])
    run(st, "open:stroup:0", "pass", "pass", "pass")  # seat 0 wins
    assert st.stack[-1] == ("open", 1)
    run(st, "open:dove:0", "bid:1")
    assert st.current_player == 3  # seat 0 is out of the auctions
    run(st, "pass", "pass")  # seat 3 passes, seat 1 passes: seat 2 wins Dove for 1
    assert st.stack[-1] == ("open", 1)
    run(st, "open:kaufman:3", "pass")
    assert st.parts[UH].ent == ["stroup", "kaufman", "dove", "the-kozi-palace"]
    assert [pl.money for pl in st.players] == [10, 7, 9, 10]


def test_auction_state_round_trips_and_is_public() -> None:
    """001 M3 Setup 2b: the auction is open (bids spoken aloud): a running auction is part of the
    position and of every seat's view."""
    st = auction(3, ["stroup", "dove", "kaufman"])
    run(st, "open:dove:3", "pass")
    pos = st.to_position()
    assert pos["modules"][UH]["auction"] == {"entrance": "dove", "bid": 3, "leader": 0, "passed": [1],
                                             "last": 1}
    again = from_position(pos)
    assert again.legal_actions() == st.legal_actions()
    assert st.view(1)["modules"][UH] == pos["modules"][UH]


def test_position_with_bad_entrances_is_rejected() -> None:
    """001 M3 Components: 10 different entrances, one per player; The Ren only with module 1."""
    sc = Scenario(players=2, modules=UH)
    sc.pos["modules"][UH] = {"entrances": [{"id": "dove", "owner": 0}, {"id": "dove", "owner": 1}]}
    with pytest.raises(InvalidPosition):
        sc.state()
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-ren", "owner": 0}]}
    with pytest.raises(InvalidPosition):
        sc.state()
    sc.pos["modules"][UH] = {"entrances": [{"id": "dove", "owner": 0}, {"id": "stroup", "owner": 0}]}
    with pytest.raises(InvalidPosition):
        sc.state()


@pytest.mark.parametrize("entrance, kitchen, emperor", [
    ("chateau-paulwei", [0, 1, 1, 1, 0], 0),  # 'Place 1 cake, 1 wine, and 1 coffee'
    ("corogari-zant-mainz", [1, 0, 1, 0, 0], 0),  # 'Place 1 strudel and 1 wine'
    ("dove", [1, 0, 1, 0, 0], 0),  # 'Place 1 strudel and 1 wine'
    ("kaufman", [1, 1, 1, 1, 0], 0),  # 'Place 1 strudel, 1 cake, 1 wine, and 1 coffee'
    ("mayenfels", [0, 1, 0, 1, 0], 0),  # 'Place 1 cake and 1 coffee'
    ("ninas-melange", [1, 1, 1, 1, 0], 0),  # 'Place 1 strudel, 1 cake, 1 wine, and 1 coffee'
    ("stroup", [1, 1, 1, 1, 0], 0),  # 'Place 1 strudel, 1 cake, 1 wine, and 1 coffee'
    ("the-grand-wray-hotel", [1, 0, 0, 0, 0], 2),  # 'Place 1 strudel ... Advance 2 steps'
    ("the-kozi-palace", [0, 1, 0, 1, 0], 0),  # 'Place 1 cake and 1 coffee'
])
def test_starting_items_of_each_entrance(entrance: str, kitchen: list[int], emperor: int) -> None:
    """001 M3 Setup 2c: the winner collects 'the starting items depicted at the top of the tile';
    App. Hotel Entrances, 'When gained' of each entrance (The Ren: test_unique_hotels_ren.py).
    The winner's kitchen was empty (M3-1) and the bid of 3 is paid."""
    other = "stroup" if entrance != "stroup" else "dove"
    st = auction(2, [entrance, other], wray_tiles=["A1", "A2", "B1", "B2", "C1", "C2"])
    run(st, f"open:{entrance}:3", "pass")
    pl = st.players[0]
    assert pl.kitchen == kitchen and pl.emperor == emperor and pl.money == 7
    assert st.parts[UH].ent[0] == entrance
