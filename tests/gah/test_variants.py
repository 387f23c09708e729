"""Configuration flags, Yucata variants, original rules and data alternatives.

Sources: 003 (Yucata rules: the variant list, 'Introductory Variant', 'Variant for
Experienced Players', the list of 2021 changes and the appendix), 000 (2015 rules) and
components.md 1.2-1.4 (edition differences, conflict values and their alternatives).
"""

from __future__ import annotations

import pytest

from tabletop.core import DataError, InvalidPosition
from tabletop.core.data import load_mapping
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.data import DATA_DIR
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tests.gah.scenario import Scenario, play

SRC = {name: i for i, name in enumerate(VP_SOURCES)}
ROOMS, EMP, STAFF, PEN, GUESTS = SRC["rooms"], SRC["emperor"], SRC["staff"], SRC["penalties"], SRC["guests"]
EDITIONS = ["2021", "original"]
ROWE_SMITH = ["baker", "cocktail-waitress", "draughtsman", "events-coordinator", "financier", "maitre-d",
              "night-concierge", "waste-manager", "wedding-planner"]


def slugs(st, ids) -> list[str]:
    return [st.rules.staff[s].slug for s in ids]


def all_staff(st) -> list[str]:
    """Every staff card in the game: deck, hands, played cards and draft packets."""
    ids = list(st.staff_deck)
    for pl in st.players:
        ids += list(pl.hand) + list(pl.played)
    for pk in st.draft_packets:
        ids += list(pk)
    return slugs(st, ids)


def last_turn(sc: Scenario, rnd: int) -> Scenario:
    """2 players: seat 0's turn (tile 4) is the last of round ``rnd``."""
    return (sc.round(rnd).turn(0)
            .set(turn_order=[{"tile": [1, 4], "covered": 1}, {"tile": [2, 3], "covered": 2}]))


def cfg(edition: str) -> dict:
    return {} if edition == "2021" else {"edition": "original"}


# =====================================================================
# Original rules: the seven differences (003 list of 2021 changes; components.md 1.2)
# =====================================================================

@pytest.mark.parametrize("edition,paid", [("2021", 4), ("original", 2)])
def test_original_kitchen_hand_cost(edition, paid):
    """003 2021 changes: 'Playing the Kitchen Hand costs 5 krone instead of 3.' (000: 'Kitchen Hand
    (3 krones, permanent)'). One die on space 5 takes 1 off the cost (003 action 5)."""
    st = (Scenario(players=2, **cfg(edition)).staff(0, "kitchen-hand").dice({5: 1}).turn(0).state())
    play(st, "d5", "play:kitchen-hand")
    assert st.players[0].money == 10 - paid
    assert slugs(st, st.players[0].played) == ["kitchen-hand"]


@pytest.mark.parametrize("edition,per_card", [("2021", 2), ("original", 4)])
def test_original_assistant_manager(edition, per_card):
    """003 appendix 'Assistant Manager: At game end score 2 VP per staff card you played, including
    the Assistant Manager himself.'; 000: 'You receive 4 VP per Staff card you played'."""
    sc = Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"]).emperor_tiles(["A1", "B1", "C1"])
    for s in ("assistant-manager", "chef", "butler"):
        sc.staff(0, s, "played")
    sc.emperor(0, 8).emperor(1, 8)  # both end on 1 after the last scoring: no bonus, no penalty
    st = last_turn(sc, 7).state()
    st.apply("done")
    assert st.phase == "over"
    assert st.players[0].vp_src[STAFF] == 3 * per_card


@pytest.mark.parametrize("edition,vp", [("2021", 24), ("original", 12)])
def test_original_operator_cap(edition, vp):
    """003 appendix 'Operator: At game end score twice the number of VP as the emperor track space
    your disk is on. (Maximum of 12 VP for the Original Rules variant.)'. Seat 0 is on 13 for the
    last scoring (-> 6), the C2 bonus occupies room 6 completing the yellow group {1,5,6} (6
    emperor steps, components.md 1.3) -> space 12; twice the space (components.md 1.2 '2 x emperor
    space') -> 24, or 12 with the cap."""
    sc = (Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"]).emperor_tiles(["A1", "B1", "C2"])
          .staff(0, "operator", "played").rooms(0, prepared=[0], occupied=[1, 5])
          .emperor(0, 13).emperor(1, 8))
    st = last_turn(sc, 7).state()
    st.apply("done")
    assert "r6" in st.legal_actions()
    st.apply("r6")
    assert st.phase == "over"
    assert st.players[0].emperor == 12
    assert st.players[0].vp_src[STAFF] == vp


