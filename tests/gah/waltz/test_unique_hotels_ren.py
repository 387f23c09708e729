"""Let's Waltz! module III, Unique Hotels: The Ren (only with module I, Vienna Ballrooms).

Source: ``001`` = the Let's Waltz! rulebook, appendix "Hotel Entrances", The Ren; G-3 and M3-2
in ``shared/reference/lets-waltz-rules.md``. Ballroom row bonuses are module I's data: the
tests use Apollosaal (top row 3 kronen, middle row 2 kronen: 001 App. Ballrooms).
"""

from __future__ import annotations

import pytest

pytest.importorskip("tabletop.games.grand_austria_hotel.modules.ballrooms")

from tabletop.games.grand_austria_hotel import from_position, new_game  # noqa: E402
from tests.gah.scenario import Scenario, play  # noqa: E402
from tests.gah.waltz.test_ballrooms_helpers import LEFT3, dancers, last_turn, resolve, state  # noqa: E402
from tests.gah.waltz.test_unique_hotels_entrances import SRC  # noqa: E402

UH = "unique_hotels"
MODS = ["ballrooms", UH]
WALTZ_QUEEN = 140  # no reward, 15 VP (001 App. Guest Cards)


def scen(ren: int = 0) -> Scenario:
    """Module I + III table (as tests/gah/waltz/test_ballrooms_helpers.scen); seat ``ren`` owns
    The Ren, the other seat Stroup."""
    sc = Scenario(players=2, modules=MODS).objectives(["A1", "B2", "C2"])
    m = sc.pos["modules"]["ballrooms"]
    m["ballrooms"] = list(LEFT3)
    m["boards_laid_out"] = []
    m["rehearsal"] = [{"board": p + 1, "sections": [1, 2, 3, 4]} for p in range(2)]
    sc.pos["modules"][UH] = {"entrances": [{"id": "the-ren", "owner": ren}, {"id": "stroup", "owner": 1 - ren}]}
    return sc


def test_the_ren_only_with_module_one() -> None:
    """001 App. Hotel Entrances: 'The Ren: Only used when both modules 1 and 3 are in play.'"""
    with_m1: set[str] = set()
    for seed in range(40):
        with_m1.update(new_game(players=4, seed=seed, modules=MODS).parts[UH].laid)
        assert "the-ren" not in new_game(players=4, seed=seed, modules=UH).parts[UH].laid
    assert "the-ren" in with_m1


def test_the_ren_starting_items_two_champagne() -> None:
    """001 App. The Ren: 'Place 1 strudel, 1 cake, 1 wine, and 1 additional champagne in your
    kitchen. Consequently, you start the game with 2 champagne in your kitchen'."""
    pos = new_game(players=2, seed=1, modules=MODS).to_position()
    pos["modules"][UH] = {"entrances": [{"id": "the-ren", "owner": None}, {"id": "stroup", "owner": None}]}
    pos["pending"] = [{"decision": "open", "player": 0}]
    pos["history"] = []
    st = from_position(pos)
    play(st, "open:the-ren:0", "pass")
    assert st.players[0].kitchen == [1, 1, 1, 0, 2]
    assert st.players[1].kitchen == [1, 1, 1, 1, 1]  # Stroup


@pytest.mark.parametrize("row, gain", [("t", 6), ("m", 4), ("b", 0)])
def test_the_ren_double_row_bonus(row: str, gain: int) -> None:
    """001 App. The Ren: 'Each time you send a dancer to a ballroom, you get double the row bonus.
    That is, unless you send them to the bottom row: two times nothing is still nothing.'
    Apollosaal: top row 3 kronen, middle row 2 kronen (x2)."""
    sc = scen().guest(0, WALTZ_QUEEN, served="full").kitchen(0, champagne=5).money(0, 5).turn(0)
    st = state(sc)
    play(st, f"m0b0{row}", "dancer:4")
    resolve(st)
    assert st.players[0].money == 5 + gain


def test_the_ren_only_for_its_owner() -> None:
    """001 M3 Course of Play (M3-4): only the owner doubles the row bonus."""
    sc = scen(ren=1).guest(0, WALTZ_QUEEN, served="full").kitchen(0, champagne=5).money(0, 5).turn(0)
    st = state(sc)
    play(st, "m0b0t", "dancer:4")
    resolve(st)
    assert st.players[0].money == 5 + 3


@pytest.mark.parametrize("seats, vp", [([0, 0, 1], 4), ([0, 1], 0), ([1, 1, 0], 0)])
def test_the_ren_four_vp_when_alone_with_most_dancers(seats: list[int], vp: int) -> None:
    """001 App. The Ren: 'Each time a ballroom is scored, you get 4 VP if you alone have the most
    dancers in that ballroom. Being tied for most dancers does nothing for you.'"""
    sc = scen().emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 8)
    dancers(sc, 0, 2, seats)
    st = state(last_turn(sc, 3))
    st.apply("done")
    resolve(st)
    assert st.players[0].vp_src[SRC["entrances"]] == vp
