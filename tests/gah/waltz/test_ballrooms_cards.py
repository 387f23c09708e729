"""Let's Waltz! module I, Vienna Ballrooms: one scenario test per staff card (#119-#133) and per
guest card (#134-#162).

Sources: ``001`` appendix "Staff Cards" and "Guest Cards" (the card texts); digest
``shared/reference/lets-waltz-rules.md`` section 1 "M1 cards". Staff costs, guest colours and
orders and most guest VP are not printed in 001 (provisional data): tests read those from the
data; effects and the six known VP are asserted as printed.
"""

from __future__ import annotations

import pytest

from tabletop.games.grand_austria_hotel.state import GahState
from tests.gah.scenario import Scenario, play
from tests.gah.waltz.test_ballrooms_helpers import (
    SRC,
    H,
    dancers,
    last_turn,
    resolve,
    row_cost,
    scen,
    sections,
    state,
)

WALTZ_QUEEN = 140


def cost(st: GahState, slug: str) -> int:
    return st.rules.staff[st.rules.staff_by_slug[slug]].cost


def hire(slug: str, sc: Scenario | None = None, dice: int = 5) -> GahState:
    """Seat 0 plays ``slug`` from hand with the 5 action (``dice`` dice there)."""
    sc = (sc or scen()).staff(0, slug).money(0, 10).dice({5: dice}).turn(0)
    st = state(sc)
    play(st, "d5", f"play:{slug}")
    assert st.players[0].money == 10 - max(0, cost(st, slug) - dice)
    return st


def played(slug: str, sc: Scenario | None = None) -> Scenario:
    return (sc or scen()).staff(0, slug, "played")


# --------------------------------------------------------------------- staff
def test_dancing_master() -> None:
    """001 App. #119 Dancing Master: 'Each time you take a die showing 3, before or after taking the
    main action, you can also send a dancer to a ballroom by paying the normal cost. Additionally,
    you get 1 krone. You may not take any additional actions between the main action and sending
    the dancer.'"""
    sc = played("dancing-master").kitchen(0, champagne=5).money(0, 0).dice({3: 1}).rooms(0, prepared=[0])
    st = state(sc.turn(0))
    st.apply("d3")
    assert st.stack[-1][0] == "bal_either"  # before the main action
    assert {"send:0b", "dance:later", "done"} <= set(st.legal_actions())
    play(st, "send:0b", "dancer:4")
    assert st.stack[-1][0] == "rooms"  # then the main action
    resolve(st)
    assert st.players[0].money == 1
    assert st.players[0].kitchen[H] == 5 - row_cost(st, 0, 2)
    # or after it: nothing in between
    st = state(sc.turn(0))
    play(st, "d3", "dance:later")
    assert st.stack[-1][0] == "rooms"
    st.apply("done")
    assert st.stack[-1][0] == "bal_send" and st.stack[-1][2] == (0,)
    play(st, "send:0b", "dancer:4")
    resolve(st)
    assert st.parts["ballrooms"].rows[2] == (0,) and st.players[0].money == 1


def test_violinist() -> None:
    """001 App. #120 Violinist: 'Immediately (and only once), you get 3 champagne.'"""
    st = hire("violinist", scen().kitchen(0, champagne=0))
    resolve(st)
    assert st.players[0].kitchen[H] == 3


def test_concertmaster() -> None:
    """001 App. #121 Concertmaster: 'Each time you take a die showing 1, after performing the action
    as normal, you get 1 champagne and score 1 VP. The additional champagne has no impact on the
    minimum quantities of strudel and cake.'"""
    st = state(played("concertmaster").kitchen(0, champagne=0).dice({1: 1}).turn(0))
    play(st, "d1")
    assert st.legal_actions() == ["s1c0"]  # the action itself: 1 die, no champagne
    st.apply("s1c0")
    resolve(st)
    assert st.players[0].kitchen[H] == 1 and st.players[0].kitchen[0] == 1
    assert st.players[0].vp_src[SRC["staff"]] == 1