def _conference_manager(edition: str):
    sc = (Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"]).emperor_tiles(["C1", "B1", "C1"])
          .staff(1, "conference-manager", "played").emperor(0, 4).emperor(1, 3))
    st = last_turn(sc, 3).state()
    st.apply("done")
    return st


def test_conference_manager_2021_pays_one_krone():
    """003 appendix 'Conference Manager: You can pay 1 krone to not suffer the penalty for being on
    "0" on the emperor track.' (here C1: lose 8 points)."""
    st = _conference_manager("2021")
    assert st.stack[-1][:2] == ("avoid", 1)
    assert sorted(st.legal_actions()) == ["avoid", "suffer"]
    other = st.clone()
    st.apply("avoid")
    assert st.players[1].money == 9
    assert st.players[1].vp_src[PEN] == 0
    other.apply("suffer")
    assert other.players[1].money == 10
    assert other.players[1].vp_src[PEN] == -8


def test_conference_manager_original_free():
    """000 'Conference Manager (5 krones, permanent): You do not suffer the penalty for being on "0"
    on the Emperor track.' (original rules: nothing to pay, no decision)."""
    st = _conference_manager("original")
    assert st.stack == ()
    assert st.players[1].money == 10
    assert st.players[1].vp_src[PEN] == 0
    assert st.players[1].emperor == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_original_c2_penalty(edition):
    """003 2021 changes: 'Emperor C2 penalty: Remove one occupied room from each of the two highest
    floors that contain at least one occupied room.'; original: 'the occupied room in the highest
    possible row and the next possible room below it' in the same column (000, 003 appendix)."""
    sc = (Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"]).emperor_tiles(["C2", "B1", "C1"])
          .rooms(1, occupied=[18, 7, 3]).emperor(0, 4).emperor(1, 3))
    st = last_turn(sc, 3).state()
    st.apply("done")
    st.apply("rm18")
    if edition == "2021":
        assert st.legal_actions() == ["rm7"]
        st.apply("rm7")
        assert [r for r in range(20) if st.players[1].rooms[r]] == [3]
    else:
        assert [r for r in range(20) if st.players[1].rooms[r]] == [7]
    assert st.stack == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_original_lose_vp_alternative_is_a_free_choice(edition):
    """003 2021 changes: 'Emperor A1, A3, A4, B2, B3, B4 and C4 penalites: The player cannot choose
    the "lose points" alternate if he is able to suffer the other alternate.' Original: free choice.
    (Each of the seven tiles: tests/gah/test_objectives_emperor.py.)"""
    sc = (Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"]).emperor_tiles(["A1", "B1", "C1"])
          .emperor(0, 4).emperor(1, 3))
    st = last_turn(sc, 3).state()
    st.apply("done")
    if edition == "2021":
        assert st.stack == ()
        assert st.players[1].money == 7
    else:
        assert sorted(st.legal_actions()) == ["penalty:alt", "penalty:main"]
        st.apply("penalty:alt")
        assert st.players[1].money == 10
        assert st.players[1].vp_src[PEN] == -5


def _gizia(edition: str):
    # E. Gizia (#97, green: any room) complete at table 0; 2 dice on space 1, 1 die on space 3
    return (Scenario(players=2, **cfg(edition)).objectives(["A3", "B1", "C1"])
            .queue([82, 85, 83, 70, 49]).guest(0, 97, served="full").rooms(0, prepared=[1])
            .dice({1: 2, 3: 1}).turn(0).state())


def test_e_gizia_2021_one_die_action():
    """003 appendix 'E. Gizia: Carry out the action of an action space containing at least one die.'
    No die is taken; the normal turn goes on (one die, one guest)."""
    st = _gizia("2021")
    play(st, "g4", "m0r1")
    assert st.stack[-1][0] == "gizia"
    assert {"d1", "d3"} <= set(st.legal_actions())
    play(st, "d3", "r0")  # 1 die on space 3: prepare 1 room
    assert st.players[0].rooms[0] == 1
    assert st.dice[3] == 1  # the die stays
    assert st.stack[-1][0] == "turn"
    play(st, "d1", "s2c0")
    assert st.dice[1] == 1
    legal = st.legal_actions()
    assert "done" in legal
    assert not any(a.startswith(("d", "g")) and a != "done" for a in legal)


def test_e_gizia_original_extra_turn():
    """003 appendix 'For the Original Rules variant you receive another turn without taking a die.';
    'his extra turn starts after he takes a die action for his normal turn.' The extra turn allows
    a guest and a die action again, and the die chosen stays on its space."""
    st = _gizia("original")
    play(st, "g4", "m0r1")
    assert st.stack[-1][0] == "turn"
    assert "g3" not in st.legal_actions()  # still the normal turn: one guest per turn
    play(st, "d1", "s2c0")
    assert st.dice[1] == 1
    legal = st.legal_actions()
    assert "d3" in legal and "g3" in legal  # the extra turn
    play(st, "d3", "r0")
    assert st.players[0].rooms[0] == 1
    assert st.dice[3] == 1  # 'without removing the die you choose'
    legal = st.legal_actions()
    assert "d1" not in legal and "d3" not in legal


# =====================================================================
# Yucata variants
# =====================================================================

def test_exclude_kitchen_hand():
    """003 variants: 'Exclude the Kitchen Hand staff card from the game.'"""
    for players in (2, 4):
        st = new_game(players=players, seed=3, exclude_kitchen_hand=True)
        cards = all_staff(st)
        assert "kitchen-hand" not in cards
        assert len(cards) == 47
        base = all_staff(new_game(players=players, seed=3))
        assert "kitchen-hand" in base and len(base) == 48
    st = new_game(players=3, seed=5, exclude_kitchen_hand=True, staff_draft=True)
    assert "kitchen-hand" not in all_staff(st)


def _round_end(**config):
    sc = (Scenario(players=2, **config).objectives(["A3", "B1", "C1"])
          .queue([82, 85, 83, 70, 49]).guest_deck([60, 61]))
    return last_turn(sc, 1)


def test_discard_free_guests_when_nobody_took_one():
    """003 variants: 'If no player takes a guest during a round then discard the two free guests at
    the end of the round.' The free guests are the two rightmost (queue cost 0, components.md 1.4);
    the others slide right and new guests fill the left."""
    st = _round_end(discard_free_guests=True).state()
    st.apply("done")
    assert st.round == 2 and st.phase == "roll"
    assert sorted(st.guest_discard) == [49, 70]
    assert st.queue[2:] == [82, 85, 83]
    assert sorted(st.queue[:2]) == [60, 61]


def test_discard_free_guests_not_when_a_guest_was_taken():
    """003 variants: only 'If no player takes a guest during a round'."""
    st = _round_end(discard_free_guests=True).state()
    play(st, "g0", "done")  # this turn
    assert st.round == 2
    assert st.guest_discard == ()
    assert st.queue == [60, 85, 83, 70, 49]
    st = _round_end(discard_free_guests=True).set(round_guest_taken=True).state()  # earlier this round
    st.apply("done")
    assert st.guest_discard == ()
    assert st.queue == [82, 85, 83, 70, 49]


def test_discard_free_guests_starting_guests_do_not_count():
    """003 variants: 'If no player takes a guest during a round' - the starting guests are chosen
    during setup (003 'Setup'), not during round 1, so a round 1 without guests still discards."""
    st = new_game(players=2, seed=4, discard_free_guests=True)
    while st.phase in ("start_guest", "start_rooms"):
        st.apply(st.legal_actions()[0])
    assert sum(1 for g in st.players[0].cafe + st.players[1].cafe if g) == 2
    st.apply("roll:10-0-0-0-0-0")
    queue = list(st.queue)
    while st.round == 1:
        legal = st.legal_actions()
        if st.stack[-1][0] == "turn":
            st.apply("d1" if "d1" in legal else "done")
        else:
            st.apply(legal[0])
    assert sorted(st.guest_discard) == sorted(queue[3:])
    assert st.queue[2:] == queue[:3]


def test_discard_free_guests_off_by_default():
    """Without the variant the queue stays as it is at the end of a round."""
    st = _round_end().state()
    st.apply("done")
    assert st.guest_discard == ()
    assert st.queue == [82, 85, 83, 70, 49]