def test_symphonist() -> None:
    """001 App. #122 Symphonist: 'Once per round, you can spend exactly 1 champagne from your kitchen
    to score 5 VP.'"""
    st = state(played("symphonist").kitchen(0, champagne=0).turn(0))
    assert "use:symphonist" not in st.legal_actions()
    st = state(played("symphonist").kitchen(0, champagne=2).turn(0))
    st.apply("use:symphonist")
    assert st.players[0].kitchen[H] == 1 and st.players[0].vp_src[SRC["staff"]] == 5
    assert "use:symphonist" not in st.legal_actions()


def test_usherette() -> None:
    """001 App. #123 Usherette: 'Once per round, you can spend exactly 2 kronas to get 1 champagne and
    score 3 VP.'"""
    st = state(played("usherette").kitchen(0, champagne=0).money(0, 1).turn(0))
    assert "use:usherette" not in st.legal_actions()
    st = state(played("usherette").kitchen(0, champagne=0).money(0, 5).turn(0))
    st.apply("use:usherette")
    resolve(st)
    assert st.players[0].money == 3 and st.players[0].kitchen[H] == 1
    assert st.players[0].vp_src[SRC["staff"]] == 3


def test_conductor() -> None:
    """001 App. #124 Conductor: 'Each time you take a die showing 4, you also get 1 champagne and
    1 krone.'"""
    st = state(played("conductor").kitchen(0, champagne=0).money(0, 5).dice({4: 1}).turn(0))
    play(st, "d4", "e1m0")
    resolve(st)
    assert st.players[0].kitchen[H] == 1 and st.players[0].money == 6 and st.players[0].emperor == 1


def test_choirmaster() -> None:
    """001 App. #125 Choirmaster: 'Each time you take a die showing 5, before or after taking the main
    action, you can also send a dancer to a ballroom, paying 1 champagne less.'"""
    st = state(played("choirmaster").kitchen(0, champagne=5).dice({5: 1}).turn(0))
    st.apply("d5")
    assert st.stack[-1][0] == "bal_either" and st.stack[-1][2] == 1
    play(st, "send:0t", "dancer:4")
    resolve(st)
    assert st.players[0].kitchen[H] == 5 - (row_cost(st, 0, 0) - 1)
    st = state(played("choirmaster").kitchen(0, champagne=5).dice({5: 1}).turn(0))
    play(st, "d5", "done")
    assert st.stack[-1][0] == "turn" and st.parts["ballrooms"].rows[0] == ()


def test_leading_dancer() -> None:
    """001 App. #126 Leading Dancer: 'During final scoring, score 2 VP for each dancer you have in all
    ballrooms (including the balcony).'"""
    sc = played("leading-dancer").emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 8)
    dancers(sc, 0, 2, [0, 1])
    dancers(sc, 1, 1, [0])
    dancers(sc, 2, 0, [0, 0, 0, 0, 0])  # beyond the printed top spaces: the balcony
    st = state(last_turn(sc, 7))
    st.apply("done")
    assert st.phase == "over"
    assert st.players[0].vp_src[SRC["staff"]] == 2 * 7


def test_harpist() -> None:
    """001 App. #127 Harpist: 'Immediately (and only once) send up to 2 dancers to the same or
    different ballrooms, paying up to 2 champagne less for the first and 1 champagne less for the
    second.'"""
    st = hire("harpist", scen().kitchen(0, champagne=5))
    assert st.stack[-1][0] == "bal_send" and st.stack[-1][2] == (2, 1)
    c = row_cost(st, 0, 0)
    play(st, "send:0t", "dancer:4")
    resolve(st, prefer=("send:0t", "dancer:4"))
    pl = st.players[0]
    assert st.parts["ballrooms"].rows[0] == (0, 0)
    assert pl.kitchen[H] == 5 - max(0, c - 2) - max(0, c - 1)


def test_cellist() -> None:
    """001 App. #128 Cellist: 'Once per round, you can spend exactly 1 dish or drink from your kitchen
    to send a dancer to a ballroom for 1 champagne less.'"""
    st = state(played("cellist").kitchen(0, champagne=5).turn(0))
    assert "use:cellist" not in st.legal_actions()
    st = state(played("cellist").kitchen(0, champagne=5, wine=1).turn(0))
    play(st, "use:cellist", "pay:w")
    assert st.players[0].kitchen[2] == 0
    assert st.stack[-1][0] == "bal_send" and st.stack[-1][2] == (1,)