def test_discard_free_guests_before_emperor_scoring():
    """003 variants: 'If the round is followed by an emperor scoring, discard the guests before the
    emperor scoring.' At seat 0's A2 bonus decision the queue is already refreshed."""
    sc = (Scenario(players=2, discard_free_guests=True).objectives(["A3", "B1", "C1"])
          .emperor_tiles(["A2", "B1", "C1"]).queue([82, 85, 83, 70, 49]).guest_deck([60, 61])
          .emperor(0, 6).emperor(1, 4))
    st = last_turn(sc, 3).state()
    st.apply("done")
    assert st.phase == "emperor"
    assert st.stack[-1] == ("choice", 0, 2)
    assert sorted(st.guest_discard) == [49, 70]
    assert st.queue[2:] == [82, 85, 83]
    play(st, "+s", "+s")
    assert st.round == 4


def test_staff_draft():
    """003 'Variant for Experienced Players': 'At the start of the game deal 6 staff cards to each
    player. Players keep 1 card and pass the rest to the player on their left. ... Repeat until
    players have kept 6 staff cards.' The player on the left is the next seat clockwise (the next
    turn order tile, 003 setup)."""
    n = 3
    st = new_game(players=n, seed=7, staff_draft=True)
    assert st.phase == "draft"
    assert all(len(pk) == 6 for pk in st.draft_packets)
    assert all(pl.hand == () for pl in st.players)
    dealt = sorted(s for pk in st.draft_packets for s in pk)
    assert len(set(dealt)) == 18
    for size in range(6, 0, -1):
        before = [tuple(pk) for pk in st.draft_packets]
        kept = []
        for p in range(n):
            assert st.stack[-1] == ("draft", p)
            assert sorted(st.legal_actions()) == sorted(f"draft:{s}" for s in slugs(st, before[p]))
            card = before[p][-1]
            st.apply(f"draft:{st.rules.staff[card].slug}")
            kept.append(card)
            assert st.players[p].hand[-1] == card
        if size > 1:
            for p in range(n):
                q = (p - 1) % n  # packets move to the next seat
                assert sorted(st.draft_packets[p]) == sorted(s for s in before[q] if s != kept[q])
                assert len(st.draft_packets[p]) == size - 1
    assert st.phase == "start_guest"
    assert all(len(pl.hand) == 6 for pl in st.players)
    assert sorted(s for pl in st.players for s in pl.hand) == dealt
    assert all(pk == () for pk in st.draft_packets)


def test_introductory_sets():
    """003 'Introductory Variant': 'The start player receives set A, the next player set B, and so
    on. Then shuffle the remaining staff cards to form the draw pile.' Contents are provisional
    (data/intro_sets.yaml)."""
    sets = {s["set"]: s["staff"] for s in load_mapping(DATA_DIR / "intro_sets.yaml")["sets"]}
    for players in (2, 4):
        st = new_game(players=players, seed=11, introductory_sets=True)
        assert st.tiles[0][0] == 1  # seat 0 is the start player
        for p in range(players):
            assert sorted(slugs(st, st.players[p].hand)) == sorted(sets["ABCD"[p]])
        deck = slugs(st, st.staff_deck)
        used = {s for p in range(players) for s in sets["ABCD"[p]]}
        assert not used & set(deck)
        assert len(deck) == 48 - 6 * players
        for p in range(players, 4):
            assert set(sets["ABCD"[p]]) <= set(deck)


def test_herlius_objectives():
    """003 variants: 'Include the three politics cards designed by Yucata player herlius.' HA, HB, HC
    belong to groups A, B, C (003 appendix); without the flag they never appear."""
    seen = set()
    for seed in range(30):
        plain = new_game(players=2, seed=seed).objectives
        assert not any(o.startswith("H") for o in plain)
        objs = new_game(players=2, seed=seed, herlius_objectives=True).objectives
        for group, oid in zip("ABC", objs):
            assert st_group(oid) == group
        seen |= set(objs)
    assert {"HA", "HB", "HC"} <= seen
    st = new_game(players=2, seed=1, herlius_objectives=True, objectives=["HA", "HB", "HC"])
    assert st.objectives == ("HA", "HB", "HC")


def st_group(oid: str) -> str:
    return {"HA": "A", "HB": "B", "HC": "C"}.get(oid, oid[0])