def test_pianist() -> None:
    """001 App. #129 Pianist: 'Once per round, you can use this card to get 1 champagne.'"""
    st = state(played("pianist").kitchen(0, champagne=0).turn(0))
    st.apply("use:pianist")
    resolve(st)
    assert st.players[0].kitchen[H] == 1
    assert "use:pianist" not in st.legal_actions()


def test_ballet_master() -> None:
    """001 App. #130 Ballet Master: 'Each time you send a dancer to a ballroom, you also get 1 krone
    and you can draw 1 staff card from the deck.'"""
    sc = played("ballet-master").guest(0, WALTZ_QUEEN, served="full").kitchen(0, champagne=5).money(0, 5)
    st = state(sc.turn(0))
    play(st, "m0b0b", "dancer:4")
    resolve(st)
    assert st.players[0].money == 6 and len(st.players[0].hand) == 1


def test_trumpeter() -> None:
    """001 App. #131 Trumpeter: 'Each time you take a die showing 2, after performing the action as
    normal, you get 1 champagne and you can draw 1 staff card from the deck.'"""
    st = state(played("trumpeter").kitchen(0, champagne=0).dice({2: 1}).turn(0))
    play(st, "d2", "w1k0")
    resolve(st)
    assert st.players[0].kitchen[H] == 1 and st.players[0].kitchen[2] == 1
    assert len(st.players[0].hand) == 1


def test_arranger() -> None:
    """001 App. #132 Arranger: 'Each time you place a marker on an objective card, you also get
    2 champagne.'"""
    sc = played("arranger").objectives(["A1", "B1", "C1"]).money(0, 20).kitchen(0, champagne=0)
    st = state(sc.dice({}).turn(0))
    st.apply("done")  # 20 kronen: objective A1
    resolve(st)
    assert st.markers[0] == (0,) and st.players[0].kitchen[H] == 2


def test_danube_steamship_captain() -> None:
    """001 App. #133 Danube Steamship Captain: 'Once per round, after you play a staff card (except
    this one), you can send a dancer to a ballroom, paying 1 champagne less.'"""
    st = hire("danube-steamship-captain", scen().kitchen(0, champagne=5))
    assert all(fr[0] != "bal_send" for fr in st.stack)  # not for the captain itself
    sc = played("danube-steamship-captain").staff(0, "masseuse").kitchen(0, champagne=5)
    st = state(sc.dice({5: 1}).turn(0))
    play(st, "d5", "play:masseuse")
    assert st.stack[-1][0] == "bal_send" and st.stack[-1][2] == (1,)
    play(st, "send:0t", "dancer:4")
    assert st.players[0].kitchen[H] == 5 - (row_cost(st, 0, 0) - 1)
    resolve(st)
    assert st.rules.staff_by_slug["danube-steamship-captain"] in st.players[0].used
    # once per round: a second staff card this round does not trigger it again
    sc = scen().staff(0, "danube-steamship-captain", "used").staff(0, "masseuse").kitchen(0, champagne=5)
    st = state(sc.dice({5: 1}).turn(0))
    play(st, "d5", "play:masseuse")
    assert all(fr[0] != "bal_send" for fr in st.stack)


# -------------------------------------------------------------------- guests
# guest -> (champagne, kronen, emperor steps, decisions met); decisions resolved with done /
# the first option. VP checked where 001 prints them.
GUESTS = {
    134: (1, 0, 0, []),  # Debutante: 1 champagne
    135: (0, 0, 1, ["play"]),  # Lady Companion: 1 emperor + staff at no cost
    136: (1, 0, 0, []),  # Governess
    137: (0, 2, 0, ["bal_send"]),  # Prima Ballerina: 2 kronen + up to 2 dancers
    138: (1, 0, 0, ["play"]),  # Mannequin: staff up to 3 less
    139: (2, 0, 0, []),  # Diva
    140: (0, 0, 0, []),  # Waltz Queen
    141: (1, 0, 0, []),  # Khan
    142: (1, 0, 0, ["rooms"]),  # Tenno: room 1 krone less
    143: (0, 0, 0, ["choice", "choice"]),  # Laird: 2 dishes/drinks
    144: (1, 0, 0, []),  # Maharani
    145: (2, 0, 0, []),  # Marquis
    146: (0, 0, 0, []),  # Contessa
    147: (0, 0, 0, ["bal_send"]),  # Tsarina
    148: (0, 0, 0, ["bal_send"]),  # Ambassador
    149: (0, 5, 0, []),  # Abbess
    150: (1, 2, 0, []),  # Consigliere
    151: (0, 0, 2, ["bal_send"]),  # Admiral Winterbottom
    152: (1, 0, 0, []),  # Impresario
    153: (0, 0, 0, []),  # Cardinal
    154: (2, 0, 0, ["bal_send"]),  # Mayor
    155: (1, 0, 0, ["rooms"]),  # The Beast: room at cost
    156: (2, 0, 0, []),  # Kapellmeister Palfy
    157: (0, 0, 0, ["bal_send", "occupy"]),  # C. Inderella
    158: (1, 0, 0, ["freeguest"]),  # Phantom
    159: (0, 0, 0, ["bal_send", "drawn"]),  # The Beauty
    160: (1, 0, 0, ["choice", "choice"]),  # Medium
    161: (0, 0, 0, ["bal_send"]),  # Partyer
}
KNOWN_VP = {140: 15, 146: 15, 153: 14, 147: 9, 155: -1, 158: -2}
DISCOUNT = {137: (0, 0), 147: (1,), 148: (0,), 151: (0,), 154: (0,), 157: (0,), 159: (0,), 161: (2,)}


@pytest.mark.parametrize("gid", sorted(GUESTS))
def test_guest_reward_when_sent_to_a_ballroom(gid: int) -> None:
    """001 App. Guest Cards #134-#161 (rewards as printed; 'send an additional dancer' icons with
    their discounts, M1-21) and M1-12: 'Discard the guest, gaining the reward and victory points
    depicted on the card as normal.' Waltz Queen / Contessa 15 VP, Cardinal 14, Tsarina 9, The
    Beast -1, Phantom -2 (001 App.)."""
    h, kr, emp, frames = GUESTS[gid]
    sc = scen().guest(0, gid, served="full").rooms(0, prepared=[0]).staff(0, "masseuse")
    sc.kitchen(0, champagne=5).money(0, 10)
    st = state(sc.turn(0))
    pay = row_cost(st, 0, 2)
    play(st, "m0b0b", "dancer:4")
    met = []
    while st.stack[-1][0] != "turn":
        fr = st.stack[-1]
        met.append(fr[0])
        if fr[0] == "bal_send":
            assert fr[2] == DISCOUNT[gid]
        legal = st.legal_actions()
        st.apply("done" if "done" in legal else legal[0])
    pl = st.players[0]
    assert pl.kitchen[H] == 5 - pay + h
    assert pl.money == 10 + kr
    assert pl.emperor == emp
    assert [m for m in met if m != "place"] == frames
    vp = KNOWN_VP.get(gid, st.rules.guests[gid].vp)
    assert pl.vp_src[SRC["guests"]] == vp


def test_prima_ballerina_two_dancers() -> None:
    """001 App. #137 Prima Ballerina: 'you can send up to two dancers to the same or different
    ballrooms by paying the normal cost.'"""
    sc = scen().guest(0, 137, served="full").kitchen(0, champagne=9)
    st = state(sc.turn(0))
    play(st, "m0b0b", "dancer:4")
    play(st, "send:1b", "dancer:4", "send:2b", "dancer:4")
    resolve(st)
    rows = st.parts["ballrooms"].rows
    assert rows[2] == (0,) and rows[5] == (0,) and rows[8] == (0,)
    assert st.players[0].kitchen[H] == 9 - row_cost(st, 0, 2) - row_cost(st, 1, 2) - row_cost(st, 2, 2)


def test_partyer_up_to_two_less() -> None:
    """001 App. #161 Partyer: 'You can send a dancer to a ballroom for up to 2 champagne less.'"""
    sc = scen().guest(0, 161, served="full").kitchen(0, champagne=9)
    st = state(sc.turn(0))
    play(st, "m0b0b", "dancer:4")
    before = st.players[0].kitchen[H]
    play(st, "send:0t", "dancer:4")
    resolve(st)
    assert st.players[0].kitchen[H] == before - max(0, row_cost(st, 0, 0) - 2)