def test_rowe_smith_staff():
    """003 variants: 'Include the nine staff cards designed by Dale Rowe-Smith.' (components.md 1.2:
    Baker, Cocktail Waitress, Draughtsman, Events Coordinator, Financier, Maitre D', Night
    Concierge, Waste Manager, Wedding Planner)."""
    for players in (2, 4):
        with_flag = all_staff(new_game(players=players, seed=2, rowe_smith_staff=True))
        assert set(ROWE_SMITH) <= set(with_flag)
        assert len(with_flag) == 57
        without = all_staff(new_game(players=players, seed=2))
        assert not set(ROWE_SMITH) & set(without)
        assert len(without) == 48


# =====================================================================
# Data alternatives (components.md: values marked conflict)
# =====================================================================

@pytest.mark.parametrize("room,neighbour,default,alt", [
    (13, 8, 0, 1), (14, 9, 0, 1), (17, 12, 2, 2), (18, 13, 3, 2), (19, 14, 4, 2), (12, 7, 0, 0)])
def test_room_vp_alternative(room, neighbour, default, alt):
    """components.md 1.3 (conflict): 'default rooms 17/18/19 give 2/3/4 VP; alternative rooms 13 and
    14 give 1 VP and 17/18/19 give 2 VP each', gained when the room is prepared."""
    for alternatives, vp in (((), default), (("room_vp:alt",), alt)):
        st = (Scenario(players=2, alternatives=list(alternatives)).rooms(0, prepared=[neighbour])
              .dice({3: 1}).turn(0).state())
        play(st, "d3", f"r{room}")
        assert st.players[0].rooms[room] == 1
        assert st.players[0].vp_src[ROOMS] == vp


def test_emperor_vp_alternative():
    """components.md 1.4 (conflict): emperor VP default [0,1,2,3,3,4,4,5,5,6,6,7,8,9], alternative
    [0,1,2,3,3,4,4,5,6,6,7,7,8,9]: spaces 8 and 10 differ."""
    for alternatives, expect in (((), [5, 6]), (("emperor_vp:alt",), [6, 7])):
        sc = (Scenario(players=2, alternatives=list(alternatives)).objectives(["A3", "B1", "C1"])
              .emperor_tiles(["A1", "B1", "C1"]).emperor(0, 8).emperor(1, 10))
        st = last_turn(sc, 3).state()
        st.apply("done")
        assert [pl.vp_src[EMP] for pl in st.players] == expect
        assert [pl.emperor for pl in st.players] == [5, 7]


# =====================================================================
# Invalid configurations and data overrides
# =====================================================================

@pytest.mark.parametrize("config,words", [
    ({"players": 2, "bogus_flag": True}, "bogus_flag"),
    ({"players": 5}, "players"),
    ({"players": 1}, "players"),
    ({"players": 2, "staff_draft": True, "introductory_sets": True}, "cannot be combined"),
    ({"players": 2, "alternatives": ["room_vp:other"]}, "room_vp:other"),
    ({"players": 2, "edition": "2015"}, "edition"),
])
def test_invalid_config(config, words):
    """config.py: unknown keys and bad values are rejected with a clear message."""
    with pytest.raises(InvalidPosition, match="invalid Grand Austria Hotel config") as exc:
        new_game(seed=1, **config)
    assert words in str(exc.value)


def test_data_override_changes_a_guest(tmp_path):
    """data.py: an override file replaces named fields of shipped records. The Photographer (#55,
    7 VP, components.md 1.1) overridden to 9 VP scores 9 when moved into a room."""
    path = tmp_path / "override.yaml"
    path.write_text("guests:\n  - {id: 55, vp: 9}\n")
    for config, vp in (({}, 7), ({"data_override": str(path)}, 9)):
        st = (Scenario(players=2, **config).guest(0, 55, served="full").rooms(0, prepared=[1])
              .turn(0).state())
        st.apply("m0r1")
        assert st.players[0].vp_src[GUESTS] == vp
        assert st.rules.guests[55].name == "Photographer"  # the other fields stay


def test_data_override_unknown_guest(tmp_path):
    """data.py: 'An override naming an unknown record is an error (a typo must not be silently
    ignored).'"""
    path = tmp_path / "bad.yaml"
    path.write_text("guests:\n  - {id: 999, vp: 1}\n")
    with pytest.raises(DataError, match="999"):
        new_game(players=2, seed=1, data_override=str(path))