def test_pope_to_a_room_occupies_another() -> None:
    """001 App. #162 Pope: 'The Pope must move into a room; he cannot be sent to a ballroom. In
    return, you can occupy an additional room (of any color).'"""
    sc = scen().guest(0, 162, served="full").kitchen(0, champagne=5)
    colour = sc.state().rules.guests[162].colour
    rooms = {0: [1, 9], 1: [0, 4], 2: [2, 3]}[colour]  # yellow, blue, red rooms
    st = state(sc.rooms(0, prepared=rooms).turn(0))
    assert not any(a.startswith("m0b") for a in st.legal_actions())
    st.apply(f"m0r{rooms[0]}")
    assert st.stack[-1][0] == "occupy"
    st.apply(f"o{rooms[1]}")
    resolve(st)
    assert st.players[0].rooms[rooms[0]] == 2 and st.players[0].rooms[rooms[1]] == 2


def test_odeonsaal_row_bonuses() -> None:
    """001 App. Odeonsaal (M1-27): 'Top row bonus: You can occupy one room in your hotel (of any
    color) ... Additionally, score 3 VP. Middle row bonus: You can occupy one room ... You must choose
    a room in the bottom three rows of your hotel board.'"""
    sc = scen(rooms=("odeonsaal", "apollosaal", "zum_sperrl")).guest(0, WALTZ_QUEEN, served="full")
    sc.kitchen(0, champagne=5).rooms(0, prepared=[0, 15])
    st = state(sc.turn(0))
    play(st, "m0b0m", "dancer:4", "first:row")
    assert st.stack[-1][0] == "bal_occupy" and st.legal_actions() == ["o0", "done"]  # room 15: floor 4
    st = state(sc.turn(0))
    play(st, "m0b0t", "dancer:4", "first:row")
    assert sorted(st.legal_actions()) == ["done", "o0", "o15"]
    st.apply("o15")
    resolve(st)
    assert st.players[0].rooms[15] == 2 and st.players[0].vp_src[SRC["ballrooms"]] == 3


def test_goldener_strauss_and_zum_sperrl_and_kettenbruecke_row_bonuses() -> None:
    """001 App. Ballrooms (M1-26, M1-28, M1-29): Goldener Strauß top 3 / middle 1 Emperor steps;
    Zum Sperrl top 1 strudel, 1 wine, 1 coffee / middle 1 cake; Zur Kettenbrücke top 5 / middle
    2 VP."""
    rooms = ("goldener_strauss", "zum_sperrl", "zur_kettenbruecke")
    expect = {
        (0, "t"): lambda pl: pl.emperor == 3, (0, "m"): lambda pl: pl.emperor == 1,
        (1, "t"): lambda pl: pl.kitchen[:4] == [1, 0, 1, 1], (1, "m"): lambda pl: pl.kitchen[:4] == [0, 1, 0, 0],
        (2, "t"): lambda pl: pl.vp_src[SRC["ballrooms"]] == 5, (2, "m"): lambda pl: pl.vp_src[SRC["ballrooms"]] == 2,
    }
    for (b, r), ok in expect.items():
        sc = scen(rooms=rooms).guest(0, WALTZ_QUEEN, served="full").kitchen(0, champagne=5)
        st = state(sc.turn(0))
        play(st, f"m0b{b}{r}", "dancer:4", "first:row")
        resolve(st)
        assert ok(st.players[0]), (b, r)


def test_section_room_bonus_tsarina_value() -> None:
    """001 Module I Example (M1-13, M1-22): 'because you removed the last dancer from the third
    section of your rehearsal room board, you get 2 champagne and 1 space on the Emperor track'."""
    sc = sections(scen().guest(0, WALTZ_QUEEN, served="full").kitchen(0, champagne=5), 0, [0, 0, 1, 4])
    st = state(sc.turn(0))
    play(st, "m0b0b", "dancer:3", "first:room")
    resolve(st)
    assert st.players[0].kitchen[H] == 5 - row_cost(st, 0, 2) + 2 and st.players[0].emperor == 1
